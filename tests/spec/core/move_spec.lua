-- volley.core.move on the sample map (tests/data/maps/sample.ini: Rough & Ready's movement
-- table and the scenario layer beside the map): the chart's costs, the road rate only along
-- the road, prohibited hexes and hexsides, the D flag, must-stop places, MP left over, track
-- movement, command range, the answers' order, and every refusal word for word.
local core = require "volley.core"

local SAMPLE = "tests/data/maps/sample.ini"

local function load()
  local m = assert(core.map.load(SAMPLE))
  return m, assert(core.move.load(m))
end

local function labels(entries)
  local out = {}
  for i, e in ipairs(entries) do out[i] = e.hex .. ":" .. e.cost end
  return table.concat(out, " ")
end

describe("volley.core.move.load", function()
  it("loads the movement tables of a map, system and scenario layers", function()
    local _, mv = load()
    assert.are.equal("volley.movement (rough_and_ready)", tostring(mv))
    assert.are.same({
      system = "rough_and_ready", scale = 1, classes = {"inf", "cav", "art", "ldr"},
      modes = {inf = {"column"}, cav = {}, art = {}, ldr = {}},
      rule = "[rough_and_ready 5.11]", rule_adjacent = "[rough_and_ready 5.12]",
      rule_stop = "[rough_and_ready 5.14]",
    }, mv:info())
  end)

  it("returns nil and {file=, line=, msg=} for a broken table", function()
    local m = assert(core.map.load(SAMPLE))
    for _, name in ipairs({"unknown_key", "bad_cost", "no_source", "missing_row"}) do
      local file = "tests/data/broken/movement/" .. name .. ".ini"
      local f = assert(io.open(file))
      local expect = f:read("*a"):match("; expect: ([^\n]*)")
      f:close()
      local mv, err = core.move.load(m, "charts/rough_and_ready/movement.ini", file)
      assert.is_nil(mv)
      assert.are.equal(expect:match("^%d+: ") and file .. ":" .. expect or file .. ": " .. expect,
                       tostring(err))
    end
  end)

  it("names a system without a movement table", function()
    local m = assert(core.map.load(SAMPLE))
    local mv, err = core.move.load(m, "tests/data/maps/no-such.ini")
    assert.is_nil(mv)
    assert.are.equal("tests/data/maps/no-such.ini: cannot open (No such file or directory)",
                     tostring(err))
  end)

  it("raises once its map is closed", function()
    local m, mv = load()
    m:close()
    assert.has_error(function() mv:reach("0808", {class = "inf", ma = 4}) end,
                     "the map of this movement table is closed")
    mv:close()
    assert.are.equal("volley.movement (closed)", tostring(mv))
    assert.has_error(function() core.move.load(m) end,
                     "bad argument #1 to 'load' (map is closed)")
  end)
end)

describe("mv:costs() [rough_and_ready TEC]", function()
  local mv
  before_each(function() local _ _, mv = load() end)

  it("gives the chart's cells, errata applied", function()
    local art, cav, inf = mv:costs("art"), mv:costs("cav"), mv:costs("inf")
    assert.are.same({cost = 2, na = false, disorder = false, rule = "[rough_and_ready 5.11]",
                     na_on_roads = false}, art.hex.c)
    assert.are.same({na = true, disorder = false, rule = "[rough_and_ready 5.11]",
                     na_on_roads = false}, art.hex.l)
    assert.are.same({na = true, disorder = false, na_on_roads = true,
                     rule = "[rough_and_ready PA 5.16] [rough_and_ready RP 5.15]"}, cav.hex.ch)
    assert.are.same({cost = 4, na = false, disorder = true, rule = "[rough_and_ready 5.11]",
                     cancels = {}}, cav.hexside.river)
    assert.are.same({"river", "stream"}, inf.hexside.ford.cancels)   -- the scenario's override
    assert.are.same({cost = 1, na = false, disorder = false, rule = "[rough_and_ready 5.11]",
                     ignores = {elevation = true, hexsides = false}}, art.road.road)
    assert.are.equal(2, art.road.trail.cost)
    assert.are.same({cost = 1, na = false, disorder = false, rule = "[rough_and_ready 5.11]"},
                    inf.up)
    assert.are.equal(2, art.track.saltillo.cost)
  end)

  it("falls back from a mode to its class", function()
    local col = mv:costs("inf", "column")
    assert.are.equal(3, col.hex.w.cost)
    assert.are.equal("[volley test] columns in woods", col.hex.w.rule)
    assert.are.equal(2, col.hex.l.cost)
    assert.are.equal(2, col.hexside.stream.cost)
  end)

  it("lists every value with its layer and provenance", function()
    local values = mv:values()
    local arroyo, ford
    for _, v in ipairs(values) do
      if v.section == "hexside.arroyo" and v.key == "ldr" then arroyo = v end
      if v.section == "hexside.ford" and v.key == "cancels" then ford = v end
    end
    assert.are.same({section = "hexside.arroyo", key = "ldr", value = "+2", layer = "system",
                     file = arroyo.file, line = arroyo.line,
                     provisional = "the chart's Arroyo row is cut short after its cavalry "
                       .. "cell; leaders pay the River's +2 without its D"}, arroyo)
    assert.matches("charts/rough_and_ready/movement.ini$", arroyo.file)
    assert.are.same({section = "hexside.ford", key = "cancels", value = "river stream",
                     layer = "scenario", file = "tests/data/maps/movement.ini", line = 27,
                     source = "volley test data (tests/data/maps/movement.ini)"}, ford)
  end)
end)

describe("[rough_and_ready 5.11] the cost of a step", function()
  local mv
  before_each(function() local _ _, mv = load() end)

  it("pays the road rate only along the road", function()
    local art = {class = "art"}
    local cost, info = mv:step("0508", "0608", art)
    assert.are.equal(1, cost)
    assert.are.same({hex = "0608", cost = 1, total = 1, disorder = false, stop = false,
                     road = "road"}, info)
    assert.are.equal(2, (mv:step("0507", "0608", art)))      -- into the road hex, not along
    assert.are.equal(2, (mv:step("0508", "0608", {class = "art", roads = {"trail"}})))
    assert.are.equal(2, (mv:step("0508", "0608", {class = "art", no_road = {"0608"}})))
  end)

  it("refuses NA terrain, naming it and the rule", function()
    assert.are.same({false, "1211 -> 1111: prohibited (Lagoon) [rough_and_ready 5.11]"},
                    {mv:step("1211", "1111", {class = "art"})})
    assert.are.same({false, "1410 -> 1510: prohibited (Chaparral) [rough_and_ready PA 5.16] "
                       .. "[rough_and_ready RP 5.15]"},
                    {mv:step("1410", "1510", {class = "cav"})})
    assert.are.same({false, "1005 -> 1105: prohibited (crossing Stream) [rough_and_ready 5.11]"},
                    {mv:step("1005", "1105", {class = "art"})})
  end)

  it("adds hexside extras unless another feature cancels them", function()
    assert.are.equal(2, (mv:step("1005", "1105", {class = "inf"})))    -- Clear 1, stream +1
    assert.are.equal(4, (mv:step("1004", "1104", {class = "art"})))    -- trail 2, ford +2
    assert.are.equal(1, (mv:step("1008", "1108", {class = "art"})))    -- road, bridge
  end)

  it("charges elevation per whole level crossed", function()
    assert.are.equal(1, (mv:step("1404", "1504", {class = "inf"})))    -- 2 -> 2.5
    assert.are.equal(2, (mv:step("1504", "1604", {class = "inf"})))    -- 2.5 -> 3
    assert.are.equal(2, (mv:step("0713", "0714", {class = "inf"})))    -- into the resaca
  end)

  it("reports the D flag [rough_and_ready E12]", function()
    local cost, info = mv:step("1005", "1105", {class = "cav"})
    assert.are.equal(3, cost)
    assert.is_true(info.disorder)
    assert.is_false(select(2, mv:step("1004", "1104", {class = "cav"})).disorder)  -- the ford
  end)
end)

describe("mv:reach()", function()
  local mv
  before_each(function() local _ _, mv = load() end)

  it("lists every place within the MA by cost, then label, the start first", function()
    local r = mv:reach("0808", {class = "inf", ma = 2})
    assert.are.equal("0808:0 0708:1 0807:1 0809:1 0907:1 0908:1 0608:2 0609:2 0706:2 0707:2 "
                     .. "0709:2 0806:2 0810:2 0906:2 0909:2 1007:2 1008:2 1009:2", labels(r))
    assert.are.same({hex = "0808", cost = 0, left = 2, steps = 0, disorder = false,
                     stop = false, path = {}}, r[1])
    assert.are.same({hex = "0609", cost = 2, left = 0, steps = 2, disorder = false,
                     stop = false, path = {"0708", "0609"}}, r:entry("0609"))
    assert.are.equal(1, r:cost_to("0907"))
    assert.is_nil(r:cost_to("1108"))
    assert.are.same({"0907", "1008"}, r:path_to("1008"))   -- ties: 0907 before 0908
    assert.are.same({"0907", "1008"}, r:path_to({q = 10, r = 3}))
  end)

  it("prefers the path without a disorder among equal costs", function()
    local r = mv:reach("1006", {class = "cav", ma = 4})
    assert.are.same({hex = "1107", cost = 4, left = 0, steps = 4, disorder = false,
                     stop = false, path = {"1007", "1008", "1108", "1107"}}, r:entry("1107"))
    assert.is_true(r:entry("1106").disorder)
  end)

  it("stops at must-stop places [rough_and_ready 5.14]", function()
    local r = mv:reach("0808", {class = "inf", ma = 3,
                                must_stop = {{at = "0608", why = "enemy front hex"}}})
    assert.is_true(r:entry("0608").stop)
    assert.are.same({"0708", "0609", "0508"}, r:path_to("0508"))
    assert.is_nil(r:path_to("0408"))
  end)

  it("leaves paths out when asked", function()
    local r = mv:reach("0808", {class = "inf", ma = 1, paths = false})
    assert.is_nil(r[2].path)
    assert.is_nil(r:path_to("0708"))
    assert.are.equal(1, r:cost_to("0708"))
  end)

  it("names the places reached, in reach's order, with reach_places", function()
    local r = mv:reach("0808", {class = "inf", ma = 2})
    local names = mv:reach_places("0808", {class = "inf", ma = 2})
    assert.are.equal("0808 0708 0807 0809 0907 0908 0608 0609 0706 0707 0709 0806 0810 "
                     .. "0906 0909 1007 1008 1009", table.concat(names, " "))
    assert.are.equal(#r, #names)
    -- the overlays count as for reach: a must-stop place is reached, not passed
    local q = {class = "inf", ma = 3, must_stop = {{at = "0608", why = "enemy front hex"}},
               prohibited = {{at = "0907", why = "enemy unit"}}}
    local full = mv:reach("0808", q)
    local only = mv:reach_places("0808", q)
    for i, e in ipairs(full) do assert.are.equal(e.hex, only[i]) end
    assert.are.equal(#full, #only)
    assert.has_error(function() mv:reach_places("0808", {class = "foot"}) end,
      "query: unknown movement class 'foot' (known: inf cav art ldr)")
  end)

  it("moves along a track and across its links", function()
    local r = mv:reach("saltillo/A", {class = "inf", ma = 6})
    assert.are.equal("saltillo/A:0 saltillo/B:1 saltillo/C:2 saltillo/D:3 saltillo/E:3 "
                     .. "saltillo/F:4 saltillo/G:5 2007:6 2008:6 2009:6", labels(r))
    assert.are.same({"saltillo/B", "saltillo/C", "saltillo/E", "saltillo/F", "saltillo/G",
                     "2007"}, r:path_to("2007"))
  end)

  it("measures command range as a path in hexes avoiding the enemy [rough_and_ready 4.22]",
     function()
    local r = mv:reach("1005", {uniform = true, ma = 5, prohibited = {"1004", "1104", "1105"}})
    assert.is_nil(r:cost_to("1104"))
    assert.are.equal(5, r:cost_to("1204"))
    assert.are.same({"0904", "0903", "1003", "1103", "1204"}, r:path_to("1204"))
  end)
end)

describe("mv:validate() and mv:path()", function()
  local mv
  before_each(function() local _ _, mv = load() end)

  it("gives the cost, the MP left over and each step", function()
    local info = mv:validate("0808", {"0908", "1008", "1108"}, {class = "art", ma = 4})
    assert.are.same({"0908", "1008", "1108"}, info.path)
    assert.are.equal(3, info.cost)
    assert.are.equal(1, info.left)
    assert.is_false(info.disorder)
    assert.are.same({hex = "1108", cost = 1, total = 3, disorder = false, stop = false,
                     road = "road"}, info.steps[3])
  end)

  it("names the first illegal step, why, and the rule", function()
    local q = {class = "inf", ma = 4, must_stop = {{at = "0608", why = "enemy front hex",
                                                    rule = "[rough_and_ready 5.14]"}},
               prohibited = {{at = "1208", why = "enemy unit", rule = "[rough_and_ready 5.28]"}}}
    local cases = {
      {{"0908", "1008", "1108", "1208"}, "1108 -> 1208: prohibited (enemy unit) "
         .. "[rough_and_ready 5.28]", 4},
      {{"0907", "0906", "0905", "0904", "0903"}, "0905 -> 0904: costs 2, only 0 MP left "
         .. "[rough_and_ready 5.11]", 4},
      {{"0908", "1010"}, "0908 -> 1010: not adjacent [rough_and_ready 5.12]", 2},
      {{"0708", "0608", "0508"}, "0608 -> 0508: must stop in 0608 (enemy front hex) "
         .. "[rough_and_ready 5.14]", 3},
      {{"0809", "0810", "0811", "0812", "0813", "0814"}, "0812 -> 0813: costs 1, only 0 MP left "
         .. "[rough_and_ready 5.11]", 5},
    }
    for _, c in ipairs(cases) do
      assert.are.same({false, c[2], c[3]}, {mv:validate("0808", c[1], q)})
    end
    assert.are.same({false, "2008 -> 2108: off the map", 1},
                    {mv:validate("2008", {"2108"}, {class = "inf"})})
    assert.are.same({false, "0908 -> 0909: costs 2, more than 1 (in square) "
                       .. "[rough_and_ready 5.43]", 2},
                    {mv:validate("0808", {"0908", "0909"},
                                 {class = "art", max_step = 1, max_step_why = "in square",
                                  max_step_rule = "[rough_and_ready 5.43]"})})
  end)

  it("finds the cheapest path, or says why there is none", function()
    local info = mv:path("0108", "2008", {class = "art"})
    assert.are.equal(19, info.cost)
    assert.are.equal(19, #info.path)
    assert.are.same({false, "2008 cannot be reached from 0108 with 5 MP"},
                    {mv:path("0108", "2008", {class = "art", ma = 5})})
    assert.are.same({false, "1112 cannot be reached from 1210 with 1000000 MP"},
                    {mv:path("1210", "1112", {class = "art"})})
  end)
end)

describe("a query", function()
  local mv
  before_each(function() local _ _, mv = load() end)

  local function refused(q, msg)
    assert.has_error(function() mv:reach("0808", q) end, msg)
  end

  it("is checked key by key, with exact messages", function()
    refused({klass = "inf", zeta = 1}, "query: unknown key 'klass' (known: class, mode, "
      .. "uniform, ma, roads, max_step, max_step_why, max_step_rule, prohibited, must_stop, "
      .. "extra, no_road, paths)")
    refused({}, "query: class is missing (one of inf cav art ldr), or give uniform = true")
    refused({class = "foot"}, "query: unknown movement class 'foot' (known: inf cav art ldr)")
    refused({class = "cav", mode = "column"}, "query: class cav has no mode 'column'")
    refused({class = "inf", ma = -1}, "query: ma must be an integer from 0 to 1000000")
    refused({class = "inf", ma = 2.5}, "query: ma must be an integer from 0 to 1000000")
    refused({class = "inf", roads = {"pike"}},
            "query: roads[1]: not a road kind of the map's terrain tables")
    refused({class = "inf", extra = {"0908"}}, "extra[1]: {at=, cost=} expected, got string")
    refused({class = "inf", extra = {{at = "0908"}}}, "extra[1]: cost is missing")
    refused({class = "inf", prohibited = {{at = "0908", cost = 1}}},
            "prohibited[1]: only an extra has a cost")
    refused({class = "inf", must_stop = {"0908/1008"}},
            "must_stop[1]: a must-stop mark is a place, not a hexside")
    refused({class = "inf", prohibited = {"nowhere"}},
            "prohibited[1]: invalid hex label 'nowhere': expected 4 digits")
    refused({class = "inf", prohibited = {"no/where"}}, "prohibited[1]: bad place 'no/where' (a "
      .. "hex label, a hexside <hex>/<hex>, or a track space <track>/<space>)")
    refused({class = "inf", prohibited = {{at = "0908", colour = "red"}}},
            "prohibited[1]: unknown key 'colour' (known: at, cost, why, rule)")
    refused({uniform = true, class = "inf"}, "query: uniform takes no class or mode")
  end)

  it("takes places as labels, hex values or track spaces", function()
    assert.has_error(function() mv:reach("99", {class = "inf"}) end)
    assert.has_error(function() mv:reach("saltillo/Z", {class = "inf"}) end,
                     "bad argument #1 to 'reach' (bad place 'saltillo/Z' (a hex label, or a "
                     .. "track space <track>/<space>))")
    assert.are.equal("0808", mv:reach({q = 8, r = 4}, {class = "inf", ma = 0})[1].hex)
  end)
end)
