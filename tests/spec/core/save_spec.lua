-- volley.core.state's serialisation and hash, and volley.core.save: the same state hashes to
-- the same pinned number on Lua 5.4 and on LuaJIT, any single change to the state changes the
-- hash, serialise -> deserialise -> serialise gives the same bytes, snapshots carry the dice
-- and the cursor; save files are read, written, checked and refused with their messages.
local core = require "volley.core"
local state, save = core.state, core.save

-- The message of an error raised by f, without the "file:line: " Lua puts before it.
local function raised(f, ...)
  local ok, msg = pcall(f, ...)
  assert.is_false(ok)
  return (tostring(msg):gsub("^[^:]*:%d+: ", ""))
end

local function new_store()
  return assert(state.new{schema = "charts/rough_and_ready/units.ini",
                          oob = "tests/data/oob/rough_and_ready.ini"})
end

-- The fixture: a few units placed, faced and marked, vars, a cursor, one die rolled.
local function fixture()
  local st = new_store()
  st:seed(1)
  assert.are.equal(2, st:dice():d10("activation", "[rough_and_ready 3.11]"))
  assert(st:place("5US-1", "3014"))
  assert(st:place("5US-2", "3014"))
  assert(st:place("Taylor", "3014", "bottom"))
  assert(st:face("5US-1", "N/NE"))
  assert(st:face("5US-2", "NE/SE"))
  st:set_marker("5US-1", "hits", 1)
  st:set_marker("8US", "disordered", true)
  assert(st:place("8US", "eliminated"))
  st:set("tampico", "morale", 4)
  local vars = st:vars()
  vars.bl = {US = 3, MEX = 5}
  vars.last = state.id("unit", "5US-1")
  vars.route = {state.id("hex", "3014"), state.id("hex", "3015")}
  vars.note = "Arista's \"alert\""
  st:set_cursor{frames = {{iter = 2, child = 3}}, side = "US"}
  return st
end

local FIXTURE_TEXT = table.concat({
  "volley-state 1",
  "cursor frames[1].child 3",
  "cursor frames[1].iter 2",
  "cursor side \"US\"",
  "dice state 84a1a124c359b642 inc 7dd71b42cb1dd8cf count 1 forced 0",
  "unit 5US-1 hex 3014 facing N/NE model vertex guns=0 independent=-1 lancer=no ma=6 morale=6 "
    .. "morale_reverse=4 markers hits=1",
  "unit 5US-2 hex 3014 facing NE/SE model vertex guns=0 independent=-1 lancer=no ma=6 morale=6 "
    .. "morale_reverse=4",
  "unit 8US eliminated facing - model vertex guns=0 independent=-1 lancer=no ma=6 morale=5 "
    .. "morale_reverse=3 markers disordered=1",
  "unit Belknap none facing - model none activation=5 command_range=4 leadership=0 ma=12",
  "unit Garcia none facing - model none activation=3 command_range=3 leadership=0 ma=12",
  "unit Garland none facing - model none activation=5 command_range=4 leadership=0 ma=12",
  "unit Taylor hex 3014 facing - model none activation=6 command_range=8 leadership=2 ma=12",
  "unit ringgold none facing - model artillery guns=1 independent=-1 lancer=no ma=8 morale=7 "
    .. "morale_reverse=0",
  "unit tampico none facing - model vertex guns=0 independent=4 lancer=yes ma=10 morale=4 "
    .. "morale_reverse=3",
  "unit wagons none facing - model none guns=0 independent=-1 lancer=no ma=4 morale=0 "
    .. "morale_reverse=0",
  "stack hex 3014 5US-2 5US-1 Taylor",
  "var bl.MEX 5",
  "var bl.US 3",
  "var last unit 5US-1",
  "var note \"Arista's \\\"alert\\\"\"",
  "var route[1] hex 3014",
  "var route[2] hex 3015",
}, "\n") .. "\n"

-- The hash of the fixture: the same number on both VMs (and XXH3-64 of FIXTURE_TEXT).
local FIXTURE_HASH = "7e3ef3c4546820ae"

describe("store:serialize and store:hash", function()
  it("serialises the fixture to the documented text", function()
    assert.are.equal(FIXTURE_TEXT, fixture():serialize())
  end)

  it("hashes the fixture to the pinned number on this VM (" .. core.lua .. ")", function()
    local h = fixture():hash()
    assert.are.equal(FIXTURE_HASH, h)
    assert.truthy(h:match("^%x+$") and #h == 16 and h == h:lower())
  end)

  it("reads back what it writes: serialise -> deserialise -> serialise gives the same bytes",
     function()
    local st, back = fixture(), new_store()
    assert.is_true(back:deserialize(st:serialize()))
    assert.are.equal(FIXTURE_TEXT, back:serialize())
    assert.are.equal(FIXTURE_HASH, back:hash())
    assert.are.same({frames = {{iter = 2, child = 3}}, side = "US"}, back:cursor())
    assert.are.same({"5US-2", "5US-1", "Taylor"}, back:stack("3014"))
    assert.are.equal(tostring(st:vars().last), tostring(back:vars().last))
    -- the dice go on as the original's
    assert.are.equal(st:dice():d6("a", "b"), back:dice():d6("a", "b"))
  end)

  it("changes the hash with any single change to the state, and a snapshot brings it back",
     function()
    local changes = {
      move = function(st) st:place("5US-1", "3015") end,
      restack = function(st) st:restack("5US-1", 1) end,
      facing = function(st) st:face("5US-2", "SE/S") end,
      model = function(st) st:set_model("5US-1", "artillery") end,
      value = function(st) st:set("5US-1", "morale", 5) end,
      marker = function(st) st:set_marker("5US-1", "hits", 2) end,
      new_marker = function(st) st:set_marker("5US-2", "disordered", 1) end,
      attach = function(st) st:attach("8US", "garland") end,
      hidden = function(st) st:set_hidden("tampico", true) end,
      var = function(st) st:vars().bl = {US = 3, MEX = 6} end,
      var_type = function(st) st:vars():set("bl", "US", "3") end,
      new_var = function(st) st:vars().zz = false end,
      cursor = function(st) st:set_cursor{frames = {{iter = 2, child = 4}}, side = "US"} end,
      die = function(st) st:dice():d6("one roll", "-") end,
      forced_die = function(st)
        local peek = st:dice():copy():d6("peek", "-")
        st:dice():force(peek)
        st:dice():d6("the same value, forced", "-")
      end,
      seed = function(st) st:seed(2) end,
    }
    local names = {}
    for name in pairs(changes) do names[#names + 1] = name end
    table.sort(names)
    local st = fixture()
    local snap = st:copy()
    local seen = {[FIXTURE_HASH] = "the fixture"}
    for _, name in ipairs(names) do
      changes[name](st)
      local h = st:hash()
      assert.is_nil(seen[h], name .. " hashes like " .. tostring(seen[h]))
      seen[h] = name
      st:restore(snap)
      assert.are.equal(FIXTURE_HASH, st:hash())
    end
  end)

  it("refuses a malformed serialisation at its line and leaves the store as it was", function()
    local st = fixture()
    local text = FIXTURE_TEXT:gsub("hits=1", "hits=21")
    local ok, err = st:deserialize(text, "dump.txt")
    assert.is_nil(ok)
    assert.are.same({file = "dump.txt", line = 6, msg = "5US-1: marker hits 21 is outside 0-20"},
                    {file = err.file, line = err.line, msg = err.msg})
    ok, err = st:deserialize((FIXTURE_TEXT:gsub("facing N/NE", "facing n/ne")))
    assert.is_nil(ok)
    assert.are.equal("state:6: not canonical: expected 'unit 5US-1 hex 3014 facing N/NE model "
      .. "vertex guns=0 independent=-1 lancer=no ma=6 morale=6 morale_reverse=4 markers hits=1'",
      tostring(err))
    ok, err = st:deserialize(FIXTURE_TEXT:sub(1, -2))
    assert.is_nil(ok)
    assert.are.equal("state:22: the last line has no end of line (the text is cut short?)",
                     tostring(err))
    assert.are.equal(FIXTURE_HASH, st:hash())
  end)
end)

describe("the store's dice and cursor", function()
  it("rolls the store's own dice, which snapshots carry", function()
    local st = new_store()
    st:seed(1)
    local snap = st:copy()
    local first = {st:dice():d10("a", "-"), st:dice():d10("b", "-")}
    assert.are.same({2, 6}, first)   -- seed 1's first d10s (docs/dice.md)
    assert.are.equal(2, st:dice():count())
    st:restore(snap)
    assert.are.equal(0, st:dice():count())
    assert.are.same(first, {st:dice():d10("a", "-"), st:dice():d10("b", "-")})
  end)

  it("raises when the store owning the dice is closed", function()
    local st = new_store()
    local d = st:dice()
    st:close()
    -- the two VMs word a bad self differently (DESIGN.md principle 11)
    local want = core.lua:find("LuaJIT") and "bad argument #1 to '?' (the dice's owner is closed)"
      or "calling 'd6' on bad self (the dice's owner is closed)"
    assert.are.equal(want, raised(function() return d:d6("a", "b") end))
  end)

  it("refuses a seed out of range and a cursor the state cannot hold", function()
    local st = new_store()
    assert.are.equal("bad argument #1 to 'seed' (seed must be an integer from 0 to 2^53 - 1)",
                     raised(function() st:seed(-1) end))
    assert.are.equal("cursor.frames[1].iter: 1.5 is not an integer (the state holds integers only)",
                     raised(function() st:set_cursor{frames = {{iter = 1.5}}} end))
    assert.are.equal("bad argument #1 to 'set_cursor' (the cursor must be a map)",
                     raised(function() st:set_cursor{1, 2} end))
    assert.are.same({}, st:cursor())
  end)
end)

local SHA = {("1"):rep(64), ("2"):rep(64), ("3"):rep(64), ("4"):rep(64), ("5"):rep(64)}

-- tests/data/saves/good.save as a table.
local function good()
  return {
    volley = "0.1.0",
    scenario = "rough-and-ready/palo-alto",
    files = {
      {role = "scenario", path = "scenarios/rough-and-ready/palo-alto/scenario.ini", sha256 = SHA[1]},
      {role = "scenario", path = "scenarios/rough-and-ready/palo-alto/map.ini", sha256 = SHA[2]},
      {role = "system", path = "charts/rough_and_ready/units.ini", sha256 = SHA[3]},
    },
    options = {{name = "grass-fire",
                path = "scenarios/rough-and-ready/palo-alto/options/grass-fire.lua",
                sha256 = SHA[4]}},
    mods = {{path = "my mods/house rule.lua", sha256 = SHA[5]}},
    seed = 12345, undo = "strict", bots = {{side = "MEX", name = "random"}}, cap = 2000,
    view = "US",
    journal = {
      {kind = "answer", side = "US", request = "activation", value = "Twiggs",
       state = "0123456789abcdef", rolls = 1},
      {kind = "forced", die = "d10", faces = {7}, state = "1123456789abcdef", rolls = 2},
      {kind = "answer", side = "US", request = "move", value = "5US-1 3015 \"the ford\"",
       state = "2123456789abcdef", rolls = 2},
      {kind = "answer", side = "MEX", request = "retreat", value = -3,
       state = "3123456789abcdef", rolls = 2},
      {kind = "answer", side = "MEX", request = "add_leadership", value = true,
       state = "4123456789abcdef", rolls = 2},
      {kind = "forced", die = "2d6", faces = {3, 5}, state = "5123456789abcdef", rolls = 4},
      {kind = "forced", die = "dn", sides = 12, faces = {12}, state = "6123456789abcdef",
       rolls = 5},
    },
  }
end

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("*a")
  f:close()
  return s
end

describe("volley.core.save", function()
  it("writes the documented text, as tests/data/saves/good.save holds it", function()
    assert.are.equal(slurp("tests/data/saves/good.save"), save.text(good()))
  end)

  it("reads a save into a table", function()
    local s = assert(save.read("tests/data/saves/good.save"))
    assert.are.equal(1, s.format)
    assert.is_true(s.finished)
    assert.are.equal("rough-and-ready/palo-alto", s.scenario)
    assert.are.equal(12345, s.seed)
    assert.are.same({side = "MEX", name = "random"}, s.bots[1])
    assert.are.equal(7, #s.journal)
    assert.are.same({kind = "answer", side = "US", request = "move",
                     value = "5US-1 3015 \"the ford\"", state = "2123456789abcdef", rolls = 2},
                    s.journal[3])
    assert.are.same({kind = "forced", die = "2d6", sides = 6, faces = {3, 5},
                     state = "5123456789abcdef", rolls = 4}, s.journal[6])
    assert.are.equal(-3, s.journal[4].value)
    assert.is_true(s.journal[5].value)
    assert.are.equal(slurp("tests/data/saves/good.save"), save.text(s))
  end)

  it("refuses a truncated file, a changed byte and another format version", function()
    local cases = {
      {"truncated", 21, "truncated: the file does not end with its checksum line"},
      {"cut_line", 18, "truncated: the last line is cut short"},
      {"changed_byte", 21, "checksum mismatch: the file has changed since it was written"},
      {"version2", 1, "format version 2 is not supported (this volley reads version 1)"},
    }
    for _, c in ipairs(cases) do
      local path = "tests/data/saves/" .. c[1] .. ".save"
      local s, err = save.read(path)
      assert.is_nil(s)
      assert.are.equal(path .. ":" .. c[2] .. ": " .. c[3], tostring(err))
    end
  end)

  it("reads an autosave without its checksum line as unfinished when told to", function()
    local s, err = save.read("tests/data/saves/unfinished.save")
    assert.is_nil(s)
    assert.are.equal("truncated: the last line is cut short", err.msg)
    s = assert(save.read("tests/data/saves/unfinished.save", {unfinished = true}))
    assert.is_false(s.finished)
    assert.are.equal(2, #s.journal)
    assert.are.equal("bad argument #2 to 'read' (unknown option 'partial' (unfinished))",
                     raised(function() save.read("x", {partial = true}) end))
  end)

  it("refuses a header naming other scenario or rules content, saying which file", function()
    local s, now = assert(save.read("tests/data/saves/good.save")), good()
    assert.is_true(save.check(s, now))
    now.files[2].sha256 = ("f"):rep(64)
    assert.are.same({false, "scenarios/rough-and-ready/palo-alto/map.ini has changed since the "
                     .. "game was saved"}, {save.check(s, now)})
    now = good()
    now.scenario = "rough-and-ready/resaca-de-la-palma"
    assert.are.same({false, "the game was saved with scenario rough-and-ready/palo-alto, not "
                     .. "rough-and-ready/resaca-de-la-palma"}, {save.check(s, now)})
    now = good()
    now.mods = {}
    assert.are.same({false, "the game was saved with mod my mods/house rule.lua"},
                    {save.check(s, now)})
  end)

  it("writes atomically and reads back", function()
    local path = os.tmpname()
    assert.is_true(save.write(path, good()))
    assert.are.equal(save.text(good()), slurp(path))
    assert.are.equal(save.sha256(slurp(path)), save.hash_file(path))
    os.remove(path)
    local ok, err = save.write("/nonexistent-dir/x.save", good())
    assert.is_nil(ok)
    assert.are.equal("cannot create '/nonexistent-dir/.x.save.tmp': No such file or directory",
                     err.msg)
  end)

  it("keeps an autosave append-only, closed by its checksum line", function()
    local path = os.tmpname()
    os.remove(path)
    local g = good()
    local start = good()
    start.journal = {}
    local a = assert(save.autosave(path, start))
    for i = 1, 4 do assert.is_true(a:append(g.journal[i])) end
    local s = assert(save.read(path, {unfinished = true}))
    assert.is_false(s.finished)
    assert.are.equal(4, #s.journal)
    a:abandon()
    local b, read = save.resume(path)
    assert.are.equal(4, #read.journal)
    for i = 5, 7 do assert.is_true(b:append(g.journal[i])) end
    assert.is_true(b:close())
    assert.are.equal(save.text(g), slurp(path))
    local again, err = save.autosave(path, start)
    assert.is_nil(again)
    assert.are.equal("cannot create the autosave '" .. path .. "': File exists", err.msg)
    os.remove(path)
  end)

  it("refuses a table that is no save, naming the field", function()
    local t = good()
    t.undo = "never"
    assert.are.equal("bad argument #1 to 'text' (undo policy 'never' is neither strict nor solo)",
                     raised(function() save.text(t) end))
    t = good()
    t.journal[2].faces = {10}
    assert.are.equal("bad argument #1 to 'text' (journal[2]: forced face 10 is out of range (0-9))",
                     raised(function() save.text(t) end))
    t = good()
    t.seed = 2 ^ 53
    assert.are.equal("bad argument #1 to 'text' (field 'seed' is out of range)",
                     raised(function() save.text(t) end))
  end)

  it("hashes with SHA-256", function()
    assert.are.equal("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                     save.sha256("abc"))
    local h, err = save.hash_file("tests/data/saves/no-such.save")
    assert.is_nil(h)
    assert.are.equal("cannot read 'tests/data/saves/no-such.save': No such file or directory",
                     err.msg)
  end)
end)
