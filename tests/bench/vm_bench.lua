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
print(string.format("%-10s state bytes: new %d, runtime loaded (after a collection) %d",
  vmname, bare, booted))
st:close()
