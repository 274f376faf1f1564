-- save_bench: the game state's snapshot, serialisation and hash, and the save file, through
-- Lua on this VM: 600 units (GBACW's schema, a generated order of battle of two armies) on a
-- 60x50 map, every unit placed and faced, 40 vars and a cursor. ns per call through the C
-- binding, reported through benchlib (no plain-Lua reference); make bench runs it under
-- Lua 5.4 and LuaJIT, and bench_save gives the same in pure C. Figures only.
local core = require("volley.core")
local benchlib = require "benchlib"
local state, save = core.state, core.save
local vmname = arg and arg[1] or _VERSION

local fixture = require "oob_fixture"
local pick, label = fixture.pick, fixture.label
local path, ids = fixture.oob()
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
  count = benchlib.n(count)
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
