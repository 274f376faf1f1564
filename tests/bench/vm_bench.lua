-- vm_bench: the cost of an engine-owned state (new_state) and of one budgeted run.
-- Prints figures for this VM; make bench runs it under Lua 5.4 and LuaJIT.
local core = require "volley.core"
local benchlib = require "benchlib"
local vmname = arg[1] or _VERSION

local function time(n, f)
  local t0 = os.clock()
  for _ = 1, n do f() end
  return (os.clock() - t0) / n * 1e6
end

local new_us = time(200, function() core.new_state():close() end)
local st = core.new_state()
local loop = "local s = 0 for i = 1, 1000 do s = s + i end return s"
local run_us = time(2000, function() st:run(loop) end)
st:close()
benchlib.header(vmname)
benchlib.row("vm", vmname, "new_state + close", new_us * 1000)
benchlib.row("vm", vmname, "run (1000-iteration loop)", run_us * 1000)
