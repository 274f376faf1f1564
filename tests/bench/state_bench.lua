-- state_bench: the state store through Lua on this VM, 600 units (GBACW's schema, a generated
-- order of battle of two armies) on a 60x50 map: ns per call of the queries and changes a
-- rule script makes most, and a snapshot (store:copy, store:restore). make bench runs it
-- under Lua 5.4 and LuaJIT; bench_state gives the same in pure C. Figures only.
local state = require("volley.core").state
local vmname = arg and arg[1] or _VERSION

local fixture = require "oob_fixture"
local benchlib = require "benchlib"
local pick, label = fixture.pick, fixture.label
local path, ids, n = fixture.oob()

local t0 = os.clock()
local st = assert(state.new{schema = "charts/gbacw/units.ini", oob = path})
local load_ms = (os.clock() - t0) * 1e3
os.remove(path)

local hexes = {}
for i, id in ipairs(ids) do
  local side = st:unit(id).side
  local h
  repeat
    h = label(pick(1, 30) + (side == "CSA" and 30 or 0), pick(1, 50))
  until st:count(h) < 3
  st:place(id, h)
  st:face(id, ({"N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N"})[i % 6 + 1])
  hexes[i] = h
end
local vars = st:vars()
for i = 1, 40 do vars["v" .. i] = i end

local N = #ids
local kept = {}
local function time(count, fn)
  count = benchlib.n(count)
  local t = os.clock()
  for k = 1, count do
    local i = k % N + 1
    kept[i] = fn(i)
  end
  return (os.clock() - t) / count * 1e9
end

local rows = {
  {"load schema + oob.ini (600), ms", load_ms, "ms"},
  {"store:top(hex)", time(200000, function(i) return st:top(hexes[i]) end)},
  {"store:stack(hex)", time(200000, function(i) return st:stack(hexes[i]) end)},
  {"store:total(hex, strength, infantry)",
   time(200000, function(i) return st:total(hexes[i], "strength", {type = "infantry"}) end)},
  {"store:has_artillery(hex)", time(200000, function(i) return st:has_artillery(hexes[i]) end)},
  {"store:within(hex, 2, enemy)",
   time(50000, function(i) return st:within(hexes[i], 2, {enemy_of = "USA"}) end)},
  {"store:combat_hexes(enemy)",
   time(2000, function() return st:combat_hexes{enemy_of = "USA"} end)},
  {"store:arcs(unit)", time(100000, function(i) return st:arcs(ids[i]) end)},
  {"store:arc(unit, hex)", time(200000, function(i) return st:arc(ids[i], hexes[N - i + 1]) end)},
  {"store:get(unit, field)", time(500000, function(i) return st:get(ids[i], "strength") end)},
  {"store:set_marker(unit, ...)",
   time(500000, function(i) st:set_marker(ids[i], "fatigue", i % 3) return i end)},
  {"store:place(unit, hex)", time(200000, function(i) return st:place(ids[i], hexes[i]) end)},
  {"vars.v1 (read)", time(500000, function() return vars.v1 end)},
  {"vars.v1 = n (write)", time(500000, function(i) vars.v1 = i return i end)},
  {"store:copy() (snapshot)", time(2000, function() return st:copy() end)},
}
local snap = st:copy()
rows[#rows + 1] = {"store:restore(snapshot)", time(2000, function() st:restore(snap) return 1 end)}

print(string.format("%-40s %12s   (%s; %d units and leaders, store %d bytes)", "operation",
                    "ns/call", vmname, n, st:memory()))
for _, r in ipairs(rows) do
  print(string.format("%-40s %12.1f%s", r[1], r[2], r[3] and " " .. r[3] or ""))
end
assert(#kept > 0)
