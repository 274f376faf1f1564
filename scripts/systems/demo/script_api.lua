--- The demo system's part of the script API (docs/modding.md "The script API",
-- volley.script_api; docs/demo.md): the die a script rolls (a d6, as fire's), the turn under
-- way, the system's marker (`hits`), its hits and elimination, a displacement, and whether a
-- unit has moved in the phase under way. (Its cases are cited where they are played, below.)
-- @module systems.demo.script_api

local api = require "volley.script_api"

local M = {}

M.die = "d6"
M.dice = { "d6" }

--- The markers the system keeps: a script reads them, never sets them.
M.system_markers = { hits = true }

--- The turn under way: `turn` (0 during the set-up), `phase` (1 or 2 in a movement phase),
-- `side` (the phasing side, in a movement phase), `step` (the sequence's step: "turn
-- 2/phase 1/movement").
function M.now(game)
  local path = game.store:cursor().path or ""
  local out = { turn = game.vars.turn or 0, step = path }
  local phase = path:match("/phase (%d+)/")
  if phase then
    out.phase = tonumber(phase)
    local first = game:first_side()
    out.side = out.phase == 1 and first or game:enemy(first)
  end
  return out
end

--- One hit: a unit with as many hits as its strength is eliminated.
function M.hit(game, unit, why)
  local store = game.store
  if store:where(unit) ~= "hex" then return false end
  local n = store:marker(unit, "hits") + 1
  if n >= store:get(unit, "strength") then
    M.eliminate(game, unit, why .. ": " .. n .. " hits [demo 5.3]")
    return true
  end
  store:set_marker(unit, "hits", n)
  game:log(unit .. " takes a hit (" .. why .. "): " .. n .. " [demo 5.2]")
  return false
end

--- Elimination: off the map, its hits cleared.
function M.eliminate(game, unit, why)
  assert(game.store:place(unit, "eliminated"))
  game.store:set_marker(unit, "hits", 0)
  game:log(unit .. " is eliminated: " .. why)
end

--- `moved(u)`: whether the unit has moved in the movement phase under way.
M.reads = {
  moved = function(game, unit)
    api.check_unit(game, "moved", unit)
    return require("volley.list").contains(game.vars.moved, unit)
  end,
}

return M
