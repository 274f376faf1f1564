--- Why a hex is not one of a retreat's choices, for the `explain` of the `retreat` requests
-- (volley.ask): a defender's retreat [rough_and_ready 6.75], an attacking cavalry unit's
-- further hexes [rough_and_ready 6.74], a counter-charger's fall-back [rough_and_ready 6.44].
-- The checks follow the order of the rule's own choice: the map, next to the hex the unit
-- retreats from, the hexes the case forbids, stacking (stacking.lua), terrain
-- (the Terrain Effects Chart, through the engine's move validation), the cheapest hexes.
-- It explains and never chooses: the request's options stay what the rule listed.
-- @module systems.rough_and_ready.retreat_refusal

local facing = require "systems.rough_and_ready.facing"
local stacking = require "systems.rough_and_ready.stacking"

local M = {}

--- Whether `hex` holds an enemy of `unit` hidden from its side (DESIGN.md Part B "Locations,
-- views and hidden information"): a refusal then gives no reason that would betray it.
function M.hides_enemy(game, unit, hex)
  local side = game:unit_info(unit).side
  for _, u in ipairs(game.store:stack(hex)) do
    local info = game.store:unit(u)
    if info.side ~= side and info.hidden then return true end
  end
  return false
end

--- The first reason `c.to` is not among the choices, or nil when none applies.
-- @tparam table c `{unit =, from = hex it retreats from, to = the answer, avoid = {hex, ...}
--   or nil, avoid_why = text (the refusal for a hex of `avoid`), away = {hex =, k =} or nil
--   (the hex must be `k` hexes from `hex`: a counter-charger's), best = MP or nil (the
--   cheapest choice's cost)}`
-- @treturn ?string the reason, ending in its case when it has one
function M.why(game, c)
  local to = c.to
  local movement = require "systems.rough_and_ready.movement"
  if not movement.is_hex(game, to) then
    return "'" .. tostring(to) .. "' is not a hex of the map"
  end
  local grid = facing.grid(game)
  if grid:distance(c.from, to) ~= 1 then
    return to .. " is not next to " .. c.from .. ", where " .. c.unit .. " stands"
  end
  if c.away and grid:distance(c.away.hex, to) ~= c.away.k then
    return to .. " is not " .. c.away.k .. " hex" .. (c.away.k == 1 and "" or "es") .. " from "
      .. c.away.hex .. " (each hex of the retreat one farther) [rough_and_ready 6.44]"
  end
  for _, h in ipairs(c.avoid or {}) do
    if h == to then return to .. " is " .. c.avoid_why end
  end
  local ok, why = stacking.legal(game, c.unit, to, { retreat = true })   -- no limits [5.23]
  if not ok then
    -- an enemy the side cannot see stays unseen: no reason rather than its presence
    if M.hides_enemy(game, c.unit, to) then return nil end
    return why
  end
  local q = { class = movement.class(game, c.unit), ma = 99 }
  local r, no = game.move:validate(c.from, { to }, q)
  if not r then
    return c.unit .. " could not enter " .. to .. " (" .. tostring(no) .. ")"
  end
  if c.best and r.cost > c.best then
    return to .. " costs " .. r.cost .. " MP and the cheapest hexes " .. c.best
      .. " [rough_and_ready 6.75]"
  end
  return nil
end

return M
