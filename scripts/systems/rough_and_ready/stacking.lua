--- Stacking in Rough & Ready [rough_and_ready 5.21-5.28, 7.0]: what a hex may hold. Set-up
-- asks it through `volley.placement_setup` (docs/placement.md "Stacking at set-up"); the
-- movement rules may ask it too (5.23: the limits hold at all times, even mid-move).
-- @module systems.rough_and_ready.stacking

local say = require("systems.rough_and_ready.refusal").say

local M = {}

--- All stacked units face alike [rough_and_ready 5.27] (a Square's opposite facings are the
-- exception of 5.42, formed in play, not at set-up).
M.common_facing = "[rough_and_ready 5.27]"

-- A unit's battery [rough_and_ready 5.22]: the battery name when the counter has one; else,
-- for a gun counter without a command of its own (the side's army), every gun of its type;
-- else the counter itself.
local function battery_of(store, id, info)
  local name = store:get(id, "battery")
  if name and name ~= "" then return "battery " .. name end
  local cmd = info.command and store:command(info.command)
  if not cmd or cmd.parent == nil then
    local gun = store:get(id, "gun")
    if gun and gun ~= "" then return "gun " .. info.side .. " " .. gun end
  end
  return "counter " .. id
end

-- A unit's fixed facts: `game:unit_info` (kept), or `store:unit` from the data-only stand-in
-- game that set-up views hand the stacking test (volley.placement_setup).
local function info_of(game, id)
  if game.unit_info then return game:unit_info(id) end
  return game.store:unit(id)
end

local function is_foot_or_horse(info)
  return info.type == "infantry" or info.type == "cavalry"
end

--- May `unit` (not yet there) stand in `hex` with what the store holds there now?
--
-- * Not in a hex holding an enemy unit: friendly units enter one only to Shock
--   [rough_and_ready 5.28].
-- * Leaders stack freely [rough_and_ready 5.21, 5.26]; markers (Hits, Disordered, Square,
--   ...) are no units of the store's stacks and never count [rough_and_ready 5.25].
-- * One wagon a hex, with at most one combat unit [rough_and_ready 7.0].
-- * Combat units: one a hex, except three infantry or cavalry of one command (Exception #1),
--   two artillery batteries of any commands (#2), one battery with one infantry or cavalry
--   unit (#3) [rough_and_ready 5.21]; a battery is [rough_and_ready 5.22]'s.
-- * The limits hold during movement too [rough_and_ready 5.23]: movement prohibits a hex
--   where this says no, even to pass through (systems.rough_and_ready.movement).
-- * Retreats are the exception 5.23 names [rough_and_ready 5.23, 6.75]: with
--   `opts.retreat` only the enemy hex is refused (a retreat never enters one), the limits
--   are not applied, and the overstack the retreat makes stands until its units move
--   (docs/rulings, A24).
-- @param game `store`
-- @tparam string unit
-- @tparam string hex
-- @tparam[opt] table opts `{retreat = true}`: a retreat's hex (no limits)
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why, e.g. "3014 would hold 4 infantry or cavalry units (at most 3, of
--   one command) [rough_and_ready 5.21]"
function M.legal(game, unit, hex, opts)
  local store = game.store
  local me = info_of(game, unit)
  local ids = { unit }
  for _, other in ipairs(store:stack(hex)) do
    local o = info_of(game, other)
    if o.side ~= me.side then
      return false, say("5.28", hex .. " holds an enemy unit (" .. other .. ")")
    end
    if other ~= unit then ids[#ids + 1] = other end
  end
  -- a retreat is the exception to the limits [rough_and_ready 5.23]; a Detachment stacks
  -- freely, even with other units [rough_and_ready RP 6.9]
  if me.kind == "leader" or (opts and opts.retreat) or M.free(game, unit) then return true end
  local foot, batteries, nbat, wagons, combat, commands = 0, {}, 0, 0, 0, {}
  local ncmd = 0
  for _, id in ipairs(ids) do
    local info = info_of(game, id)
    if info.kind ~= "leader" and not M.free(game, id) then
      if info.type == "wagon" then
        wagons = wagons + 1
      elseif info.classes.combat then
        combat = combat + 1
        if info.classes.artillery then
          local b = battery_of(store, id, info)
          if not batteries[b] then batteries[b], nbat = true, nbat + 1 end
        elseif is_foot_or_horse(info) then
          foot = foot + 1
          local c = info.command or "-"
          if not commands[c] then commands[c], ncmd = true, ncmd + 1 end
        end
      end
    end
  end
  if wagons > 1 then
    return false, say("7.0", hex .. " would hold 2 wagons (one a hex)")
  end
  if wagons == 1 and combat > 1 then
    return false, say("7.0", hex .. " would hold a wagon and " .. combat .. " combat units (a "
      .. "wagon stacks with one)")
  end
  if nbat == 0 then
    if foot > 3 then
      return false, say("5.21", hex .. " would hold " .. foot .. " infantry or cavalry units "
        .. "(at most 3, of one command)")
    end
    if foot > 1 and ncmd > 1 then
      return false, say("5.21", hex .. " would hold infantry or cavalry of " .. ncmd
        .. " commands (up to 3 stack only when of one command)")
    end
    return true
  end
  if nbat > 2 then
    return false, say({ "5.21", "5.22" }, hex .. " would hold " .. nbat .. " artillery "
      .. "batteries (at most 2)")
  end
  if foot > 0 and (nbat > 1 or foot > 1) then
    local batteries_held = nbat .. (nbat > 1 and " batteries" or " battery")
    return false, say("5.21", hex .. " would hold " .. batteries_held .. " and " .. foot
      .. " infantry or cavalry (a battery stacks with one unit)")
  end
  return true
end

--- Whether a unit stacks freely and counts against no limit: what a battle's `stacking.free`
-- handlers say (RP's Detachments [rough_and_ready RP 6.9]); never in the set-up's stand-in
-- game, which has no hooks.
function M.free(game, unit)
  local hooks = game.hooks
  local hs = hooks and hooks.handlers and hooks.handlers["stacking.free"]
  if hs == nil or #hs == 0 then return false end
  local ctx = { unit = unit, free = false }
  hooks:modify("stacking.free", ctx, nil)
  return ctx.free == true
end

--- What `legal` asks of the unit that would enter, as a string: two units with the same key
-- get the same answer, reason included, in every hex that holds neither of them. Its side
-- (5.28), and what it adds to the counts: nothing for a leader (5.26), a wagon (7.0), its
-- battery (5.22), or a foot or horse unit of its command (5.21). Movement keeps `legal`'s
-- answers by this key while no unit changes (movement.query).
-- @treturn string e.g. "US foot 2nd Brigade", "MEX battery Vega"
function M.key(game, unit)
  local me = info_of(game, unit)
  if me.kind == "leader" then return me.side .. " leader" end
  if M.free(game, unit) then return me.side .. " free" end           -- [rough_and_ready RP 6.9]
  if me.type == "wagon" then return me.side .. " wagon" end
  if not me.classes.combat then return me.side .. " none" end
  if me.classes.artillery then return me.side .. " " .. battery_of(game.store, unit, me) end
  if is_foot_or_horse(me) then return me.side .. " foot " .. (me.command or "-") end
  return me.side .. " combat"
end

--- The combat units of a hex, top first (the store's stack order; a unit that moves in
-- goes on top).
function M.combat_units(game, hex)
  local out = {}
  for _, id in ipairs(game.store:stack(hex)) do
    local info = info_of(game, id)
    if info.kind ~= "leader" and info.classes.combat then out[#out + 1] = id end
  end
  return out
end

--- The top unit of a hex: the first combat unit of its stack, or nil [rough_and_ready 5.24].
function M.top(game, hex)
  return M.combat_units(game, hex)[1]
end

--- Who may fire from a hex [rough_and_ready 5.24]: its top unit, every artillery unit
-- wherever it is in the stack, and every unit in Square, each on its own [rough_and_ready
-- 5.43] (top first). All the stack's units may Shock.
-- @treturn {string,...}
function M.firers(game, hex)
  local out = {}
  for i, id in ipairs(M.combat_units(game, hex)) do
    if i == 1 or info_of(game, id).classes.artillery or game.store:marker(id, "square") > 0
        then
      out[#out + 1] = id
    end
  end
  return out
end

return M
