-- Battle of Buena Vista's charts (issue 43 point 1): every table of charts/battle_of_buena_vista
-- loaded through the real loaders (volley.charts for the tables, the map and movement loaders
-- for the Terrain Effects Chart), the shifts and die modifiers the text gives checked one by
-- one, a few designed cells, and the provisional lines `volley sources` prints for them. The
-- design notes: docs/rulings/battle_of_buena_vista.md.

local core = require "volley.core"
local charts = require "volley.charts"
local scenario = require "volley.scenario"

local SYSTEM = "battle_of_buena_vista"
local ROOTS = { "tests/data/bvcharts" }

local function bv() return assert(charts.load(SYSTEM)) end

local function result_of(name, pick)
  return bv():lookup(name, pick).result
end

describe("Battle of Buena Vista's chart tables", function()
  it("load through volley.charts, designed tables provisional, the text's not", function()
    local set, designed, transcribed = bv(), {}, {}
    for _, name in ipairs(set:names()) do
      local info = set:info(name)
      local into = info.provisional and designed or transcribed
      into[#into + 1] = name
      if info.provisional then
        assert.truthy(info.provisional:find("designed", 1, true), name)
      end
    end
    assert.are.same({ "fire_combat", "fire_max_range", "rain_arc", "random_events",
                      "reserve_arc", "rout", "saltillo_combat", "shock_combat" }, designed)
    assert.are.same({ "fire_drm", "fire_shifts", "loss_track", "shock_shifts",
                      "victory_level" }, transcribed)
  end)

  it("transcribes every shock shift of 8.3 [battle_of_buena_vista 8.3]", function()
    local want = {
      { "cavalry_vs_infantry", -1 }, { "double_non_front", 2 }, { "attacker_higher", 2 },
      { "attacker_lower", -1 }, { "across_cover", -1 }, { "out_of_stream", -2 },
      { "defender_in_building", -2 } }
    local set = bv()
    assert.are.equal(#want, set:info("shock_shifts").ncols)
    for _, w in ipairs(want) do
      assert.are.same({ shift = w[2] }, result_of("shock_shifts", { name = w[1] }), w[1])
    end
  end)

  it("transcribes every fire shift of 9.2 and 9.5 [battle_of_buena_vista 9.5]", function()
    local want = {
      { "firer_higher", -2 }, { "firer_lower", 1 }, { "across_cover", 1 },
      { "target_in_building", 2 }, { "double_non_front", -1 } }
    assert.are.equal(#want, bv():info("fire_shifts").ncols)
    for _, w in ipairs(want) do
      assert.are.same({ shift = w[2] }, result_of("fire_shifts", { name = w[1] }), w[1])
    end
  end)

  it("transcribes the fire die's modifiers [battle_of_buena_vista 9.2]", function()
    assert.are.same({ leader = 1 }, result_of("fire_drm", { name = "firer_leader" }))
    assert.are.same({ leader = -1 }, result_of("fire_drm", { name = "target_leader" }))
    assert.are.equal(2, bv():info("fire_drm").ncols)
  end)

  it("calls for random events at boxes 4 and 9 of each side's loss track "
    .. "[battle_of_buena_vista 4.2]", function()
    for _, side in ipairs({ "US", "MEX" }) do
      for box = 0, 9 do
        local want = (box == 4 or box == 9) and { random_event = true } or { none = true }
        assert.are.same(want, result_of("loss_track", { name = side, roll = box }), side .. box)
      end
    end
  end)

  it("reads the designed shock cells by differential and shift [battle_of_buena_vista 8.2]",
    function()
    local set = bv()
    local r = set:lookup("shock_combat", { value = 0, roll = 4 })
    assert.are.same({ "0", "·/r" }, { r.column_label, r.cell })
    r = set:lookup("shock_combat", { value = 0, shift = 2, roll = 4 })   -- attacker higher
    assert.are.same({ "+2", "·/R" }, { r.column_label, r.cell })
    r = set:lookup("shock_combat", { value = -1, shift = -2, roll = 6 })  -- out of a stream
    assert.are.same({ "-3 or less", "r/r" }, { r.column_label, r.cell })
    assert.are.same({ attacker = { check = { kind = "morale", fail = { retreat = 3 } } },
                      defender = { check = { kind = "morale", fail = { retreat = 3 } } } },
      r.result)
  end)

  it("gives each firer type a maximum range that ends its fire row [battle_of_buena_vista 9.4]",
    function()
    local set = bv()
    local info = set:info("fire_max_range")
    for i, name in ipairs(info.headers[1].cells) do
      local max = set:lookup("fire_max_range", { name = name }).result.max_range
      assert.are.equal(tonumber(info.labels[i]), max)
      assert.truthy(set:lookup("fire_combat", { header = name, value = max, roll = 3 }), name)
      assert.is_nil((set:lookup("fire_combat", { header = name, value = max + 1, roll = 3 })),
        name)
    end
    local r = set:lookup("fire_combat", { header = "us_artillery", value = 1, roll = 6 })
    assert.are.same({ "A", "2", { loss = 2 } }, { r.column_label, r.cell, r.result })
    r = set:lookup("fire_combat", { header = "mex_infantry", value = 1, roll = 5 })
    assert.are.same({ "C", "1r" }, { r.column_label, r.cell })
  end)

  it("rolls the designed random events on 2d6 [battle_of_buena_vista 4.2]", function()
    local set, seen = bv(), {}
    assert.are.equal("2d6", set:info("random_events").die)
    for roll = 2, 12 do
      local e = set:lookup("random_events", { roll = roll }).result
      seen[e.event or "none"] = true
    end
    for _, event in ipairs({ "rain", "santa_anna_wounded", "leader_lost", "move_counter",
                             "garrison_routs", "none" }) do
      assert.is_true(seen[event], event)
    end
    assert.are.same({ event = "rain" }, result_of("random_events", { roll = 2 }))
    assert.are.same({ event = "leader_lost", side = "US" },
      result_of("random_events", { roll = 10 }))
  end)

  it("opens the reserve's arcs from turn 5 and the rain's from turn 10 "
    .. "[battle_of_buena_vista 5.4] [battle_of_buena_vista 5.5]", function()
    for turn = 1, 12 do
      local reserve = result_of("reserve_arc", { roll = turn })
      local rain = result_of("rain_arc", { roll = turn })
      assert.are.equal(turn < 5, reserve.none == true, "reserve " .. turn)
      assert.are.equal(turn < 10, rain.none == true, "rain " .. turn)
    end
    assert.are.same({ lo = 1, hi = 1 }, result_of("reserve_arc", { roll = 5 }))
    assert.are.same({ lo = 1, hi = 3 }, result_of("rain_arc", { roll = 12 }))
  end)

  it("routs each side only to the places 9.8 names [battle_of_buena_vista 9.8]", function()
    local allowed = { MEX = { eliminated = true, reserve_box = true },
                      US = { eliminated = true, saltillo = true, train_a = true,
                             buena_vista = true } }
    for side, places in pairs(allowed) do
      for roll = 1, 6 do
        local r = result_of("rout", { name = side, roll = roll })
        assert.is_true(places[r.place or "eliminated"], side .. roll)
      end
    end
  end)
end)

describe("Battle of Buena Vista's Terrain Effects Chart on a test map", function()
  local map, mv
  before_each(function()
    map = assert(core.map.load("tests/data/bvcharts/scenarios/test-game/bv/map.ini"))
    mv = assert(core.move.load(map))
  end)
  after_each(function() map:close() end)

  local function cost(from, to, class)
    return (mv:step(from, to, { class = class or "inf" }))
  end

  it("costs clear 1, slope 0, ravine 3, a gully crossing 1 + 2 [battle_of_buena_vista E-2.3b] "
    .. "[battle_of_buena_vista E-7.1e]", function()
    assert.are.equal(1, cost("2012", "2013"))
    assert.are.equal(0, cost("2010", "2011"))
    assert.are.equal(0, cost("2012", "2011", "cav"))
    assert.are.equal(3, cost("2011", "2111"))
    assert.are.equal(3, cost("2012", "2112"))
  end)

  it("closes the stream but at a ford site, even along a road [battle_of_buena_vista 5.3]",
    function()
    assert.is_false(cost("2210", "2310"))
    assert.is_false(cost("2209", "2309"))
    assert.are.equal(0, cost("2312", "2311"))
    assert.are.same({ "ford", "no-artillery-fire", "slope", "stream" },
      map:terrain_type("fs").flags)
  end)

  it("closes an impassable hexside unless the trail's pass opens it [battle_of_buena_vista "
    .. "E-7.1d]", function()
    assert.are.equal(1, cost("2212", "2312"))
    assert.is_false(cost("2213", "2313"))
    assert.is_false(cost("2313", "2213", "ldr"))
  end)

  it("lets a road negate the hexside it crosses [battle_of_buena_vista 2.3]", function()
    assert.are.equal(1, cost("2109", "2209"))         -- along the road, over a stone wall
    assert.are.equal(2, cost("2112", "2212"))         -- a wall off the road: 1 + 1 (designed)
    assert.is_false(cost("2112", "2212", "art"))
  end)
end)

describe("volley sources on Battle of Buena Vista's tables", function()
  it("lists each designed table and every row of its cells, none of the text's", function()
    local sc = assert(scenario.read("test-game/bv", { roots = ROOTS }))
    local lines, tables = {}, {}
    for _, p in ipairs(scenario.provisional(assert(scenario.load_data(sc)))) do
      local name = p.key:match("^table%.([%w_]+)")
      if name then
        tables[name] = (tables[name] or 0) + 1
        lines[p.key] = p
      end
    end
    -- a line for the table, then one per row (or its labels)
    assert.are.same({ shock_combat = 7, fire_combat = 8, fire_max_range = 2, rout = 7,
                      saltillo_combat = 7, random_events = 12, reserve_arc = 10,
                      rain_arc = 5 }, tables)
    local row = lines["table.shock_combat.1"]
    assert.are.equal("R/· | R/· | r/· | r/· | r/· | ·/· | ·/· | ·/r", row.value)
    assert.truthy(row.file:match("charts/battle_of_buena_vista/combat%.ini$"))
    assert.truthy(row.reason:find("designed: printed only on the map", 1, true))
    assert.are.equal("15 | 12 | 2 | 2 | 2 | 1", lines["table.fire_max_range.labels"].value)
    assert.are.equal("Rain", lines["table.random_events.2"].value)
  end)
end)

describe("Battle of Buena Vista's new result grammars", function()
  local results = require "volley.results"
  local function parse(grammar, text) return (results.parse(SYSTEM, grammar, text)) end

  it("reads shifts, modifiers, ranges, loss boxes, arcs and events", function()
    assert.are.same({ shift = -2 }, parse("shift", "2 left"))
    assert.are.same({ shift = 1 }, parse("shift", "1 right"))
    assert.are.same({ leader = 1 }, parse("drm", "+ leader's fire rating"))
    assert.are.same({ max_range = 12 }, parse("range", "12"))
    assert.are.same({ random_event = true }, parse("loss", "Random event"))
    assert.are.same({ lo = 2, hi = 2 }, parse("arc", "2"))
    assert.are.same({ lo = 1, hi = 6 }, parse("arc", "1-6"))
    assert.are.same({ event = "move_counter", side = "MEX" },
      parse("event", "Move a Mexican counter"))
  end)

  it("refuses what they do not know", function()
    for _, bad in ipairs({ { "shift", "0 left" }, { "shift", "2 up" }, { "drm", "+1" },
                           { "range", "0" }, { "loss", "Event" }, { "arc", "3-1" },
                           { "arc", "0-2" }, { "arc", "1-7" }, { "event", "Snow" },
                           { "event", "rain" } }) do
      assert.is_nil(parse(bad[1], bad[2]), bad[1] .. " " .. bad[2])
    end
  end)
end)
