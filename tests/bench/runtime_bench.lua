-- runtime_bench: what the rules runtime costs on this VM. Hook dispatch with 0, 1 and 10
-- observe handlers against a bare Lua call; a modify point with one handler and a modifier
-- list; and whole demo games under random bots (decisions per second). make bench runs it
-- under Lua 5.4 and LuaJIT. Figures only, never a verdict.
local benchlib = require "benchlib"
local hooks = require "volley.hooks"
local modifiers = require "volley.modifiers"
local game = require "volley.game"
local ask = require "volley.ask"
local bots = require "volley.bots"
local vmname = arg and arg[1] or _VERSION

local function time(n, f)
  n = benchlib.n(n)
  local t0 = os.clock()
  for _ = 1, n do f() end
  return (os.clock() - t0) / n * 1e9
end

benchlib.header(vmname, "runtime ns", "bare call ns", "ratio")
local sink = 0
local function handler(ctx) sink = sink + ctx.x end
local bare = time(1000000, function() handler({ x = 1 }) end)
for _, k in ipairs({ 0, 1, 10 }) do
  local reg = hooks.new{ { name = "turn.start", when = "bench" } }
  for _ = 1, k do reg:on("turn.start", handler) end
  local ns = time(200000, function() reg:fire("turn.start", { x = 1 }) end)
  benchlib.row("runtime", vmname, "fire, " .. k .. " handlers", ns, bare)
end
local reg = hooks.new{ { name = "fire.drm", kinds = { "modify" }, when = "bench" } }
reg:on("fire.drm", function(_, m) m:add(1, "x", "[bench]") end, { kind = "modify" })
benchlib.row("runtime", vmname, "modify + 1 modifier", time(100000, function()
  local mods = modifiers.new()
  reg:modify("fire.drm", {}, mods)
  sink = sink + mods:total()
end), bare)

-- Whole demo games, random bots on both sides.
local SETUP = { A1 = "0103", A2 = "0105", A3 = "0107", A4 = "0205",
                B1 = "1203", B2 = "1205", B3 = "1207", B4 = "1105" }
local random = bots.load("random")
local decisions, t0 = 0, os.clock()
for seed = 1, benchlib.SMOKE and 2 or 20 do
  local g = game.new{ system = "demo", map = "tests/data/demo/map.ini",
                      oob = "tests/data/demo/oob.ini", seed = seed, params = { turns = 4 } }
  for u, h in pairs(SETUP) do assert(g.store:place(u, h)) end
  local n = 0
  ask.drive(coroutine.create(function() g:run() end), function(side, req)
    n = n + 1
    return random.answer(g, req, { side = side, name = "random", seed = seed, decision = n })
  end)
  decisions = decisions + n
end
local secs = os.clock() - t0
benchlib.row("runtime", vmname, "demo decision (20 games)", secs / decisions * 1e9)
print(string.format("%-10s demo games: %d decisions in %.2f s, %.0f decisions/s", vmname,
  decisions, secs, decisions / secs))
assert(sink > 0)
