--- A trusted module the Resaca de la Palma rules spec loads inside an engine-owned state (the
-- sandbox loads battle scripts only there): each function opens Resaca de la Palma with units
-- placed by hand on the battle's own map, loads the battle's scripts as `volley play` does
-- (volley.session.load_script), runs one case with forced dice through the system's
-- procedures and requests, and returns what happened as plain data.
local battle_case = require "battle_case"
local ask = require "volley.ask"
local fire = require "systems.rough_and_ready.fire"
local artillery = require "systems.rough_and_ready.artillery"
local hits = require "systems.rough_and_ready.hits"
local movement = require "systems.rough_and_ready.movement"
local activation = require "systems.rough_and_ready.activation"
local rally = require "systems.rough_and_ready.rally"
local shock = require "systems.rough_and_ready.shock"
local stacking = require "systems.rough_and_ready.stacking"
local command = require "systems.rough_and_ready.command"
local victory = require "systems.rough_and_ready.victory"

local H = {}

local ID = "rough-and-ready/resaca-de-la-palma"

-- Resaca with every unit set aside, then `at` placed (`facing` by unit); the scripts of
-- `scripts` loaded (default: rules.lua alone).
local function open(at, scripts, facing)
  return (battle_case.open(ID, { at = at, set_aside = true, facing = facing,
                                 scripts = scripts or { "rules.lua" }, rr_vars = true }))
end

local lines = battle_case.lines

-- Runs `fn` as the game's coroutine, answering its requests from `answers` in order
-- (`battle_case.drive`; the first argument, the game, unused).
local function drive(_, fn, answers, with_options)
  return battle_case.drive(fn, answers, with_options)
end

-- {====================================================================================
-- The resacas [rough_and_ready RP 5.16, RP 6.17]: T-RR-08a-c.
-- =====================================================================================

function H.resaca_guns()
  -- Guns in 5417 (high ground beside the resaca hexes 5516 and 5517), a Mexican unit in the
  -- resaca at 5717 three hexes off, another in the adjacent resaca hex 5517; guns in 5317,
  -- beside no resaca hex, face the same way.
  local g = open({ ["C3US-1"] = "5417", ["A2US-1"] = "5317", ["4L-1"] = "5717",
                   ["4L-2"] = "5517" }, nil,
    { ["C3US-1"] = "NE/SE", ["A2US-1"] = "NE/SE", ["4L-1"] = "SW/NW", ["4L-2"] = "SW/NW" })
  local r = {}
  r.resaca = { ["5717"] = g.map:terrain("5717"), ["5517"] = g.map:terrain("5517"),
               ["5417"] = g.map:terrain("5417"), ["5317"] = g.map:terrain("5317") }
  r.a_5717 = fire.check(g, { "C3US-1" }, "5717") or "legal"
  r.b_5517 = fire.check(g, { "C3US-1" }, "5517") or "legal"
  r.c_5717 = fire.check(g, { "A2US-1" }, "5717") or "legal"
  r.c_5517 = fire.check(g, { "A2US-1" }, "5517") or "legal"
  r.offered_5417 = artillery.targets(g, { "C3US-1" })
  r.offered_5317 = artillery.targets(g, { "A2US-1" })
  -- the -1 of a unit in a resaca fired on from above, in the DRM list
  local mods = artillery.drm(g, { "C3US-1" }, "5717")
  r.drm = {}
  for _, m in ipairs(mods:list()) do
    if m.rule == "[rough_and_ready RP 5.16]" then r.drm[#r.drm + 1] = { m.value, m.label } end
  end
  -- and with the dice: the fire made, d10 forced
  g.vars.activation = { n = 1, side = "US", kind = "command", target = "garland",
                        units = {}, artillery = { "C3US-1" } }
  g.dice:force{ 5 }
  fire.fire(g, { "C3US-1" }, "5717", { activated = true })
  r.fired = lines(g, "C3US-1 fires at 5717")
  -- without the battle's rules the adjacent shot is the series' (the hook is the battle's)
  local bare = open({ ["C3US-1"] = "5417", ["4L-2"] = "5517" }, {},
    { ["C3US-1"] = "NE/SE", ["4L-2"] = "SW/NW" })
  r.bare_5517 = fire.check(bare, { "C3US-1" }, "5517") or "legal"
  return r
end

function H.resaca_small_arms()
  -- a resaca unit firing up at a non-resaca one: no DRM; fired on from above: -1
  local g = open({ ["3US-1"] = "5417", ["4L-2"] = "5517" }, nil,
    { ["3US-1"] = "NE/SE", ["4L-2"] = "SW/NW" })
  local function rp(mods)
    local out = {}
    for _, m in ipairs(mods:list()) do
      if m.rule == "[rough_and_ready RP 5.16]" then out[#out + 1] = m.value end
    end
    return out
  end
  return { down = rp(fire.drm(g, "3US-1", "5517")), up = rp(fire.drm(g, "4L-2", "5417")),
           down_legal = fire.check(g, { "3US-1" }, "5517") or "legal" }
end

-- The cost of stepping down into a resaca and up out of it [rough_and_ready E17] (+1 MP each
-- way, provisional: scenarios/.../movement.ini), against a step along the channel or on the
-- bank: each destination's cost in MP from 5417 (bank) and from 5517 (in the channel).
function H.resaca_costs()
  local function costs(from)
    local g = open({ ["3US-1"] = from }, nil, { ["3US-1"] = "NE/SE" })
    local out = {}
    local want = from == "5417" and { ["5317"] = true, ["5517"] = true }
      or { ["5317"] = true, ["5417"] = true, ["5617"] = true }
    for _, e in ipairs(movement.destinations(g, "3US-1")) do
      if want[e.hex] then
        out[e.hex] = e.cost
      end
    end
    return out
  end
  return { bank = costs("5417"), channel = costs("5517") }
end

-- }====================================================================================

-- {====================================================================================
-- Arista Unaware [rough_and_ready RP 4.25]: T-RR-15, 15b, 15c.
-- =====================================================================================

local function chain(g, dice, answers)
  g.vars.play, g.vars.mode = "US", "roll"
  g.dice:force(dice)
  return drive(g, function() activation.select(g) end, answers, true)
end

local CAMP = { Arista = "5915", Vega = "5816", TampVet = "5816", Taylor = "4423",
               Garland = "4522", ["3US-1"] = "4522", Belknap = "4324", ["5US-1"] = "4324",
               Torrejon = "6019", ["7LC-1"] = "6019", Garcia = "5513", ["6L-1"] = "5513" }

function H.alert_roll(die)
  local g = open(CAMP)
  g.vars.battle = { fire_or_shock = true }
  -- the US fails its roll for Garland (9 > 5), the Mexican spends the freebie on the alert
  -- roll (`die`), then nominates Vega and rolls (stopped there)
  local r = chain(g, { 9, die, 0 }, { "garland", "no", "alert", "vega", "no" })
  r.alert = g.vars:get("battle", "arista_alert") == true
  r.lines = lines(g, "lert")
  r.mode = g.vars.mode
  return r
end

function H.alert_too_early()
  local g = open(CAMP)
  local r = chain(g, { 9 }, { "garland", "no" })
  r.alert = g.vars:get("battle", "arista_alert") == true
  return r
end

function H.unaware_limits()
  local g = open(CAMP)
  local r = {}
  r.free = activation.candidates(g, "MEX", "free")
  local cand = activation.candidate(g, "MEX", "vega")
  local oc, why = activation.leadership_usable(g, "MEX", cand)
  r.leadership = oc or why
  r.arista_ma = movement.query(g, "Arista").ma
  g.vars.battle = { arista_alert = true }
  r.free_alert = activation.candidates(g, "MEX", "free")
  r.leadership_alert = activation.leadership_usable(g, "MEX", cand) or "none"
  r.arista_ma_alert = movement.query(g, "Arista").ma
  return r
end

function H.alert_by_approach(to)
  -- a US unit moves from 5513's neighbourhood toward Arista at 5915: its move ends at `to`
  local g = open({ Arista = "5915", ["3US-1"] = "5614", Garland = "5614", ["4L-1"] = "6022" },
    nil, { ["3US-1"] = "NE/SE" })
  g.vars.activation = { n = 1, side = "US", kind = "command", target = "garland",
                        units = { "3US-1", "Garland" }, artillery = {} }
  g.vars.moved = {}
  local r = drive(g, function()
    movement.apply(g, "3US-1", assert(movement.check(g, "3US-1", { to })))
  end, { "NE/SE" })
  r.alert = g.vars:get("battle", "arista_alert") == true
  r.distance = require("systems.rough_and_ready.sight").distance(g, to, "5915")
  r.lines = lines(g, "is Alert")
  return r
end

function H.ignore_arista()
  local g = open(CAMP, { "rules.lua", "options/ignore-arista.lua" })
  g.hooks:fire("game.start", { first = "US" })
  return { alert = g.vars:get("battle", "arista_alert") == true,
           free = activation.candidates(g, "MEX", "free") }
end

function H.balance()
  local g = open(CAMP, { "rules.lua", "options/balance.lua" })
  g.vars.streak = { US = 2 }
  g.dice:force{ 3 }
  local cand = activation.candidate(g, "US", "garland")
  drive(g, function() activation.roll(g, "US", cand) end, { "no" })
  return lines(g, "US rolls for garland")
end

-- }====================================================================================

-- {====================================================================================
-- Hits, Rally, chaparral [rough_and_ready RP 6.53, RP 6.82, RP 5.15].
-- =====================================================================================

function H.hit_level()
  local g = open({ ["4L-1"] = "5818", ["3US-1"] = "4522" })
  local r = { mex_morale = g.store:get("4L-1", "morale"), us_morale = g.store:get("3US-1", "morale") }
  for i = 1, r.mex_morale do r["mex_" .. i] = hits.hit(g, "4L-1", "a test") end
  for i = 1, r.us_morale + 1 do r["us_" .. i] = hits.hit(g, "3US-1", "a test") end
  r.lines = lines(g, "[rough_and_ready RP 6.53]")
  return r
end

function H.rally_chaparral()
  local g = open({ ["3US-1"] = "4620", ["3US-2"] = "4420", Garland = "4521" })
  g.store:set_marker("3US-1", "disordered", 1)
  g.store:set_marker("3US-2", "disordered", 1)
  g.vars.activation = { n = 1, side = "US", kind = "command", target = "garland",
                        units = { "3US-1", "3US-2", "Garland" }, artillery = {} }
  g.vars.moved = {}
  local ok1, why1 = rally.eligible(g, "3US-1")
  local ok2, why2 = rally.eligible(g, "3US-2")
  return { terrain = { g.map:terrain("4620"), g.map:terrain("4420") },
           chaparral = ok1 or why1, clear = ok2 or why2 }
end

function H.chaparral_roll()
  local g = open({ ["Det-1"] = "5015", ["6L-1"] = "5016" })
  g.dice:force{ 9 }
  local r = {}
  r.det = hits.terrain_roll(g, "Det-1", { "5015" }) or "none"
  r.det_lines = lines(g, "Det-1 entered chaparral")
  r.line = hits.terrain_roll(g, "6L-1", { "5016" }) or "none"
  return r
end

-- A line unit moves from the open 4917 into Resaca's chaparral 5017, through the movement
-- procedure: the Hit roll and its log line cite Resaca's rule, RP 5.15 (they cited Palo
-- Alto's PA 5.16 at every battle before).
function H.chaparral_move()
  local from = "4917"
  local g = open({ ["6L-1"] = from })
  g.vars.activation = { n = 1, side = "MEX", kind = "command", target = "vega",
                        units = { "6L-1" }, artillery = {} }
  g.vars.moved = {}
  g.dice:force{ 9 }
  local am = hits.adjusted_morale(g, "6L-1")
  local co = coroutine.create(function()
    movement.apply(g, "6L-1", assert(movement.check(g, "6L-1", { "5017" })))
  end)
  ask.drive(co, function(_, req) return req.default or ask.legal(req)[1] end)
  return { from = g.map:terrain(from), terrain = g.map:terrain("5017"), hits = hits.hits(g, "6L-1"),
           am = am,
           lines = lines(g, "6L-1 entered chaparral"), rule = hits.hit_roll_rule and hits.hit_roll_rule(g, "5017") }
end

-- }====================================================================================

-- {====================================================================================
-- The Mexican Detachments [rough_and_ready RP 6.9].
-- =====================================================================================

function H.detachments()
  local g = open({ ["Det-1"] = "5218", ["Det-2"] = "5513", ["6L-1"] = "5513", ["6L-2"] = "5513",
                   ["10L-1"] = "5513", ["3US-1"] = "5118", Garcia = "5512",
                   ["C3US-1"] = "5117", ["5US-1"] = "5015" },
    nil, { ["Det-1"] = "SW/NW", ["3US-1"] = "NE/SE", ["C3US-1"] = "NE/SE" })
  local r = {}
  -- fire -2
  local mods = fire.drm(g, "Det-1", "5118")
  r.fire = {}
  for _, m in ipairs(mods:list()) do
    if m.rule == "[rough_and_ready RP 6.9]" then r.fire[#r.fire + 1] = { m.value, m.label } end
  end
  -- artillery at a Detachment alone -1
  r.arty = {}
  for _, m in ipairs(artillery.drm(g, { "C3US-1" }, "5218"):list()) do
    if m.rule == "[rough_and_ready RP 6.9]" then r.arty[#r.arty + 1] = { m.value, m.label } end
  end
  -- stacks freely: a fourth unit in 5513, two of them Detachments
  r.stack = stacking.legal(g, "Det-2", "5513") and "legal" or "refused"
  r.stack_det3 = stacking.legal(g, "Det-3", "5513") and "legal" or "refused"
  -- never moves next to an enemy
  local q = movement.query(g, "Det-1")
  r.prohibited_next_to_enemy = {}
  for _, p in ipairs(q.prohibited) do
    if p.rule == "[rough_and_ready RP 6.9]" and (p.at == "5217" or p.at == "5117") then
      r.prohibited_next_to_enemy[#r.prohibited_next_to_enemy + 1] = p.at
    end
  end
  table.sort(r.prohibited_next_to_enemy)
  -- never shocks
  g.vars.activation = { n = 2, side = "MEX", kind = "command", target = "garcia",
                        units = { "6L-1", "Garcia" }, artillery = { "Det-1" } }
  local ok, why = shock.eligible(g, "Det-1")
  r.shock = ok and "eligible" or why
  -- in command as any activated leader's
  r.in_command = { command.in_command(g, "Det-1") }
  -- defending a shock alone: -2 on its own roll
  local d = shock.drm(g, "defender", { "3US-1" }, { "Det-1" }, "5218")
  r.defends = {}
  for _, m in ipairs(d:list()) do
    if m.rule == "[rough_and_ready RP 6.9]" then r.defends[#r.defends + 1] = { m.value, m.label } end
  end
  return r
end

function H.detachment_activation()
  -- Garcia (range 4) activated: he may take Det-2 (in range) as he takes guns; the next
  -- Mexican activation may not take it again
  local g = open({ ["Det-2"] = "5513", ["6L-1"] = "5513", Garcia = "5512", ["Det-5"] = "5205",
                   Taylor = "4423", ["3US-1"] = "4522", Garland = "4522" })
  g.vars.play, g.vars.mode = "MEX", "after_pass"
  local r = drive(g, function() activation.select(g) end, { "garcia", "Det-2", "done" }, true)
  r.artillery = g.vars:get("activation", "artillery")
  g.vars:set("artillery_used", "MEX", r.artillery)
  g.vars.play, g.vars.mode = "MEX", "after_pass"
  local r2 = drive(g, function() activation.select(g) end, { "garcia" }, true)
  r.second = r2.requests
  return r
end

-- The guns request's prompt names what it offers (it said "the guns and wagons" before, even
-- when it offered Detachments alone): Garcia activated with Det-2 alone in range, then with
-- Det-2 and the 4-pounder 4pdr-1.
function H.detachment_prompt()
  local out = {}
  for _, with_gun in ipairs{ false, true } do
    local at = { ["Det-2"] = "5513", ["6L-1"] = "5513", Garcia = "5512",
                 Taylor = "4423", ["3US-1"] = "4522", Garland = "4522" }
    if with_gun then at["4pdr-1"] = "5412" end
    local g = open(at)
    g.vars.play, g.vars.mode = "MEX", "after_pass"
    local answers = { "garcia" }
    local co = coroutine.create(function() activation.select(g) end)
    pcall(ask.drive, co, function(_, req)
      if req.kind == "artillery" then
        out[#out + 1] = req.prompt
        error("stop", 0)
      end
      local a = table.remove(answers, 1)
      if a == nil then error("stop", 0) end
      return a
    end)
  end
  return out
end

function H.detachment_rally()
  local g = open({ ["Det-2"] = "5513", ["6L-1"] = "5513", Garcia = "5512" })
  g.store:set_marker("6L-1", "hits", 2)
  g.vars.activation = { n = 3, side = "MEX", kind = "command", target = "garcia",
                        units = { "6L-1", "Garcia" }, artillery = {} }
  g.vars.moved = {}
  g.hooks:fire("activation.start", { side = "MEX", kind = "command", target = "garcia",
    leader = "Garcia", units = { "6L-1", "Garcia" }, artillery = {}, free = false, n = 3 })
  local r = drive(g, function() rally.rally(g, "6L-1") end, { "Det-2" }, true)
  r.hits = hits.hits(g, "6L-1")
  r.det = g.store:where("Det-2")
  r.lines = lines(g, "Det-2")
  return r
end

function H.battle_lost()
  local g = open({ ["Det-1"] = "5218", ["3US-1"] = "6015", ["4L-1"] = "5818" })
  g.store:set_marker("Det-1", "disordered", 1)
  g.store:set_marker("4L-1", "disordered", 1)
  assert(g.store:place("Det-2", "eliminated"))
  assert(g.store:place("Det-3", "eliminated"))
  g.hooks:fire("activation.end", { side = "US", kind = "command", target = "garland", n = 1 })
  g.hooks:fire("activation.end", { side = "MEX", kind = "command", target = "vega", n = 2 })
  local total, mods = victory.battle_lost(g, "MEX")
  local r = { total = total, items = {} }
  for _, m in ipairs(mods:list()) do r.items[#r.items + 1] = { m.value, m.label } end
  return r
end

-- }====================================================================================

-- {====================================================================================
-- The US Detachment leader [rough_and_ready RP 4.29].
-- =====================================================================================

function H.detachment_leader()
  -- Garland's command opens; 3US-1 and 3US-2 are with him and USDet at 4522, 3US-3 far out
  -- of his range: the 3rd's units In Command are offered, and assigned for good
  local g = open({ Garland = "4522", USDet = "4522", ["3US-1"] = "4522", ["3US-2"] = "4522",
                   ["3US-3"] = "4510", ["4US-1"] = "4423", Taylor = "4423" },
    nil, { ["3US-1"] = "NE/SE", ["3US-2"] = "NE/SE", ["3US-3"] = "NE/SE", ["4US-1"] = "NE/SE" })
  g.vars.play, g.vars.mode = "US", "open"
  local r = drive(g, function() activation.select(g) end, { "garland", "3US" }, true)
  r.candidates = activation.candidates(g, "US", "open")
  r.assigned = g.vars:get("battle", "detachment_leader_units")
  r.lines = lines(g, "[rough_and_ready RP 4.29]")
  -- Garland gone far off: 3US-1 is In Command by USDet's range, 3US-3 (not his) is not
  assert(g.store:place("Garland", "4205"))
  assert(g.store:place("3US-1", "4624"))
  r.status = { command.in_command(g, "3US-1") }
  r.other = command.in_command(g, "4US-1")
  -- he goes with his units: 3US-2 moves, he may join it
  g.vars.activation = { n = 2, side = "US", kind = "command", target = "garland",
                        units = { "3US-1", "3US-2", "Garland" }, artillery = {} }
  g.vars.moved = {}
  local m = drive(g, function()
    movement.apply(g, "3US-2", assert(movement.check(g, "3US-2", { "4622" })))
  end, { "yes", "NE/SE" }, true)
  r.move_requests = m.requests
  r.usdet = select(2, g.store:where("USDet"))
  return r
end

return H
