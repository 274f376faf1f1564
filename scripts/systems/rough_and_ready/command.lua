--- Command [rough_and_ready 4.0-4.28]: who leads whom, the Overall Commanders, command range
-- as a path [rough_and_ready 4.22], what being out of command costs [rough_and_ready 4.23],
-- and leaders who lose their stack [rough_and_ready 4.27].
--
-- The hierarchy comes from the order of battle: each side's top command (level `army`) is
-- led by its Overall Commander; every other command (level `command`) by its leader. Units
-- without a command are independents when they carry an Independent Activation Rating
-- [rough_and_ready 3.21]. Artillery belongs to no leader's activation: any leader activates
-- the guns within his range [rough_and_ready 4.28, E6].
-- @module systems.rough_and_ready.command

local core = require "volley.core"

local M = {}

local RULE_RANGE = "[rough_and_ready 4.22]"

--- Whether a unit is artillery (activated only under [rough_and_ready 4.28, E6]).
-- @tparam table game
-- @tparam string unit
-- @treturn boolean
function M.is_artillery(game, unit)
  return game:unit_info(unit).classes.artillery == true
end

--- Whether a unit is a combat unit (infantry, cavalry, artillery) [rough_and_ready 2.21].
function M.is_combat(game, unit)
  return game:unit_info(unit).classes.combat == true
end

local function on_map(game, id)
  local kind, at = game.store:where(id)
  if kind == "hex" then return at end
  return nil
end
M.on_map = on_map

--- The Overall Commanders of a side: the leaders of its top commands [rough_and_ready 4.21].
-- @treturn {string,...} leader ids in id order
function M.overall_commanders(game, side)
  local out = {}
  for _, c in ipairs(game.store:commands{ side = side, top = true }) do
    for _, l in ipairs(game.store:command(c).leaders) do out[#out + 1] = l end
  end
  table.sort(out)
  return out
end

--- Whether a leader is an Overall Commander [rough_and_ready 4.21].
function M.is_oc(game, leader)
  local info = game:unit_info(leader)
  for _, oc in ipairs(M.overall_commanders(game, info.side)) do
    if oc == leader then return true end
  end
  return false
end

--- The side's Overall Commander on the map (the first in id order), or nil.
function M.oc(game, side)
  for _, oc in ipairs(M.overall_commanders(game, side)) do
    if on_map(game, oc) then return oc end
  end
  return nil
end

--- The leader of a command: the first of its leaders in id order, or nil.
function M.leader_of(game, command)
  return game.store:command(command).leaders[1]
end

--- The combat units of a command (leaders and artillery left out: the guns are activated
-- under [rough_and_ready 4.28, E6]), in id order.
-- @tparam[opt] boolean all with every location; by default those on the map only
function M.units_of(game, command, all)
  local out = {}
  for _, u in ipairs(game.store:units_of(command, {})) do
    local info = game:unit_info(u)
    if info.kind ~= "leader" and M.is_combat(game, u) and not M.is_artillery(game, u)
        and (all or on_map(game, u)) then
      out[#out + 1] = u
    end
  end
  return out
end

--- The second command of a unit [rough_and_ready PA note d]: the command (besides its own)
-- whose leader may activate it, from its `also_command` field (charts/rough_and_ready/
-- units.ini), or nil.
function M.also_command(game, unit)
  local info = game:unit_info(unit)
  if info.kind == "leader" or not M.is_combat(game, unit) then return nil end
  local c = game.store:get(unit, "also_command")
  if c == nil or c == "" then return nil end
  return c
end

--- The units on the map whose second command is `command` [rough_and_ready PA note d], in id
-- order: its leader may activate them too, never in two consecutive activations of their
-- side (activation.lua).
function M.also_units(game, command)
  local info = game.store:command(command)
  local out = {}
  for _, u in ipairs(game.store:units{ side = info.side, class = "combat" }) do
    if M.also_command(game, u) == command and on_map(game, u) then out[#out + 1] = u end
  end
  return out
end

--- The leader who activated a unit for movement only in the activation under way
-- [rough_and_ready PA note d] (its second command's leader, when the unit's `also_only`
-- is `movement`), or nil: such a unit moves and turns, and may not fire, charge, shock or rally.
-- In a movement-only activation of all a side's units (RS's opening, activation.lua's
-- `moves`) every unit is listed and there is no leader: the activation's `moves_rule`.
function M.moves_only(game, unit)
  local list = game.vars:get("activation", "moves_only")
  for _, u in ipairs(list or {}) do
    if u == unit then
      return game.vars:get("activation", "leader") or game.vars:get("activation", "moves_rule")
    end
  end
  return nil
end

--- The reason a unit activated for movement only may not `what` ("fire", "shock", ...), or
-- nil when it may [rough_and_ready PA note d].
function M.moves_only_why(game, unit, what)
  local leader = M.moves_only(game, unit)
  if not leader then return nil end
  local rule = game.vars:get("activation", "moves_rule")
  if rule then
    local refusal = require "systems.rough_and_ready.refusal"
    return refusal.say(refusal.cases_of(rule, "3.11"), unit .. " moves only in this "
      .. "activation: it may not " .. what)
  end
  return require("systems.rough_and_ready.refusal").say("PA note d", unit .. " is activated by "
    .. leader .. " for movement only: it may not " .. what)
end

--- The commands a side may activate at all: led by a leader on the map who is not an
-- Overall Commander [rough_and_ready 4.21, E10], with at least one unit on the map; in id
-- order.
function M.activatable(game, side)
  local out = {}
  for _, c in ipairs(game.store:commands{ side = side }) do
    local info = game.store:command(c)
    local leader = info.leaders[1]
    if info.parent ~= nil and leader and on_map(game, leader) and not M.is_oc(game, leader)
        and #M.units_of(game, c) > 0 then                        -- ERRATA E10: no OC
      out[#out + 1] = c
    end
  end
  return out
end

--- The independents of a side on the map, grouped by hex [rough_and_ready 3.21-3.22, E15]:
-- `{{hex =, units = {...}, rating =}, ...}` in label order; the rating is the lowest of the
-- hex's independents (digest A19).
function M.independent_hexes(game, side)
  local by_hex, hexes = {}, {}
  for _, u in ipairs(game.store:units{ side = side, class = "combat" }) do
    local at = on_map(game, u)
    if at and game:unit_info(u).command == nil and game.store:get(u, "independent") >= 0 then
      if not by_hex[at] then
        by_hex[at] = { hex = at, units = {}, rating = 99 }
        hexes[#hexes + 1] = at
      end
      local h = by_hex[at]
      h.units[#h.units + 1] = u
      h.rating = math.min(h.rating, game.store:get(u, "independent"))
    end
  end
  table.sort(hexes)
  local out = {}
  for i, h in ipairs(hexes) do out[i] = by_hex[h] end
  return out
end

--- The length of the shortest path of hexes from one hex to another that enters no hex
-- holding an enemy combat unit of `side`, counting the hex reached but not the start
-- [rough_and_ready 4.22]; terrain is ignored.
-- @tparam table game
-- @tparam string side whose enemies block the path
-- @tparam string from the leader's hex
-- @tparam string to the unit's hex
-- @tparam integer range the most hexes the path may have
-- @treturn ?integer the length, or nil when no such path is within range
-- @treturn ?string why not
function M.path_length(game, side, from, to, range)
  -- the enemy combat hexes' marks, made once while the store's generation stays (a side's
  -- activation asks this for every unit of its commands); only volley.core.move reads them
  local gen = game.store:generation()
  local kept = game.rr_range_marks
  if not kept or kept.store ~= game.store or kept.gen ~= gen then
    kept = { store = game.store, gen = gen }
    game.rr_range_marks = kept
  end
  local prohibited = kept[side]
  if not prohibited then
    prohibited = {}
    for _, h in ipairs(game.store:combat_hexes{ side = game:enemy(side) }) do
      prohibited[#prohibited + 1] = { at = h, why = "enemy combat unit", rule = RULE_RANGE }
    end
    kept[side] = prohibited
  end
  local p, why = game.move:path(from, to, { uniform = true, ma = range,
                                            prohibited = prohibited })
  if not p then return nil, why end
  return p.cost
end

--- Whether `unit` (a unit or a leader) is within a leader's Command Range
-- [rough_and_ready 4.22]: a path of at most that many hexes, counting the unit's hex but not
-- the leader's, through no enemy combat unit.
-- @treturn boolean
-- @treturn string why (the path length, or why there is none)
function M.within_range(game, leader, unit)
  local lat, uat = on_map(game, leader), on_map(game, unit)
  if not lat then return false, leader .. " is not on the map" end
  if not uat then return false, unit .. " is not on the map" end
  local range = game.store:get(leader, "command_range")
  local n = M.path_length(game, game:unit_info(leader).side, lat, uat, range)
  if n then
    return true, unit .. " is " .. n .. (n == 1 and " hex" or " hexes") .. " from " .. leader
      .. " (range " .. range .. ")"
  end
  return false, "no path of " .. range .. " hexes from " .. leader .. " to " .. unit
    .. " clear of enemy combat units"
end

--- Whether a unit is In Command [rough_and_ready 2.5, 4.22]: within its leader's Command
-- Range. Independents, artillery and wagons (which move as artillery [rough_and_ready 7.0])
-- have no leader's range to leave: they are in command (the guns are activated only by a
-- leader in range, [rough_and_ready 4.28]). Battles may
-- decide otherwise through `command.status`.
-- @tparam[opt] string leader the leader whose range counts, when not its command's: the
--   leader of its second command who activated it [rough_and_ready PA note d]
-- @treturn boolean
-- @treturn string why
function M.in_command(game, unit, leader)
  local info = game:unit_info(unit)
  local ctx = { unit = unit, in_command = true, why = "no leader's range applies" }
  -- a wagon moves as artillery [rough_and_ready 7.0]
  if info.command ~= nil and not M.is_artillery(game, unit) and info.type ~= "wagon" then
    ctx.leader = leader or M.leader_of(game, info.command)
    if ctx.leader then
      ctx.in_command, ctx.why = M.within_range(game, ctx.leader, unit)
    end
  end
  game.hooks:modify("command.status", ctx, nil)
  return ctx.in_command and true or false,
    type(ctx.why) == "string" and ctx.why or "decided by a battle rule (command.status)"
end

--- Whether a unit is Out of Command in the activation under way: the status marked when
-- its command was activated [rough_and_ready 4.23, 6.31]; outside an activation, now.
function M.out_of_command(game, unit)
  -- the activation's units alone (game.vars.activation would copy the whole record)
  for _, u in ipairs(game.vars:get("activation", "units") or {}) do
    if u == unit then return game.store:marker(unit, "out_of_command") > 0 end
  end
  return not M.in_command(game, unit)
end

--- A unit's Movement Allowance in this activation [rough_and_ready 4.23]: halved, rounding
-- up, when Out of Command. The hook for #22's movement.
-- @treturn integer MP
function M.ma(game, unit)
  local ma = game.store:get(unit, "ma")
  if M.out_of_command(game, unit) then
    return math.floor((ma + 1) / 2)                              -- [rough_and_ready 4.23]
  end
  return ma
end

--- Whether a unit may Shock Attack as far as command goes [rough_and_ready 4.23, 6.31].
-- @treturn boolean
-- @treturn ?string why not
function M.may_shock(game, unit)
  if M.out_of_command(game, unit) then
    return false, require("systems.rough_and_ready.refusal").say("4.23", unit .. " is out of "
      .. "command: no shock")
  end
  return true
end

--- The leader's modifier to a unit's Commitment roll [rough_and_ready 4.24]: -1 when a
-- leader of the unit's own command is stacked with it. Leaders affect only the units of
-- their commands [rough_and_ready 5.26]: a leader of another command stacked with the unit
-- gives nothing, nor does an Overall Commander (he leads no unit's command: he never
-- activates one [rough_and_ready 4.21, E10]; his one rating on the units' side is the
-- Leadership of 4.25); independents have no leader and never get it (docs/rulings, 4.24).
-- @treturn integer 0 or -1
-- @treturn ?string the leader giving it (-1), or a leader stacked with the unit who may not
--   (0): the caller says why he gives nothing
function M.commitment_drm(game, unit)
  local at = on_map(game, unit)
  if not at then return 0 end
  local info = game:unit_info(unit)
  local other
  for _, u in ipairs(game.store:stack(at)) do
    local l = game:unit_info(u)
    if l.kind == "leader" and l.side == info.side then
      if info.command ~= nil and l.command == info.command and not M.is_oc(game, u) then
        return -1, u                                             -- [rough_and_ready 4.24]
      end
      other = other or u
    end
  end
  return 0, other
end

--- Marks the out-of-command units of an activation [rough_and_ready 4.23]: each unit of the
-- list gets the `out_of_command` marker when it is not In Command now (the status holds for
-- the whole activation: only units that began it in command may shock, [6.31]).
-- @tparam[opt] {[string]=string} leaders the leader whose range counts for a unit, when not
--   its command's (a second command's [rough_and_ready PA note d])
-- @treturn {string,...} the units out of command
function M.mark(game, units, leaders)
  local out = {}
  for _, u in ipairs(units) do
    local ok = M.in_command(game, u, leaders and leaders[u])
    game.store:set_marker(u, "out_of_command", ok and 0 or 1)
    if not ok then out[#out + 1] = u end
  end
  return out
end

--- Clears the out-of-command markers of a list of units.
function M.unmark(game, units)
  for _, u in ipairs(units) do game.store:set_marker(u, "out_of_command", 0) end
end

-- {====================================================================================
-- Leaders who lose their stack [rough_and_ready 4.27].
-- =====================================================================================

local function grid_of(game)
  if not game.rr_grid then
    local info = game.map:info()
    game.rr_grid = core.hex.grid{ layout = info.layout, parity = info.parity }
  end
  return game.rr_grid
end

--- The units a leader relocates to: his command's combat units on the map, or for an
-- Overall Commander every combat unit of his side; so too for a leader whose command has no
-- unit of its own at all, wherever they are (a battle's leader who leads others' units, RP's
-- Detachment leader [rough_and_ready RP 4.29]): his command cannot be gone.
local function followers(game, leader)
  local info = game:unit_info(leader)
  local own = false
  for _, u in ipairs(game.store:units_of(info.command, {})) do
    if game:unit_info(u).kind ~= "leader" then own = true break end
  end
  if M.is_oc(game, leader) or not own then
    local out = {}
    for _, u in ipairs(game.store:units{ side = info.side, class = "combat" }) do
      if on_map(game, u) then out[#out + 1] = u end
    end
    return out
  end
  local out = {}
  for _, u in ipairs(game.store:units_of(info.command, {})) do
    if game:unit_info(u).kind ~= "leader" and M.is_combat(game, u) and on_map(game, u) then
      out[#out + 1] = u
    end
  end
  return out
end

--- Places a leader with the nearest unit of his command, or removes him when his command
-- is gone [rough_and_ready 4.27]. Nearest by hex distance; ties go to the lower hex label.
-- @treturn ?string the hex he went to, or nil when removed
function M.relocate(game, leader)
  local from = on_map(game, leader)
  local best, best_d
  local grid = grid_of(game)
  for _, u in ipairs(followers(game, leader)) do
    local at = on_map(game, u)
    local d = from and grid:distance(from, at) or 0
    if best == nil or d < best_d or (d == best_d and at < best) then best, best_d = at, d end
  end
  if best then
    assert(game.store:place(leader, best))
    game:log(leader .. " joins his command at " .. best .. " [rough_and_ready 4.27]")
  else
    assert(game.store:place(leader, "eliminated"))
    game:log(leader .. " is removed: no unit of his command is left [rough_and_ready 4.27]")
  end
  game.hooks:fire("leader.relocated", { leader = leader, from = from, to = best })
  return best
end

--- Removes a unit from the map (eliminated) and relocates the leaders left alone in its hex
-- [rough_and_ready 4.27]. The procedure combat calls (#23, #24).
-- @tparam string unit
-- @tparam string why what eliminated it, with its rule
function M.eliminate(game, unit, why)
  local side = game:unit_info(unit).side
  local at = on_map(game, unit)
  assert(game.store:place(unit, "eliminated"))
  game:log(unit .. " is eliminated: " .. why)
  game.hooks:fire("unit.eliminated", { unit = unit, hex = at, why = why })
  -- a square down to one unit dissolves [rough_and_ready 5.45]
  require("systems.rough_and_ready.squares").tidy(game)
  if not at then return end
  require("systems.rough_and_ready.wagons").orphaned(game, unit, at)   -- [rough_and_ready 7.0]
  if game.store:count(at, { side = side, class = "combat" }) > 0 then return end
  for _, l in ipairs(game.store:stack(at)) do
    if game:unit_info(l).kind == "leader" and game:unit_info(l).side == side then
      M.relocate(game, l)
    end
  end
end

--- Removes the leaders whose commands have no unit left on the map [rough_and_ready 4.27]
-- (run at the end of every activation). Overall Commanders stay while their side has units.
function M.sweep(game)
  for _, side in ipairs(game:sides()) do
    for _, l in ipairs(game.store:leaders(side)) do
      if on_map(game, l) and #followers(game, l) == 0 then M.relocate(game, l) end
    end
  end
end

-- }====================================================================================

return M
