--- A trusted module the Palo Alto rules spec loads inside an engine-owned state (the sandbox
-- loads battle scripts only there): each function opens Palo Alto with units placed by hand,
-- loads the battle's scripts as `volley play` does (volley.session.load_script), runs one
-- case with forced dice and returns what happened as plain data.
local battle_case = require "battle_case"
local ask = require "volley.ask"
local fire = require "systems.rough_and_ready.fire"
local artillery = require "systems.rough_and_ready.artillery"
local hits = require "systems.rough_and_ready.hits"
local movement = require "systems.rough_and_ready.movement"
local activation = require "systems.rough_and_ready.activation"
local script_api = require "systems.rough_and_ready.script_api"

local H = {}


-- Palo Alto with every unit set aside, then `at` placed; the scripts of `scripts` loaded.
local function open(at, scripts)
  return (battle_case.open("rough-and-ready/palo-alto",
                           { at = at, set_aside = true, scripts = scripts }))
end

local lines = battle_case.lines

local function err_of(fn)
  local ok, e = pcall(fn)
  if ok then return nil end
  return (tostring(e):gsub("^[^\n]-:%d+: ", ""))
end

function H.api()
  local g = open({ ["4L-1"] = "1210" })
  local api = script_api.of(g)
  local r = {}
  r.readonly = err_of(function() api.roll = nil end)
  r.system_marker = err_of(function() api.set_marker("4L-1", "hits", 3) end)
  r.no_unit = err_of(function() api.value("nobody", "morale") end)
  r.bad_roll = err_of(function() api.roll("x") end)
  r.morale = api.value("4L-1", "morale")
  g.dice:force{ 6 }
  r.roll = api.roll("a test roll", "[rough_and_ready PA-Opt1]")
  r.eliminated = api.hit("4L-1", "a test")
  r.adjusted = api.adjusted_morale("4L-1")
  api.set_flag("grass_fire", true)
  r.flag = api.flag("grass_fire")
  r.bad_flag = err_of(function() api.set_flag("x", {}) end)
  return r
end

function H.chaparral()
  local g = open({ ["4L-1"] = "0110", ["4L-2"] = "0111" })
  g.dice:force{ 5, 4 }
  local r = {}
  r.roll1 = hits.terrain_roll(g, "4L-1", { "0110" })
  r.hits1 = hits.hits(g, "4L-1")
  r.roll2 = hits.terrain_roll(g, "4L-2", { "0111" })
  r.hits2 = hits.hits(g, "4L-2")
  r.lines = lines(g, "4L-1 entered chaparral")
  return r
end

function H.chaparral_none()
  local g = open({ ["4L-1"] = "1210", Vega = "0110", ["Ranch-1"] = "1211" })
  g.dice:force{ 9 }
  local r = {}
  r.open_ground = hits.terrain_roll(g, "4L-1", { "1210" }) or "none"
  r.leader = hits.terrain_roll(g, "Vega", { "0110" }) or "none"
  r.cavalry = hits.terrain_roll(g, "Ranch-1", { "0110" }) or "none"
  r.pending = #g.dice:pending()
  return r
end

-- A move through the system's movement (movement.apply): 4L-1 from 0112 into 0111.
function H.chaparral_move()
  local g = open({ ["4L-1"] = "0112" })
  g.vars.activation = { n = 1, side = "MEX", kind = "command", target = "vega",
                        units = { "4L-1" }, artillery = {} }
  g.vars.moved = {}
  g.dice:force{ 7 }
  local seen = {}
  g.hooks:on("movement.end", function(ctx) seen[#seen + 1] = ctx.unit .. " " .. ctx.hex end)
  local co = coroutine.create(function()
    movement.apply(g, "4L-1", assert(movement.check(g, "4L-1", { "0111" })))
  end)
  ask.drive(co, function(_, req) return req.default or ask.legal(req)[1] end)
  return { hits = hits.hits(g, "4L-1"), seen = seen,
           lines = lines(g, "4L-1 entered chaparral") }
end

function H.ammo_out()
  local g = open({ ["8pdr"] = "1210", ["C3US-1"] = "1610" }, { "options/mexican-ammunition.lua" })
  g.store:set_marker("8pdr", "ammo", 6)
  g.dice:force{ 9 }
  local r = {}
  r.firers = fire.declare(g, { "8pdr" }, "1610")
  r.out = g.store:marker("8pdr", "out_of_ammo")
  r.lines = lines(g, "ammunition")
  r.check = fire.check(g, { "8pdr" }, "1610")
  -- the actions step no longer offers it
  local actions = require "systems.rough_and_ready.actions"
  assert(g.store:face("8pdr", "NE/SE"))
  g.vars.activation = { n = 1, side = "MEX", kind = "command", target = "vega", units = {},
                        artillery = { "8pdr" } }
  g.vars.rallied = {}
  r.offered = actions.fire_options(g)
  g.store:set_marker("8pdr", "out_of_ammo", 0)
  r.offered_with_ammo = actions.fire_options(g)
  return r
end

function H.ammo_fires()
  local g = open({ ["8pdr"] = "1210", ["4pdr"] = "1211", ["C3US-1"] = "1610" },
    { "options/mexican-ammunition.lua" })
  g.store:set_marker("8pdr", "ammo", 6)
  g.store:set_marker("4pdr", "ammo", 5)
  g.dice:force{ 8 }
  local r = {}
  r.first = fire.declare(g, { "8pdr" }, "1610")
  r.usage8 = g.store:marker("8pdr", "ammo")
  r.second = fire.declare(g, { "4pdr" }, "1610")
  r.usage4 = g.store:marker("4pdr", "ammo")
  r.rolls = g.dice:count()
  r.us = fire.declare(g, { "C3US-1" }, "1210")
  r.us_usage = g.store:marker("C3US-1", "ammo")
  return r
end

-- Fires the point fire.resolved as fire.lua does after an artillery result.
local function resolved(g, firer, natural, range)
  g.hooks:fire("fire.resolved", script_api.ctx(g, { firers = { firer }, target = "1210",
    kind = "artillery", natural = natural, total = natural, result = "x", range = range }))
end

function H.grass(seq)
  local g = open({ ["C3US-1"] = "1610", ["8pdr"] = "1210" }, { "options/grass-fire.lua" })
  g.dice:force(seq.dice)
  local r = { asked = {} }
  for _, s in ipairs(seq.shots) do
    resolved(g, s[1], s[2], s[3])
    r.asked[#r.asked + 1] = g.vars.intermission or "none"
    g.vars.intermission = nil
  end
  r.rolls = g.dice:count()
  r.fire = lines(g, "grass fire check")
  r.again = lines(g, "burnt already")
  return r
end

-- The Intermission: rolls, the 4-hex limit of the redeployment, the free activation after it.
function H.intermission()
  local g = open({ ["C3US-1"] = "1610", Taylor = "3018", ["5US-1"] = "3017", Arista = "1116",
                   Canales = "1008", ["Ranch-1"] = "1008", Vega = "1210", ["4L-1"] = "1210" },
    { "rules.lua" })
  g.vars.count, g.vars.streak, g.vars.artillery_used, g.vars.oc_moved = 1, {}, {}, {}
  g.vars.play, g.vars.mode = "US", "roll"
  g.vars.intermission = "grass fire [rough_and_ready PA-Opt2]"
  g.dice:force{ 4, 4, 3, 7 }
  local r = { requests = {} }
  local answers = { "done", "done" }
  local co = coroutine.create(function() activation.select(g) end)
  local ok, e = pcall(ask.drive, co, function(side, req, refusal)
    if refusal then error("refused: " .. tostring(refusal), 0) end
    r.requests[#r.requests + 1] = { side = side, kind = req.kind, options = ask.legal(req) }
    if req.kind == "move" and g.vars.redeploying == "MEX" and not r.prohibited then
      local q = movement.query(g, "4L-1")
      local p = {}
      for _, x in ipairs(q.prohibited) do
        if x.rule == "[rough_and_ready PA-Opt2]" then p[#p + 1] = x.at end
      end
      r.prohibited = p
    end
    local a = table.remove(answers, 1)
    if a == nil then error("stop", 0) end
    return a
  end)
  r.stopped = not ok and e or "ran on"
  r.lines = lines(g, "Intermission")
  r.mode = g.vars.mode
  r.play = g.vars.play
  return r
end

function H.ringgold()
  local r = {}
  local g = open({ ["C3US-1"] = "1610", ["A2US-2"] = "1611", ["4L-1"] = "1410" }, { "rules.lua" })
  r.ringgold = artillery.may_move_and_fire(g, "C3US-1")
  r.other = artillery.may_move_and_fire(g, "A2US-2")
  local bare = open({ ["C3US-1"] = "1610" })
  r.bare = artillery.may_move_and_fire(bare, "C3US-1")
  r.before = artillery.drm(g, { "C3US-1" }, "1410"):total()
  g.vars.moved = { "C3US-1" }
  local mods = artillery.drm(g, { "C3US-1" }, "1410")
  r.after = mods:total()
  local last = mods:list()[#mods:list()]
  r.last = { last.value, last.label, last.rule }
  r.moved_check = fire.check(g, { "C3US-1" }, "1410", { activated = true }) or "legal"
  g.vars.moved = { "A2US-2" }
  r.other_check = fire.check(g, { "A2US-2" }, "1410", { activated = true }) or "legal"
  g.vars.moved = {}
  r.ma = movement.query(g, "C3US-1").ma
  g.vars.fire = { fired = { "C3US-1" } }
  r.ma_fired = movement.query(g, "C3US-1").ma
  r.ma_other = movement.query(g, "A2US-2").ma
  return r
end

-- Ringgold in the actions step: what the `fire` and `move` requests offer a gun that moved or
-- fired, C, 3US beside A, 2US.
function H.ringgold_actions()
  local actions = require "systems.rough_and_ready.actions"
  local g = open({ ["C3US-1"] = "1610", ["A2US-2"] = "1611", ["4L-1"] = "1410" }, { "rules.lua" })
  assert(g.store:face("C3US-1", "SW/NW"))
  assert(g.store:face("A2US-2", "SW/NW"))
  g.vars.activation = { n = 1, side = "US", kind = "command", target = "twiggs",
                        units = {}, artillery = { "C3US-1", "A2US-2" } }
  g.vars.rallied = {}
  g.vars.moved = { "C3US-1", "A2US-2" }
  local r = { fire_after_moving = actions.fire_options(g) }
  g.vars.moved = {}
  g.vars.fire = { fired = { "C3US-1", "A2US-2" } }
  local movers = {}
  for _, o in ipairs(actions.options(g)) do
    local u = o:match("^(%S+) %d")
    if u and movers[#movers] ~= u then movers[#movers + 1] = u end
  end
  r.move_after_firing = movers
  return r
end

-- The grass fire in play: the actions step of a US activation, C, 3US fires at 4 hexes and
-- rolls a natural 9, the check a 5; the step ends there and the next select step runs the
-- Intermission.
function H.grass_in_play()
  local actions = require "systems.rough_and_ready.actions"
  local g = open({ ["C3US-1"] = "1610", ["4L-1"] = "1210", Vega = "1210", Taylor = "3018",
                   ["5US-1"] = "3017" }, { "rules.lua", "options/grass-fire.lua" })
  assert(g.store:face("C3US-1", "SW/NW"))
  assert(g.store:face("4L-1", "NE/SE"))
  g.vars.count, g.vars.streak, g.vars.artillery_used, g.vars.oc_moved = 1, {}, {}, {}
  g.vars.activation = { n = 1, side = "US", kind = "command", target = "twiggs",
                        units = { "5US-1" }, artillery = { "C3US-1" } }
  g.dice:force{ 9, 5, 2, 6 }
  local r = { requests = {} }
  local answers = { "fire", "C3US-1 1210", "done", "done" }
  local co = coroutine.create(function()
    actions.run(g)
    r.after_actions = g.vars.intermission or "none"
    g.vars.play, g.vars.mode = "US", "roll"
    activation.select(g)
  end)
  local ok, e = pcall(ask.drive, co, function(side, req, refusal)
    if refusal then error("refused: " .. tostring(refusal), 0) end
    r.requests[#r.requests + 1] = side .. " " .. req.kind
    local a = table.remove(answers, 1)
    if a == nil then error("stop", 0) end
    return a
  end)
  r.stopped = not ok and e or "ran on"
  r.lines = lines(g, "grass")
  r.first = lines(g, "moves first")
  return r
end

return H
