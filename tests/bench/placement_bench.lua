-- placement_bench: microseconds to parse placement specs and to evaluate them on the
-- placement fixture maps (tests/data/maps/placement/), through volley.placement on this VM.
-- make bench runs it under Lua 5.4 and LuaJIT. Figures only, never a verdict.
local core = require "volley.core"
local placement = require "volley.placement"
local benchlib = require "benchlib"
local vmname = arg and arg[1] or _VERSION

local function map(name)
  return assert(core.map.load("tests/data/maps/placement/" .. name .. ".ini"))
end
local resaca, rs = map("resaca"), map("rio-sacramento")

local kept = {}
-- us per call of f over n calls.
local function time(n, f)
  n = benchlib.n(n)
  local t0 = os.clock()
  for k = 1, n do kept[k % 16 + 1] = f() end
  return (os.clock() - t0) / n * 1e6
end

local RS = "any hacienda or Redoubt hex, any hex with a wall hexside, or any level 4 hex east "
  .. "of the Road"
local cases = {
  { "parse '3014-5'", 20000, function() return placement.parse("3014-5") end },
  { "parse the RS infantry line", 5000, function() return placement.parse(RS) end },
  { "parse a refusal", 20000, function() return placement.parse("any hex nearby") end },
  { "evaluate '5818-20' (660 hexes)", 2000,
    function() return placement.compile("5818-20", resaca) end },
  { "evaluate the 5100 row line", 500, function()
      return placement.compile("any hex(es) south of (and including) the 5100 row", resaca)
    end },
  { "evaluate the RS infantry line (486)", 100, function() return placement.compile(RS, rs) end },
  { "evaluate level 2 within one of 3246", 500, function()
      return placement.compile("any Level 2 hex within one of 3246", rs)
    end },
}

print(string.format("%-10s %-40s %10s", vmname, "operation", "us/call"))
for _, c in ipairs(cases) do
  print(string.format("%-10s %-40s %10.1f", vmname, c[1], time(c[2], c[3])))
end
assert(kept[2] ~= nil, "every call returned something")
