--- The journal property test of issue 32 outside busted (docs/build.md "The journal property
-- test"): `make soak` runs it with 200 sequences a VM, and the LuaJIT spec runs it under Lua
-- 5.4 to make the saves it replays. From the top of the tree:
--
--     lua5.4 tests/soak/journal_property.lua build [N [FIRST]]     N sequences from seed FIRST
--     luajit tests/soak/journal_property.lua build-luajit --seed 17  one sequence
--     lua5.4 tests/soak/journal_property.lua build --keep DIR N      keep each final save
--     lua5.4 tests/soak/journal_property.lua build --battery N       every mod in each sequence
--     lua5.4 tests/soak/journal_property.lua build --no-dice N no `dice force` in the actions
--     lua5.4 tests/soak/journal_property.lua build --seed 17 --trace  each action and what the
--                                                                    prompt printed
--     lua5.4 tests/soak/journal_property.lua build --scenario palo --mod my.lua 50
--                                            your mod instead of the battery, on Palo Alto
--     luajit tests/soak/journal_property.lua build-luajit --against DIR
--                                            replay the saves kept in DIR on this VM
--
-- The first argument is the build directory whose lua/<5.4|5.1>/volley/core.so the interpreter
-- loads (that interpreter's VM's). Prints a line per failing sequence and each broken property's
-- report; exit 1 when a property broke.

local build = arg[1] or "build"
-- LuaJIT says "Lua 5.1"
package.cpath = build .. "/lua/" .. _VERSION:match("%d+%.%d+") .. "/?.so;" .. package.cpath
package.path = "scripts/?.lua;scripts/?/init.lua;tests/spec/?.lua;" .. package.path

local prop = require "support.journal_property"
local core = require "volley.core"

local opts, rest = {}, {}
local k = 2
while arg[k] do
  local a = arg[k]
  if a == "--seed" then
    opts.seeds = { assert(tonumber(arg[k + 1]), "--seed takes a number") }
    k = k + 2
  elseif a == "--no-dice" then
    opts.dice = false
    k = k + 1
  elseif a == "--battery" or a == "--trace" then
    opts[a:sub(3)] = true
    k = k + 1
  elseif a == "--mod" then
    opts.mods = opts.mods or {}
    opts.mods[#opts.mods + 1] = assert(arg[k + 1], "--mod takes a file")
    k = k + 2
  elseif a == "--scenario" then
    opts.scenario = assert(prop.SCENARIOS[arg[k + 1] or ""] and arg[k + 1],
      "--scenario takes demo or palo")
    k = k + 2
  elseif a == "--keep" or a == "--against" then
    opts[a:sub(3)] = assert(arg[k + 1], a .. " takes a directory")
    k = k + 2
  else
    rest[#rest + 1] = a
    k = k + 1
  end
end
opts.count = tonumber(rest[1] or "") or 200
opts.first = tonumber(rest[2] or "") or 1

if opts.against then
  local bad, n = 0, 0
  for _, e in ipairs(core.scenario.list_dir(opts.against) or {}) do
    local name = e.name:match("^(seq%-%d+)%.save$")
    if name then
      n = n + 1
      local why = prop.check_kept(opts.against .. "/" .. name)
      if why then
        bad = bad + 1
        print(name .. ": " .. why)
      end
    end
  end
  print(string.format("%d kept saves replayed on %s, %d diverged", n, _VERSION
    .. (rawget(_G, "jit") and (" " .. rawget(_G, "jit").version) or ""), bad))
  os.exit(bad == 0 and n > 0 and 0 or 1)
end

local t0 = os.clock()
local answers, checks = 0, 0
local all = prop.run_many{ seeds = opts.seeds, first = opts.first, count = opts.count,
  keep = opts.keep, battery = opts.battery, trace = opts.trace, mods = opts.mods,
  scenario = opts.scenario, progress = function(r)
    answers = answers + r.answers
    checks = checks + r.checks
    if #r.failures > 0 then
      local names = {}
      for _, f in ipairs(r.failures) do names[#names + 1] = f.property end
      print(string.format("seed %d (%s): %s", r.seed, prop.describe_plan(r.plan),
        table.concat(names, ", ")))
    end
  end }
local broke = false
for _, p in ipairs(prop.PROPERTIES) do
  local list = all.by_property[p.name]
  if #list > 0 then
    broke = true
    print(prop.report(p.name, list))
  end
end
print(string.format("%d sequences, %d answers standing, %d steps' hashes checked at once, %.1f s "
  .. "of CPU: %s", #all.results, answers, checks, os.clock() - t0,
  broke and "some properties broke" or "every property held"))
os.exit(broke and 1 or 0)
