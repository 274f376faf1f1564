-- tests/soak/sprt.lua -- the sequential test of make soak's bot pairings (tests/soak/bots.sh,
-- docs/bots.md "Strength"): reads `volley sim --json` lines on stdin, each run's game_start
-- naming its bots, and scores the games of bot A (arg 1) against bot B (arg 2) from either
-- seat: a win of A's side is a success, anything else (a loss, a draw, a capped game) a
-- failure. Wald's SPRT of H0 p = P0 against H1 p = P1 (arg 3 and 4, default 0.5 and 0.65),
-- alpha = beta = 0.05. Prints one line: the games, A's wins, the rate with its Wilson 95%
-- interval, the log-likelihood ratio and the verdict (`H1`: A is stronger; `H0`; `going on`).
local json = require "dkjson"
local a, b = arg[1], arg[2]
local p0, p1 = tonumber(arg[3] or "0.5"), tonumber(arg[4] or "0.65")
local alpha, beta = 0.05, 0.05
local upper, lower = math.log((1 - beta) / alpha), math.log(beta / (1 - alpha))
local n, w, seat = 0, 0, nil
for line in io.lines() do
  local t = json.decode(line)
  if t and t.event == "game_start" then
    seat = nil
    for _, e in ipairs(t.bots or {}) do
      if e.name == a then seat = e.side end
    end
    for _, e in ipairs(t.bots or {}) do
      if e.name == b and e.side == seat then seat = nil end
    end
  elseif t and t.event == "game_over" and seat then
    n = n + 1
    if t.winner == seat then w = w + 1 end
  end
end
local llr = w * math.log(p1 / p0) + (n - w) * math.log((1 - p1) / (1 - p0))
local verdict = llr >= upper and "H1" or llr <= lower and "H0" or "going on"
local z = 1.96
local lo, hi = 0, 1
if n > 0 then
  local p = w / n
  local d = 1 + z * z / n
  local c = (p + z * z / (2 * n)) / d
  local h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
  lo, hi = math.max(0, c - h), math.min(1, c + h)
end
print(string.format("%s against %s: %d games, %d won (%.1f%%, 95%% interval %.1f%% - %.1f%%);"
  .. " LLR %.2f (bounds %.2f, %.2f): %s", a, b, n, w, n > 0 and 100 * w / n or 0, 100 * lo,
  100 * hi, llr, lower, upper, verdict))
