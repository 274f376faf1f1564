--- Resaca de la Palma's special rules (scenarios/rough-and-ready/resaca-de-la-palma/rules.lua),
-- written through the system's hook points and `ctx.game` (docs/rough_and_ready.md "Battle
-- scripts and ctx.game"; docs/designer-guide.md "The special rule, as a hook").
--
-- Written here, each below with its case:
--
-- * [rough_and_ready RP 4.25] Arista Unaware, and his alert: by a roll spent instead of a free
--   activation once anyone has fired or shocked, or the moment a US unit moves within three
--   hexes of him;
-- * [rough_and_ready RP 4.29] the US Detachment leader;
-- * [rough_and_ready RP 5.15] Detachments take no chaparral Hit roll (the roll itself is the
--   system's, from the terrain's `hit-roll` flag);
-- * [rough_and_ready RP 5.16] the resacas: -1 to fire from above at a unit down in a resaca;
--   guns on the high ground never fire down at an adjacent unit; the rule of 6.17 that only
--   a firer in or beside a resaca hex may fire into one is the line of sight's (the system's
--   los.ini [sunken], the map's `resaca` terrain), as is RP 6.17's combat units not blocking
--   a higher firer ([units] see-over);
-- * [rough_and_ready RP 6.53] a Mexican unit goes on reaching its Hit level, not on passing it;
-- * [rough_and_ready RP 6.82] no Rally in chaparral;
-- * [rough_and_ready RP 6.9] the five Mexican Detachments: activated as the guns are (any
--   leader in range, never in two Mexican activations running: the system's activation of
--   the units `activation.pool` adds), stacking freely (`stacking.free`), and below: in
--   command, -2 firing, -2 to their own roll defending a shock, -1
--   to artillery fire at one alone, never moving next to an enemy, never shocking, and given
--   up to a Rally of the infantry they are stacked with.
--
-- The options are the files of options/: balance (the US streak), ignore-arista.
-- luacheck: read globals volley

local ARISTA = "Arista"
local ARISTA_HEX = "5915"          -- where he sits In Tent [rough_and_ready RP Initial Deployment]
local ALERT_RADIUS = 3
local BY_ROLL_ONLY = { canales = true, torrejon = true }

local R425 = "[rough_and_ready RP 4.25]"
local R429 = "[rough_and_ready RP 4.29]"
local R515 = "[rough_and_ready RP 5.15]"
local R516 = "[rough_and_ready RP 5.16]"
local R653 = "[rough_and_ready RP 6.53]"
local R682 = "[rough_and_ready RP 6.82]"
local R69 = "[rough_and_ready RP 6.9]"

-- the map's terrain: the resaca hexes (the chart's `resaca` flag) and chaparral
local RESACA = { rc = true, rw = true }
local CHAPARRAL = "ch"

local function resaca(g, hex) return RESACA[g.terrain(hex)] == true end

-- The Detachments are the order of battle's regiment `Det` (Det-1 ... Det-5: the regiment
-- field, or the id before its last '-' as for squares).
local DETACHMENTS = "Det"

local function regiment(g, unit)
  local r = g.value(unit, "regiment")
  if r == nil or r == "" then r = unit:match("^(.*)%-[^-]*$") or unit end
  return r
end

local function detachment(g, unit)
  return g.kind(unit) ~= "leader" and regiment(g, unit) == DETACHMENTS
end

-- {====================================================================================
-- Arista Unaware [rough_and_ready RP 4.25]. The flag `arista_alert` is set once he is
-- Alert; `fire_or_shock` once either side has fired or shocked.
-- =====================================================================================

local function unaware(g) return g.flag("arista_alert") ~= true end

local function alert(g, how)
  g.set_flag("arista_alert", true)
  g.log(ARISTA .. " is Alert (" .. how .. "): his Leadership, his moves, and free "
    .. "activations of Canales and Torrejon are allowed from now on " .. R425)
end

-- While Unaware he lends no Leadership to a roll.
volley.on("activation.leadership", function(ctx)
  if ctx.oc == ARISTA and unaware(ctx.game) then
    ctx.usable, ctx.why = false, ARISTA .. " is Unaware: no Leadership " .. R425
  end
end, { kind = "modify" })

-- While Unaware he may not move.
volley.on("movement.cost", function(ctx)
  if ctx.unit == ARISTA and unaware(ctx.game) then ctx.query.ma = 0 end
end, { kind = "modify" })

-- While Unaware, Canales and Torrejon go only by die roll: never in an activation made
-- without one.
volley.on("activation.select", function(ctx)
  if ctx.mode == "roll" or not unaware(ctx.game) then return end
  local kept = {}
  for _, c in ipairs(ctx.options) do
    if BY_ROLL_ONLY[c] then
      ctx.reasons[c] = c .. " activates only by die roll while Arista is Unaware " .. R425
    else
      kept[#kept + 1] = c
    end
  end
  ctx.options = kept
end, { kind = "modify" })

-- The first fire or shock of the game, by either side, opens the alert roll.
local function fought(g)
  if g.flag("fire_or_shock") ~= true then g.set_flag("fire_or_shock", true) end
end
volley.on("fire.declared", function(ctx) fought(ctx.game) end, { kind = "modify" })
volley.on("shock.commitment", function(ctx) fought(ctx.game) end, { kind = "modify" })

-- The alert roll: the Mexican player, receiving play, may spend the free activation on a
-- d10 (7-9 alerts him), and then nominates a command and rolls for it whatever came up.
volley.on("play.received", function(ctx, default)
  local g = ctx.game
  if ctx.side ~= "MEX" or not unaware(g) or g.flag("fire_or_shock") ~= true
      or not g.hex(ARISTA) then
    return default(ctx)
  end
  local answer = g.ask("MEX", {
    kind = "arista_alert",
    prompt = "MEX receives play: roll to alert Arista (7-9) instead of a free activation, "
      .. "then roll for an activation? (alert/free)",
    options = { "alert", "free" },
    default = "free",
    rule = R425,
  })
  if answer ~= "alert" then return default(ctx) end
  local dr = g.roll("alert Arista", R425)
  if dr >= 7 then
    alert(g, "alert roll d10 " .. dr)
  else
    g.log("alert roll d10 " .. dr .. ": " .. ARISTA .. " is still Unaware, writing his "
      .. "memoirs; MEX rolls for an activation " .. R425)
  end
  return "roll"
end, { kind = "replace" })

-- A US unit moving within three hexes of him alerts him at once.
volley.on("movement.enter", function(ctx)
  local g = ctx.game
  if not unaware(g) or g.side(ctx.unit) ~= "US" then return end
  local at = g.hex(ARISTA) or ARISTA_HEX
  local d = g.distance(ctx.to, at)
  if d <= ALERT_RADIUS then
    alert(g, ctx.unit .. " entered " .. ctx.to .. ", " .. d .. " hexes from him")
  end
end)

-- }====================================================================================

-- {====================================================================================
-- The resacas [rough_and_ready RP 5.16, RP 6.17].
-- =====================================================================================

-- Guns on the high ground never fire down at an adjacent unit in a resaca; a firer out of
-- sight of a resaca (neither in nor beside one) is refused by the line of sight already.
volley.on("fire.target", function(ctx)
  local g = ctx.game
  if ctx.kind == "artillery" and ctx.range == 1 and resaca(g, ctx.target)
      and not resaca(g, ctx.from) then
    ctx.allowed = false
    ctx.why = "guns in " .. ctx.from .. " may not fire down at the adjacent resaca hex "
      .. ctx.target .. " " .. R516
  end
end, { kind = "modify" })

volley.on("fire.drm", function(ctx, mods)
  local g = ctx.game
  local from = g.hex(ctx.firers[1])
  -- a unit down in a resaca, fired on from above: -1 (none the other way)
  if from and resaca(g, ctx.target) and not resaca(g, from) then
    mods:add(-1, "target in a resaca, fired on from above", R516)
  end
  -- a Detachment firing: -2
  if ctx.kind == "small_arms" and detachment(g, ctx.firers[1]) then
    mods:add(-2, "Detachment firing", R69)
  end
  -- artillery at a hex whose only unit is a Detachment: -1
  if ctx.kind == "artillery" then
    local combat = {}
    for _, u in ipairs(g.stack(ctx.target)) do
      if g.kind(u) ~= "leader" and g.type(u) ~= "wagon" then combat[#combat + 1] = u end
    end
    if #combat == 1 and detachment(g, combat[1]) then
      mods:add(-1, "target is a Detachment alone", R69)
    end
  end
end, { kind = "modify" })

-- }====================================================================================

-- {====================================================================================
-- Hits, Rally and the chaparral [rough_and_ready RP 6.53, RP 6.82, RP 5.15].
-- =====================================================================================

-- A Mexican unit is eliminated when its Hits reach its Morale.
volley.on("hit.level", function(ctx)
  local g = ctx.game
  if g.side(ctx.unit) == "MEX" then
    local morale = g.value(ctx.unit, "morale")
    ctx.level = morale
    ctx.why = (g.marker(ctx.unit, "hits")) .. " Hits reach its Morale " .. morale .. ": a "
      .. "Mexican unit goes at its Hit level " .. R653
  end
end, { kind = "modify" })

volley.on("rally.eligible", function(ctx)
  local g = ctx.game
  local at = g.hex(ctx.unit)
  if at and g.terrain(at) == CHAPARRAL then
    ctx.allowed, ctx.why = false, ctx.unit .. " is in chaparral (" .. at .. "): no Rally " .. R682
  end
end, { kind = "modify" })

volley.on("movement.hit_roll", function(ctx)
  if detachment(ctx.game, ctx.unit) then
    ctx.roll, ctx.why = false, "a Detachment takes no chaparral Hit roll " .. R515
  end
end, { kind = "modify" })

-- }====================================================================================

-- {====================================================================================
-- The Mexican Detachments [rough_and_ready RP 6.9].
-- =====================================================================================

-- Activated as the guns are: by any activated leader within whose range they stand, never in
-- two Mexican activations running (the system's activation keeps that for the guns it offers).
volley.on("activation.pool", function(ctx)
  local g = ctx.game
  for _, u in ipairs(g.units{ side = ctx.side, where = "hex" }) do
    if detachment(g, u) then ctx.units[#ctx.units + 1] = u end
  end
  ctx.name = "Detachments"
end, { kind = "modify" })

-- They stack freely, even with other units.
volley.on("stacking.free", function(ctx)
  if detachment(ctx.game, ctx.unit) then ctx.free = true end
end, { kind = "modify" })

-- Activated by a leader in whose range they stand: In Command.
volley.on("command.status", function(ctx)
  if detachment(ctx.game, ctx.unit) then
    ctx.in_command, ctx.why = true, "a Detachment is activated by any leader within range "
      .. R69
  end
end, { kind = "modify" })

-- Never next to an enemy unit: every hex beside one is closed to it.
volley.on("movement.cost", function(ctx)
  local g = ctx.game
  if not detachment(g, ctx.unit) then return end
  local side = g.side(ctx.unit)
  local closed, list = {}, {}
  for _, e in ipairs(g.units{ side = g.enemy(side), where = "hex" }) do
    local at = g.hex(e)
    if at then
      for _, h in ipairs(g.neighbors(at)) do
        if not closed[h] then closed[h], list[#list + 1] = true, h end
      end
    end
  end
  table.sort(list)
  for _, h in ipairs(list) do
    ctx.query.prohibited[#ctx.query.prohibited + 1] = { at = h,
      why = "a Detachment may not move next to an enemy unit", rule = R69 }
  end
end, { kind = "modify" })

volley.on("shock.eligible", function(ctx)
  if detachment(ctx.game, ctx.unit) then
    ctx.allowed, ctx.why = false, ctx.unit .. " is a Detachment: it may not shock attack " .. R69
  end
end, { kind = "modify" })

-- Defending a shock, all Detachments: -2 to their own roll (digest A5: the defender's roll,
-- not the attacker's as the chart's list places it).
volley.on("shock.drm", function(ctx, mods)
  if ctx.role ~= "defender" or #ctx.defenders == 0 then return end
  for _, d in ipairs(ctx.defenders) do
    if not detachment(ctx.game, d) then return end
  end
  mods:add(-2, "Detachments defending", R69)
end, { kind = "modify" })

-- Rally absorption: a Detachment that began the activation stacked with a Mexican infantry
-- unit may be given up when that unit rallies: one Hit more comes off the infantry.
volley.on("activation.start", function(ctx)
  local g = ctx.game
  if ctx.side ~= "MEX" then return end
  local list = {}
  for _, d in ipairs(g.units{ side = "MEX", where = "hex" }) do
    if detachment(g, d) then list[#list + 1] = d .. "@" .. g.hex(d) end
  end
  g.set_flag("detachments_at_start", table.concat(list, " "))
end)

volley.on("rally.attempt", function(ctx, default)
  local done = default(ctx)
  local g = ctx.game
  local unit = ctx.unit
  local at = g.hex(unit)
  if not at or g.side(unit) ~= "MEX" or g.type(unit) ~= "infantry" or detachment(g, unit)
      or g.marker(unit, "hits") < 1 then
    return done
  end
  local offered = {}
  for entry in tostring(g.flag("detachments_at_start") or ""):gmatch("%S+") do
    local d, hex = entry:match("^(.-)@(.+)$")
    if d and hex == at and g.hex(d) == at then offered[#offered + 1] = d end
  end
  if #offered == 0 then return done end
  offered[#offered + 1] = "no"
  local answer = g.ask("MEX", {
    kind = "detachment_rally",
    prompt = unit .. " rallies: give up a Detachment stacked with it since the activation "
      .. "began to take one more Hit off it? (a Detachment, or no)",
    options = offered,
    default = "no",
    rule = R69,
  })
  if answer ~= "no" then
    g.remove_hit(unit, answer .. " given up to the Rally " .. R69)
    g.withdraw(answer, "given up to " .. unit .. "'s Rally " .. R69)
  end
  return done
end, { kind = "replace" })

-- }====================================================================================

-- {====================================================================================
-- The US Detachment leader [rough_and_ready RP 4.29]: the order of battle's leader USDet.
-- Assigned once, for good, to one regiment's units that are In Command
-- (asked at the start of a US activation whose command has such units, until he is); he
-- never activates a command (not a candidate); his units are In Command within his range as
-- well as their own leader's; he moves when they do (asked after one of them moves: he may
-- join it, as a leader of the activated command would move).
-- =====================================================================================

local DETACHMENT_LEADER = "USDet"

local function det_leader(g)
  for _, u in ipairs(g.units{ side = "US", type = "leader" }) do
    if u == DETACHMENT_LEADER then return u end
  end
  return nil
end

local function assigned(g)
  local out = {}
  for u in tostring(g.flag("detachment_leader_units") or ""):gmatch("%S+") do
    out[#out + 1] = u
  end
  return out
end

local function is_assigned(g, unit)
  for _, u in ipairs(assigned(g)) do
    if u == unit then return true end
  end
  return false
end

-- He is never a candidate: his own command (if the order of battle gives him one) is not.
volley.on("activation.select", function(ctx)
  local g = ctx.game
  local dl = det_leader(g)
  if not dl then return end
  local own = g.unit(dl).command
  local kept = {}
  for _, c in ipairs(ctx.options) do
    if c == own and c ~= "US" then
      ctx.reasons[c] = dl .. " is the Detachment leader: he is never used for activation " .. R429
    else
      kept[#kept + 1] = c
    end
  end
  ctx.options = kept
end, { kind = "modify" })

volley.on("activation.start", function(ctx)
  local g = ctx.game
  if ctx.side ~= "US" or ctx.kind ~= "command" then return end
  local dl = det_leader(g)
  if not dl or not g.hex(dl) or #assigned(g) > 0 then return end
  -- the regiments of the command with units In Command now, and their units In Command
  local regs, order = {}, {}
  for _, u in ipairs(ctx.units) do
    if g.type(u) == "infantry" and g.marker(u, "out_of_command") == 0 and g.hex(u) then
      local r = regiment(g, u)
      if not regs[r] then regs[r], order[#order + 1] = {}, r end
      table.insert(regs[r], u)
    end
  end
  if #order == 0 then return end
  table.sort(order)
  local options = {}
  for _, r in ipairs(order) do options[#options + 1] = r end
  options[#options + 1] = "later"
  local answer = g.ask("US", {
    kind = "detachment_leader",
    prompt = "Assign " .. dl .. " for good to a regiment's units In Command now (a regiment), "
      .. "or later",
    options = options,
    default = "later",
    rule = R429,
  })
  if answer == "later" then return end
  local units = regs[answer]
  table.sort(units)
  g.set_flag("detachment_leader_units", table.concat(units, " "))
  g.log(dl .. " is assigned for good to " .. table.concat(units, ", ") .. " " .. R429)
end)

-- His units are In Command within his range too.
volley.on("command.status", function(ctx)
  local g = ctx.game
  if ctx.in_command or not is_assigned(g, ctx.unit) then return end
  local dl = det_leader(g)
  if not dl or not g.hex(dl) or not g.hex(ctx.unit) then return end
  local ok, why = g.within_range(dl, ctx.unit)
  if ok then
    ctx.in_command = true
    ctx.why = why .. ": " .. dl .. " is the Detachment leader " .. R429
  end
end, { kind = "modify" })

-- He goes with his units: when one of them ends a move, he may join it if it is within his
-- MA of him (once an activation).
volley.on("movement.end", function(ctx)
  local g = ctx.game
  if not is_assigned(g, ctx.unit) then return end
  local dl = det_leader(g)
  local lat = dl and g.hex(dl)
  local n = g.now().activation
  if not lat or lat == ctx.hex or g.flag("detachment_leader_moved") == n then return end
  if g.distance(lat, ctx.hex) > g.value(dl, "ma") then return end
  local answer = g.ask("US", {
    kind = "detachment_leader_move",
    prompt = dl .. " goes with his units: join " .. ctx.unit .. " in " .. ctx.hex .. "? (yes/no)",
    options = { "yes", "no" },
    default = "no",
    rule = R429,
  })
  if answer == "yes" then
    g.set_flag("detachment_leader_moved", n)
    g.move(dl, ctx.hex, "goes with his units " .. R429)
  end
end)

-- }====================================================================================

-- {====================================================================================
-- Battle Lost points the schedule of scenario.ini cannot say [rough_and_ready RP 8.0]: a
-- single point once two or more Detachments are eliminated; no point for a Disordered
-- Detachment (the schedule's bl_disordered counted it: taken back here); two points at the
-- end of each activation, either side's, in which a US unit stands on the road from 5814 to
-- 7020 (the map's road.matamoros; from 5806 by road.east when the US came in by 4408, the
-- flag `us_entry` of the variable set-up), kept in the flag `road_bl` (digest A32: they
-- accrue, one award an activation whatever the number of hexes).
-- =====================================================================================

local R80 = "[rough_and_ready RP 8.0]"
local ROAD = { "5814", "5914", "6015", "6115", "6216", "6316", "6417", "6517", "6618", "6718",
               "6819", "6919", "7020" }
local ROAD_4408 = { "5806", "5807", "5808", "5809", "5810", "5811", "5812", "5813" }

local function on_road(g)
  local hexes = {}
  for _, h in ipairs(ROAD) do hexes[#hexes + 1] = h end
  if g.flag("us_entry") == "4408" then
    for _, h in ipairs(ROAD_4408) do hexes[#hexes + 1] = h end
  end
  for _, h in ipairs(hexes) do
    for _, u in ipairs(g.stack(h)) do
      if g.side(u) == "US" and g.kind(u) ~= "leader" then return h, u end
    end
  end
  return nil
end

volley.on("activation.end", function(ctx)
  local g = ctx.game
  local h, u = on_road(g)
  if h then
    local total = (g.flag("road_bl") or 0) + 2
    g.set_flag("road_bl", total)
    g.log(u .. " holds the road at " .. h .. " at the end of the activation: MEX incurs 2 BL "
      .. "(" .. total .. " so far) " .. R80)
  end
end)

volley.on("victory.bl", function(ctx, mods)
  local g = ctx.game
  if ctx.side ~= "MEX" then return end
  local gone, disordered = 0, 0
  for _, u in ipairs(g.units{ side = "MEX" }) do
    if detachment(g, u) then
      local where = g.where(u)
      if where == "eliminated" then
        gone = gone + 1
      elseif where == "hex" and g.marker(u, "disordered") > 0 then
        disordered = disordered + 1
      end
    end
  end
  if gone >= 2 then mods:add(1, gone .. " Detachments eliminated (two or more)", R80) end
  if disordered > 0 then
    mods:add(-disordered, disordered .. " Disordered Detachments do not count", R80)
  end
  local road = g.flag("road_bl") or 0
  if road > 0 then mods:add(road, "US units on the road, 2 an activation", R80) end
end, { kind = "modify" })

-- }====================================================================================
