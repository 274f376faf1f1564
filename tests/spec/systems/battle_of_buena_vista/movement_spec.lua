-- Battle of Buena Vista's movement [battle_of_buena_vista 7.1-7.7] through the real move
-- request of an impulse (movement.impulse), on the battle's map with forced dice: the golden
-- tests of the digest's section 8 (T-BV-10a-c, 11, 11b) and a spec for each procedure
-- (docs/battle_of_buena_vista_movement.md).
local bv = require "support.bv"
local movement = require "systems.battle_of_buena_vista.movement"

local function us(g) movement.impulse(g, "US") end
local function mex(g) movement.impulse(g, "MEX") end

-- The cavalry path of the errata's example: 4109 ... 3313, eight clear hexes, then the slope
-- 3214 [battle_of_buena_vista E-7.1e].
local PATH = "4010 3910 3811 3711 3612 3512 3413 3313"

describe("[battle_of_buena_vista 7.1, E-7.1e] slopes and the leader's bonus hex", function()
  it("T-BV-10a: cavalry spends its 8 MP to 3313 and may not enter the slope 3214", function()
    local g = bv.open{ ["1KY-1"] = "4109" }
    local rec = bv.play(g, us, { "1KY-1 " .. PATH .. " 3214", "1KY-1 3214", "1KY-1 3313" })
    assert.are.same({
      "3313 -> 3214: a slope may not be entered with no MP left [battle_of_buena_vista E-7.1e]",
      "3214 is out of 1KY-1's reach this impulse (8 MP) [battle_of_buena_vista 7.1]",
    }, bv.refusals(rec))
    assert.are.equal("3313", bv.at(g, "1KY-1"))
    assert.are.same({ "1KY-1 moves 4109 -> " .. PATH .. " (8 MP of 8) [battle_of_buena_vista 7.1]" },
      bv.lines(g, "1KY-1 moves"))
  end)

  it("T-BV-10b: begun stacked with a leader, it enters 3214 as its bonus hex", function()
    local g = bv.open{ ["1KY-1"] = "4109", Marshall = "4109" }
    local rec = bv.play(g, us, { "1KY-1 " .. PATH .. " 3214" })
    assert.are.same({}, bv.refusals(rec))
    assert.are.equal("3214", bv.at(g, "1KY-1"))
    assert.are.same({ "1KY-1 moves 4109 -> " .. PATH .. " 3214 (8 MP of 8, the leader's bonus "
      .. "hex) [battle_of_buena_vista 7.1]" }, bv.lines(g, "1KY-1 moves"))
    -- and listed: the cheapest way to 3214 is the bonus hex
    assert.is_true(bv.has(rec.log[1].options, "1KY-1 3214"))
  end)

  it("T-BV-10c: from 4010 (or 3313) it enters 3214 on its own, and stops there", function()
    for start, way in pairs{ ["4010"] = "3910 3811 3711 3612 3512 3413 3313 ", ["3313"] = "" } do
      local g = bv.open{ ["1KY-1"] = start }
      local rec = bv.play(g, us, { "1KY-1 " .. way .. "3214 3215", "1KY-1 3214" })
      assert.are.same({ "3214 -> 3215: must stop in 3214 (slope) [battle_of_buena_vista E-7.1e]" },
        bv.refusals(rec))
      assert.are.equal("3214", bv.at(g, "1KY-1"))
      -- nothing is reached through 3214: the slope ends the move
      local opts = rec.log[1].options
      assert.is_true(bv.has(opts, "1KY-1 3214"))
    end
  end)

  it("T-BV-10c, the compiler's opinion (option bonus_after_slope): one hex past 3214",
    function()
      local g = bv.open({ ["1KY-1"] = "4010", Marshall = "4010" },
        { params = { bonus_after_slope = 1 } })
      local rec = bv.play(g, us, { "1KY-1 3910 3811 3711 3612 3512 3413 3313 3214 3215" })
      assert.are.same({}, bv.refusals(rec))
      assert.are.equal("3215", bv.at(g, "1KY-1"))
      local g2 = bv.open{ ["1KY-1"] = "4010", Marshall = "4010" }
      local rec2 = bv.play(g2, us, { "1KY-1 3910 3811 3711 3612 3512 3413 3313 3214 3215" })
      assert.are.same({ "3214 -> 3215: must stop in 3214 (slope) [battle_of_buena_vista "
        .. "E-7.1e]" }, bv.refusals(rec2))
    end)

  it("the bonus hex crosses no impassable hexside, even where a trail opens it", function()
    -- 3919 -> 4019 is the trail's crossing of an impassable hexside [E-7.1d]
    local g = bv.open{ ["2IL-1"] = "3919", Bissell = "3919" }
    local rec = bv.play(g, us, {})
    assert.is_true(bv.has(rec.pending.options, "2IL-1 4019"))      -- by the trail, with MP
  end)
end)

describe("[battle_of_buena_vista E-2.3b, E-2.3d] ravines and gullies", function()
  it("T-BV-11: 4516 costs 3 MP to enter from any side; 4516 to 4616 or 4417 costs 1",
    function()
      for _, from in ipairs{ "4416", "4617", "4517" } do
        local g = bv.open{ ["2IN-1"] = from }
        bv.play(g, us, { "2IN-1 4516" })
        assert.are.same({ "2IN-1 moves " .. from .. " -> 4516 (3 MP of 6) [battle_of_buena_vista "
          .. "7.1]" }, bv.lines(g, "2IN-1 moves"))
      end
      for _, to in ipairs{ "4616", "4417" } do
        local g = bv.open{ ["2IN-1"] = "4516" }
        bv.play(g, us, { "2IN-1 " .. to })
        assert.are.same({ "2IN-1 moves 4516 -> " .. to .. " (1 MP of 6) [battle_of_buena_vista "
          .. "7.1]" }, bv.lines(g, "2IN-1 moves"))
      end
    end)

  it("T-BV-11b: the ravine 2212 costs 3 MP; the gully 2808/2908 into clear 3 (1 + 2)",
    function()
      local g = bv.open{ ["2IN-1"] = "2211" }
      bv.play(g, us, { "2IN-1 2212" })
      assert.are.same({ "2IN-1 moves 2211 -> 2212 (3 MP of 6) [battle_of_buena_vista 7.1]" },
        bv.lines(g, "2IN-1 moves"))
      local g2 = bv.open{ ["2IN-1"] = "2808" }
      bv.play(g2, us, { "2IN-1 2908" })
      assert.are.same({ "2IN-1 moves 2808 -> 2908 (3 MP of 6) [battle_of_buena_vista 7.1]" },
        bv.lines(g2, "2IN-1 moves"))
    end)
end)

describe("[battle_of_buena_vista 5.3] the river ford", function()
  it("is closed until the Crossing Marker is placed, then only at its site", function()
    local g = bv.open{ ["2IN-1"] = "2020" }
    local rec = bv.play(g, us, { "2IN-1 2021" })
    assert.are.same({ "2021 is out of 2IN-1's reach this impulse (6 MP) [battle_of_buena_vista "
      .. "7.1]" }, bv.refusals(rec))
    g.vars.ford = 2                                      -- ford-2 = 1921 2021
    local rec2 = bv.play(g, us, { "2IN-1 2021" })
    assert.are.same({}, bv.refusals(rec2))
    assert.are.equal("2021", bv.at(g, "2IN-1"))
    assert.is_false(bv.has(rec2.log[1].options, "2IN-1 1521"))    -- another site's hex
  end)
end)

describe("[battle_of_buena_vista 7.3] stacking", function()
  it("two infantry or cavalry a hex; artillery and leaders free; not even passing through",
    function()
      local g = bv.open{ ["2IN-1"] = "3010", ["2IN-2"] = "3110", ["2KY-1"] = "3110",
                         Bragg = "3110", JoLane = "3110" }
      local rec = bv.play(g, us, {})
      local o = rec.pending.options
      assert.is_false(bv.has(o, "2IN-1 3110"))
      assert.is_true(bv.has(o, "Bragg 3010"))            -- artillery does not count
      local rec2 = bv.play(g, us, { "2IN-1 3110" })
      assert.are.same({ "3110 is out of 2IN-1's reach this impulse (6 MP) "
        .. "[battle_of_buena_vista 7.1]" }, bv.refusals(rec2))
      local rec3 = bv.play(g, us, { "2IN-1 3110 3210" })
      assert.are.same({ "3010 -> 3110: prohibited (3110 holds two infantry or cavalry units "
        .. "already) [battle_of_buena_vista 7.3]" }, bv.refusals(rec3))
    end)

  it("a double-size counter fills its hexes alone", function()
    local g = bv.open{ ["1/L-1"] = { "4609", "4709" }, ["2/L-1"] = { "4611", "4711" },
                       ["SRM-1"] = "4608", TCG = "4810" }
    local rec = bv.play(g, mex, {})
    local o = rec.pending.options
    assert.is_false(bv.has(o, "SRM-1 4609"))
    assert.is_false(bv.has(o, "1/L-1 4608/4609"))       -- SRM-1 holds 4608
    assert.is_true(bv.has(o, "2/L-1 4610/4611"))
    -- an infantry unit may not pass through a brigade's tail hex
    local rec2 = bv.play(g, mex, { "TCG 4709 4708" })
    assert.are.same({ "4810 -> 4709: prohibited (4709 holds the double-size counter 1/L-1, "
      .. "which fills it) [battle_of_buena_vista 7.3]" }, bv.refusals(rec2))
  end)
end)
