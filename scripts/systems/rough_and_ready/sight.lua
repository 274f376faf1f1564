--- What a firer can reach [rough_and_ready 5.24, 5.33, 6.11, 6.18]: its front at range, the
-- line of sight under the system's policy (charts/rough_and_ready/los.ini: the battles'
-- [6.17] blockers, combat units in the way), and who in a stack fires or is fired at.
--
-- The front at range (a decision, docs/rough_and_ready.md "Fire"): a unit fires only through
-- its Front hexsides [rough_and_ready 5.33, 6.11]; a hex up to the range away is in its front
-- when the hex line toward it leaves the firer's hex into a front hex, or along the hexside
-- between two hexes one of which is front (the cone of the two front hexsides, edges
-- included, as state.md's arcs give an adjacent hex touched by two arcs the better one).
-- @module systems.rough_and_ready.sight

local core = require "volley.core"
local command = require "systems.rough_and_ready.command"
local refusal = require "systems.rough_and_ready.refusal"

local M = {}

--- The map's hex grid (kept on the game object: derived, not state).
function M.grid(game)
  if not game.rr_grid then
    local info = game.map:info()
    game.rr_grid = core.hex.grid{ layout = info.layout, parity = info.parity }
  end
  return game.rr_grid
end

--- The system's line-of-sight context for the map (kept on the game object).
function M.los(game)
  if not game.rr_los then
    game.rr_los = assert(core.los.new(game.map, { system = game.system.id,
      layer = game.scenario and game.scenario.paths and game.scenario.paths.los }))
  end
  return game.rr_los
end

--- Hexes between two hexes, counting the target's hex but not the firer's.
function M.distance(game, a, b)
  return M.grid(game):distance(a, b)
end

--- The combat units of a hex, top first [rough_and_ready 5.24] (leaders and wagons left
-- out).
function M.combat_units(game, hex)
  local out = {}
  for _, id in ipairs(game.store:stack(hex)) do
    if game:unit_info(id).classes.combat then out[#out + 1] = id end
  end
  return out
end

--- The top unit of a hex: its first combat unit, or nil [rough_and_ready 5.24, 6.17].
function M.top(game, hex)
  return M.combat_units(game, hex)[1]
end

--- Whether a unit is in a Square (every unit of a square fires, [rough_and_ready 5.43]).
function M.in_square(game, unit)
  return game.store:marker(unit, "square") > 0
end

--- Whether `hex` lies in the front of `unit` within `range` hexes [rough_and_ready 5.33,
-- 6.11] (see the module's note for the cone).
-- @treturn boolean
function M.in_front(game, unit, hex, range)
  local at = command.on_map(game, unit)
  if not at or at == hex or game.store:facing(unit) == nil then return false end
  local d = M.distance(game, at, hex)
  if d > range then return false end
  local line = M.grid(game):line(at, hex)
  local step = line[2]
  local cands = type(step) == "table" and { step[1], step[2] } or { step }
  for _, h in ipairs(cands) do
    if game.store:arc(unit, h) == "front" then return true end
  end
  return false
end

--- Line of sight from one hex to another as the rules see it [rough_and_ready 6.18, PA 6.17]:
-- the terrain and the combat units of the store in the way (not those of the two ends). The
-- fire rules' test and the prompt's `los` in a game (the system's `los` query).
-- @tparam[opt] {string,...} occupied the hexes holding combat units (default: the store's)
-- @treturn boolean clear
-- @treturn table volley.core.los's why; when a unit blocks, `unit` is the top combat unit of
--   that hex and the reason names it (`3US-3, a combat unit`)
function M.line(game, from, to, occupied)
  local units = {}
  for _, h in ipairs(occupied or game.store:combat_hexes{}) do
    if h ~= from and h ~= to then units[#units + 1] = { hex = h } end
  end
  local ok, why = M.los(game):check(from, to, { units = units })
  if not ok and why.kind == "unit" and why.blocked_by and not why.blocked_by:find("/", 1, true)
      then
    local u = M.top(game, why.blocked_by)
    if u then
      why.unit = u
      why.reason = tostring(why.reason):gsub("a unit stands in the way",
        function() return u .. ", a combat unit" end)
    end
  end
  return ok, why
end

--- Line of sight from one hex to another with the combat units on the map in the way
-- [rough_and_ready 6.18, PA 6.17]: `true`, or `false` and the reason with its rule.
-- @tparam[opt] {string,...} occupied the hexes holding combat units (default: the store's)
function M.clear(game, from, to, occupied)
  local ok, why = M.line(game, from, to, occupied)
  if ok then return true end
  local where = why.blocked_by and (" at " .. why.blocked_by) or ""
  -- the case the line of sight's policy cites for what blocks (a battle's [6.17]), else 6.18
  return false, refusal.say(refusal.cases_of(why.rule, "6.18"), "no line of sight from "
    .. from .. " to " .. to .. ": blocked" .. where .. " (" .. tostring(why.reason) .. ")")
end

--- Whether a point has handlers (a point nobody handles costs no context).
local function hooked(game, point)
  local hs = game.hooks.handlers and game.hooks.handlers[point]
  return hs ~= nil and #hs > 0
end

--- A battle's word on a fire the series rules allow (the point `fire.target`: RP's resacas
-- [rough_and_ready RP 5.16]): nil when the firers in `from` may fire at `hex`, else the
-- handler's reason. Runs for the targets offered and the fire checked alike.
-- @tparam {string,...} firers the unit, or the guns of one hex
-- @treturn ?string why not
function M.target_refusal(game, firers, from, hex)
  if not hooked(game, "fire.target") then return nil end
  local list = {}
  for i, f in ipairs(firers) do list[i] = f end
  local ctx = require("systems.rough_and_ready.script_api").ctx(game, {
    firers = list, from = from, target = hex,
    kind = game:unit_info(firers[1]).classes.artillery and "artillery" or "small_arms",
    range = M.distance(game, from, hex), allowed = true })
  game.hooks:modify("fire.target", ctx, nil)
  if ctx.allowed ~= false then return nil end
  return type(ctx.why) == "string" and ctx.why
    or (firers[1] .. " may not fire at " .. hex .. " (a battle rule)")
end

--- The enemy hexes a unit could fire at through its front within `range` with a line of
-- sight, and no battle rule against it (`fire.target`), in label order.
-- @treturn {string,...}
function M.targets(game, unit, range)
  local at = command.on_map(game, unit)
  if not at then return {} end
  local side = game:unit_info(unit).side
  local out = {}
  local occupied          -- the line of sight's blockers, asked for when a hex needs them
  local grid = M.grid(game)
  for _, h in ipairs(game.store:combat_hexes{ enemy_of = side }) do
    -- the range first (one distance): most enemy hexes are out of it
    if grid:distance(at, h) <= range and M.in_front(game, unit, h, range) then
      occupied = occupied or game.store:combat_hexes{}
      if M.clear(game, at, h, occupied) and not M.target_refusal(game, { unit }, at, h) then
        out[#out + 1] = h
      end
    end
  end
  return out
end

return M
