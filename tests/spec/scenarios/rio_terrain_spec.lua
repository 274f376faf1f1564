-- Rio Sacramento's terrain through real fire, shock and move with forced dice, on concrete
-- hexes of the battle's map (scenarios/rough-and-ready/rio-sacramento/map.ini) with its rules.lua
-- loaded: the Redoubt and Wall benefit of a defender behind them [rough_and_ready RS 6.14]
-- [rough_and_ready RS 6.38] (the row RS 6.14/6.38 of the digest), not against artillery at a
-- range whose DRM is 0; shock uphill from the chart's elevation rows; the elevation levels, the
-- hexside changes of one to three levels, roads that cancel the climb and trails that do not
-- [rough_and_ready RS 5.15]; the Arroyo and the ravines' shock cells [rough_and_ready RS 5.16]
-- [rough_and_ready RS 5.17]. Every value is read from the battle's chart tables
-- (charts/terrain_drm.ini), never written here. The cases run in an engine-owned state
-- (tests/spec/support/rio_terrain.lua: the sandbox loads battle scripts only there).
local core = require "volley.core"

local st, cells

local function call(fn, ...)
  local r = { st:call("rio_terrain", fn, ...) }
  assert(r[1], type(r[2]) == "table" and tostring(r[2].msg) or tostring(r[2]))
  return r[2]
end

local WORKS = "[rough_and_ready RS 6.14, 6.38]"

setup(function()
  st = core.new_state{ modules = { "tests/spec/support" } }
  cells = call("cells")
end)
teardown(function() st:close() end)

describe("[rough_and_ready RS 6.14] [rough_and_ready RS 6.38] RS 6.14/6.38: a defender behind "
  .. "a Wall or a Redoubt hexside", function()
  it("a unit in 2242 fired at across the wall 2241/2242: the chart's Wall cell", function()
    local r = call("small_arms", "1MO-1d", "2241", "SE/S", "2242")
    assert.are.equal("legal", r.check)
    assert.are.same({ { cells.rs_fire_terrain.wall, "target behind a wall", WORKS } }, r.terrain)
    assert.are.equal(-1, cells.rs_fire_terrain.wall)            -- the value the line shows
    assert.are.same({ "1MO-1d fires at NG-1 in 2242 (range 1): d10 9 -1 (target behind a wall) "
      .. "= 8: 2 Hits [rough_and_ready 6.15]" }, r.fired)
  end)

  it("the same unit fired at from 2243, not across the wall: no benefit", function()
    local r = call("small_arms", "1MO-1d", "2243", "N/NE", "2242")
    assert.are.equal("legal", r.check)
    assert.are.same({}, r.terrain)
    assert.are.same({ "1MO-1d fires at NG-1 in 2242 (range 1): d10 9 = 9: 2 Hits "
      .. "[rough_and_ready 6.15]" }, r.fired)
  end)

  it("a redoubt hexside is its redoubt hex's: 2342 fired at across 2242/2342 has the "
    .. "Redoubt cell; 2242 fired at across it from the redoubt has nothing", function()
    local r = call("small_arms", "1MO-1d", "2242", "SE/S", "2342")
    assert.are.same({ { cells.rs_fire_terrain.redoubt, "target behind a redoubt", WORKS } },
      r.terrain)
    assert.are.same({ "1MO-1d fires at NG-1 in 2342 (range 1): d10 9 -2 (target behind a "
      .. "redoubt) = 7: 1 Hit [rough_and_ready 6.15]" }, r.fired)
    local out = call("small_arms", "1MO-1d", "2342", "NW/N", "2242")
    assert.are.equal("legal", out.check)
    assert.are.same({}, out.terrain)
  end)

  it("artillery at its +2 range (a 6-pounder at one hex) meets the wall; at three hexes (range "
    .. "DRM 0) it does not", function()
    local near = call("guns", "2241", "SE/S", "2242")
    assert.are.equal(1, near.range)
    assert.are.same({ { cells.rs_fire_terrain.wall, "target behind a wall", WORKS } },
      near.terrain)
    assert.are.equal("Clark-1 fires at 2242 (range 1): d10 9 +2 (range 1) -1 (target behind a "
      .. "wall) = 10: All units in hex Disordered [rough_and_ready 6.2]", near.fired[1])
    local far = call("guns", "2239", "SE/S", "2242")
    assert.are.equal("legal", far.check)
    assert.are.equal(3, far.range)
    assert.are.same({}, far.terrain)
    assert.are.same({ "Clark-1 fires at 2242 (range 3): d10 9 = 9: All units in hex Disordered "
      .. "[rough_and_ready 6.2]" }, far.fired)
  end)

  it("a shock across the wall into 2242: the attacker's roll has the chart's Wall cell",
    function()
    local r = call("shock", "2241", "SE/S", "2242")
    assert.are.equal("legal", r.check)
    assert.are.same({ { cells.rs_shock_terrain.wall, "defender behind a wall", WORKS } },
      r.terrain)
    assert.are.equal(1, #r.rolled)
    assert.truthy(r.rolled[1]:find("-1 (defender behind a wall)", 1, true), r.rolled[1])
  end)
end)

describe("[rough_and_ready RS 5.15] elevation: four levels, hexsides of one to three, roads "
  .. "cancel the climb, trails do not", function()
  it("a shock uphill: one level (2438 to 2439) and three (the cliff 2738 to 2739) take the "
    .. "chart's uphill cell a level", function()
    local one = call("shock", "2438", "SE/S", "2439")
    local up = cells.rs_shock_terrain.uphill
    assert.are.same({ { up, "attack uphill, 1 level", "[rough_and_ready RS 5.15, 6.38]" } },
      one.terrain)
    assert.are.equal("attacker rolls at 2439: d10 5 +1 (higher Morale) -1 (attack uphill, 1 "
      .. "level) = 5: 1 Hit on the defender [rough_and_ready 6.37]", one.rolled[1])
    local three = call("shock", "2738", "SE/S", "2739")
    assert.are.same({ { 3 * up, "attack uphill, 3 levels", "[rough_and_ready RS 5.15, 6.38]" } },
      three.terrain)
    -- downhill: no modifier
    local down = call("shock", "2439", "N/NE", "2438")
    assert.are.same({}, down.terrain)
  end)

  it("a move up a level by road (2538 to 2539) costs the road's 1 MP; by trail (1638 to "
    .. "1639) and cross-country (2438 to 2439) 1 more; the three-level cliff 2738 to 2739 3 more",
    function()
    local road = call("move", "1MO-1d", "2538", { "2539" })
    assert.are.same({ 1, "2539", true }, { road.cost, road.at, road.ran })
    local trail = call("move", "1MO-1d", "1638", { "1639" })
    assert.are.same({ 2, "1639", true }, { trail.cost, trail.at, trail.ran })
    local open = call("move", "1MO-1d", "2438", { "2439" })
    assert.are.equal(2, open.cost)
    local cliff = call("move", "1MO-1d", "2738", { "2739" })
    assert.are.same({ 4, "2739", true }, { cliff.cost, cliff.at, cliff.ran })
  end)
end)

describe("[rough_and_ready RS 5.16] [rough_and_ready RS 5.17] the Arroyo Seco and the ravines",
  function()
  it("a shock across the arroyo (2338 to 2339) and across the ravine (2643 to 2644) takes "
    .. "each chart cell; the Arroyo with the climb from the approach", function()
    local arroyo = call("shock", "2338", "SE/S", "2339")
    local found = {}
    for _, m in ipairs(arroyo.terrain) do found[m[2]] = m[1] end
    assert.are.equal(cells.rs_shock_terrain.arroyo, found["attack across the Arroyo"])
    local ravine = call("shock", "2643", "SE/S", "2644")
    assert.are.same({ { cells.rs_shock_terrain.ravine, "attack across a ravine",
                        "[rough_and_ready RS 5.16, 5.17, 6.38]" } }, ravine.terrain)
  end)
end)

describe("[rough_and_ready RS 5.16] [rough_and_ready RS 5.17] moving across the arroyo and the "
  .. "ravine, firing across the spur", function()
  it("infantry crosses the arroyo 1838/1839 for +2 and the level, Disordered; cavalry may not "
    .. "(it goes round by the western crossing)", function()
    local foot = call("move", "1MO-1d", "1838", { "1839" })
    assert.are.same({ 4, "1839", true }, { foot.cost, foot.at, foot.disordered })
    local typed = call("move", "1MO-1m", "1838", { "1838", "1839" })
    assert.are.equal("1838 -> 1839: prohibited (crossing Arroyo Seco) [rough_and_ready 5.11]",
      typed.refused)
    local round = call("move", "1MO-1m", "1838", { "1839" })
    assert.are.same({ 5, "1738 1639 1739 1839", false }, { round.cost, round.path,
                                                           round.disordered })
  end)

  it("the ravine 2643/2644 costs +1 on the same level; no fire through the spur 2944/3045, "
    .. "fire beside it (2943 to 3044) as usual", function()
    local ravine = call("move", "1MO-1d", "2643", { "2644" })
    assert.are.same({ 2, "2644" }, { ravine.cost, ravine.at })
    local spur = call("small_arms", "1MO-1d", "2944", "NE/SE", "3045")
    assert.are.equal("no line of sight from 2944 to 3045: blocked at 2944/3045 (no line through "
      .. "the Spur hexside) [rough_and_ready TEC note g]", spur.check)
    assert.are.same({}, spur.fired)
    local beside = call("small_arms", "1MO-1d", "2943", "NE/SE", "3044")
    assert.are.equal("legal", beside.check)
    assert.are.equal(1, #beside.fired)
  end)
end)

describe("the script API's terrain reads the battle uses (elevation, place, chart)", function()
  it("reads the levels, the redoubt hexes and a chart cell; a bad argument is refused by name, "
    .. "never echoing a control byte", function()
    local r = call("api_reads")
    assert.are.same({ 1, 2, 4 }, r.levels)
    assert.are.same({ "2039", "2239", "2339", "2342", "3039", "3142", "3239", "3439" },
      r.redoubt)
    assert.are.same({ "1552" }, r.exit)
    assert.are.same({}, r.none)
    assert.are.same({ drm = cells.rs_shock_terrain.wall }, r.wall)
    assert.are.same({ true, "table 'rs_fire_terrain' has no column 'marsh'" }, r.missing)
    assert.are.equal("game.elevation: no hex '9999' on the map", r.bad_hex)
    assert.are.equal("game.place: a place's name must be a word (letters, digits, _ - .), not "
      .. "'a\239\191\189[2J'", r.bad_place)
    assert.are.equal("game.chart: a chart table's name must be a word of letters, digits and _ "
      .. "(at most 64 bytes), not '../x'", r.bad_chart)
    assert.are.equal("game.chart: unknown key 'nation' in pick (known: against, column, header, "
      .. "name, roll, shift, value)", r.bad_key)
    assert.are.equal("game.chart: pick.name must be a string or a whole number, not a table",
      r.bad_value)
  end)
end)
