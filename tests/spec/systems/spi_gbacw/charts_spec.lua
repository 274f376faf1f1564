-- SPI GBACW's charts (charts/spi_gbacw/): every printed cell of each transcribed table pinned by
-- its case, read through volley.charts as the rules will read them; the designed cells checked
-- for the direction their design note gives; the terrain and movement tables loaded with the
-- values the text prints. And the golden T-0.1: a case number's levels as the checkers group
-- them.
local charts = require "volley.charts"
local cases = dofile("tests/tools/cases.lua")

local spi = assert(charts.load("spi_gbacw"))

local function cell(name, pick)
  local r = assert(spi:lookup(name, pick))
  return r.cell, r
end

describe("spi_gbacw case numbers", function()
  it("T-0.1: 6.53 is section 6, primary 5, secondary 3 [spi_gbacw 1.0]", function()
    assert.are.same({ section = 6, primary = 5, secondary = 3 }, cases.levels("6.53"))
    assert.are.same({ section = 6, primary = 5 }, cases.levels("6.5"))
    assert.are.same({ section = 33, primary = 6, secondary = 3 }, cases.levels("33.63"))
    assert.is_nil(cases.levels("6.531"))
    -- the checkers group so: 6.53 lies in the range 6.5-6.5 and in the section 6.0-6.9
    local row = { id = "6.53", case = "6.53" }
    assert.is_true(cases.takes(cases.selector("6.5-6.5"), row))
    assert.is_true(cases.takes(cases.selector("6.0-6.9"), row))
    assert.is_false(cases.takes(cases.selector("6.1-6.4"), row))
  end)
end)

describe("the Fire Combat Results Table [spi_gbacw 9.16]", function()
  it("reads its printed rows: row 1 (the ammunition row) and row 2's first seven", function()
    local row1 = { "-", "-", "-", "-", "P", "R", "P/R", "1", "1", "1", "1*" }
    local row2 = { "-", "-", "-", "P", "R", "P/R", "1" }
    local small = { 0, 2, 5, 8, 12, 17, 24, 30, 38, 46, 60 }
    local grape = { 2, 6, 10, 13, 18, 25, 30, 40, 50, 60, 70 }
    for c = 1, 11 do
      assert.are.equal(row1[c], cell("fire", { header = "small_arms", value = small[c], roll = 1 }))
      assert.are.equal(row1[c], cell("fire", { header = "grapeshot", value = grape[c], roll = 1 }))
      if row2[c] then
        assert.are.equal(row2[c], cell("fire", { header = "small_arms", value = small[c],
                                                 roll = 2 }))
      end
    end
    assert.are.equal("1", cell("fire", { header = "small_arms", value = 30, roll = 1 }))
    local _, r = cell("fire", { header = "small_arms", value = 30, roll = 1 })
    assert.are.same({ loss = 1, check = { kind = "morale" } }, r.result)
    assert.truthy(r.provisional)
  end)

  it("the band edges as printed: 3 or less ... 63+ and 0 or less ... 51+", function()
    local _, r = cell("fire", { header = "grapeshot", value = 63, roll = 1 })
    assert.are.equal(11, r.column)
    _, r = cell("fire", { header = "grapeshot", value = 62, roll = 1 })
    assert.are.equal(10, r.column)
    _, r = cell("fire", { header = "small_arms", value = -3, roll = 1 })
    assert.are.equal(1, r.column)
    _, r = cell("fire", { header = "small_arms", value = 51, roll = 1 })
    assert.are.equal(11, r.column)
  end)

  it("its designed cells: never better for the target on a higher die or further right", function()
    local rank = { ["-"] = 0, P = 1, R = 2, ["P/R"] = 3, ["1"] = 4, ["1*"] = 5, ["2"] = 6,
                   ["2*"] = 7, ["3"] = 8, ["3*"] = 9 }
    local small = { 0, 2, 5, 8, 12, 17, 24, 30, 38, 46, 60 }
    for d = 1, 6 do
      for c = 1, 11 do
        local here = rank[cell("fire", { header = "small_arms", value = small[c], roll = d })]
        assert.truthy(here)
        if d > 1 then
          assert.is_true(here >= rank[cell("fire", { header = "small_arms", value = small[c],
                                                     roll = d - 1 })])
        end
        if c > 1 then
          assert.is_true(here >= rank[cell("fire", { header = "small_arms", value = small[c - 1],
                                                     roll = d })])
        end
      end
    end
  end)
end)

describe("the Melee Combat Results Table [spi_gbacw 12.98]", function()
  it("reads the die-1 row as printed, attacker first", function()
    local att = { "R2", "Rpls", "Eng", "K", "-", "-", "-", "-", "-", "-", "-" }
    local def = { "-", "Rpls", "Eng", "C1R2" }
    for c = 1, 11 do
      local text = cell("melee", { value = c - 5, roll = 1 })
      local a, d = text:match("^(.-)/(.*)$")
      assert.are.equal(att[c], a)
      if def[c] then assert.are.equal(def[c], d) end
    end
    local text, r = cell("melee", { value = -1, roll = 1 })
    assert.are.equal("K/C1R2", text)
    assert.are.same({ attacker = { loss = 1 },
                      defender = { captured = 1, retreat = 2, check = { kind = "morale" } } },
                    r.result)
  end)

  it("clamps the differential at -4 and +6 (the legend's clamp; ruling #1)", function()
    local _, r = cell("melee", { value = -9, roll = 1 })
    assert.are.equal(1, r.column)
    _, r = cell("melee", { value = 7, roll = 1 })
    assert.are.equal(11, r.column)
    assert.are.equal("+6 or more", r.column_label)
  end)

  it("its designed rows favour the attacker on a higher die", function()
    local att = { R2 = 4, Rpls = 3, Eng = 2, K = 1, ["-"] = 0 }
    for c = -4, 6 do
      for d = 2, 6 do
        local a = cell("melee", { value = c, roll = d }):match("^(.-)/")
        local prev = cell("melee", { value = c, roll = d - 1 }):match("^(.-)/")
        assert.is_true(att[a] <= att[prev] or (prev == "K" and a == "-"))
      end
    end
  end)
end)

describe("the transcribed tables, whole", function()
  it("Density Adjustment Chart [spi_gbacw 8.35]", function()
    local want = { [1] = "-1", [2] = "-1", [3] = "0", [6] = "0", [7] = "+1", [9] = "+1",
                   [10] = "+2", [30] = "+2" }
    for sp, v in pairs(want) do assert.are.equal(v, cell("density", { roll = sp })) end
    local _, r = cell("density", { roll = 8 })
    assert.are.same({ shift = 1 }, r.result)
    assert.is_nil(r.provisional)
  end)

  it("Seeing the Elephant Table [spi_gbacw 13.15]", function()
    local want = { 4, 3, 1, 4, 2, 3, 1, 3, 2, 5, 4 }
    for roll = 2, 12 do
      assert.are.equal(tostring(want[roll - 1]), cell("elephant", { roll = roll }))
    end
    assert.is_nil(select(2, cell("elephant", { roll = 7 })).provisional)
  end)

  it("Leader Casualty Table [spi_gbacw 17.76], read by 2d6 in a column by cause", function()
    local printed = {
      K = { [6] = "Wounded", [2] = "Killed", [12] = "Killed" },
      small_arms = { [5] = "Wounded", [2] = "Killed", [12] = "Killed" },
      artillery = { [3] = "Wounded", [2] = "Killed" },
      C = { [2] = "Captured", [3] = "Captured", [4] = "Captured" },
      Rpls = { [2] = "Wounded", [12] = "Killed" },
    }
    for cause, rolls in pairs(printed) do
      for roll = 2, 12 do
        assert.are.equal(rolls[roll] or "-", cell("leader_casualty", { name = cause, roll = roll }),
                         cause .. " " .. roll)
      end
    end
    local _, r = cell("leader_casualty", { name = "small_arms", roll = 5 })
    assert.are.same({ leader = "wounded" }, r.result)
    assert.is_nil(r.provisional)
  end)

  it("Ammunition Loss Table [spi_gbacw 11.34]", function()
    local want = { { "0/1", "1/2", "2/3" }, { "1/2", "2/3", "3/4" }, { "2/4", "3/5", "4/6" },
                   { "2/5", "3/6", "4/8" }, { "2/6", "3/8", "4/E" }, { "3/8", "4/E", "WE" } }
    for roll = 1, 6 do
      for col = 1, 3 do
        assert.are.equal(want[roll][col], cell("ammo_loss", { value = col, roll = roll }))
      end
    end
    local _, r = cell("ammo_loss", { value = 3, roll = 6 })
    assert.are.same({ wagon_eliminated = true }, r.result)
  end)

  it("Stacking Restrictions Chart [spi_gbacw 8.18]", function()
    local want = { stacking_units = { 3, 2, 2 }, stacking_sp = { 12, 8, 8 },
                   stacking_sections = { 6, 4, 4 }, hexside_fire = { 4, 4, 4 },
                   melee_max = { 12, 8, 8 } }
    for name, v in pairs(want) do
      for i, t in ipairs({ "c", "w", "t" }) do
        assert.are.equal(tostring(v[i]), cell(name, { name = t }), name .. " " .. t)
      end
    end
  end)

  it("Victory Point Schedule [spi_gbacw JC 28.11] and exit awards (JC 28.2)", function()
    local want = { sp_eliminated = "1 x MR", sp_captured = "2 x MR", cav_eliminated = "2 x MR",
                   cav_captured = "4 x MR", brigade_wounded = "1 x ER",
                   brigade_killed = "2 x ER", brigade_captured = "3 x ER",
                   division_wounded = "1 x DIR", division_killed = "2 x DIR",
                   division_captured = "3 x DIR", wagon_captured = "20" }
    for name, v in pairs(want) do assert.are.equal(v, cell("vp_schedule", { name = name })) end
    assert.are.same({ vp = 4, per = "mr" }, select(2, cell("vp_schedule",
      { name = "cav_captured" })).result)
    assert.are.equal("1", cell("exit_award", { roll = 3 }))
    assert.are.equal("2", cell("exit_award", { roll = 4 }))
  end)
end)

describe("the Range Effects Chart [spi_gbacw 9.25]", function()
  it("reads the printed L and HA rows, nothing past range 6", function()
    local L = { "4", "1", "1/2", "1/2", "1/2", "1/2" }
    local HA = { "6", "1", "1", "1/2", "1/2", "1/2" }
    for range = 1, 6 do
      assert.are.equal(L[range], cell("range_effects", { header = "L", value = range }))
      assert.are.equal(HA[range], cell("range_effects", { header = "HA", value = range }))
    end
    for _, w in ipairs({ "L", "HA" }) do
      local r, err = spi:lookup("range_effects", { header = w, value = 7 })
      assert.is_nil(r)
      assert.truthy(err:find("no column", 1, true))
    end
    assert.are.same({ num = 1, den = 2 },
      select(2, cell("range_effects", { header = "L", value = 3 })).result)
  end)

  it("the rifled musket's 2 at range 1 (the T-9.25 example: 2 SP give 4)", function()
    local _, r = cell("range_effects", { header = "RM", value = 1 })
    assert.are.equal(4, math.floor(2 * r.result.num / r.result.den))
  end)

  it("keeps the generic weapon of 9.45-9.46 apart, the test battle's own", function()
    assert.is_nil((spi:lookup("range_effects", { header = "G", value = 1 })))
    local tb = assert(charts.load("spi_gbacw", "tests/data/spi_gbacw"))
    assert.are.equal("10", assert(tb:lookup("range_effects", { header = "G", value = 1 })).cell)
    assert.are.equal("1/2", assert(tb:lookup("range_effects", { header = "G", value = 10 })).cell)
    assert.are.equal("1/2", assert(tb:lookup("range_effects", { header = "G", value = 16 })).cell)
    assert.are.equal("4", assert(tb:lookup("range_effects", { header = "L", value = 1 })).cell)
  end)

  it("every designed weapon weaker or equal at a longer range", function()
    local value = { ["10"] = 20, ["6"] = 12, ["4"] = 8, ["2"] = 4, ["1"] = 2, ["1/2"] = 1 }
    for _, w in ipairs({ "N", "PA", "PB", "TA", "TB", "RM", "SM", "PI", "CA", "CR", "WC" }) do
      local prev = math.huge
      for range = 1, 16 do
        local r = spi:lookup("range_effects", { header = w, value = range })
        if not r then break end
        assert.is_true(value[r.cell] <= prev, w .. " " .. range)
        prev = value[r.cell]
      end
    end
  end)
end)

describe("the Terrain Effects on Combat Chart [spi_gbacw 9.56]", function()
  it("reads the printed rows: clear, road, woods, town, stream", function()
    local printed = {
      tec_charge = { c = "Yes", road = "O/T", w = "No", t = "No", stream = "No" },
      tec_los = { c = "No", road = "O/T", w = "Yes", t = "Yes", stream = "No" },
      tec_fire = { c = "-", road = "O/T", w = "1 Left", t = "1 Left", stream = "-" },
      tec_melee = { c = "-", road = "O/T", w = "-", t = "Subtract 1 SP",
                    stream = "Subtract 1 SP when crossed" },
    }
    for name, cells in pairs(printed) do
      for t, v in pairs(cells) do assert.are.equal(v, cell(name, { name = t }), name .. t) end
    end
    assert.are.same({ melee = -2 }, select(2, cell("tec_melee", { name = "bridge" })).result)
    assert.are.same({ shift = -1 }, select(2, cell("tec_fire", { name = "steep" })).result)
  end)
end)
