-- volley.start_state: a scenario's start state (docs/scenarios.md "Start states", the format
-- in docs/formats.md "The start state"), read line by line and laid over the game its
-- set-up made, on the demo (a system that declares no values of its own); the files a save
-- records; hostile files refused cleanly.
local game = require "volley.game"
local start_state = require "volley.start_state"

-- A copy of the demo with a variant start.ini naming start.state, holding `text`.
local function demo_with(text)
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p " .. dir .. " && cp tests/data/demo/*.ini " .. dir))
  local f = assert(io.open(dir .. "/start.ini", "w"))
  f:write("[scenario]\nbase = scenario.ini\ntitle = Demo with a start state\n"
    .. "start = start.state\n")
  f:close()
  f = assert(io.open(dir .. "/start.state", "wb"))
  f:write(text)
  f:close()
  return dir .. "/start.ini", dir
end

local function remove(dir)
  os.execute("rm -rf " .. dir)
end

local function opened(text)
  local file, dir = demo_with(text)
  local ok, g = pcall(game.open, file)
  remove(dir)
  return ok, ok and g or (tostring(g):gsub("^.*/start%.state:", "start.state:"))
end

describe("volley.start_state", function()
  describe("parse", function()
    it("reads unit, stack and var lines; skips a dump's header, cursor and dice lines", function()
      local p = assert(start_state.parse(table.concat({
        "volley-state 1",
        "cursor frames[1].child 2",
        "dice state 84a1a124c359b642 inc 7dd71b42cb1dd8cf count 2 forced 1",
        "; a comment, then a blank line", "",
        "unit A1 hex 0204 facing - model none attached B hidden strength=2 markers hits=1  ; moved",
        "unit B4 eliminated",
        "stack hex 0204 A1 A2",
        "var orders.\"1st brigade\"[1] \"hold ; fast\"  ; a comment after a string",
        "# another comment",
        "var n -3\r",
      }, "\n"), "x.state"))
      assert.are.same({ id = "A1", loc = { kind = "hex", "0204" }, facing = "-", model = "none",
                        attached = "B", hidden = true, fields = { { name = "strength", text = "2" } },
                        markers = { { name = "hits", text = "1" } }, line = 6 }, p.units[1])
      assert.are.same({ id = "B4", loc = { kind = "eliminated" }, fields = {}, markers = {},
                        line = 7 }, p.units[2])
      assert.are.same({ { loc = { kind = "hex", "0204" }, ids = { "A1", "A2" }, line = 8 } },
                      p.stacks)
      assert.are.same({ path = { "orders", "1st brigade", 1 }, value = "hold ; fast", line = 9 },
                      p.vars[1])
      assert.are.same({ path = { "n" }, value = -3, line = 11 }, p.vars[2])
    end)

    it("refuses a malformed line, naming the file and the line", function()
      local cases = {
        { "hello", "x.state:1: unknown line 'hello' (a start state holds unit, stack and var lines)" },
        { "unit A1\nvolley-state 1", "x.state:2: 'volley-state' is the first line or none" },
        { "volley-state 2", "x.state:1: state format '2' is not supported (this volley reads 1)" },
        { "unit A1 markers hits=1\nunit A1 eliminated", "x.state:2: unit A1 is given twice (first at line 1)" },
        { "var a 1\nvar a 2", "x.state:2: the same path is given twice (first at line 1)" },
        { "var a \"x\\q\"", "x.state:1: unknown escape '\\q' (\\\" \\\\ \\n \\t \\r \\xHH)" },
        { "var a \"open", "x.state:1: a string without its closing quote" },
        { "var a[0] 1", "x.state:1: a list index [1], [2] ... expected at '[0] 1'" },
        { "var a maybe", "x.state:1: 'maybe' is not a value (an integer, true, false, a string in "
          .. "quotes, hex/unit/space/box <id>, {} or [])" },
        { "var a 99999999999999999", "x.state:1: 99999999999999999 is out of range "
          .. "(-9007199254740992 to 9007199254740992)" },
        { "unit A1 markers hits=1 facing N", "x.state:1: 'facing' out of place (the order is <id> "
          .. "<location> facing model attached hidden <field>=<value>... markers <marker>=<n>...)" },
        { "unit A1 strength", "x.state:1: 'strength' is not name=value" },
        { "unit A1 hex", "x.state:1: a hex label expected after 'hex'" },
        { "stack hex 0204 A1", "x.state:1: a stack line names two units or more, top first" },
        { "unit A1 " .. ("x"):rep(5000), "x.state:1: line too long (5008 bytes; at most 4096)" },
        { "unit A1\nunit A2 \255", "x.state:2: invalid UTF-8 at column 9" },
        { "unit A1 \27[31m", "x.state:1: a control character (U+001B) at column 9" },
        { "unit A1 \0", "x.state:1: NUL byte at column 9" },
      }
      for _, c in ipairs(cases) do
        local p, err = start_state.parse(c[1], "x.state")
        assert.is_nil(p, c[1])
        assert.are.equal(c[2], err)
      end
    end)
  end)

  describe("on a game", function()
    it("applies Hits, elimination, a location over the set-up's, a stack's order", function()
      local ok, g = opened("unit A1 markers hits=2\nunit B4 eliminated\nunit A2 hex 0204\n"
        .. "unit A3 hex 0204\nstack hex 0204 A2 A3\n")
      assert.is_true(ok, g)
      assert.are.equal(2, g.store:marker("A1", "hits"))
      assert.are.equal("eliminated", (g.store:where("B4")))
      assert.are.same({ "A2", "A3" }, g.store:stack("0204"))
      local _, at = g.store:where("B1")
      assert.are.equal("1203", at)                 -- what the start state leaves: the set-up's
      g.store:close()
    end)

    it("takes a unit it places out of the set-up's choices", function()
      -- the demo's A4 is a choice of its road hexes only when there are two: make one
      local ok, g = opened("unit A4 hex 0303\n")
      assert.is_true(ok, g)
      for _, c in ipairs(g.setup.choices) do
        for _, u in ipairs(c.units) do assert.are_not.equal("A4", u) end
      end
      g.store:close()
    end)

    it("refuses what the store, the map, the stacking test or the system refuse, at its line", function()
      local cases = {
        { "unit Z9 markers hits=1", "start.state:1: unknown unit 'Z9' (not in the order of battle)" },
        { "unit A1 markers fatigue=1", "start.state:1: unknown marker 'fatigue'" },
        { "unit A1 markers hits=10", "start.state:1: A1: marker hits 10 is outside 0-9" },
        { "unit A1 markers hits=3", "start.state:1: A1: 3 hits reach its strength 3: it would be "
          .. "eliminated (give it the location 'eliminated') [demo 5.3]" },
        { "unit A1 strength=12", "start.state:1: A1: strength 12 is outside 1-9" },
        { "unit A1 hex 1313", "start.state:1: hex 1313 is not on the map" },
        { "unit A1 hex zz", "start.state:1: invalid hex label 'zz': expected 4 digits" },
        { "unit A1 space nowhere", "start.state:1: cannot place A1: unknown track space 'nowhere'" },
        { "unit A1 facing N", "start.state:1: cannot face A1 N: A1 does not face (model 'none')" },
        { "\n\nunit A1 hex 1203", "start.state:3: cannot stand A1 in 1203: 1203 holds an enemy unit "
          .. "(B1) [demo 3.3]" },
        { "unit A1 hex 0105\nunit A3 hex 0105", "start.state:2: cannot stand A3 in 0105: 0105 "
          .. "already holds 2 units of side A (stack_limit 2) [demo 3.4]" },
        { "stack hex 0105 A1 Z9", "start.state:1: unknown unit 'Z9'" },
        { "var turn 3", "start.state:1: unknown value 'turn' of system demo (a start state may "
          .. "set: none)" },
      }
      for _, c in ipairs(cases) do
        local ok, err = opened(c[1])
        assert.is_false(ok, c[1])
        assert.are.equal(c[2], err)
      end
    end)

    it("refuses a file too large, or not a regular file, before reading it", function()
      local ok, err = opened(("; padding\n"):rep(104858))
      assert.is_false(ok)
      assert.are.equal("start.state:1: larger than 1048576 bytes (the most this file may hold)", err)
      local file, dir = demo_with("")
      os.remove(dir .. "/start.state")
      assert(os.execute("mkfifo " .. dir .. "/start.state"))
      local fine, why = pcall(game.open, file)
      remove(dir)
      assert.is_false(fine)
      assert.truthy(tostring(why):find("start: 'start.state' in the scenario's folder (", 1, true))
      assert.truthy(tostring(why):find(") is not a regular file", 1, true))
    end)

    it("reads through volley.core.text.read_file: a regular file only, never waiting on a FIFO",
      function()
        local core = require "volley.core"
        local dir = os.tmpname()
        os.remove(dir)
        assert(os.execute("mkdir -p " .. dir .. " && mkfifo " .. dir .. "/fifo"))
        local f = assert(io.open(dir .. "/small", "wb"))
        f:write("unit A1\0\n")
        f:close()
        assert.are.same({ nil, "not a regular file" }, { core.text.read_file(dir .. "/fifo", 10) })
        assert.are.same({ nil, "not a regular file" }, { core.text.read_file(dir, 10) })
        assert.are.equal("unit A1\0\n", core.text.read_file(dir .. "/small", 9))
        assert.are.same({ nil, "larger than 8 bytes (the most this file may hold)" },
                        { core.text.read_file(dir .. "/small", 8) })
        local none, why = core.text.read_file(dir .. "/none", 8)
        assert.is_nil(none)
        assert.truthy(why:find("^cannot open %("))
        remove(dir)
      end)

    it("is one of the files a save records", function()
      local file, dir = demo_with("unit A1 markers hits=1\n")
      local g = game.open(file)
      local roles = {}
      for _, f in ipairs(require("volley.session").files(g)) do
        if f.role == "scenario" then roles[#roles + 1] = f.path:match("[^/]+$") end
      end
      remove(dir)
      assert.are.same({ "start.ini", "scenario.ini", "map.ini", "oob.ini", "start.state" }, roles)
      g.store:close()
    end)
  end)
end)
