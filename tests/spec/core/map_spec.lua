-- volley.core.map: the sample map as its file gives it, sorted lists, errors as tables.
local core = require "volley.core"

local SAMPLE = "tests/data/maps/sample.ini"

describe("volley.core.map.load", function()
  it("loads the sample map", function()
    local m, err = core.map.load(SAMPLE)
    assert.is_nil(err)
    assert.are.equal("volley.map (" .. SAMPLE .. ")", tostring(m))
    local info = m:info()
    assert.are.same({
      path = SAMPLE, system = "rough_and_ready", layout = "flat-top", parity = "odd-columns-down",
      columns = {1, 20}, rows = {1, 15}, north = "top", text_row = "first",
      provenance = "designed for volley's tests (tests/data/maps/sample.ini), not a published "
        .. "map; used by the map, LOS and movement tests",
    }, info)
  end)

  it("returns nil and {file=, line=, msg=} for a broken map", function()
    local m, err = core.map.load("tests/data/broken/unknown_code.ini")
    assert.is_nil(m)
    assert.are.same({file = "tests/data/broken/unknown_code.ini", line = 12,
                     msg = "unknown terrain code 'q' (known: c, ch, g, h, l, m, rc, rw, w)"},
                    {file = err.file, line = err.line, msg = err.msg})
    assert.are.equal("tests/data/broken/unknown_code.ini:12: unknown terrain code 'q' (known: c, "
                     .. "ch, g, h, l, m, rc, rw, w)",
                     tostring(err))
  end)

  it("names the missing file", function()
    local m, err = core.map.load("tests/data/maps/no-such-map.ini")
    assert.is_nil(m)
    assert.are.equal("tests/data/maps/no-such-map.ini: cannot open (No such file or directory)",
                     tostring(err))
    assert.are.equal(0, err.line)
  end)

  it("refuses a missing path argument the way Lua does", function()
    assert.has_error(function() core.map.load() end)
  end)
end)

describe("a map", function()
  local m
  before_each(function() m = assert(core.map.load(SAMPLE)) end)

  it("gives each hex its terrain code, and nil off the map", function()
    assert.are.equal("w", m:terrain("0101"))
    assert.are.equal("h", m:terrain("0607"))
    assert.are.equal("rw", m:terrain("0914"))
    assert.are.equal("ch", m:terrain("1914"))
    assert.is_nil(m:terrain("2101"))
    assert.are.equal("c", m:terrain({q = 16, r = -4}))  -- 1604 as an axial value
  end)

  it("raises on a malformed hex", function()
    assert.has_error(function() m:terrain("16") end)
    assert.has_error(function() m:terrain(true) end)
  end)

  it("lists every hex in label order", function()
    local hexes = m:hexes()
    assert.are.equal(300, #hexes)
    assert.are.same({"0101", "0102", "0103"}, {hexes[1], hexes[2], hexes[3]})
    assert.are.equal("0201", hexes[16])
    assert.are.equal("2015", hexes[300])
    assert.is_true(m:contains("2015"))
    assert.is_false(m:contains("2016"))
  end)

  it("gives elevation as a level and in half-levels", function()
    assert.are.same({3, 6}, {m:elevation("1604")})  -- the hilltop
    assert.are.same({2, 5}, {m:elevation("1503")})  -- a slope between 2 and 3
    assert.are.same({1, 2}, {m:elevation("0101")})
    assert.are.same({0, 0}, {m:elevation("0714")})  -- the resaca
    assert.is_nil(m:elevation("2101"))
  end)

  it("gives the features and roads of a hexside, sorted, either way round", function()
    assert.are.same({{"bridge", "stream"}, {"road"}}, {m:hexside("1008", "1108")})
    assert.are.same({{"bridge", "stream"}, {"road"}}, {m:hexside("1108", "1008")})
    assert.are.same({{"ford", "stream"}, {"trail"}}, {m:hexside("1004", "1104")})
    assert.are.same({{"wall"}, {}}, {m:hexside("0607", "0606")})
    assert.are.same({{}, {}}, {m:hexside("0101", "0102")})
    assert.are.same({{}, {}}, {m:hexside("2008", "2108")})  -- the map edge
  end)

  it("raises for a hexside between hexes that do not touch", function()
    assert.has_error(function() m:hexside("1008", "1208") end,
      "bad argument #2 to 'hexside' (not adjacent to the first hex)")
  end)

  it("names places, edges, roads, tracks and boxes in sorted order", function()
    assert.are.same({"crossing", "hilltop", "rancho", "resaca"}, m:places())
    assert.are.same({"0714", "0814", "0914", "1014", "1114", "1214", "1314"}, m:place("resaca"))
    assert.is_nil(m:place("nowhere"))
    assert.are.same({"bottom", "east", "east-road", "left", "north", "north-trail", "right",
                     "south", "top", "west", "west-road"}, m:edges())
    assert.are.same({"2007", "2008", "2009"}, m:edge("east-road"))
    assert.are.equal(15, #m:edge("east"))
    assert.are.same(m:edge("top"), m:edge("north"))
    assert.are.same({"road", "trail.north"}, m:roads())
    local trail = m:road("trail.north")
    assert.are.equal("trail", trail.kind)
    assert.are.same({"0801", "0802", "0803", "0903", "1004", "1104", "1204", "1205", "1305",
                     "1306", "1307", "1308"}, trail.hexes)
    assert.is_nil(m:road("pike"))
    assert.are.same({"reserve", "set-aside"}, m:boxes())
    assert.are.equal("Reserve Box", m:box("reserve"))
    assert.is_nil(m:box("elsewhere"))
  end)

  it("gives a track's spaces in order, its adjacencies and its links to the map", function()
    assert.are.same({"saltillo"}, m:tracks())
    assert.are.same({
      name = "saltillo",
      spaces = {"A", "B", "C", "D", "E", "F", "G"},
      adjacent = {{"A", "B"}, {"B", "C"}, {"C", "D"}, {"C", "E"}, {"D", "E"}, {"E", "F"},
                  {"F", "G"}},
      links = {{space = "G", hex = "2007"}, {space = "G", hex = "2008"},
               {space = "G", hex = "2009"}},
    }, m:track("saltillo"))
    assert.is_nil(m:track("chihuahua"))
  end)

  it("describes terrain types with each value's layer and provenance", function()
    assert.are.same({"c", "ch", "g", "h", "l", "m", "rc", "rw", "w"}, m:terrain_types())
    assert.are.same({"road", "trail"}, m:terrain_types("road"))
    local w = m:terrain_type("w")
    assert.are.equal("Light Woods", w.name)
    assert.are.same({"blocks-los"}, w.flags)
    local g = m:terrain_type("g")
    assert.are.same({0, 1}, {g.height, g.halves})  -- the scenario layer's half level
    assert.are.equal("height", g.values[1].key)
    assert.are.equal("0.5", g.values[1].value)
    assert.are.equal("scenario", g.values[1].layer)
    assert.are.equal("tests/data/maps/terrain.ini", g.values[1].file)
    assert.are.equal(24, g.values[1].line)
    assert.is_nil(g.values[1].source)
    assert.are.equal("a test value: tall grass half a level high shows the scenario layer",
                     g.values[1].provisional)
    assert.are.equal("system", g.values[2].layer)
    assert.are.equal("stream", m:terrain_type("stream", "hexside").id)
    assert.are.same({glyph = "\226\153\163", ascii = "T", colour = "#2e7d32", fill = "#a9cf8f"},
                    w.display)  -- U+2663, the club
    assert.are.same({glyph = "", ascii = "", fill = "#f0ead2"}, m:terrain_type("c").display)
    assert.are.same({glyph = "~", ascii = "~", colour = "#2a6fdb"},
                    m:terrain_type("stream", "hexside").display)
    assert.is_nil(m:terrain_type("stream"))
    assert.has_error(function() m:terrain_type("c", "river") end)
  end)

  it("raises after close", function()
    m:close()
    assert.are.equal("volley.map (closed)", tostring(m))
    assert.has_error(function() m:terrain("0101") end)
    m:close()
  end)
end)
