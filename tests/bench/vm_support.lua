--- Trusted code vm_bench runs inside an engine-owned state (new_state's `modules`): loops
-- and sandbox calls timed from the host, one st:call each.
local sandbox = require "volley.sandbox"

local M = {}

--- A plain loop of n iterations in trusted code (hooks on, no call armed).
function M.loop(n)
  local s = 0
  for i = 1, n do s = s + i end
  return s
end

--- The same loop as a script, inside one call.
function M.script_loop(n)
  local fn = assert(sandbox.load("local s = 0 for i = 1, ... do s = s + i end return s",
    "bench.lua"))
  local ok, s = sandbox.call({ point = "bench", source = "bench.lua" }, fn, n)
  assert(ok, s)
  return s
end

--- n calls into an empty script function.
function M.calls(n)
  local fn = assert(sandbox.load("return 1", "bench.lua"))
  local where = { point = "bench", source = "bench.lua" }
  for _ = 1, n do sandbox.call(where, fn) end
end

--- n finds of p in s by trusted code (the engine's matcher).
function M.find(n, s, p)
  local c = 0
  for _ = 1, n do
    if s:find(p) then c = c + 1 end
  end
  return c
end

--- n gsubs.
function M.gsub(n, s, p, r)
  local out
  for _ = 1, n do out = s:gsub(p, r) end
  return #out
end

--- Runs `code` as a script, inside one call, with `n` as its argument (`...`): what
-- vm_bench's rows of scripts' own functions time.
function M.script(code, n)
  local fn = assert(sandbox.load(code, "bench.lua"))
  local ok, r = sandbox.call({ point = "bench", source = "bench.lua" }, fn, n)
  assert(ok, ok or sandbox.format(r))
  return r
end

--- Loads `text` as a script n times (the text checked, then parsed; not run).
function M.load(text, n)
  for _ = 1, n do assert(sandbox.load(text, "bench.lua")) end
end

return M
