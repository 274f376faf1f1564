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
local refusal = require "systems.rough_and_ready.refusal"

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

-- Whether a word is a hex of the map.
local function movement_hex(game, h)
  return require("systems.rough_and_ready.movement").is_hex(game, h)
end

--- The first reason `c.to` is not among the choices, or nil when none applies.
-- @tparam table c `{unit =, from = hex it retreats from, to = the answer, avoid = {hex, ...}
--   or nil, avoid_why = text (the refusal for a hex of `avoid`), away = {hex =, k =} or nil
--   (the hex must be `k` hexes from `hex`: a counter-charger's), best = MP or nil (the
--   cheapest choice's cost), case = the retreat's case ("6.75", "6.74", "6.44")}`
-- @treturn ?string the reason, ending in its case when it has one
function M.why(game, c)
  local to = c.to
  local movement = require "systems.rough_and_ready.movement"
  if not movement.is_hex(game, to) then
    return refusal.plain("'" .. tostring(to) .. "' is not a hex of the map")
  end
  local grid = facing.grid(game)
  if grid:distance(c.from, to) ~= 1 then
    return refusal.say(c.case, to .. " is not next to " .. c.from .. ", where " .. c.unit
      .. " stands")
  end
  if c.away and grid:distance(c.away.hex, to) ~= c.away.k then
    return refusal.say("6.44", to .. " is not " .. c.away.k .. " hex"
      .. (c.away.k == 1 and "" or "es") .. " from " .. c.away.hex .. " (each hex of the "
      .. "retreat one farther)")
  end
  for _, h in ipairs(c.avoid or {}) do
    if h == to then return refusal.say(c.case, to .. " is " .. c.avoid_why) end
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
    return refusal.say({ c.case, "5.11" }, c.unit .. " could not enter " .. to .. " ("
      .. tostring(no) .. ")")
  end
  if c.best and r.cost > c.best then
    return refusal.say(c.case == "6.75" and "6.75" or { c.case, "6.75" }, to .. " costs "
      .. r.cost .. " MP and the cheapest hexes " .. c.best)
  end
  return nil
end

--- What entering each hex of a retreat's choices costs, for the request's prompt: `0402 (no
-- Hit), 0502 (a Hit: the front of 8US-1)`. A hex in the front of an enemy combat unit (one
-- that stands in the shock hex until the shock is over included) costs a defender a Hit
-- [rough_and_ready 6.75], a failed counter-charger too (it retreats as a defender,
-- [rough_and_ready 6.44, 6.75]); an attacker's retreat takes none (6.73-6.74 give it no
-- Hit: 6.75's is a defender's).
-- @tparam string unit the retreating unit
-- @tparam {string,...} hexes the request's hexes (other answers, `stop`, left as they are)
-- @tparam boolean defender whether the unit retreats as a defender
-- @treturn string
function M.costs(game, unit, hexes, defender)
  local tell = M.teller(game, unit, defender)
  local parts = {}
  for _, h in ipairs(hexes) do
    local what = tell(h)
    parts[#parts + 1] = what and (h .. " (" .. what .. ")") or h
  end
  return table.concat(parts, ", ")
end

--- The retreat request's `tell` (volley.ask; `?` shows it beside each hex): what entering a
-- hex brings the retreating unit, as `M.costs` words it (`no Hit`, `a Hit: the front of
-- 8US-1`), nil for another answer (`stop`).
-- @tparam string unit the retreating unit
-- @tparam boolean defender whether the unit retreats as a defender
-- @treturn function `tell(hex) -> text | nil`
function M.teller(game, unit, defender)
  local side = game:unit_info(unit).side
  local fronts = {}
  for _, f in ipairs(facing.enemy_fronts(game, side)) do
    fronts[f.at] = fronts[f.at] or f.by
  end
  return function(h)
    if type(h) ~= "string" or not movement_hex(game, h) then return nil end
    if not defender then
      return "no Hit" .. (fronts[h] and (": the front of " .. fronts[h] .. ", and an "
        .. "attacker's retreat takes no Hit") or "")
    elseif fronts[h] then
      return "a Hit: the front of " .. fronts[h]
    end
    return "no Hit"
  end
end

return M
