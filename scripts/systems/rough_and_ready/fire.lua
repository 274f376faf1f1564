--- Fire [rough_and_ready 6.1-6.18, 6.2]: small-arms fire, the fire procedure both kinds share
-- (declaration, return fire resolved simultaneously, results), and movement reaction fire
-- [rough_and_ready 6.14]. Artillery's own tables and results are in artillery.lua; Hits and
-- Disorder in hits.lua; fronts, range and line of sight in sight.lua.
--
-- The procedures take explicit arguments (the game, the firers, the target hex) so that the
-- actions step and the specs call them alike. What each unit has done in the activation
-- under way is kept in `game.vars.fire`: `fired` (activated fire, once
-- [rough_and_ready 6.12]), `returned` and `reacted` (each reaction once per enemy activation
-- [rough_and_ready 6.14], digest A41); `reset` clears it.
-- @module systems.rough_and_ready.fire

local modifiers = require "volley.modifiers"
local sight = require "systems.rough_and_ready.sight"
local hits = require "systems.rough_and_ready.hits"
local artillery = require "systems.rough_and_ready.artillery"
local command = require "systems.rough_and_ready.command"
local script_api = require "systems.rough_and_ready.script_api"
local stacking = require "systems.rough_and_ready.stacking"
local refusal = require "systems.rough_and_ready.refusal"

local M = {}

M.R614 = "[rough_and_ready 6.14]"
M.R615 = "[rough_and_ready 6.15]"
M.R617 = "[rough_and_ready 6.17]"

M.MEXICAN = artillery.MEXICAN

--- Small-arms range [rough_and_ready 6.11].
M.RANGE = 2

--- The Fire DRM of the target hex's terrain (Terrain Effects Chart, column "Fire DRM", note
-- a: it applies to the target hex), by terrain code of charts/rough_and_ready/terrain.ini.
M.TERRAIN_DRM = { ch = -1, h = -1 }

local contains = require("volley.list").contains

--- Every non-empty subset of a list, smaller sets first, then in the list's order (as
-- shock.options orders its sets): the sets of guns of a hex that may combine
-- [rough_and_ready 6.22].
-- @tparam {string,...} list
-- @treturn {{string,...},...}
function M.subsets(list)
  local n, all = #list, 1
  for _ = 1, n do all = all * 2 end
  local sets = {}
  for mask = 1, all - 1 do
    local set, m = {}, mask
    for i = 1, n do
      if m % 2 == 1 then set[#set + 1] = i end
      m = math.floor(m / 2)
    end
    sets[#sets + 1] = set
  end
  table.sort(sets, function(a, b)
    if #a ~= #b then return #a < #b end
    for i = 1, #a do
      if a[i] ~= b[i] then return a[i] < b[i] end
    end
    return false
  end)
  local out = {}
  for k, set in ipairs(sets) do
    local s = {}
    for i, x in ipairs(set) do s[i] = list[x] end
    out[k] = s
  end
  return out
end

--- The modifiers of a roll record as text: ` -1 (label) -2 (label)`.
function M.mods_text(list)
  local parts = {}
  for _, m in ipairs(list or {}) do
    parts[#parts + 1] = string.format(" %+d (%s)", m.value, m.label)
  end
  return table.concat(parts)
end

-- {====================================================================================
-- What each unit has done this activation [rough_and_ready 6.12, 6.14].
-- =====================================================================================

--- Whether a unit is in the list `what` ("fired", "returned", "reacted") of the activation.
function M.used(game, what, unit)
  return contains(game.vars:get("fire", what), unit)
end

local function mark(game, what, unit)
  local f = game.vars.fire or {}
  local list = f[what] or {}
  list[#list + 1] = unit
  f[what] = list
  game.vars.fire = f
end

--- Forgets what the units did (at the start and end of each activation).
function M.reset(game)
  game.vars.fire = nil
end

local function moved(game, unit)
  return contains(game.vars.moved, unit)
end

-- }====================================================================================

-- {====================================================================================
-- Small arms [rough_and_ready 6.11-6.18].
-- =====================================================================================

--- The Fire DRM of a target hex's terrain (TEC note a), added to `mods`.
function M.terrain_drm(game, hex, mods)
  local code = game.map:terrain(hex)
  local d = M.TERRAIN_DRM[code]
  if d and d ~= 0 then
    local t = game.map:terrain_type(code, "hex")
    mods:add(d, "target in " .. (t and t.name or code), "[rough_and_ready TEC]")
  end
end

--- Whether a unit may use small-arms fire now, and why not [rough_and_ready 5.24, 6.11,
-- 6.13]: an infantry or cavalry unit on the map, facing, the top unit of its hex (every unit
-- of a Square [rough_and_ready 5.43]), not a Lancer.
-- @treturn boolean
-- @treturn ?string why not
function M.may_fire(game, unit)
  local info = game:unit_info(unit)
  local at = command.on_map(game, unit)
  if not at then return false, refusal.plain(unit .. " is not on the map") end
  if info.type == "wagon" then
    return false, refusal.say("7.0", unit .. " is a wagon: wagons never fire")
  end
  if info.type ~= "infantry" and info.type ~= "cavalry" then
    return false, refusal.say("6.11", unit .. " is not infantry or cavalry: no small arms")
  end
  if game.store:get(unit, "lancer") then
    return false, refusal.say("6.13", unit .. " is Lancer cavalry: it may not fire")
  end
  if game.store:facing(unit) == nil then
    return false, refusal.say("5.33", unit .. " has no facing: it fires only through its front")
  end
  if sight.top(game, at) ~= unit and not sight.in_square(game, unit) then
    return false, refusal.say("5.24", unit .. " is not the top unit of " .. at .. ": only the "
      .. "top unit fires")
  end
  return true
end

--- The small-arms range of a unit [rough_and_ready 6.11]: this constant, or what a battle's
-- `fire.range` handlers make it (RS's rifles reach 3 hexes [rough_and_ready RS 6.14]; their
-- modifiers are the battle's `fire.drm`).
function M.range(game, unit)
  local hooks = game.hooks
  local hs = hooks and hooks.handlers and hooks.handlers["fire.range"]
  if hs == nil or #hs == 0 then return M.RANGE end
  local ctx = require("systems.rough_and_ready.script_api").ctx(game,
    { unit = unit, range = M.RANGE })
  hooks:modify("fire.range", ctx, nil)
  local r = ctx.range
  if type(r) ~= "number" or r ~= math.floor(r) or r < 1 or r > 99 then
    error("fire.range: a handler made " .. unit .. "'s range " .. tostring(r)
      .. " (a whole number 1-99 expected)", 0)
  end
  return r
end

--- The hexes a unit may fire at with small arms [rough_and_ready 6.11, 6.18], label order.
function M.targets(game, unit)
  if not M.may_fire(game, unit) then return {} end
  local out = {}
  for _, h in ipairs(sight.targets(game, unit, M.range(game, unit))) do
    -- not at the cavalry that withdrew from it [rough_and_ready 6.47]
    if not require("systems.rough_and_ready.withdrawal").fire_refusal(game, { unit }, h) then
      out[#out + 1] = h
    end
  end
  return out
end

--- Why a unit may not fire small arms at a hex, or nil when it may.
function M.refusal(game, unit, hex)
  local ok, why = M.may_fire(game, unit)
  if not ok then return why end
  local at = command.on_map(game, unit)
  local side = game:unit_info(unit).side
  if game.store:count(hex, { enemy_of = side, class = "combat" }) == 0 then
    return refusal.say("6.11", hex .. " holds no enemy combat unit")
  end
  local range = M.range(game, unit)
  if sight.distance(game, at, hex) > range then
    return refusal.say("6.11", hex .. " is " .. sight.distance(game, at, hex) .. " hexes from "
      .. at .. " (small arms reach " .. range .. ")")
  end
  if not sight.in_front(game, unit, hex, range) then
    return refusal.say("5.33", hex .. " is not in " .. unit .. "'s front")
  end
  local clear, lwhy = sight.clear(game, at, hex)
  if not clear then return lwhy end
  return sight.target_refusal(game, { unit }, at, hex)
end

--- The small-arms DRM list [rough_and_ready 6.15, 6.63]: Disordered firer -1 [6.63],
-- Mexican infantry -1 and Mexican cavalry -2, mounted US cavalry -1, range 2 -2 (the chart's
-- list printed with [6.15]), the target hex's terrain (TEC note a); then the battle's
-- `fire.drm` handlers.
-- @treturn volley.modifiers
-- @treturn integer the range
function M.drm(game, unit, hex)
  local mods = modifiers.new()
  local info = game:unit_info(unit)
  local range = sight.distance(game, command.on_map(game, unit), hex)
  if hits.disordered(game, unit) then
    mods:add(-1, "Disordered unit firing", "[rough_and_ready 6.63]")
  end
  if info.side == M.MEXICAN and info.type == "infantry" then
    mods:add(-1, "Mexican infantry firing", M.R615)
  elseif info.side == M.MEXICAN and info.type == "cavalry" then
    mods:add(-2, "Mexican cavalry firing", M.R615)
  elseif info.type == "cavalry" then
    mods:add(-1, "mounted US cavalry firing", M.R615)
  end
  if range >= 2 then
    mods:add(-2, "firing at " .. range .. " hexes range", M.R615)
  end
  M.terrain_drm(game, hex, mods)
  game.hooks:modify("fire.drm", script_api.ctx(game, { firers = { unit }, target = hex,
                                  kind = "small_arms", range = range }), mods)
  return mods, range
end

--- Rolls a unit's small-arms fire at a hex (the roll only; `apply` applies it). The unit hit
-- is the hex's top unit now [rough_and_ready 6.17], or `unit_hit` (movement reaction fire:
-- the mover).
-- @treturn table `{kind = "small_arms", firers, target, unit, result, record, range}`
function M.roll(game, unit, hex, unit_hit)
  local mods, range = M.drm(game, unit, hex)
  local result, record = game:chart_roll("small_arms_fire", mods, unit .. " fires at " .. hex,
    M.R615)
  local victim = unit_hit or sight.top(game, hex)
  game:log(string.format("%s fires at %s in %s (range %d): d10 %d%s = %d: %s %s", unit, victim,
    hex, range, record.natural, M.mods_text(record.modifiers), record.total,
    (tostring(record.result):gsub("%.$", "")), M.R615))
  return { kind = "small_arms", firers = { unit }, target = hex, unit = victim,
           result = result, record = record, range = range }
end

--- Applies a small-arms result: its Hits on the one unit [rough_and_ready 6.16, 6.17] (a
-- Disorder each on artillery [rough_and_ready 6.52]).
function M.apply_small_arms(game, shot)
  local n = shot.result.hits or 0
  if n > 0 and command.on_map(game, shot.unit) then
    hits.small_arms(game, shot.unit, n, "small-arms fire from " .. shot.firers[1] .. " "
      .. "[rough_and_ready 6.16]")
  end
end

-- }====================================================================================

-- {====================================================================================
-- The fire procedure [rough_and_ready 6.12, 6.14, 6.15, 6.22, 6.24].
-- =====================================================================================

--- Why a group of firers may not fire at a hex, or nil when they may: one unit with small
-- arms, or one or more guns of one hex combining [rough_and_ready 6.22]; activated fire
-- once [rough_and_ready 6.12]; guns move or fire [rough_and_ready 6.25].
-- @tparam {string,...} firers
-- @tparam string hex
-- @tparam table opts `{activated = true}`: activated fire (checked against `fired` and
--   `moved`)
function M.check(game, firers, hex, opts)
  opts = opts or {}
  if #firers == 0 then return refusal.plain("no firer") end
  local guns = artillery.is_guns(game, firers)
  if not guns and #firers > 1 then
    return refusal.say("6.15", "small-arms units never combine: each fires on its own")
  end
  local at = command.on_map(game, firers[1])
  for _, f in ipairs(firers) do
    if command.on_map(game, f) ~= at then
      return refusal.say("6.22", "only the guns of one hex combine")
    end
    if opts.activated and M.used(game, "fired", f) then
      return refusal.say("6.12", f .. " has fired this activation (once only)")
    end
    local only = opts.activated and command.moves_only_why(game, f, "fire")   -- [PA note d]
    if only then return only end
    if contains(game.vars.counter_charged, f) then
      return refusal.say("6.46", f .. " counter-charged this activation: it may not fire")
    end
    if game.store:marker(f, "out_of_ammo") > 0 then
      -- the marker of Palo Alto's option Mexican Ammunition Problems, the one rule that sets it
      return refusal.say("PA-Opt1", f .. " is out of ammunition for the rest of the battle")
    end
    if guns and opts.activated and moved(game, f) and not artillery.may_move_and_fire(game, f)
        then
      return refusal.say("6.25", f .. " has moved this activation: artillery moves or fires")
    end
  end
  -- a withdrawn cavalry unit and its mover do not fire at each other [rough_and_ready 6.47]
  local wwhy = require("systems.rough_and_ready.withdrawal").fire_refusal(game, firers, hex)
  if wwhy then return wwhy end
  if not guns then return M.refusal(game, firers[1], hex) end
  for _, g in ipairs(firers) do
    if game.store:facing(g) == nil then return refusal.say("5.33", g .. " has no facing") end
  end
  local side = game:unit_info(firers[1]).side
  if game.store:count(hex, { enemy_of = side, class = "combat" }) == 0 then
    return refusal.say("6.11", hex .. " holds no enemy combat unit")
  end
  local d = sight.distance(game, at, hex)
  local _, why = artillery.range_drm(game, firers, d)
  if why then return why end
  for _, g in ipairs(firers) do
    if not sight.in_front(game, g, hex, d) then
      return refusal.say("5.33", hex .. " is not in " .. g .. "'s front")
    end
  end
  local clear, lwhy = sight.clear(game, at, hex)
  if not clear then return lwhy end
  return sight.target_refusal(game, firers, at, hex)
end

--- The modify handlers of `fire.declared` (PA's ammunition check): they may take firers out
-- of ctx.firers, saying why in ctx.why. Returns the firers left, in their order (a fire with
-- none left is not made; the units taken out have still used their fire).
-- @tparam ?string reaction nil (activated fire), "return" or "movement"
function M.declare(game, firers, hex, reaction)
  local kind = artillery.is_guns(game, firers) and "artillery" or "small_arms"
  local list = {}
  for i, f in ipairs(firers) do list[i] = f end
  local ctx = script_api.ctx(game, { firers = list, target = hex, kind = kind,
                                     reaction = reaction })
  game.hooks:modify("fire.declared", ctx, nil)
  local kept = {}
  for _, f in ipairs(firers) do
    if contains(ctx.firers, f) then kept[#kept + 1] = f end
  end
  if #kept < #firers then
    game:log(string.format("%s: %s", table.concat(firers, "+"),
      #kept == 0 and ("no fire (" .. tostring(ctx.why or "refused") .. ")")
        or ("fires with " .. table.concat(kept, "+") .. " (" .. tostring(ctx.why) .. ")")))
  end
  return kept
end

-- Rolls one fire of either kind.
local function roll(game, firers, hex, unit_hit)
  if artillery.is_guns(game, firers) then return artillery.roll(game, firers, hex) end
  return M.roll(game, firers[1], hex, unit_hit)
end

-- Applies one fire of either kind, then the point `fire.resolved`.
local function apply(game, shot)
  if shot.kind == "artillery" then
    artillery.apply(game, shot)
    require("systems.rough_and_ready.wagons").fired_on(game, shot)   -- [rough_and_ready 7.0]
  else
    M.apply_small_arms(game, shot)
  end
  game.hooks:fire("fire.resolved", script_api.ctx(game, { firers = shot.firers,
    target = shot.target, kind = shot.kind, natural = shot.record.natural,
    total = shot.record.total, result = shot.record.result, range = shot.range }))
end

--- Whether `unit` may fire alone at `hex` (small arms, or one gun), as a reaction.
local function may_react_at(game, unit, hex)
  return M.check(game, { unit }, hex) == nil
end

--- The units that may return fire against a fire at `hex` from `firers`
-- [rough_and_ready 6.14]: the units fired at (the top unit against small arms
-- [rough_and_ready 6.17], each unit of its square when the top unit is in Square
-- [rough_and_ready 5.43], every unit of the hex against artillery [rough_and_ready 6.24])
-- that are not of the firing side, have not returned fire this activation, and can fire back
-- at the firers' hex alone (facing, range, line of sight); in stack order.
function M.returners(game, firers, hex)
  local from = command.on_map(game, firers[1])
  local side = game:unit_info(firers[1]).side
  local targets
  if artillery.is_guns(game, firers) then
    targets = sight.combat_units(game, hex)
  else
    targets = { sight.top(game, hex) }
    -- a square: each of its units fires [rough_and_ready 5.43], the Hits stay the top unit's
    if sight.in_square(game, targets[1]) then targets = stacking.firers(game, hex) end
  end
  local out = {}
  for _, u in ipairs(targets) do
    if game:unit_info(u).side ~= side and not M.used(game, "returned", u)
        and may_react_at(game, u, from) then
      out[#out + 1] = u
    end
  end
  return out
end

-- Whether a unit is a gun.
local function is_gun(game, unit)
  return game:unit_info(unit).classes.artillery == true
end

-- Which of the guns that return fire together at `from` combine [rough_and_ready 6.22]
-- (docs/rulings, 6.22): with two or more of them, their side is asked `combine`: a set of
-- two or more of them that may fire together (`<g1>+<g2>`, fire.subsets' order), or `each`
-- (the rest fire each alone); asked again for the guns left while two or more are. Returns
-- the fires: each a list of firers, the other returning units alone, in `back`'s order,
-- then the sets chosen, then the guns left alone.
local function return_groups(game, back, from)
  local guns, groups = {}, {}
  for _, u in ipairs(back) do
    if is_gun(game, u) then guns[#guns + 1] = u else groups[#groups + 1] = { u } end
  end
  local left = guns
  while #left >= 2 do
    local opts = {}
    for _, set in ipairs(M.subsets(left)) do
      if #set >= 2 and M.check(game, set, from) == nil then
        opts[#opts + 1] = table.concat(set, "+")
      end
    end
    if #opts == 0 then break end
    local default = opts[#opts]
    opts[#opts + 1] = "each"
    local a = game:ask(game:unit_info(left[1]).side, { kind = "combine",
      prompt = string.format("%s return fire at %s: which of them combine (<gun>+<gun>...), "
        .. "or each (the rest fire each alone)", table.concat(left, ", "), from),
      options = opts, default = default, rule = "[rough_and_ready 6.14, 6.22]",
      tell = require("systems.rough_and_ready.advice").combine_teller(game, left, from) })
    if a == "each" then break end
    local set, rest = {}, {}
    for x in a:gmatch("[^+]+") do set[#set + 1] = x end
    for _, g in ipairs(left) do
      if not contains(set, g) then rest[#rest + 1] = g end
    end
    groups[#groups + 1] = set
    game:log(table.concat(set, " and ") .. " combine their return fire at " .. from .. " "
      .. artillery.R622)
    left = rest
  end
  for _, g in ipairs(left) do groups[#groups + 1] = { g } end
  return groups
end

--- Fires: `firers` (one unit, or guns of one hex combining) at `hex`. Declared (the point
-- `fire.declared`), each unit fired at may return fire at the firers' hex (request
-- `return_fire`, `yes` or `no`; the point `fire.return` may answer instead), then every fire
-- is rolled before any result is applied: the fires are simultaneous [rough_and_ready 6.14].
-- @tparam table opts `{activated = true}` for an activated unit's fire (once
--   [rough_and_ready 6.12]); `{reaction = true}`: a reaction fire, which draws no return fire
-- @treturn {table,...} the shots, the firers' first
-- @raise when the fire is illegal (the caller offers only legal fires)
function M.fire(game, firers, hex, opts)
  opts = opts or {}
  local why = M.check(game, firers, hex, opts)
  if why then error("illegal fire: " .. why, 0) end
  local kind = artillery.is_guns(game, firers) and "artillery" or "small_arms"
  game.hooks:fire("fire.declared", { firers = firers, target = hex, kind = kind })
  for _, f in ipairs(firers) do
    if opts.activated then mark(game, "fired", f) end
  end
  firers = M.declare(game, firers, hex, opts.reaction and "movement" or nil)
  if #firers == 0 then return {} end
  local from = command.on_map(game, firers[1])
  local back = {}
  if not opts.reaction then
    for _, u in ipairs(M.returners(game, firers, hex)) do
      local side = game:unit_info(u).side
      local answer = game.hooks:replace("fire.return", { unit = u, firer = firers[1] },
        function()
          return game:ask(side, {
            kind = "return_fire",
            prompt = string.format("%s is fired on from %s: fire back? (yes/no)", u, from),
            options = { "yes", "no" },
            default = "yes",
            rule = M.R614,
            tell = require("systems.rough_and_ready.advice").return_teller(game, u, from),
          })
        end)
      if answer == "yes" or answer == true then
        mark(game, "returned", u)
        if #M.declare(game, { u }, from, "return") > 0 then
          back[#back + 1] = u
          game:log(u .. " returns fire at " .. from .. " " .. M.R614)
        end
      end
    end
  end
  local shots = { roll(game, firers, hex, opts.unit_hit) }
  for _, group in ipairs(return_groups(game, back, from)) do
    shots[#shots + 1] = roll(game, group, from)
  end
  for _, s in ipairs(shots) do apply(game, s) end
  return shots
end

-- The guns that fire with `gun`, which has just chosen movement reaction fire at `mover` in
-- `hex` [rough_and_ready 6.14]: the guns of its hex may combine [rough_and_ready 6.22]
-- (docs/rulings, 6.22). The guns of its hex among `cands` not asked yet, that may react and
-- fire at `hex` with it, are offered to its side (`combine`): each set of them, written with
-- `gun` first (`<gun>+<g2>...`, fire.subsets' order), or `alone`. A gun left out is asked on
-- its own later, as before. Returns the fire's guns, `gun` first.
local function reaction_group(game, side, gun, cands, asked, mover, hex)
  if not is_gun(game, gun) then return { gun } end
  local at = command.on_map(game, gun)
  local mates = {}
  for _, v in ipairs(cands) do
    if v ~= gun and not asked[v] and is_gun(game, v) and command.on_map(game, v) == at
        and not hits.disordered(game, v) and not M.used(game, "reacted", v)
        and may_react_at(game, v, hex) then
      mates[#mates + 1] = v
    end
  end
  if #mates == 0 then return { gun } end
  local opts = {}
  for _, set in ipairs(M.subsets(mates)) do
    local group = { gun }
    for _, v in ipairs(set) do group[#group + 1] = v end
    if M.check(game, group, hex) == nil then opts[#opts + 1] = table.concat(group, "+") end
  end
  if #opts == 0 then return { gun } end
  local default = opts[#opts]
  opts[#opts + 1] = "alone"
  local a = game:ask(side, { kind = "combine",
    prompt = string.format("%s fires at %s in %s: which guns of %s fire with it "
      .. "(<gun>+<gun>...), or alone", gun, mover, hex, at),
    options = opts, default = default, rule = "[rough_and_ready 6.14, 6.22]",
    tell = require("systems.rough_and_ready.advice").combine_teller(game, { gun }, hex) })
  if a == "alone" then return { gun } end
  local group = {}
  for x in a:gmatch("[^+]+") do group[#group + 1] = x end
  return group
end

--- Movement reaction fire [rough_and_ready 6.14]: an enemy unit has moved into `hex`, the
-- front hex of some of `side`'s units (it did not start there: the caller fires this only for
-- a unit that entered it). Each of them that may fire at it alone, is not Disordered
-- [rough_and_ready 6.14, 6.62] and has not used movement reaction fire in this activation is
-- asked (`reaction_fire`, `yes` or `no`); each fire hits the mover (digest: the fire is at the
-- unit that moved in) and draws no return fire.
-- The same fire meets a charger in the shock step before it enters its target
-- [rough_and_ready 6.43] (charge.pre_entry_fire): `target` names that hex for the prompt.
-- @tparam string mover
-- @tparam string hex where it stands now
-- @tparam[opt] string target the hex a charger is about to enter
-- @treturn {table,...} the shots
function M.movement_reaction(game, mover, hex, target)
  local side = game:enemy(game:unit_info(mover).side)
  local shots = {}
  local cands = {}
  for _, u in ipairs(game.store:units{ side = side, class = "combat" }) do
    local at = command.on_map(game, u)
    if at and sight.distance(game, at, hex) == 1 and game.store:facing(u) ~= nil
        and game.store:arc(u, hex) == "front" then
      cands[#cands + 1] = u
    end
  end
  local asked = {}      -- the guns that fired with a gun of their hex asked before them
  for _, u in ipairs(cands) do
    if not asked[u] and not hits.disordered(game, u) and not M.used(game, "reacted", u)
        and command.on_map(game, mover) == hex and may_react_at(game, u, hex) then
      asked[u] = true
      local answer = game:ask(side, {
        kind = "reaction_fire",
        prompt = target and string.format("%s charges from %s into %s, in %s's front: fire at "
          .. "it before it enters? (yes/no)", mover, hex, target, u)
          or string.format("%s moved into %s, in %s's front: fire at it? (yes/no)", mover,
          hex, u),
        options = { "yes", "no" },
        default = "yes",
        rule = target and "[rough_and_ready 6.14, 6.43]" or M.R614,
        tell = require("systems.rough_and_ready.advice").reaction_teller(game, u, mover, hex),
      })
      if answer == "yes" then
        local group = reaction_group(game, side, u, cands, asked, mover, hex)
        for _, g in ipairs(group) do
          mark(game, "reacted", g)
          asked[g] = true
        end
        game:log(table.concat(group, " and ") .. (#group == 1 and " uses" or " use")
          .. " movement reaction fire at " .. mover .. " " .. M.R614)
        local s = M.fire(game, group, hex, { reaction = true, unit_hit = mover })
        shots[#shots + 1] = s[1]
      end
    elseif not asked[u] and hits.disordered(game, u) then
      game:log(u .. " is Disordered: no movement reaction fire [rough_and_ready 6.62]")
    end
  end
  return shots
end

-- }====================================================================================

return M
