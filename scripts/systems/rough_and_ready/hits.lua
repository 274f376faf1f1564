--- Hits and Disorder [rough_and_ready 6.5-6.64]: what fire and shock do to a unit.
--
-- A unit's `hits` marker holds every Hit it has taken, counted from its front Morale (digest
-- 7.7, A13): Adjusted Morale is printed Morale less Hits [rough_and_ready 2.5, 6.54]; the
-- counter is on its reverse side while Adjusted Morale is at or under the reverse Morale
-- [rough_and_ready 6.53] (flipping is then only what the counter shows: the Hits left under
-- it are the total less the difference); it is eliminated the moment its Hits exceed its
-- Morale [rough_and_ready 6.54]. Disorder is the `disordered` marker [rough_and_ready 6.61];
-- a second Disorder is a Hit, or the end of a gun [rough_and_ready 6.64].
-- @module systems.rough_and_ready.hits

local command = require "systems.rough_and_ready.command"

local M = {}

M.R651 = "[rough_and_ready 6.51]"
M.R652 = "[rough_and_ready 6.52]"
M.R653 = "[rough_and_ready 6.53]"
M.R654 = "[rough_and_ready 6.54]"
M.R661 = "[rough_and_ready 6.61]"
M.R664 = "[rough_and_ready 6.64]"

--- A unit's Hits (the total, from its front Morale).
-- @treturn integer
function M.hits(game, unit)
  return game.store:marker(unit, "hits")
end

--- Adjusted Morale: printed Morale less Hits [rough_and_ready 2.5, 6.54].
-- @treturn integer (0 or less for a unit about to go)
function M.adjusted_morale(game, unit)
  return game.store:get(unit, "morale") - M.hits(game, unit)
end

--- Whether the counter shows its reverse side [rough_and_ready 6.53]: infantry and cavalry
-- whose Adjusted Morale is down to the reverse Morale (artillery has no reverse side).
-- @treturn boolean
function M.flipped(game, unit)
  local back = game.store:get(unit, "morale_reverse")
  if back <= 0 or game:unit_info(unit).classes.artillery then return false end
  return M.adjusted_morale(game, unit) <= back
end

--- Whether a unit is Disordered [rough_and_ready 6.61].
function M.disordered(game, unit)
  return game.store:marker(unit, "disordered") > 0
end

--- Whether the unit's hex is on the map and it is still there (not eliminated).
local function alive(game, unit)
  return command.on_map(game, unit) ~= nil
end

--- One Hit on one unit [rough_and_ready 6.16, 6.53-6.54]: the marker grows, the counter flips
-- when Adjusted Morale reaches the reverse Morale [6.53], and the unit is eliminated the
-- moment its Hits exceed its Morale [6.54] (through `command.eliminate`, which relocates
-- its leaders [rough_and_ready 4.27]). The point `hit.applied` follows.
-- @tparam string why what the Hit comes from, with its rule
-- @treturn boolean whether the unit was eliminated
function M.hit(game, unit, why)
  if not alive(game, unit) then return false end
  local was = M.flipped(game, unit)
  local n = M.hits(game, unit) + 1
  game.store:set_marker(unit, "hits", math.min(n, 20))
  local morale = game.store:get(unit, "morale")
  game:log(string.format("%s takes a Hit (%s): %d Hit%s, Adjusted Morale %d %s", unit, why, n,
    n == 1 and "" or "s", morale - n, M.R654))
  if not was and M.flipped(game, unit) then
    game:log(unit .. " flips to its reverse side (Morale " .. game.store:get(unit, "morale_reverse")
      .. ") " .. M.R653)
  end
  game.hooks:fire("hit.applied", { unit = unit, hits = n })
  local level, lwhy = M.level(game, unit)
  if n >= level and alive(game, unit) then
    command.eliminate(game, unit, lwhy or (n .. " Hits exceed its Morale " .. morale .. " "
      .. M.R654))
    return true
  end
  return false
end

--- The Hits at which a unit is eliminated: its Morale plus one [rough_and_ready 6.54], or
-- what a battle's `hit.level` handler sets (RP's Mexican units at their Morale
-- [rough_and_ready RP 6.53]), never under 1.
-- @treturn integer
-- @treturn ?string the handler's reason, when it changed the level
function M.level(game, unit)
  local morale = game.store:get(unit, "morale")
  local hs = game.hooks.handlers and game.hooks.handlers["hit.level"]
  if hs == nil or #hs == 0 then return morale + 1 end
  local ctx = require("systems.rough_and_ready.script_api").ctx(game,
    { unit = unit, level = morale + 1 })
  game.hooks:modify("hit.level", ctx, nil)
  local level = ctx.level
  if type(level) ~= "number" or level ~= math.floor(level) or level < 1 then
    error("hit.level: a handler set the level of " .. unit .. " to " .. tostring(level)
      .. " (expected an integer of 1 or more)", 0)
  end
  if level == morale + 1 then return level end
  return level, type(ctx.why) == "string" and ctx.why or nil
end

--- Disorders a unit [rough_and_ready 6.61]; a unit Disordered already stays so and takes a
-- Hit, and artillery Disordered already is eliminated instead [rough_and_ready 6.64]. The
-- point `disorder.applied` tells which.
-- @tparam string why what Disorders it, with its rule
function M.disorder(game, unit, why)
  if not alive(game, unit) then return end
  if not M.disordered(game, unit) then
    game.store:set_marker(unit, "disordered", 1)
    game:log(unit .. " is Disordered (" .. why .. ") " .. M.R661)
    game.hooks:fire("disorder.applied", { unit = unit, second = false })
    return
  end
  game:log(unit .. " is Disordered again (" .. why .. ") " .. M.R664)
  game.hooks:fire("disorder.applied", { unit = unit, second = true })
  if game:unit_info(unit).classes.artillery then
    command.eliminate(game, unit, "artillery Disordered a second time " .. M.R664)
  else
    M.hit(game, unit, "a second Disorder " .. M.R664)
  end
end

--- Small-arms Hits on one unit [rough_and_ready 6.16]: on artillery each counts as a Disorder
-- instead [rough_and_ready 6.52, 6.25].
-- @tparam integer n
-- @tparam string why
function M.small_arms(game, unit, n, why)
  for _ = 1, n do
    if not alive(game, unit) then return end
    if game:unit_info(unit).classes.artillery then
      M.disorder(game, unit, why .. ", a small-arms Hit on artillery " .. M.R652)
    else
      M.hit(game, unit, why)
    end
  end
end

--- How `n` Hits on a hex divide among its units [rough_and_ready 6.51]: as evenly as
-- possible, each unit `floor(n / k)`, and the owner places each of the `n mod k` leftover
-- Hits on a different unit (request `hit`, answered by a unit id; nothing is asked when the
-- leftover leaves no choice). Returns the share of each unit, in the order of `units`.
-- @tparam {string,...} units the hex's units that take Hits (one side's)
-- @tparam integer n
-- @treturn {integer,...}
function M.divide(game, units, n, rule)
  local k = #units
  local share = {}
  if k == 0 then return share end
  local each, left = math.floor(n / k), n % k
  for i = 1, k do share[i] = each end
  local side = game:unit_info(units[1]).side
  local taken = {}
  for j = 1, left do
    local options = {}
    for i, u in ipairs(units) do
      if not taken[i] then options[#options + 1] = u end
    end
    local pick = options[1]
    if #options > left - j + 1 then
      pick = game:ask(side, {
        kind = "hit",
        prompt = string.format("%s: place the leftover Hit %d of %d on one of %s", side, j, left,
          table.concat(options, ", ")),
        options = options,
        rule = rule or M.R651,
      })
    end
    for i, u in ipairs(units) do
      if u == pick then taken[i], share[i] = true, share[i] + 1 end
    end
  end
  return share
end

--- Hits on a hex as a whole [rough_and_ready 6.51]: divided by `divide`, then applied unit by
-- unit (each through `hit`, so flips and eliminations follow at once).
-- @tparam {string,...} units
-- @tparam integer n
-- @tparam string why
function M.spread(game, units, n, why)
  if n <= 0 or #units == 0 then return end
  local share = M.divide(game, units, n)
  for i, u in ipairs(units) do
    for _ = 1, share[i] do M.hit(game, u, why) end
  end
end

--- Whether a hex's terrain carries the chart flag `flag` (charts/rough_and_ready/terrain.ini).
function M.terrain_flag(game, hex, flag)
  local t = game.map:terrain_type(game.map:terrain(hex), "hex")
  for _, f in ipairs(t and t.flags or {}) do
    if f == flag then return true end
  end
  return false
end

M.RPA516 = "[rough_and_ready PA 5.16]"

--- The rule a hex's chaparral Hit roll cites: the first rule case its terrain type's `flags`
-- value cites after the chart, from the terrain.ini layer that gave the flags (the battle's:
-- Palo Alto's [rough_and_ready PA 5.16], Resaca's [rough_and_ready RP 5.15]); a chart row
-- (`TEC`, `PA TEC`) is skipped. Palo Alto's PA 5.16 when the source cites no case.
-- @tparam string hex
-- @treturn string the citation, `[rough_and_ready <case>]`
function M.hit_roll_rule(game, hex)
  local t = game.map:terrain_type(game.map:terrain(hex), "hex")
  for _, v in ipairs(t and t.values or {}) do
    if v.key == "flags" and type(v.source) == "string" then
      for case in v.source:gmatch("%[rough_and_ready ([^%]]+)%]") do
        if not case:match("TEC$") then return "[rough_and_ready " .. case .. "]" end
      end
    end
  end
  return M.RPA516
end

--- The end-of-movement Hit roll of terrain flagged `hit-roll` (note d: Palo Alto's chaparral
-- [rough_and_ready PA 5.16], Resaca's [rough_and_ready RP 5.15]; the roll cites the battle's,
-- `hit_roll_rule`): an infantry unit that
-- entered such a hex during its move rolls a d10 once it stops, and takes a Hit when the roll
-- is higher than its Adjusted Morale (digest A43), through `hit`; a leader, or a unit of
-- another type, does not roll. Called by movement.lua before the point `movement.end`.
-- @tparam {string,...} entered the hexes entered, in order
-- @treturn ?integer the roll, or nil when none was made
function M.terrain_roll(game, unit, entered)
  local info = game:unit_info(unit)
  if info.kind == "leader" or info.type ~= "infantry" then return nil end
  local hex
  for _, h in ipairs(entered or {}) do
    if hex == nil and M.hit_roll_hex(game, h) then hex = h end
  end
  if hex == nil or not alive(game, unit) then return nil end
  local hs = game.hooks.handlers and game.hooks.handlers["movement.hit_roll"]
  if hs ~= nil and #hs > 0 then                 -- a battle may spare it (RP 6.9's detachments)
    local ctx = require("systems.rough_and_ready.script_api").ctx(game,
      { unit = unit, hex = hex, roll = true })
    game.hooks:modify("movement.hit_roll", ctx, nil)
    if ctx.roll == false then
      game:log(string.format("%s entered chaparral (%s): no Hit roll (%s)", unit, hex,
        type(ctx.why) == "string" and ctx.why or "a battle rule"))
      return nil
    end
  end
  local am = M.adjusted_morale(game, unit)
  local rule = M.hit_roll_rule(game, hex)
  local dr = game:roll("d10", unit .. " entered " .. hex .. ": chaparral Hit roll", rule)
  game.roll_records[game.dice:count()] = { modifiers = {}, total = dr,
    result = dr > am and "1 Hit" or "no effect" }
  game:log(string.format("%s entered chaparral (%s): d10 %d against Adjusted Morale %d: %s %s",
    unit, hex, dr, am, dr > am and "1 Hit" or "no effect", rule))
  if dr > am then M.hit(game, unit, "the chaparral " .. rule) end
  return dr
end

--- Whether entering a hex calls for the end-of-movement Hit roll (its terrain's `hit-roll`).
function M.hit_roll_hex(game, hex)
  return M.terrain_flag(game, hex, "hit-roll")
end

--- Removes one Hit (Rally [rough_and_ready 6.83]): the counter flips back to its front when
-- Adjusted Morale rises above the reverse Morale again (digest A14). The caller keeps the
-- first Hit [rough_and_ready 6.84].
function M.remove_hit(game, unit)
  local was = M.flipped(game, unit)
  game.store:set_marker(unit, "hits", M.hits(game, unit) - 1)
  if was and not M.flipped(game, unit) then
    game:log(unit .. " flips back to its front side " .. M.R653)
  end
end

return M
