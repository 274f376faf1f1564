-- save_bench: the game state's snapshot, serialisation and hash, and the save file, through
-- Lua on this VM: 600 units (GBACW's schema, a generated order of battle of two armies) on a
-- 60x50 map, every unit placed and faced, 40 vars and a cursor. ns per call through the C
-- binding, reported through benchlib (no plain-Lua reference); make bench runs it under
-- Lua 5.4 and LuaJIT, and bench_save gives the same in pure C. Figures only.
local core = require("volley.core")
local benchlib = require "benchlib"
local state, save = core.state, core.save
local vmname = arg and arg[1] or _VERSION

-- A fixed sequence (Park-Miller; no math.random).
local seed = 1
local function pick(lo, hi)
  seed = (seed * 16807) % 2147483647
  return lo + seed % (hi - lo + 1)
end

local function label(col, row) return string.format("%02d%02d", col, row) end

-- The order of battle of state_bench: per side 3 divisions of 5 brigades of 9 units.
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
local st = assert(state.new{schema = "charts/gbacw/units.ini", oob = path})
local back = assert(state.new{schema = "charts/gbacw/units.ini", oob = path})
os.remove(path)

for i, id in ipairs(ids) do
  local side = st:unit(id).side
  local h
  repeat
    h = label(pick(1, 30) + (side == "CSA" and 30 or 0), pick(1, 50))
  until st:count(h) < 3
  st:place(id, h)
  st:face(id, ({"N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N"})[i % 6 + 1])
end
local vars = st:vars()
for i = 1, 40 do vars["v" .. i] = i * 7 end
st:set_cursor{frames = {{iter = 2, child = 1}, {iter = 1, child = 3}}, side = "USA"}
st:seed(1)
for _ = 1, 50 do st:dice():d6("bench", "-") end

local kept = {}
local function time(count, fn)
  local t = os.clock()
  for k = 1, count do kept[k % 16 + 1] = fn() end
  return (os.clock() - t) / count * 1e9
end

local text = st:serialize()
local snap = st:copy()
local journal = {}
for i = 1, 2000 do
  journal[i] = {kind = "answer", side = "USA", request = "move", value = "3/2.1/4 3014",
                state = st:hash(), rolls = i}
end
local sv = {scenario = "some-game/some-battle", seed = 1, undo = "strict", cap = 2000,
            view = "referee", journal = journal, files = {}}
for i = 1, 12 do
  sv.files[i] = {role = i <= 6 and "scenario" or "system",
                 path = "scenarios/x/y/file" .. i .. ".ini", sha256 = ("0123456789abcdef"):rep(4)}
end
local stext = save.text(sv)

benchlib.header(vmname)
local rows = {
  {"store:copy() (snapshot)", time(2000, function() return st:copy() end)},
  {"store:restore(snapshot)", time(2000, function() st:restore(snap) return 1 end)},
  {"store:serialize()", time(300, function() return st:serialize() end)},
  {"store:hash()", time(300, function() return st:hash() end)},
  {"store:deserialize(text)", time(100, function() return back:deserialize(text) end)},
  {"save.text (2000 answers)", time(50, function() return save.text(sv) end)},
  {"save.parse (2000 answers)", time(50, function() return save.parse(stext) end)},
}
for _, r in ipairs(rows) do benchlib.row("save", vmname, r[1], r[2]) end
print(string.format("%-10s serialisation %d bytes (%.1f a unit); store %d bytes; save of 2000 "
                    .. "answers %d bytes", vmname, #text, #text / 600, st:memory(), #stext))
assert(#kept > 0)
