-- vm_bench: the cost of an engine-owned state (new_state, booting the runtime), of the count
-- hook on trusted and script code, of one sandbox call, and of the engine's pattern matcher
-- against the stock string library (reference: the same work in the host interpreter, which
-- has no hook and, under LuaJIT, its JIT on). Prints figures for this VM; make bench runs it
-- under Lua 5.4 and LuaJIT.
local core = require "volley.core"
local benchlib = require "benchlib"
local vmname = arg[1] or _VERSION

local function time(n, f)
  local t0 = os.clock()
  for _ = 1, n do f() end
  return (os.clock() - t0) / n * 1e6
end

local function ns_per(n, f)
  local t0 = os.clock()
  f()
  return (os.clock() - t0) / n * 1e9
end

local opts = { modules = { "tests/bench" }, instr = 0 }
local new_us = time(200, function() core.new_state():close() end)
local boot_us = time(50, function()
  local s = core.new_state(opts)
  assert(s:require("volley"))
  s:close()
end)
local st = core.new_state(opts)
local bare = st:memory()
assert(st:require("volley") and st:require("volley.sandbox") and st:require("vm_support"))
local booted = st:gc()
local loop = "local s = 0 for i = 1, 1000 do s = s + i end return s"
local run_us = time(2000, function() st:run(loop) end)

local function host_loop(n)
  local s = 0
  for i = 1, n do s = s + i end
  return s
end

local N = 2000000
benchlib.header(vmname)
benchlib.row("vm", vmname, "new_state + close", new_us * 1000)
benchlib.row("vm", vmname, "new_state + require volley", boot_us * 1000)
benchlib.row("vm", vmname, "run (1000-iteration loop)", run_us * 1000)
benchlib.row("vm", vmname, "trusted loop, an iteration",
  ns_per(N, function() st:call("vm_support", "loop", N) end),
  ns_per(N, function() host_loop(N) end))
benchlib.row("vm", vmname, "script loop, an iteration",
  ns_per(N, function() st:call("vm_support", "script_loop", N) end),
  ns_per(N, function() host_loop(N) end))
benchlib.row("vm", vmname, "sandbox.call, empty",
  ns_per(200000, function() st:call("vm_support", "calls", 200000) end))
local s40 = "the 5th US Infantry at 3014, facing NE"
benchlib.row("vm", vmname, "find %d+ in 40 bytes",
  ns_per(200000, function() st:call("vm_support", "find", 200000, s40, "%d+") end),
  ns_per(200000, function() for _ = 1, 200000 do s40:find("%d+") end end))
local kb = ("word "):rep(200)
benchlib.row("vm", vmname, "gsub %w+ in 1 KB",
  ns_per(2000, function() st:call("vm_support", "gsub", 2000, kb, "%w+", "<%0>") end),
  ns_per(2000, function() for _ = 1, 2000 do kb:gsub("%w+", "<%0>") end end))
-- Scripts' own functions, the same on both VMs (docs/modding.md "Determinism"), against the
-- stock ones in the host (no hook, and under LuaJIT its JIT on): per key, sort, call, load.
local PAIRS = "local t = {} for i = 1, 1000 do t['k' .. i] = i end local s = 0 "
  .. "for _ = 1, ... do for _, v in pairs(t) do s = s + v end end return s"
local function host_pairs(n)
  local t = {}
  for i = 1, 1000 do t["k" .. i] = i end
  local s = 0
  for _ = 1, n do for _, v in pairs(t) do s = s + v end end
  return s
end
benchlib.row("vm", vmname, "script pairs, a key (1000)",
  ns_per(1000 * 200, function() st:call("vm_support", "script", PAIRS, 200) end),
  ns_per(1000 * 200, function() host_pairs(200) end))
local NEXT = "local t = {} for i = 1, 100 do t['k' .. i] = i end local s = 0 "
  .. "for _ = 1, ... do local k, v = next(t) while k do s = s + v k, v = next(t, k) end end "
  .. "return s"
benchlib.row("vm", vmname, "script next, a key (100)",
  ns_per(100 * 200, function() st:call("vm_support", "script", NEXT, 200) end), nil)
local SORT = "local s = 0 for r = 1, ... do local t = {} for i = 1, 1000 do "
  .. "t[i] = (i * 7919 + r) % 1000 end table.sort(t) s = s + t[1] end return s"
local function host_sort(n)
  local s = 0
  for r = 1, n do
    local t = {}
    for i = 1, 1000 do t[i] = (i * 7919 + r) % 1000 end
    table.sort(t)
    s = s + t[1]
  end
  return s
end
benchlib.row("vm", vmname, "script sort, 1000 numbers",
  ns_per(50, function() st:call("vm_support", "script", SORT, 50) end),
  ns_per(50, function() host_sort(50) end))
local TOSTRING = "local s = 0 for i = 1, ... do s = s + #tostring(i / 7) end return s"
local function host_tostring(n)
  local s = 0
  for i = 1, n do s = s + #tostring(i / 7) end
  return s
end
benchlib.row("vm", vmname, "script tostring(i / 7)",
  ns_per(100000, function() st:call("vm_support", "script", TOSTRING, 100000) end),
  ns_per(100000, function() host_tostring(100000) end))
local FORMAT = "local s = 0 for i = 1, ... do s = s + #string.format('%d %s', i, 'x') end return s"
local function host_format(n)
  local s = 0
  for i = 1, n do s = s + #string.format("%d %s", i, "x") end
  return s
end
benchlib.row("vm", vmname, "script format('%d %s')",
  ns_per(100000, function() st:call("vm_support", "script", FORMAT, 100000) end),
  ns_per(100000, function() host_format(100000) end))
local text = assert(io.open("scenarios/rough-and-ready/palo-alto/rules.lua")):read("*a")
local function host_load(n)
  for _ = 1, n do assert(load(text, "=bench.lua", "t", {})) end
end
benchlib.row("vm", vmname, "load PA rules.lua (checked)",
  ns_per(500, function() st:call("vm_support", "load", text, 500) end),
  ns_per(500, function() host_load(500) end))
print(string.format("%-10s state bytes: new %d, runtime loaded (after a collection) %d",
  vmname, bare, booted))
st:close()
