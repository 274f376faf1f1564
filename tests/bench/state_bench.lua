-- state_bench: the state store through Lua on this VM, 600 units (GBACW's schema, a generated
-- order of battle of two armies) on a 60x50 map: ns per call of the queries and changes a
-- rule script makes most, and a snapshot (store:copy, store:restore). make bench runs it
-- under Lua 5.4 and LuaJIT; bench_state gives the same in pure C. Figures only.
local state = require("volley.core").state
local vmname = arg and arg[1] or _VERSION

-- A fixed sequence (Park-Miller; no math.random).
local seed = 1
local function pick(lo, hi)
  seed = (seed * 16807) % 2147483647
  return lo + seed % (hi - lo + 1)
end

local function label(col, row) return string.format("%02d%02d", col, row) end

-- An order of battle of 600 entries: per side 3 divisions of 5 brigades of 9 units, leaders.
local lines = {"[oob]", "system = gbacw", "sides = USA CSA", ""}
local ids, n = {}, 0
local function add(s) lines[#lines + 1] = s end
for _, side in ipairs{"USA", "CSA"} do
  add("[command." .. side .. "]") add("side = " .. side) add("level = army") add("")
  for d = 1, 3 do
    local div = side .. "-" .. d
    add("[command." .. div .. "]") add("side = " .. side) add("level = division")
    add("parent = " .. side) add("")
    for b = 1, 5 do
      local bde = div .. "." .. b
      add("[command." .. bde .. "]") add("side = " .. side) add("level = brigade")
      add("parent = " .. div) add("")
      add("[leader." .. bde .. "-L]") add("side = " .. side) add("type = leader")
      add("command = " .. bde) add("stars = 1") add("ma = 10") add("command_range = 4") add("")
      n = n + 1
      for k = 1, 9 do
        local id = bde .. "/" .. k
        add("[unit." .. id .. "]") add("side = " .. side)
        add("type = " .. (k <= 6 and "infantry" or k <= 8 and "cavalry" or "artillery"))
        add("command = " .. bde) add("strength = " .. pick(1, 12)) add("cohesion = 6")
        add("cohesion_disordered = 4") add("ma = 6") add("")
        ids[#ids + 1] = id
        n = n + 1
      end
    end
  end
end
while n < 600 do
  local id = "reserve/" .. n
  add("[unit." .. id .. "]") add("side = " .. (n % 2 == 0 and "USA" or "CSA"))
  add("type = artillery") add("strength = 4") add("cohesion = 6")
  add("cohesion_disordered = 6") add("ma = 8") add("")
  ids[#ids + 1] = id
  n = n + 1
end
local path = os.tmpname()
local f = assert(io.open(path, "w"))
f:write(table.concat(lines, "\n"), "\n")
f:close()

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
