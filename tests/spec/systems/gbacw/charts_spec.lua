-- The GBACW series' charts (issue 57 point 1): every table of charts/gbacw loaded through the
-- real loader, the transcribed tables cell by cell, the designed ones against what the text
-- fixes (bands, codes, monotony), each through a lookup the rules will make. The design
-- notes: docs/rulings/gbacw.md "Designed tables".

local charts = require "volley.charts"

local function gb() return assert(charts.load("gbacw")) end

local function cell(name, pick) return gb():lookup(name, pick).cell end
local function result(name, pick) return gb():lookup(name, pick).result end

-- The step losses a fire or shock shape inflicts (nil-safe).
local function loss(shape) return shape and shape.loss or 0 end

describe("GBACW chart tables", function()
  it("load; designed tables provisional with a reason, the printed ones not", function()
    local set, designed, transcribed = gb(), {}, {}
    for _, name in ipairs(set:names()) do
      local info = set:info(name)
      local into = info.provisional and designed or transcribed
      into[#into + 1] = name
    end
    assert.are.same({ "artillery_fire", "fire", "night_range", "pre_shock_drm",
                      "prepared_fire_range", "range_effects", "rapid_fire", "second_disorder",
                      "shock", "shock_drm", "shock_ratio", "terrain_fire_drm",
                      "terrain_shock_drm" }, designed)
    assert.are.same({ "coordination", "fatigue", "loose_cannon", "orders_change",
                      "trail_rate" }, transcribed)
  end)

  it("transcribes the Orders Change Table on a d10 read from 0 [gbacw 2.5] [gbacw 6.23]", function()
    local want = { [-2] = "Retain and Stand", [1] = "Retain and Stand", [2] = "Retain",
                   [3] = "Retain", [4] = "Loose Cannon", [5] = "Change and Stand",
                   [6] = "Change", [12] = "Change" }
    for roll, text in pairs(want) do
      assert.are.equal(text, cell("orders_change", { roll = roll }), roll)
    end
    assert.are.same({ orders = "retain", stand = true },
                    result("orders_change", { roll = 0 }))
    assert.are.same({ loose_cannon = true }, result("orders_change", { roll = 4 }))
  end)

  it("transcribes the Brigade Coordination Table (T-5.34) and Loose Cannon [gbacw 5.34] "
     .. "[gbacw 6.24]",
     function()
    local want = { "Confusion", "Confusion", "Confusion", "Fail", "Fail", "Fail", "Fail",
                   "May Coordinate 2 Brigades", "May Coordinate 2 Brigades",
                   "May Coordinate 2 Brigades", "May Coordinate 3 Brigades",
                   "May Coordinate 3 Brigades", "All" }
    for roll = 0, 12 do
      assert.are.equal(want[roll + 1], cell("coordination", { roll = roll }), roll)
    end
    -- T-5.34: a 6 with Coordination 2 reads 8
    assert.are.same({ coordinate = 2 }, result("coordination", { roll = 6 + 2 }))
    for roll, temper in pairs({ [0] = "aggressive", [2] = "aggressive", [3] = "normal",
                                [6] = "normal", [7] = "cautious", [9] = "cautious" }) do
      assert.are.same({ brigadier = temper }, result("loose_cannon", { roll = roll }))
    end
  end)

  it("T-6.23: Hackenbush's roll of 4 with Orders Rating -1 reads Retain [gbacw 6.23]",
     function()
    assert.are.same({ orders = "retain" }, result("orders_change", { roll = 4 - 1 }))
  end)

  it("fatigue: the levels of 17.24 and half of each, rounded up [gbacw 17.31]", function()
    local want = { none = 0, ok = 0, ["0"] = 0, ["1"] = 1, ["2"] = 1, ["3"] = 2, ["4"] = 2 }
    for level, drm in pairs(want) do
      assert.are.same({ drm = drm }, result("fatigue", { name = level }), level)
    end
  end)

  it("night range: -1, -3, -10 as 16.12 gives; 3 hexes designed at -6 [gbacw 16.12]",
     function()
    for range, drm in pairs({ [1] = -1, [2] = -3, [3] = -6, [4] = -10, [7] = -10 }) do
      assert.are.same({ drm = drm }, result("night_range", { value = range }), range)
    end
  end)

  it("fire: 1-12 SP, open rows, every code the text shows, never fewer losses higher up",
     function()
    local set, seen = gb(), {}
    local info = set:info("fire")
    assert.are.equal(12, info.ncols)
    for sp = 1, 12 do
      local prev_row = -1
      for roll = -3, 14 do
        local r = set:lookup("fire", { value = sp, roll = roll })
        seen[(r.cell:gsub("%*$", ""))] = true
        assert.is_true(loss(r.result) >= prev_row, ("fire %d SP roll %d"):format(sp, roll))
        prev_row = loss(r.result)
        if sp > 1 then
          local left = set:lookup("fire", { value = sp - 1, roll = roll })
          assert.is_true(loss(r.result) >= loss(left.result))
        end
      end
    end
    for _, code in ipairs({ "No Effect", "d", "d+2", "D", "1", "1d+2", "1D", "2D" }) do
      assert.is_true(seen[code], code)
    end
    -- T-10.33c: the codes 10.33's example reads
    assert.are.same({ loss = 1, check = { kind = "udd", drm = 2 } },
                    result("fire", { value = 2, roll = 8 }))
    -- the Spencer's second-round reminder [gbacw 14.33]
    assert.is_true(result("fire", { value = 4, roll = 5 }).spencer_ammo)
  end)

  it("T-8.35: artillery fire at 4+ hexes falls on every unit of the hex [gbacw 10.67] "
     .. "[gbacw 8.35]",
     function()
    local set = gb()
    for guns = 1, 12 do
      local prev = -1
      for roll = -2, 13 do
        local r = set:lookup("artillery_fire", { value = guns, roll = roll }).result
        assert.is_true(r.all_units)
        assert.is_true(loss(r) >= prev)
        prev = loss(r)
      end
    end
    -- T-8.35: a UDD result at five hexes, each unit rolling for itself
    assert.are.same({ all_units = true, check = { kind = "udd" } },
                    result("artillery_fire", { value = 1, roll = 6 }))
  end)

  it("shock: the bands the text fixes [gbacw 12.42] [gbacw 11.47] [gbacw 12.51]", function()
    local set = gb()
    local prev_d, prev_a = -1, math.huge
    for roll = -4, 15 do
      local r = set:lookup("shock", { roll = roll }).result
      local a, d = r.attacker, r.defender
      if roll <= 1 then
        assert.are.equal(1, a.retreat, roll)                 -- attacker back one hex
        assert.is_true(d.continued_shock, roll)              -- the defender may continue
      end
      if roll >= 5 and roll <= 9 then assert.are.equal(1, d.retreat, roll) end
      if roll >= 8 then assert.is_true(a.continued_shock, roll) end
      if roll >= 10 then
        assert.are.equal(2, d.retreat)
        assert.is_true(d.rout_check)                          -- ambiguity 51: a UDD
        assert.is_true(d.abandoned)                           -- the guns, in place
      else
        assert.is_nil(d.abandoned)
      end
      assert.is_true(loss(d) >= prev_d and loss(a) <= prev_a, roll)
      prev_d, prev_a = loss(d), loss(a)
    end
    assert.are.same({ bloody_standoff = true, attacker = { check = { kind = "udd" } },
                      defender = { check = { kind = "udd" } } }, result("shock", { roll = 3 }))
    assert.are.same({ attacker = { continued_shock = true },
                      defender = { loss = 3, disorder = true, retreat = 2, rout_check = true,
                                   abandoned = true } }, result("shock", { roll = 12 }))
  end)

  it("T-11.43: shock ratio 1-4 to 5-1 with the half steps, the DRM rising [gbacw 11.43]", function()
    local set, prev = gb(), -math.huge
    for _, odds in ipairs({ { 1, 5 }, { 1, 4 }, { 1, 3 }, { 1, 2 }, { 2, 3 }, { 1, 1 },
                            { 3, 2 }, { 2, 1 }, { 3, 1 }, { 4, 1 }, { 5, 1 }, { 9, 1 } }) do
      local r = set:lookup("shock_ratio", { value = odds[1], against = odds[2] }).result
      assert.is_true(r.drm >= prev)
      prev = r.drm
    end
    -- T-11.43: 5 against 3 is 1½-1 rounded for the defender
    assert.are.equal(6, set:lookup("shock_ratio", { value = 5, against = 3 }).column)
    assert.are.equal(-4, set:lookup("shock_ratio", { value = 1, against = 6 }).result.drm)
  end)

  it("shock and pre-shock DRMs: the text's values [gbacw 11.42] [gbacw 11.37]", function()
    local want = { charge = 1, surrounded = 5, front_and_flank = 4, rear_and_flank = 4,
                   no_brigadier = -1, aggressive_brigadier = 1, continued_shock = -1,
                   breastworks = -1, exposed_hex = -1 }
    for name, drm in pairs(want) do
      assert.are.same({ drm = drm }, result("shock_drm", { name = name }), name)
    end
    assert.are.same({ half_fatigue = 1 }, result("shock_drm", { name = "defender_fatigue" }))
    for name, drm in pairs({ march_defender = 2, charged_defender = 1, breastworks = -1,
                             square = -1 }) do
      assert.are.same({ drm = drm }, result("pre_shock_drm", { name = name }), name)
    end
    assert.are.same({ stars = -1 }, result("pre_shock_drm", { name = "leader_stars" }))
  end)

  it("T-10.16: R to 5, M to 2, Prepared Fire at 1; nothing past the maximum [gbacw 10.16] "
     .. "[gbacw 10.51]",
     function()
    local set = gb()
    local function col(w, hexes)
      return set:lookup("range_effects", { header = w, value = hexes })
    end
    assert.truthy(col("R", 5)); assert.is_nil(col("R", 6))
    assert.truthy(col("M", 2)); assert.is_nil(col("M", 3))
    assert.is_nil(col("mortar7", 2)); assert.truthy(col("mortar7", 3))       -- [gbacw 8.29]
    assert.are.same({ drm = 0 }, result("range_effects", { header = "M", value = 1 }))
    assert.are.same({ drm = -1 }, result("range_effects", { header = "M", value = 2 }))
    assert.are.same({ prepared_range = 1 }, result("prepared_fire_range", { name = "R" }))
    assert.are.same({ prepared_range = 1 }, result("prepared_fire_range", { name = "M" }))
    assert.are.same({ rapid_fire = true }, result("rapid_fire", { name = "N" }))
    assert.are.same({ none = true }, result("rapid_fire", { name = "H12" }))
    for _, gun in ipairs({ "C", "E", "4pdr", "6pdr", "8pdr", "12pdr", "16pdr", "18pdr",
                           "24pdr", "H6", "H12", "H24", "68pdr", "mortar10", "rockets",
                           "N", "TB" }) do
      assert.truthy(col(gun, 1) or col(gun, 3), gun)
    end
  end)

  it("the 2nd Disorder Table restates 12.35 a, b, f and 12.36 [gbacw 12.35] [gbacw 12.36]",
     function()
    local step_back = { choice = { { loss = 1, retreat = 1 }, { loss = 1, retreat = 2 } } }
    assert.are.same(step_back, result("second_disorder", { name = "fire" }))
    assert.are.same({ check = { kind = "udd", fail = { rout = true }, pass = step_back } },
                    result("second_disorder", { name = "shock" }))
    assert.are.same({ done = true }, result("second_disorder", { name = "phasing" }))
    assert.are.same({ abandoned = true }, result("second_disorder", { name = "artillery_shock" }))
    assert.are.same({ loss = 1 }, result("second_disorder", { name = "artillery_fire" }))
  end)

  it("T-9.44: a trail through woods costing 5 costs 3 under Advance [gbacw 9.44]", function()
    assert.are.same({ cost = 3 }, result("trail_rate", { name = "advance", roll = 5 }))
    assert.are.same({ cost = 2 }, result("trail_rate", { name = "march", roll = 5 }))
    assert.are.same({ cost = 1 }, result("trail_rate", { name = "march", roll = 1 }))
  end)
end)

describe("GBACW result grammars", function()
  local results = require "volley.results"
  it("shock: words per side, a Bloody Standoff prefix; refuses what the table cannot say",
     function()
    assert.are.same({ attacker = { loss = 1, disorder = true, retreat = 1 },
                      defender = { continued_shock = true } },
                    results.parse("gbacw", "shock", "1D R1 / CS"))
    assert.are.same({ attacker = { none = true },
                      defender = { loss = 2, check = { kind = "udd", drm = 2 } } },
                    results.parse("gbacw", "shock", "- / 2d+2"))
    for _, bad in ipairs({ "BS: / d", "1D R3 / -", "d d / -", "d/d", "R1", "- / Rout" }) do
      assert.is_nil(results.parse("gbacw", "shock", bad), bad)
    end
  end)

  it("drm, prepared, rapid_fire, cost, artillery_fire, second_disorder", function()
    assert.are.same({ drm = -3 }, results.parse("gbacw", "drm", "-3"))
    assert.are.same({ half_fatigue = -1 }, results.parse("gbacw", "drm", "- half fatigue"))
    assert.is_nil(results.parse("gbacw", "drm", "+ stars"))
    assert.are.same({ none = true }, results.parse("gbacw", "prepared", "-"))
    assert.is_nil(results.parse("gbacw", "rapid_fire", "rf"))
    assert.are.same({ cost = 3 }, results.parse("gbacw", "cost", "3"))
    assert.are.same({ none = true, all_units = true },
                    results.parse("gbacw", "artillery_fire", "No Effect"))
    assert.is_nil(results.parse("gbacw", "artillery_fire", "1*"))
    assert.is_nil(results.parse("gbacw", "second_disorder", "2 R1-2"))
  end)
end)
