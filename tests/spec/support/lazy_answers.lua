--- A trusted module tests/spec/systems/rough_and_ready/lazy_answers_spec.lua loads inside an
-- engine-owned state (Palo Alto's battle scripts load only there): plays random Palo Alto
-- games, capped, and at every move request compares the request's lazy form (volley.ask's
-- `count`, `at`, `has`: systems.rough_and_ready.actions.move_answers) with the full list the
-- actions step offers (`actions.options`, worked out again for the comparison). Returns what
-- disagreed as plain data (empty when nothing did).
local core = require "volley.core"
local session = require "volley.session"
local ask = require "volley.ask"
local actions = require "systems.rough_and_ready.actions"

local H = {}

-- Answers that must not be legal: a listed unit's move to a hex it cannot reach (one of
-- another unit's destinations, or the unit's own hex), a path, nonsense, other types.
local function illegal(game, full, set)
  local out = { "", "nonsense", "done done", "fire now", "face", 7, true, "4US-1", "move done" }
  local units, hexes = {}, {}
  for _, o in ipairs(full) do
    local u, h = o:match("^(%S+) (%d+)$")
    if u and u ~= "square" then
      if not units[u] then units[u], units[#units + 1] = true, u end
      hexes[#hexes + 1] = h
    end
  end
  for _, u in ipairs(units) do
    local _, at = game.store:where(u)
    out[#out + 1] = u .. " " .. at
    for i = 1, #hexes, math.max(1, math.floor(#hexes / 20)) do out[#out + 1] = u .. " " .. hexes[i] end
    out[#out + 1] = u .. " " .. hexes[1] .. " " .. hexes[1]
  end
  local keep = {}
  for _, a in ipairs(out) do
    if not set[a] then keep[#keep + 1] = a end
  end
  return keep
end

--- Plays `games` random Palo Alto games of at most `cap` decisions each (game seeds from
-- `seed`), checking every move request.
-- @treturn table `{requests = n, moves = answers checked, illegal = answers refused,
--   problems = {text,...}}`
function H.check(seed, games, cap)
  local r = { requests = 0, moves = 0, illegal = 0, problems = {} }
  local function problem(text)
    if #r.problems < 10 then r.problems[#r.problems + 1] = text end
  end
  for g = 1, games do
    session.open("rough-and-ready/palo-alto", { seed = seed + g, undo = "off" })
    local game = session.game()
    local dice = core.dice.new(seed * 100 + g)
    local n = 0
    local co = coroutine.create(session.run)
    local ok, err = pcall(ask.drive, co, function(_, request, refusal)
      if refusal then error("refused: " .. tostring(refusal), 0) end
      n = n + 1
      if n > cap then error("capped", 0) end
      if request.count then
        r.requests = r.requests + 1
        local full = actions.options(game)
        local count = ask.count(request)
        if count ~= #full then
          problem("request " .. n .. ": count " .. count .. ", listed " .. #full)
        end
        local set = {}
        for i, v in ipairs(full) do
          set[v] = true
          r.moves = r.moves + 1
          if ask.at(request, i) ~= v then
            problem("request " .. n .. ": at(" .. i .. ") " .. tostring(ask.at(request, i))
              .. ", listed " .. v)
          end
          if not ask.has(request, v) then problem("request " .. n .. ": has refuses " .. v) end
          local ok, value = ask.check(request, v)
          if not ok or value ~= v then
            problem("request " .. n .. ": check refuses " .. v .. ": " .. tostring(value))
          end
        end
        if ask.at(request, count + 1) ~= nil or ask.at(request, 0) ~= nil then
          problem("request " .. n .. ": an answer outside 1.." .. count)
        end
        for _, a in ipairs(illegal(game, full, set)) do
          r.illegal = r.illegal + 1
          if ask.has(request, a) then
            problem("request " .. n .. ": has takes " .. tostring(a))
          end
        end
      end
      local c = ask.count(request)
      return ask.at(request, c == 1 and 1 or dice:dn(c, "test", "[test]"))
    end)
    if not ok and err ~= "capped" then problem("game " .. g .. ": " .. tostring(err)) end
  end
  return r
end

return H
