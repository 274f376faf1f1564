-- move_bench: milliseconds per movement query through Lua on this VM, the C binding
-- (volley.core.move) against the plain-Lua reference (tests/oracle/move.lua), on the generated
-- 60 x 50 map of tests/bench/move_map.lua, with the ratio C / reference (below 1: the binding
-- is faster). Reach for MA 4, 10 and 40 (with every path, then without), the check of typed
-- paths, the cheapest path. make bench runs it under Lua 5.4 and LuaJIT; bench_move gives the
-- searches in pure C. Figures only, never a verdict.
local core = require "volley.core"
local oracle = dofile("tests/oracle/move.lua")
local gen = dofile("tests/bench/move_map.lua")
local hexo = dofile("tests/oracle/hex.lua")
local benchlib = require "benchlib"
local vmname = arg and arg[1] or _VERSION

local path = os.tmpname()
local labels = gen.write(path).labels
local m = assert(core.map.load(path))
local t0 = os.clock()
local mv = assert(core.move.load(m))
local load_ms = (os.clock() - t0) * 1e3
local board = oracle.board(m, mv)
local grid = hexo.grid()
local pick = gen.picker(99)

-- Starts away from the edges, and 10-step walks from them (each step to a neighbour).
local starts, walks = {}, {}
for i = 1, 16 do
  repeat starts[i] = labels[pick(#labels) + 1]
  until tonumber(starts[i]:sub(1, 2)) > 8 and tonumber(starts[i]:sub(1, 2)) < 52 and
        tonumber(starts[i]:sub(3, 4)) > 8 and tonumber(starts[i]:sub(3, 4)) < 42
  local here, w = starts[i], {}
  for k = 1, 10 do
    here = grid:neighbors(here)[pick(6) + 1]
    w[k] = here
  end
  walks[i] = w
end

-- ms per call of f(i), i cycling through the cases, over at least 0.2 s (and 4 calls; one in
-- smoke mode). Each
-- result is kept, so that LuaJIT cannot drop a call whose result nobody reads.
local kept = {}
local function time(f)
  local n, t = 0, os.clock()
  repeat
    n = n + 1
    kept[n % 16 + 1] = f(n % 16 + 1)
  until benchlib.SMOKE or (n >= 4 and os.clock() - t >= 0.2)
  return (os.clock() - t) / n * 1e3, #kept
end

local function reach_case(ma, paths)
  return function(i) return mv:reach(starts[i], {class = "inf", ma = ma, paths = paths}) end,
         function(i) return board:reach(starts[i], {class = "inf", ma = ma}) end
end

local cases = {}
for _, ma in ipairs({4, 10, 40}) do
  local c, o = reach_case(ma, true)
  local size = #mv:reach(starts[1], {class = "inf", ma = ma})
  cases[#cases + 1] = {string.format("reach MA %d (~%d places)", ma, size), c, o}
end
do
  local c, o = reach_case(40, false)
  cases[#cases + 1] = {"reach MA 40, no paths", c, o}
end
cases[#cases + 1] = {"validate a 10-step path",
  function(i) return mv:validate(starts[i], walks[i], {class = "inf", ma = 40}) end,
  function(i) return board:validate(starts[i], walks[i], {class = "inf", ma = 40}) end}
cases[#cases + 1] = {"cheapest path (10 steps away)",
  function(i) return mv:path(starts[i], walks[i][10], {class = "inf", ma = 60}) end,
  function(i) return board:path(starts[i], walks[i][10], {class = "inf", ma = 60}) end}

print(string.format("%s, 60 x 50 map; movement table and graph loaded in %.2f ms", vmname,
                    load_ms))
print(string.format("%-32s %12s %14s %8s", "query", "binding ms", "reference ms", "ratio"))
for _, c in ipairs(cases) do
  local a, b = time(c[2]), time(c[3])
  print(string.format("%-32s %12.3f %14.3f %8.3f", c[1], a, b, a / b))
end
os.remove(path)
