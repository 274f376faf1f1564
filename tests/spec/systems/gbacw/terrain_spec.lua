-- The GBACW series' terrain (issue 57 point 2): charts/gbacw/terrain.ini and movement.ini on
-- the test battle's map (tests/data/gbacw/map.ini), through the real map and movement
-- loaders: one vocabulary of ids, 9.41's woods costs, the road rates by orders, the river
-- barred, the ford and bridge, slopes and elevation, d and D entries, the heights for sight.
-- The design notes: docs/rulings/gbacw.md "Designed tables".

local core = require "volley.core"
local charts = require "volley.charts"

describe("GBACW's terrain on the test battle's map", function()
  local map, mv
  before_each(function()
    map = assert(core.map.load("tests/data/gbacw/map.ini"))
    mv = assert(core.move.load(map))
  end)
  after_each(function() map:close() end)

  -- A step's cost in MPs (the table is in half MPs), or false.
  local function cost(from, to, class, mode, roads)
    local c = mv:step(from, to, { class = class or "inf", mode = mode,
                                  roads = roads or { "pike", "road", "trail", "railroad" } })
    return c and c / 2
  end

  it("has every series id on a map's hex grid [gbacw 2.1] [gbacw 10.23]", function()
    for _, code in ipairs({ "c", "w", "o", "t", "m", "b", "r", "cd" }) do
      assert.truthy(map:terrain_type(code, "hex"), code)
    end
    for _, id in ipairs({ "stream", "river", "ford", "bridge", "minor-slope", "steep-slope",
                          "sheer-slope", "breastworks" }) do
      assert.truthy(map:terrain_type(id, "hexside"), id)
    end
    for _, id in ipairs({ "pike", "road", "trail", "railroad" }) do
      assert.truthy(map:terrain_type(id, "road"), id)
    end
  end)

  it("woods and towns one level high for sight, orchards not [gbacw 10.23]", function()
    assert.are.equal(2, map:terrain_type("w", "hex").halves)
    assert.are.equal(2, map:terrain_type("t", "hex").halves)
    assert.are.equal(0, map:terrain_type("o", "hex").halves)
  end)

  it("costs woods 2 for infantry and 4 for artillery, as 9.41's example [gbacw 9.41]",
     function()
    assert.are.equal(2, cost("0202", "0203"))
    assert.are.equal(4, cost("0202", "0203", "art"))
    assert.are.equal(1, cost("0201", "0202"))
  end)

  it("road rates: half an MP under March, 1 under Advance, none under Attack [gbacw 9.43]",
     function()
    assert.are.equal(0.5, cost("1002", "1003", "inf", "march"))
    assert.are.equal(1, cost("1002", "1003", "inf"))
    assert.are.equal(1, cost("1002", "1003", "inf", "attack"))   -- the clear hex's cost
    -- a pike ignores elevation [gbacw 9.44] but not breastworks [gbacw 15.22]: up the ridge
    -- 1005 -> 1006 on the pike, and 1006 -> 1007 across the breastworks
    assert.are.equal(0.5, cost("1005", "1006", "art", "march"))
    assert.are.equal(0.5 + 2, cost("1006", "1007", "art", "march"))
    assert.are.equal(1 + 2, cost("0906", "0907", "art"))          -- clear and a level up
    assert.are.equal(1 + 2 + 1, cost("0606", "0607", "art", nil, {}))  -- and a minor slope
  end)

  it("bars the river; the ford and the bridge cross it, not under Attack [gbacw 9.52] "
     .. "[gbacw 9.44]", function()
    assert.is_false(cost("0212", "0213"))
    assert.is_false(cost("0212", "0213", "ldr"))
    assert.are.equal(2, cost("0312", "0313"))                     -- clear 1 + ford 1
    assert.is_false(cost("0312", "0313", "inf", "attack"))
    assert.are.equal(1, cost("0612", "0613", "inf", nil, {}))     -- the bridge, off the road
    assert.is_false(cost("0612", "0613", "inf", "attack", {}))
    assert.is_false(cost("0612", "0613", "cav", "attack", {}))
    -- the bridge's road for the guns
    assert.are.equal(1, cost("0612", "0613", "art"))
  end)

  it("slopes: steep disorders horses and guns, sheer bars all [gbacw 9.46] [gbacw 9.47]",
     function()
    local _, why = mv:step("0910", "0909", { class = "cav" })
    assert.is_true(why.disorder)
    _, why = mv:step("0910", "0909", { class = "inf" })
    assert.is_falsy(why.disorder)
    assert.is_false(cost("1503", "1502"))
  end)

  it("marks a d entry with the flag udd and closes marsh to guns [gbacw 9.47]", function()
    assert.are.same({ "no-breastworks", "udd" }, map:terrain_type("m", "hex").flags)
    assert.is_false(cost("0213", "0214", "art", nil, {}))
  end)
end)

describe("GBACW's terrain DRMs", function()
  it("per hex and hexside, breastworks' -1 as 15.23 gives [gbacw 10.81] [gbacw 15.23]",
     function()
    local set = assert(charts.load("gbacw"))
    assert.are.same({ drm = -1 }, set:lookup("terrain_fire_drm", { name = "breastworks" }).result)
    assert.are.same({ drm = -1 }, set:lookup("terrain_shock_drm", { name = "breastworks" }).result)
    assert.are.same({ drm = 0 }, set:lookup("terrain_fire_drm", { name = "o" }).result)
    for _, id in ipairs({ "c", "w", "o", "t", "m", "b", "r", "cd", "stream", "river", "ford",
                          "bridge", "minor-slope", "steep-slope", "sheer-slope" }) do
      assert.truthy(set:lookup("terrain_fire_drm", { name = id }).result.drm, id)
      assert.truthy(set:lookup("terrain_shock_drm", { name = id }).result.drm, id)
    end
  end)
end)
