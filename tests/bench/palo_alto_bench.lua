-- palo_alto_bench: whole-system speed on Palo Alto (issue #24): one game, random bot against
-- random bot, seed 1 (game seed 5103132997656651), capped at 3000 decisions -- the first
-- turns' activations, moves, facings, fire and rallies -- played as `volley sim` plays it
-- (`volley.sim.play_game`: a fresh engine-owned state, undo off). Prints the CPU time, the
-- decisions per second and the microseconds per decision for this VM, and the state hash the
-- game ended in (the same on both VMs); make bench runs it under Lua 5.4 and LuaJIT and prints
-- their ratio (ns per decision). Figures only, never a verdict.
local sim = require "volley.sim"
local bots = require "volley.bots"
local benchlib = require "benchlib"
local vmname = arg[1] or _VERSION

local CAP, SEED = benchlib.SMOKE and 100 or 3000, sim.seed_of(1, 0)
local players = { US = { name = "random", bot = bots.load("random") },
                  MEX = { name = "random", bot = bots.load("random") } }
local o = { target = "rough-and-ready/palo-alto", mods = {}, options = {} }
local t0 = os.clock()
local r = assert(sim.play_game(o, players, CAP, SEED))
local secs = os.clock() - t0
print(string.format("%-10s %-34s %10s %12s %14s", vmname, "palo alto, seed 1, capped game", "CPU s",
  "decisions/s", "us/decision"))
print(string.format("%-10s %-34s %10.2f %12.0f %14.1f", vmname,
  r.decisions .. " decisions, " .. (r.reason ~= "" and r.reason or "?"), secs,
  r.decisions / secs, secs / r.decisions * 1e6))
print(string.format("%-10s state_hash %s", vmname, r.state_hash))
-- the ratio table's row: ns per decision (opening the scenario included, some 20 ms)
benchlib.row("palo", vmname, "decision (3000, capped)", secs / r.decisions * 1e9, nil)
