-- volley.core.scenario: scenario.ini read into a table, errors as {file, line, msg}, the
-- probe, folders, and the provisional values of a store (docs/scenarios.md).
local core = require "volley.core"
local sc = core.scenario

local BATTLE = "tests/data/root/scenarios/test-game/battle/"

describe("volley.core.scenario", function()
  it("reads the demo scenario into a table", function()
    local t = assert(sc.load("tests/data/demo/scenario.ini"))
    assert.are.equal("Demo: two armies across the stream", t.title)
    assert.are.equal("demo", t.system)
    assert.are.equal("map.ini", t.map)
    assert.are.equal("oob.ini", t.oob)
    assert.is_nil(t.rules)
    assert.are.equal("tests/data/demo", t.dir)
    assert.are.equal(400, t.max_decisions)
    assert.are.same({ "A", "B" }, t.sides)
    assert.are.equal("A", t.first)
    assert.are.same({ { name = "turns", value = 4, file = "tests/data/demo/scenario.ini",
                        line = 21 } }, t.params)
    assert.are.same({ side = "A", key = "west", text = "0103, 0105, 0107 | A1 A2 A3",
                      file = "tests/data/demo/scenario.ini", line = 24 }, t.setup[1])
    assert.are.equal(4, #t.setup)
    assert.are.same({ file = "tests/data/demo/scenario.ini", line = 11,
                      path = "tests/data/demo/map.ini" }, t.at.map)
    assert.are.same({ file = "tests/data/demo/scenario.ini", line = 17 }, t.at.order)
    assert.are.same({}, t.options)
  end)

  it("gives victory values as integers or as their text", function()
    local t = assert(sc.load(BATTLE .. "scenario.ini"))
    local v = {}
    for _, x in ipairs(t.victory) do v[#v + 1] = x.side .. "." .. x.name .. "=" .. tostring(x.value)
      .. ":" .. type(x.value) end
    assert.are.same({ "A.hold=0502:string", "A.min_units=1:number", "B.bonus=12:number",
                      "B.min_units=1:number", "B.note=hold the  road:string" }, v)
    assert.are.same({ name = "fog", path = "options/fog.lua", file = BATTLE .. "scenario.ini",
                      line = 39, full = BATTLE .. "options/fog.lua" }, t.options[1])
    assert.are.equal("rules.lua", t.rules)
  end)

  it("lays a variant over its base", function()
    local t = assert(sc.load(BATTLE .. "variant.ini"))
    assert.are.equal(BATTLE .. "scenario.ini", t.base)
    assert.are.equal("Test battle, variant deployment", t.title)
    assert.are.same({ file = BATTLE .. "variant.ini", line = 7 }, t.at.title)
    assert.are.same({ file = BATTLE .. "scenario.ini", line = 7 }, t.at.system)
    local keys = {}
    for _, l in ipairs(t.setup) do keys[#keys + 1] = l.side .. ":" .. l.key end
    assert.are.same({ "A:front", "B:line", "B:boss" }, keys)
  end)

  it("returns nil and an error table that prints as file:line: message", function()
    local t, err = sc.load("tests/data/broken/scenario/bad_first.ini")
    assert.is_nil(t)
    assert.are.equal("tests/data/broken/scenario/bad_first.ini", err.file)
    assert.are.equal(11, err.line)
    assert.are.equal("tests/data/broken/scenario/bad_first.ini:11: first: 'C' is not a side "
      .. "of [sides] order (A B)", tostring(err))
  end)

  it("reads text, whose files it cannot look for", function()
    local t = assert(sc.load_string("[scenario]\ntitle = T\nsystem = demo\nmap = m.ini\n"
      .. "oob = o.ini\nprovenance = p\n[sides]\norder = X\n", "t.ini"))
    assert.are.same({ "X" }, t.sides)
    assert.is_nil(t.dir)
    local _, err = sc.load_string("[scenario]\ntitle = T\n", "t.ini")
    assert.are.equal("t.ini:2: missing section [sides]", tostring(err))
  end)

  it("probes for a [scenario] section", function()
    assert.is_true(sc.probe(BATTLE .. "variant.ini"))
    assert.is_false(sc.probe(BATTLE .. "map.ini"))
    local yes, err = sc.probe(BATTLE .. "nothing.ini")
    assert.is_nil(yes)
    assert.are.equal(BATTLE .. "nothing.ini: cannot open (No such file or directory)",
      tostring(err))
  end)

  it("says what a path is and lists a folder in byte order", function()
    assert.are.equal("dir", sc.kind("tests/data/root"))
    assert.are.equal("file", sc.kind(BATTLE .. "scenario.ini"))
    assert.is_nil(sc.kind(BATTLE .. "nothing"))
    local names = {}
    for _, e in ipairs(assert(sc.list_dir(BATTLE))) do names[#names + 1] = e.name .. ":" .. e.kind end
    assert.are.same({ "map.ini:file", "notes.ini:file", "oob.ini:file", "options:dir",
                      "rules.lua:file", "scenario.ini:file", "variant.ini:file", "whole.ini:file" },
      names)
    local none, why = sc.list_dir("tests/data/nowhere")
    assert.is_nil(none)
    assert.are.equal("tests/data/nowhere: No such file or directory", why)
  end)

  it("lists the provisional values of an order of battle", function()
    local map = assert(core.map.load(BATTLE .. "map.ini"))
    local store = assert(core.state.new{ schema = "charts/demo/units.ini",
                                         oob = BATTLE .. "oob.ini", map = map })
    assert.are.same({
      { layer = "scenario", file = BATTLE .. "oob.ini", line = 38, key = "A2.strength",
        value = "2", reason = "a guess" },
      { layer = "scenario", file = BATTLE .. "oob.ini", line = 46, key = "B1.ma", value = "4",
        reason = "a guess" },
      { layer = "scenario", file = BATTLE .. "oob.ini", line = 23, key = "LA", value = "",
        reason = "invented for the tests" },
    }, sc.provisional(store))
  end)
end)
