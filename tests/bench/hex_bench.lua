-- hex_bench: nanoseconds per hex operation through Lua on this VM, the C binding
-- (volley.core.hex) against the plain-Lua reference (tests/oracle/hex.lua), with the ratio
-- C / reference (below 1: the binding is faster). make bench runs it under Lua 5.4 and
-- LuaJIT; bench_hex gives the same operations in pure C. Figures only, never a verdict.
local hex = require("volley.core").hex
local oracle = require "oracle.hex"
local benchlib = require "benchlib"
local vmname = arg and arg[1] or _VERSION

local g, o = hex.grid(), oracle.grid()

-- A fixed sequence of cases (Park-Miller; no math.random).
local seed = 1
local function pick(lo, hi)
  seed = (seed * 16807) % 2147483647
  return lo + seed % (hi - lo + 1)
end

local N = 256
local labels, others, values, far = {}, {}, {}, {}
for i = 1, N do
  local col, row = pick(10, 40), pick(10, 40)
  labels[i] = o:from_offset(col, row)
  others[i] = o:from_offset(pick(10, 40), pick(10, 40))
  values[i] = o:parse(labels[i])
  repeat
    far[i] = o:from_offset(col + pick(-10, 10), row + pick(-10, 10))
  until o:distance(labels[i], far[i]) == 10   -- lines of exactly 10 hexes
end

-- ns per call of f(i) over n calls (i cycling through the cases). Each result is kept, so
-- that LuaJIT cannot drop a call whose result nobody reads.
local kept = {}
local function time(n, f)
  n = benchlib.n(n)
  local t0 = os.clock()
  for k = 1, n do
    local i = k % N + 1
    kept[i] = f(i)
  end
  return (os.clock() - t0) / n * 1e9
end

local cases = {
  {"neighbors (all 6)", 200000,
    function(i) return g:neighbors(labels[i]) end,
    function(i) return o:neighbors(labels[i]) end},
  {"distance", 500000,
    function(i) return g:distance(labels[i], others[i]) end,
    function(i) return o:distance(labels[i], others[i]) end},
  {"parse label", 500000,
    function(i) return g:parse(labels[i]) end,
    function(i) return o:parse(labels[i]) end},
  {"format label", 500000,
    function(i) return g:format(values[i]) end,
    function(i) return o:format(values[i]) end},
  {"line (distance 10)", 50000,
    function(i) return g:line(labels[i], far[i]) end,
    function(i) return o:line(labels[i], far[i]) end},
  {"trace (distance 10)", 5000,
    function(i) return g:trace(labels[i], far[i]) end,
    function(i) return o:trace(labels[i], far[i]) end},
}

benchlib.header(vmname)
for _, c in ipairs(cases) do
  local cns, rns = time(c[2], c[3]), time(benchlib.n(math.max(1000, math.floor(c[2] / 10))), c[4])
  benchlib.row("hex", vmname, c[1], cns, rns)
end
assert(kept[1] ~= nil, "every call returned something")
