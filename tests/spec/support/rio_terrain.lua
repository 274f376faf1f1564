--- A trusted module the Rio Sacramento terrain spec loads inside an engine-owned state (the
-- sandbox loads battle scripts only there): each function opens Rio Sacramento with units
-- placed by hand on concrete hexes of the battle's map, loads rules.lua as `volley play` does
-- (volley.session.load_script), makes the fire, the shock or the move through the system's
-- procedures with forced dice, and returns what happened as plain data.
local battle_case = require "battle_case"
local game = require "volley.game"
local ask = require "volley.ask"
local fire = require "systems.rough_and_ready.fire"
local artillery = require "systems.rough_and_ready.artillery"
local shock = require "systems.rough_and_ready.shock"
local movement = require "systems.rough_and_ready.movement"

local H = {}

local ID = "rough-and-ready/rio-sacramento"

-- Rio Sacramento with `at` placed and faced, every other counter off the map, rules.lua
-- loaded; activation `n` of `side` under way with `units` activated.
local function open(at, facing, side, units)
  local g, ids = battle_case.open(ID, { at = at, facing = facing, scripts = { "rules.lua" },
                                        rr_vars = true })
  g.vars.activation = { n = 2, side = side or "US", kind = "command",
                        target = side == "MEX" and "ugarte" or "mitchell",
                        units = units or ids, artillery = {} }
  return g
end

local lines = battle_case.lines

-- Runs `fn` as the game's coroutine, every request answered with its default (else its
-- first legal answer); true, or the error.
local function run(fn)
  local co = coroutine.create(fn)
  local ok, e = pcall(ask.drive, co, function(_, req, refusal)
    if refusal then error("refused: " .. tostring(refusal), 0) end
    if req.default ~= nil then return req.default end
    return ask.legal(req)[1]
  end)
  return ok or tostring(e)
end

-- The modifiers of a list citing the terrain rules, as {value, label, rule}; and the total.
local function terrain(mods)
  local out, total = {}, 0
  for _, m in ipairs(mods:list()) do
    total = total + m.value
    if m.rule:find("RS 5.1", 1, true) or m.rule:find("RS 6.14, 6.38", 1, true)
        or m.rule:find("TEC", 1, true) then
      out[#out + 1] = { m.value, m.label, m.rule }
    end
  end
  return out, total
end

-- The chart cells the battle's rules read (so the spec names no number twice).
function H.cells()
  local g = game.open(ID)
  local out = {}
  for _, t in ipairs{ "rs_fire_terrain", "rs_shock_terrain" } do
    out[t] = {}
    for _, n in ipairs{ "hacienda", "arroyo", "ravine", "spur", "wall", "redoubt", "uphill" } do
      local f = g:charts():lookup(t, { name = n })
      out[t][n] = f and f.result.drm
    end
  end
  return out
end

-- The script API's terrain reads (volley.script_api: `elevation`, `place`, `chart`) on the
-- battle's map, and what they say to a bad argument.
function H.api_reads()
  local g = game.open(ID)
  local api = require("volley.script_api").of(g)
  local function err(fn, ...)
    local ok, e = pcall(fn, ...)
    return ok and "no error" or tostring(e)
  end
  local found, why = api.chart("rs_fire_terrain", { name = "marsh" })
  return {
    levels = { api.elevation("2438"), api.elevation("2439"), api.elevation("2739") },
    redoubt = api.place("redoubt"),
    exit = api.place("exit-torrejon"),
    none = api.place("nowhere"),
    wall = api.chart("rs_shock_terrain", { name = "wall" }),
    missing = { found == nil, why },
    bad_hex = err(api.elevation, "9999"),
    bad_place = err(api.place, "a\27[2J"),
    bad_chart = err(api.chart, "../x", { name = "wall" }),
    bad_key = err(api.chart, "rs_fire_terrain", { nation = "x" }),
    bad_value = err(api.chart, "rs_fire_terrain", { name = {} }),
  }
end

-- Small arms: `firer` in `from` (facing `face`) fires at NG-1 in `to`, d10 forced to 9.
function H.small_arms(firer, from, face, to)
  local g = open({ [firer] = from, ["NG-1"] = to }, { [firer] = face, ["NG-1"] = "N/NE" },
    "US", { firer })
  local r = {}
  r.check = fire.check(g, { firer }, to) or "legal"
  r.terrain, r.total = terrain((fire.drm(g, firer, to)))
  g.dice:force{ 9 }
  r.ran = run(function() fire.fire(g, { firer }, to, { activated = true }) end)
  r.fired = lines(g, firer .. " fires at")
  return r
end

-- Artillery: Clark-1 in `from` (facing `face`) fires at NG-1 in `to`, d10 forced to 9.
function H.guns(from, face, to)
  local g = open({ ["Clark-1"] = from, ["NG-1"] = to }, { ["Clark-1"] = face,
    ["NG-1"] = "N/NE" }, "US", { "Clark-1" })
  g.vars.activation.artillery = { "Clark-1" }
  local r = {}
  r.check = fire.check(g, { "Clark-1" }, to) or "legal"
  local mods, range = artillery.drm(g, { "Clark-1" }, to)
  r.range = range
  r.terrain, r.total = terrain(mods)
  g.dice:force{ 9 }
  r.ran = run(function() fire.fire(g, { "Clark-1" }, to, { activated = true }) end)
  r.fired = lines(g, "Clark-1")
  return r
end

-- Shock: 1MO-1d in `from` (facing `face`) shocks NG-1 in `to`; the dice forced: the
-- commitment 0 (it commits), then the two shock rolls 5 and 5; every answer the default.
function H.shock(from, face, to)
  local g = open({ ["1MO-1d"] = from, ["NG-1"] = to }, { ["1MO-1d"] = face,
    ["NG-1"] = "N/NE" }, "US", { "1MO-1d" })
  local r = {}
  local ok, why = shock.check(g, { "1MO-1d" }, to)
  r.check = ok and "legal" or tostring(why)
  r.terrain, r.total = terrain(shock.drm(g, "attacker", { "1MO-1d" }, { "NG-1" }, to))
  g.dice:force{ 0, 5, 5, 0, 0, 0, 0 }
  r.ran = run(function() shock.shock(g, { "1MO-1d" }, to) end)
  r.rolled = lines(g, "attacker rolls at")
  return r
end

-- A move: `unit` from `from` to the hexes `path` (typed step by step), through
-- movement.check and movement.apply; its cost and MA.
function H.move(unit, from, path)
  local g = open({ [unit] = from }, { [unit] = "SE/S" }, "US", { unit })
  local r = {}
  local q = movement.query(g, unit)
  r.ma = q.ma
  local m, why = movement.check(g, unit, path)
  if not m then r.refused = tostring(why) return r end
  r.cost = m.cost
  r.ran = run(function() movement.apply(g, unit, m) end)
  r.at = select(2, g.store:where(unit))
  r.path = m.path and table.concat(m.path, " ")
  r.disordered = require("systems.rough_and_ready.hits").disordered(g, unit)
  return r
end

return H
