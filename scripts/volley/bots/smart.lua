--- The `smart` bot (docs/bots.md "smart"): a one-ply look-ahead over the legal answers,
-- scored by the game's system evaluation (`systems.<id>.bots.eval`). At each request it asks its
-- look-ahead (`ctx.look`, volley.bots.look) for the answers worth trying (the system's
-- ordering, at most `K`: a move request of hundreds of answers stays fast), plays each in a
-- branch of the position -- the rules running on, the requests in between settled by the
-- system's `reply`, until the next choice a player makes -- once for each of `SEEDS` dice
-- seeds drawn from its own stream, and answers the best (ties: the earlier in the ordering).
-- When the branch stops at the side's own next choice and the system asks it (`expand`: a
-- move request's `fire` stops at the fire request), the best of that request's answers
-- counts for it. The set-up takes the scenario's defaults. Without a look-ahead (hidden
-- information, a system without an evaluation) it answers the request's default.
--
-- Its randomness is the branch's dice, seeded from (game seed, side, bot name, decision
-- number) as the random bot's draws (`volley.core.dice.bot_seed`), so a game replays exactly.
-- It returns its reason beside the answer (the transcript, `log` and the JSON `answer` event
-- carry it).
-- @module volley.bots.smart

local core = require "volley.core"
local ask = require "volley.ask"

local M = {}

--- It looks ahead: a driver hands it `ctx.look` (and keeps the game's steps for it).
M.looks = true

--- The answers tried at one request, at most (provisional: a move decision in about a tenth
-- of a second on the development machine).
M.K = 12
--- Dice seeds each answer is played with (provisional: four samples of a roll's luck; an answer
-- whose branch rolls no die is played once).
M.SEEDS = 4
--- Requests settled after the answer before the branch is scored, at most.
M.DEPTH = 12
--- The side's own next answers tried when the system expands a stop.
M.EXPAND = 6

-- The two biggest changes of terms between a branch and the position now, as text.
local function why_terms(terms, base)
  local diffs = {}
  for i, t in ipairs(terms or {}) do
    local b = base and base[i] and base[i][2] or 0
    if t[2] ~= b then diffs[#diffs + 1] = { t[1], t[2] - b, i } end
  end
  table.sort(diffs, function(x, y)
    local ax, ay = math.abs(x[2]), math.abs(y[2])
    if ax ~= ay then return ax > ay end
    return x[3] < y[3]
  end)
  local out = {}
  for i = 1, math.min(2, #diffs) do
    out[i] = string.format("%s %+d", diffs[i][1], diffs[i][2])
  end
  return table.concat(out, ", ")
end

--- Answers a request.
-- @param _ unused (the game runs in another state: the look-ahead reaches it)
-- @tparam table request the request as the host holds it
-- @tparam table ctx `{side=, name=, seed=, decision=, look=}`
-- @return the answer
-- @treturn string why
function M.answer(_, request, ctx)
  local n = ask.count(request)
  if n == 1 then return ask.at(request, 1), "the only answer" end
  local default = request.default
  if default == nil then default = ask.at(request, 1) end
  local look = ctx.look
  if not look then return default, "no look-ahead here: the default" end
  local side, kind = ctx.side, request.kind
  local seeds = {}
  for s = 1, M.SEEDS do
    seeds[s] = core.dice.bot_seed(ctx.seed, side, ctx.name .. "/" .. s, ctx.decision)
  end
  local c, why = look:decide(side, kind, M.K,
    core.dice.bot_seed(ctx.seed, side, ctx.name, ctx.decision), seeds,
    { depth = M.DEPTH, list = M.EXPAND })
  if not c then return default, "no look-ahead (" .. tostring(why) .. "): the default" end
  if c.setup then return default, "the scenario's set-up" end
  local cands, r = c.answers, c.results
  local base = r[1]
  -- the side's own next choice, where the system asks it: the best of its answers counts
  for i, v in ipairs(cands) do
    local res = r[i + 1]
    local stop = res.stop
    if not res.error and stop and stop.answers and #stop.answers > 0 then
      local more = {}
      for j, a in ipairs(stop.answers) do more[j] = { v, a } end
      local r2 = look:try(side, kind, more, seeds, { depth = M.DEPTH })
      for j, x in ipairs(r2 or {}) do
        if not x.error and x.score > res.score then
          res.score, res.terms, res.then_ = x.score, x.terms, stop.answers[j]
        end
      end
    end
  end
  -- at a request the system expands (a fire request after `fire`), the side came to act:
  -- its default (`done`) only when nothing else can be tried (a bot that chose to fire and
  -- then, on other dice, chose not to would go round for ever)
  local skip = c.expand and #cands > 1 and c.default or nil
  local best, bi
  for i = 1, #cands do
    local res = r[i + 1]
    if not res.error and cands[i] ~= skip and (best == nil or res.score > best.score) then
      best, bi = res, i
    end
  end
  if not best then return default, "every branch failed: the default" end
  local gain = math.floor((best.score - (base.score or 0)) / M.SEEDS)
  local text = string.format("%+d over standing (first dice: %s)%s; %d of %d tried", gain,
    why_terms(best.terms, base.terms) ~= "" and why_terms(best.terms, base.terms) or "no change",
    best.then_ ~= nil and ("; then " .. tostring(best.then_)) or "", #cands, c.count)
  return cands[bi], text
end

return M
