-- volley.charts: a system's tables layered with a scenario's, every cell checked against the
-- system's result grammar at load, lookups that carry the parsed result -- and so everything
-- the JSON `roll` event takes from a chart.
local charts = require "volley.charts"
local core = require "volley.core"
local results = require "volley.results"

describe("volley.charts for rough_and_ready", function()
  local rr
  before_each(function() rr = assert(charts.load("rough_and_ready")) end)

  it("loads the four tables of the Charts and Tables section", function()
    assert.are.same({ "artillery_fire", "artillery_range_drm", "shock",
                      "small_arms_fire" }, rr:names())
  end)

  it("reads a small-arms roll of 5 as one Hit [rough_and_ready 6.16]", function()
    local r = rr:lookup("small_arms_fire", { roll = 5 })
    assert.are.same({ "small_arms_fire", "3-7", "1 Hit", { hits = 1 }, "d10" },
      { r.chart, r.row_label, r.cell, r.result, r.die })
    assert.are.equal("[rough_and_ready 6.15] [rough_and_ready 6.16]", r.source)
    assert.is_nil(r.provisional)
  end)

  it("reads artillery's 5-7 as a morale roll for every unit but the guns", function()
    assert.are.same({ all_units = true, artillery_exempt = true,
                      check = { kind = "morale", fail = { disorder = true } } },
      rr:lookup("artillery_fire", { roll = 6 }).result)
    assert.are.same({ all_units = true, disorder = true, hits = 1 },
      rr:lookup("artillery_fire", { roll = 12 }).result)
  end)

  it("gives a 6-pounder -2 at 10 hexes [rough_and_ready 6.21]", function()
    local r = rr:lookup("artillery_range_drm", { header = "6_pounder", value = 10 })
    assert.are.same({ drm = -2 }, r.result)
  end)

  it("reads the Shock Result Table as Hits on the enemy [rough_and_ready 6.37]", function()
    assert.are.same({ hits = 2 }, rr:lookup("shock", { roll = 7 }).result)
    assert.are.same({ nil, "table 'shock' has no columns" },
      { rr.set:column("shock", { value = 1 }) })
  end)

  it("takes a scenario's table over the system's of the same name", function()
    local layered = assert(charts.load("rough_and_ready", "tests/data/charts/layer"))
    local r = layered:lookup("small_arms_fire", { roll = 3 })
    assert.are.same({ "Nothing", "scenario", "a test variant, not the rulebook's" },
      { r.cell, r.layer, r.provisional })
    assert.are.equal("system", layered:lookup("shock", { roll = 3 }).layer)
  end)

  it("loads a scenario without charts/ as the system alone", function()
    local plain = assert(charts.load("rough_and_ready", "tests/data/charts/dup"))
    assert.are.equal("system", plain:info("small_arms_fire").layer)
  end)
end)

describe("volley.charts for battle_of_buena_vista", function()
  local bv
  before_each(function() bv = assert(charts.load("battle_of_buena_vista")) end)

  it("marks the map's tables provisional and keeps the victory levels exact", function()
    local provisional = {}
    for _, name in ipairs(bv:names()) do
      if bv:info(name).provisional then provisional[#provisional + 1] = name end
    end
    assert.are.same({ "fire_combat", "fire_max_range", "rain_arc", "random_events",
                      "reserve_arc", "rout", "saltillo_combat", "shock_combat" }, provisional)
    assert.are.same({ level = "marginal", winner = "US" },
      bv:lookup("victory_level", { roll = -4 }).result)
  end)

  it("reads shock cells as attacker and defender results [battle_of_buena_vista 8.4]", function()
    local r = bv:lookup("shock_combat", { value = 1, shift = -1, roll = 4 })
    assert.are.same({ "0", "·/r" }, { r.column_label, r.cell })
    assert.are.same({ attacker = { none = true },
                      defender = { check = { kind = "morale", fail = { retreat = 3 } } } },
      r.result)
  end)

  it("reads fire by the firer's type and range [battle_of_buena_vista 9.2]", function()
    local r = bv:lookup("fire_combat", { header = "us_artillery", value = 3, roll = 4 })
    assert.are.same({ "C", "1" }, { r.column_label, r.cell })
    assert.are.same({ loss = 1 }, r.result)
  end)

  it("carries what the JSON roll event takes from the chart", function()
    local r = bv:lookup("fire_combat", { header = "us_infantry", value = 2, shift = -3, roll = 6 })
    local event = { chart = r.chart, row = r.row_label, column = r.column_label,
                    result = r.cell }
    assert.are.same({ chart = "fire_combat", row = "6 or more", column = "A", result = "2" },
      event)
    assert.are.same({ -3, -2, true }, { r.shift, r.shift_applied, r.clamped })
  end)
end)

describe("volley.charts refusals", function()
  it("refuses a scenario cell its grammar does not know, with file and line", function()
    assert.are.same({ nil, "tests/data/charts/bad/charts/shock.ini:9: table 'shock_result': "
      .. "bad result '2 Hits' for rough_and_ready shock (expected <n> (Hits on the enemy))" },
      { charts.load("rough_and_ready", "tests/data/charts/bad") })
  end)

  it("refuses broken chart files through the grammar as well", function()
    local set = core.chart.new()
    assert.is_true(set:load_file("tests/data/broken/chart_bad_result.ini", "system"))
    assert.are.same({ nil, "tests/data/broken/chart_bad_result.ini:7: table 'small_arms_fire': "
      .. "bad result '1 Hits' for rough_and_ready fire (expected "
      .. results.describe("rough_and_ready", "fire").expect .. ")" },
      { results.check("rough_and_ready", set) })
    set = core.chart.new()
    assert.is_true(set:load_file("tests/data/broken/chart_unknown_grammar.ini", "system"))
    assert.are.same({ nil, "tests/data/broken/chart_unknown_grammar.ini:5: table "
      .. "'small_arms_fire': unknown result grammar 'melee' for rough_and_ready (known: drm, "
      .. "fire, shock)" }, { results.check("rough_and_ready", set) })
  end)

  it("refuses a system without charts", function()
    assert.are.same({ nil, "charts/no_such_system not found on the data path" },
      { charts.load("no_such_system") })
    assert.has_error(function() charts.load(nil) end, "bad system (string expected, got nil)")
  end)
end)
