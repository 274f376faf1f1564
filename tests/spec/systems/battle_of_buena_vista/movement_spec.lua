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

describe("[battle_of_buena_vista 7.1b, 7.1c, E-7.1b, E-7.1e] slopes and the leader's bonus hex", function()
  it("T-BV-10a: cavalry spends its 8 MP to 3313 and may not enter the slope 3214", function()
    local g = bv.open{ ["1KY-1"] = "4109" }
    local rec = bv.play(g, us, { "1KY-1 " .. PATH .. " 3214", "1KY-1 3214", "1KY-1 3313" })
    assert.are.same({
      "3313 -> 3214: a slope may not be entered with no MP left [battle_of_buena_vista E-7.1e]",
      "3214 is out of 1KY-1's reach this impulse (8 MP) [battle_of_buena_vista 7.1b]",
    }, bv.refusals(rec))
    assert.are.equal("3313", bv.at(g, "1KY-1"))
    assert.are.same({ "1KY-1 moves 4109 -> " .. PATH .. " (8 MP of 8) [battle_of_buena_vista 7.1b]" },
      bv.lines(g, "1KY-1 moves"))
  end)

  it("T-BV-10b: begun stacked with a leader, it enters 3214 as its bonus hex", function()
    local g = bv.open{ ["1KY-1"] = "4109", Marshall = "4109" }
    local rec = bv.play(g, us, { "1KY-1 " .. PATH .. " 3214" })
    assert.are.same({}, bv.refusals(rec))
    assert.are.equal("3214", bv.at(g, "1KY-1"))
    assert.are.same({ "1KY-1 moves 4109 -> " .. PATH .. " 3214 (8 MP of 8, the leader's bonus "
      .. "hex) [battle_of_buena_vista 7.1b]" }, bv.lines(g, "1KY-1 moves"))
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
    -- SPat (1 MP rolled) with Santa Anna: 4112 -> 4111 spends it; the trail's crossing
    -- 4111/4110 is no bonus hex [E-7.1b, E-7.1d]
    local g = bv.open{ SPat = "4112", SantaAnna = "4112" }
    g.store:set_marker("SPat", "moving", 1)
    g.dice:force{ 1 }
    local rec = bv.play(g, mex, { "SPat 4111 4110" })
    assert.is_true(bv.has(rec.log[1].options, "SPat 4111"))
    assert.is_false(bv.has(rec.log[1].options, "SPat 4110"))
    assert.are.same({ "4111 -> 4110: the leader's bonus hex crosses no impassable hexside "
      .. "[battle_of_buena_vista E-7.1b]" }, bv.refusals(rec))
    -- with 2 MP the trail takes it through
    local g2 = bv.open{ SPat = "4112", SantaAnna = "4112" }
    g2.store:set_marker("SPat", "moving", 1)
    g2.dice:force{ 2 }
    local rec2 = bv.play(g2, mex, { "SPat 4111 4110" })
    assert.are.same({}, bv.refusals(rec2))
    assert.are.equal("4110", bv.at(g2, "SPat"))
  end)
end)

describe("[battle_of_buena_vista 7.1b, E-2.3b, E-2.3d] ravines and gullies", function()
  it("T-BV-11: 4516 costs 3 MP to enter from any side; 4516 to 4616 or 4417 costs 1",
    function()
      for _, from in ipairs{ "4416", "4617", "4517" } do
        local g = bv.open{ ["2IN-1"] = from }
        bv.play(g, us, { "2IN-1 4516" })
        assert.are.same({ "2IN-1 moves " .. from .. " -> 4516 (3 MP of 6) [battle_of_buena_vista "
          .. "7.1b]" }, bv.lines(g, "2IN-1 moves"))
      end
      for _, to in ipairs{ "4616", "4417" } do
        local g = bv.open{ ["2IN-1"] = "4516" }
        bv.play(g, us, { "2IN-1 " .. to })
        assert.are.same({ "2IN-1 moves 4516 -> " .. to .. " (1 MP of 6) [battle_of_buena_vista "
          .. "7.1b]" }, bv.lines(g, "2IN-1 moves"))
      end
    end)

  it("T-BV-11b: the ravine 2212 costs 3 MP; the gully 2808/2908 into clear 3 (1 + 2)",
    function()
      local g = bv.open{ ["2IN-1"] = "2211" }
      bv.play(g, us, { "2IN-1 2212" })
      assert.are.same({ "2IN-1 moves 2211 -> 2212 (3 MP of 6) [battle_of_buena_vista 7.1b]" },
        bv.lines(g, "2IN-1 moves"))
      local g2 = bv.open{ ["2IN-1"] = "2808" }
      bv.play(g2, us, { "2IN-1 2908" })
      assert.are.same({ "2IN-1 moves 2808 -> 2908 (3 MP of 6) [battle_of_buena_vista 7.1b]" },
        bv.lines(g2, "2IN-1 moves"))
    end)
end)

describe("[battle_of_buena_vista 5.3] the river ford", function()
  it("is closed until the Crossing Marker is placed, then only at its site", function()
    local g = bv.open{ ["2IN-1"] = "2020" }
    local rec = bv.play(g, us, { "2IN-1 2021" })
    assert.are.same({ "2021 is out of 2IN-1's reach this impulse (6 MP) [battle_of_buena_vista "
      .. "7.1b]" }, bv.refusals(rec))
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
        .. "[battle_of_buena_vista 7.1b]" }, bv.refusals(rec2))
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

describe("[battle_of_buena_vista 7.5a, 7.5b, E-7.1f, E-7.4a, E-7.4b, E-7.4d] double-size counters", function()
  it("moves the head into a front hex, the tail following; three front hexsides after", function()
    local g = bv.open{ ["1/L-1"] = { "4609", "4709" } }     -- facing NW
    local rec = bv.play(g, mex, { "1/L-1 4508/4609" })
    assert.are.same({}, bv.refusals(rec))
    assert.are.equal("4508/4609", bv.at(g, "1/L-1"))
    assert.are.same({ "1/L-1 moves 4609/4709 -> 4508/4609 (1 MP of 6) [battle_of_buena_vista 7.5b, "
      .. "E-7.1f]" }, bv.lines(g, "1/L-1 moves"))
    -- faced from the tail toward the head: its front is the head's three outer hexes
    local arcs = g.store:arcs("1/L-1")
    assert.are.same({ "4408", "4409", "4507" }, arcs.front)
    assert.are.equal(1, g.store:marker("1/L-1", "moved"))
  end)

  it("offers only positions reached head first or tail first; a side step is a pivot",
    function()
      local g = bv.open{ ["1/L-1"] = { "4609", "4709" } }
      local rec = bv.play(g, mex, {})
      local o = rec.pending.options
      assert.is_true(bv.has(o, "1/L-1 4508/4609"))       -- forward
      assert.is_true(bv.has(o, "1/L-1 4709/4810"))       -- backward: the tail first
      assert.is_true(bv.has(o, "pivot 1/L-1 4609/4610"))  -- the head stays
      assert.is_true(bv.has(o, "pivot 1/L-1 4610/4709"))  -- the tail stays
      assert.is_false(bv.has(o, "pivot 1/L-1 4508/4609"))
    end)

  it("a pivot spends every MP: the counter does nothing more this impulse", function()
    local g = bv.open{ ["1/L-1"] = { "4609", "4709" }, ["2/L-1"] = { "4613", "4713" } }
    local rec = bv.play(g, mex, { "pivot 1/L-1 4609/4610", "1/L-1 4508/4609" })
    assert.are.equal("4609/4610", bv.at(g, "1/L-1"))
    assert.are.equal("N", g.store:facing("1/L-1"))
    assert.are.same({ "1/L-1 has moved this impulse [battle_of_buena_vista 7.1a]" },
      bv.refusals(rec))
    assert.are.same({ "1/L-1 pivots 4609/4709 -> 4609/4610 (every MP) [battle_of_buena_vista "
      .. "7.5b]" }, bv.lines(g, "pivots"))
  end)

  it("may not end a pivot straddling an impassable hexside [E-7.4d]", function()
    -- 4110/4111 is a trail crossing (impassable for all but the trail), 4011/4111 impassable
    local g = bv.open{ ["1/L-1"] = { "4011", "4010" } }
    local rec = bv.play(g, mex, {})
    assert.is_false(bv.has(rec.pending.options, "pivot 1/L-1 4011/4111"))
  end)

  it("pays the head's hex forward and the tail's backward [E-7.1f]", function()
    -- the tail of a brigade facing S at 4515/4514 backs into the ravine? no: forward into 4516
    local g = bv.open{ ["1/L-1"] = { "4515", "4514" } }
    local rec = bv.play(g, mex, { "1/L-1 4516/4515" })
    assert.are.same({}, bv.refusals(rec))
    assert.are.same({ "1/L-1 moves 4515/4514 -> 4516/4515 (3 MP of 6) [battle_of_buena_vista 7.5b, "
      .. "E-7.1f]" }, bv.lines(g, "1/L-1 moves"))
    local g2 = bv.open{ ["1/L-1"] = { "4517", "4516" } }     -- facing S, its tail in 4516
    bv.play(g2, mex, { "1/L-1 4516/4515" })
    assert.are.same({ "1/L-1 moves 4517/4516 -> 4516/4515 (3 MP of 6) [battle_of_buena_vista 7.5b, "
      .. "E-7.1f]" }, bv.lines(g2, "1/L-1 moves"))
  end)
end)

describe("[battle_of_buena_vista 7.2] Mexican artillery under a Moving marker", function()
  it("rolls its MP each Mexican impulse (forced die); without the marker it stays", function()
    local g = bv.open{ SPat = "4609", ["12pdr"] = "4611" }
    g.store:set_marker("SPat", "moving", 1)
    g.dice:force{ 2 }
    local rec = bv.play(g, mex, {})
    assert.are.same({ "SPat has 2 MP this impulse [battle_of_buena_vista 7.2]" },
      bv.lines(g, "MP this impulse"))
    local o = rec.pending.options
    assert.is_true(bv.has(o, "SPat 4607"))             -- two clear hexes
    assert.is_false(bv.has(o, "SPat 4606"))            -- three
    for _, a in ipairs(o) do assert.is_nil(a:match("^12pdr")) end
    local rec2 = bv.play(g, mex, { "12pdr 4610" })
    assert.are.same({ "12pdr is not under a Moving marker [battle_of_buena_vista 7.2]" },
      bv.refusals(rec2))
  end)
end)

describe("[battle_of_buena_vista 7.4a, 7.4b, E-R1, E-9.3d] reaction fire while moving", function()
  it("asks the enemy which unit fires after each hex next to it, and records the answer",
    function()
      local g = bv.open{ ["2IN-1"] = "3611", ["SRM-1"] = "3813" }
      local rec = bv.play(g, mex, { "SRM-1 3712 3612", "2IN-1" })
      -- 3712 is not next to 2IN-1, 3612 is: the window opens there
      local kinds = {}
      for _, e in ipairs(rec.log) do kinds[#kinds + 1] = e.kind end
      assert.are.same({ "move", "reaction_fire" }, kinds)
      assert.are.same({ "2IN-1", "pass" }, rec.log[2].options)
      local r = g.vars.reactions
      assert.are.equal(1, #r)
      assert.are.equal("SRM-1", r[1].mover)
      assert.are.equal("3612", r[1].hex)
      assert.are.equal("3712", r[1].from)
      assert.are.equal("2IN-1", r[1].firer)
    end)

  it("a retreat result sends the mover back to the hex it came from, its move over [E-R1]",
    function()
      local g = bv.open{ ["2IN-1"] = "3611", ["SRM-1"] = "3813" }
      local resolve = movement.resolve_reaction
      movement.resolve_reaction = function() return "retreat" end
      local ok, err = pcall(function()
        bv.play(g, mex, { "SRM-1 3712 3612 3512", "2IN-1" })
      end)
      movement.resolve_reaction = resolve
      assert(ok, err)
      assert.are.equal("3712", bv.at(g, "SRM-1"))
      assert.are.same({ "SRM-1 moves 3813 -> 3712 3612 3712 (2 MP of 6), back after the fire "
        .. "[battle_of_buena_vista 7.1b]" }, bv.lines(g, "SRM-1 moves"))
    end)

  it("no window where an impassable hexside lies between [E-9.3d]", function()
    local g = bv.open{ ["2IN-1"] = "4012", ["SRM-1"] = "3811" }
    local rec = bv.play(g, mex, { "SRM-1 3911" })
    for _, e in ipairs(rec.log) do assert.are_not.equal("reaction_fire", e.kind) end
  end)
end)

describe("[battle_of_buena_vista 7.4c, 7.6a, 7.6b] enemy leaders alone", function()
  it("an army commander alone steps to a hex next to his; a mover ignores him", function()
    local g = bv.open{ Wool = "3612", ["SRM-1"] = "3813" }
    local rec = bv.play(g, mex, { "SRM-1 3712 3612", "3611" })
    assert.are.same({}, bv.refusals(rec))
    assert.are.equal("3612", bv.at(g, "SRM-1"))
    assert.are.equal("3611", bv.at(g, "Wool"))
    assert.are.equal("overrun", rec.log[2].kind)
    assert.are.equal("US", rec.log[2].side)
  end)

  it("any other leader alone goes onto a unit of his command", function()
    local g = bv.open{ JoLane = "3612", ["2IN-2"] = "3010", ["SRM-1"] = "3813" }
    bv.play(g, mex, { "SRM-1 3712 3612", "3010" })
    assert.are.equal("3010", bv.at(g, "JoLane"))
  end)
end)

describe("[battle_of_buena_vista 7.7, 6.1a, 7.1a, 7.1c, E-7.1a] off the map, activation, leaders", function()
  it("offers no hex off the map and refuses one typed", function()
    local g = bv.open{ ["1KY-1"] = "1001" }
    local rec = bv.play(g, us, { "1KY-1 0901" })
    assert.are.same({ "'0901' is not a hex of the map: no unit moves off the map "
      .. "[battle_of_buena_vista 7.7]" }, bv.refusals(rec))
  end)

  it("moves only active units; supply trains never", function()
    local g = bv.open({ ["2IN-1"] = "3610", ["2IN-2"] = "3611", TrainA = "1214" },
      { active = { "2IN-1", "TrainA" } })
    local rec = bv.play(g, us, { "2IN-2 3612", "TrainA 1314" })
    assert.are.same({ "2IN-2 is not activated this turn [battle_of_buena_vista 6.1a]",
                      "supply trains do not move [battle_of_buena_vista 7.1c]" },
      bv.refusals(rec))
  end)

  it("a leader moves 8 MP and gets no bonus hex alone [E-7.1a]", function()
    local g = bv.open{ JoLane = "4109", ["2IN-1"] = "4109" }
    local rec = bv.play(g, us, { "JoLane " .. PATH .. " 3214" })
    assert.are.same({ "3313 -> 3214: a slope may not be entered with no MP left "
      .. "[battle_of_buena_vista E-7.1e]" }, bv.refusals(rec))
  end)
end)

describe("[battle_of_buena_vista 7.1c, 7.5b, E-7.4c] a double-size counter with a leader",
  function()
    it("has one step more than its MP (the bonus hex), listed after the others", function()
      local g = bv.open{ ["1/L-1"] = { "4609", "4709" } }
      local without = bv.play(g, mex, {}).pending.options
      local g2 = bv.open{ ["1/L-1"] = { "4609", "4709" }, Lombardini = "4609" }
      local with = bv.play(g2, mex, {}).pending.options
      local extra = {}
      for _, o in ipairs(with) do
        if o:match("^1/L%-1 ") and not bv.has(without, o) then extra[#extra + 1] = o end
      end
      assert.is_true(#extra > 0)
      -- north-west, seven clear hexes: the seventh the bonus
      assert.is_true(bv.has(extra, "1/L-1 3905/4006"))
      assert.is_false(bv.has(without, "1/L-1 3905/4006"))
      local rec = bv.play(g2, mex, { "1/L-1 3905/4006" })
      assert.are.same({}, bv.refusals(rec))
      assert.are.same({ "1/L-1 moves 4609/4709 -> 3905/4006 (7 MP of 6, the leader's bonus hex) "
        .. "[battle_of_buena_vista 7.5b, E-7.1f]" }, bv.lines(g2, "1/L-1 moves"))
    end)

    it("may pivot with the bonus first, then move with its MP (no more pivot)", function()
      local g = bv.open{ ["1/L-1"] = { "4609", "4709" }, Lombardini = "4609",
                         ["2/L-1"] = { "4613", "4713" } }
      local rec = bv.play(g, mex, { "pivot 1/L-1 4609/4610", "pivot 1/L-1 4609/4709",
                                    "1/L-1 4508/4609" })
      assert.are.same({ "1/L-1 has pivoted this impulse [battle_of_buena_vista 7.5b]" },
        bv.refusals(rec))
      assert.are.same({ "1/L-1 pivots 4609/4709 -> 4609/4610 (the leader's bonus hex, before "
        .. "its move) [battle_of_buena_vista 7.5b, E-7.4c]" }, bv.lines(g, "pivots"))
      assert.are.equal("4508/4609", bv.at(g, "1/L-1"))
    end)

    it("may move first and pivot after with the bonus unused", function()
      local g = bv.open{ ["1/L-1"] = { "4609", "4709" }, Lombardini = "4609",
                         ["2/L-1"] = { "4613", "4713" } }
      local rec = bv.play(g, mex, { "1/L-1 4508/4609", "pivot 1/L-1 4508/4507" })
      assert.are.same({}, bv.refusals(rec))
      assert.are.equal("4508/4507", bv.at(g, "1/L-1"))
      assert.are.same({ "1/L-1 pivots 4508/4609 -> 4508/4507 (the leader's bonus hex, after "
        .. "its move) [battle_of_buena_vista 7.5b, E-7.4c]" }, bv.lines(g, "pivots"))
      -- and no more: neither a move nor another pivot
      local o = rec.pending.options
      for _, a in ipairs(o) do assert.is_nil(a:match("1/L%-1")) end
    end)
  end)

describe("[battle_of_buena_vista E-7.1c, E-7.1d, E-5.3a] the road at 3120, the trails, the ford",
  function()
    it("3120 is clear with the road: the road goes through it", function()
      local g = bv.open{ ["1KY-1"] = "3020" }
      local rec = bv.play(g, us, { "1KY-1 3120 3220" })
      assert.are.same({}, bv.refusals(rec))
      assert.are.equal("3220", bv.at(g, "1KY-1"))
    end)

    it("the road's slopes 3320, 3420, 3519 are crossed along the road without stopping",
      function()
        local g = bv.open{ ["1KY-1"] = "3220" }
        local rec = bv.play(g, us, { "1KY-1 3320 3420 3519 3619" })
        assert.are.same({}, bv.refusals(rec))
        assert.are.equal("3619", bv.at(g, "1KY-1"))
        -- off the road, a slope stops a mover (3319 is one)
        local g2 = bv.open{ ["1KY-1"] = "3220" }
        local rec2 = bv.play(g2, us, { "1KY-1 3319 3318" })
        assert.are.same({ "3319 -> 3318: must stop in 3319 (slope) [battle_of_buena_vista "
          .. "E-7.1e]" }, bv.refusals(rec2))
      end)

    it("the trail crosses the impassable hexside 3919/4019", function()
      local g = bv.open{ ["2IL-1"] = "3919" }
      local rec = bv.play(g, us, { "2IL-1 4019" })
      assert.are.same({}, bv.refusals(rec))
      assert.are.equal("4019", bv.at(g, "2IL-1"))
      local g2 = bv.open{ ["2IL-1"] = "3918" }
      local rec2 = bv.play(g2, us, { "2IL-1 3918 4018" })
      assert.are.same({ "3918 -> 4018: prohibited (crossing Impassable) [battle_of_buena_vista "
        .. "2.3]" }, bv.refusals(rec2))
    end)

    it("the ford's hexes move as slopes: a unit entering one stops there", function()
      local g = bv.open{ ["2IN-1"] = "2020" }
      g.vars.ford = 2
      local rec = bv.play(g, us, { "2IN-1 2021 2022", "2IN-1 2021" })
      assert.are.same({ "2021 -> 2022: must stop in 2021 (slope) [battle_of_buena_vista "
        .. "E-7.1e]" }, bv.refusals(rec))
    end)
  end)

describe("[battle_of_buena_vista E-7.5a, E-7.1a] stacks moving together", function()
  it("a leader moving with an 8 MP unit takes the bonus hex with it", function()
    local g = bv.open{ ["1KY-1"] = "4109", Marshall = "4109" }
    local rec = bv.play(g, us, { "Marshall " .. PATH .. " 3214",
                                 "1KY-1+Marshall " .. PATH .. " 3214" })
    assert.are.same({ "3313 -> 3214: a slope may not be entered with no MP left "
      .. "[battle_of_buena_vista E-7.1e]" }, bv.refusals(rec))
    assert.are.equal("3214", bv.at(g, "1KY-1"))
    assert.are.equal("3214", bv.at(g, "Marshall"))
    assert.are.same({ "1KY-1+Marshall move together 4109 -> " .. PATH .. " 3214 (8 MP, the "
      .. "leader's bonus hex) [battle_of_buena_vista E-7.5a, 7.1b]" }, bv.lines(g, "together"))
    assert.are.equal(1, g.store:marker("Marshall", "moved"))
  end)

  it("the stack must keep within the stacking limits and its slowest unit's MP", function()
    local g = bv.open{ ["2IN-1"] = "3610", ["2IN-2"] = "3610", ["2KY-1"] = "3611",
                       JoLane = "3610" }
    local rec = bv.play(g, us, { "2IN-1+2IN-2 3611", "2IN-1+JoLane 3611 3612 3613 3614 3615 3616 "
      .. "3617 3618", "2IN-1+JoLane 3611" })
    assert.are.same({
      "3611 cannot hold the stack of 2IN-1+2IN-2 [battle_of_buena_vista 7.3]",
      "2IN-1: 3616 -> 3617: costs 1, only 0 MP left [battle_of_buena_vista 7.1]",
    }, bv.refusals(rec))
    assert.are.equal("3611", bv.at(g, "JoLane"))
    assert.are.equal("3611", bv.at(g, "2IN-1"))
    assert.are.equal("3610", bv.at(g, "2IN-2"))
  end)

  it("one reaction-fire window for the stack, recorded with its units", function()
    local g = bv.open{ ["2IN-1"] = "3611", ["SRM-1"] = "3813", ["SRM-2"] = "3813",
                       Villamil = "3813" }
    bv.play(g, mex, { "Villamil+SRM-1+SRM-2 3712 3612", "2IN-1" })
    local r = g.vars.reactions
    assert.are.equal(1, #r)
    assert.are.same({ "Villamil", "SRM-1", "SRM-2" }, r[1].stack)
    assert.are.equal("SRM-1", r[1].mover)          -- the first that is no leader
  end)
end)

describe("[battle_of_buena_vista 8.6a, 8.4] a supply train alone; a contested hex", function()
  it("a combat unit entering a hex where an enemy train stands alone captures it", function()
    local g = bv.open{ TrainA = "1214", HG = "1314" }
    local rec = bv.play(g, mex, { "HG 1214" })
    assert.are.same({}, bv.refusals(rec))
    assert.are.same({ "HG is alone with the supply train TrainA in 1214: it is captured "
      .. "[battle_of_buena_vista 8.6a]" }, bv.lines(g, "captured"))
  end)

  it("a unit engaged in a contested hex does not move", function()
    local g = bv.open{ ["2IN-1"] = "3610", ["2IN-2"] = "3611" }
    g.store:set_marker("2IN-1", "engaged", 1)
    local rec = bv.play(g, us, { "2IN-1 3510" })
    assert.are.same({ "2IN-1 is engaged in a contested hex: it may not move "
      .. "[battle_of_buena_vista 8.4]" }, bv.refusals(rec))
  end)
end)

describe("[battle_of_buena_vista 7.1b, 7.1c, E-7.1e] what an answer costs (tell)", function()
  it("tells a destination's MP, a slope's stop, the bonus hex, a pivot's price", function()
    local g = bv.open{ ["1KY-1"] = "4010", Marshall = "4010", ["1/L-1"] = { "4609", "4709" } }
    local tell = movement.teller(g)
    assert.are.equal("1 MP", tell("1KY-1 3910"))
    assert.are.equal("7 MP, stops", tell("1KY-1 3214"))
    assert.are.equal("every MP", tell("pivot 1/L-1 4609/4610"))
    assert.are.equal("1 MP", tell("1/L-1 4508/4609"))
    assert.is_nil(tell("done"))
    local g2 = bv.open{ ["1KY-1"] = "4109", Marshall = "4109" }
    assert.are.equal("8 MP, bonus hex", movement.teller(g2)("1KY-1 3214"))
  end)
end)

describe("[battle_of_buena_vista 7.1a, 7.1b] reach at the prompt", function()
  it("lists what the move request offers, or why nothing", function()
    local g = bv.open({ ["1KY-1"] = "4010", ["2IN-1"] = "3610" }, { active = { "1KY-1" } })
    local r = movement.reach(g, "1KY-1")
    assert.are.same({ hex = "4011", cost = 0 }, r[1])      -- a slope next to it: 0 MP
    local cost = {}
    for _, e in ipairs(r) do cost[e.hex] = e.cost end
    assert.are.equal(1, cost["3910"])
    assert.are.equal(7, cost["3214"])
    local none, why = movement.reach(g, "2IN-1")
    assert.is_nil(none)
    assert.are.equal("2IN-1 is not activated this turn [battle_of_buena_vista 6.1a]", why)
  end)
end)

describe("[battle_of_buena_vista 7.4a, 7.4c, 2.6a] leaders moving alone", function()
  it("no reaction fire at a leader alone; he enters no hex of enemy units", function()
    local g = bv.open{ ["2IN-1"] = "3611", Villamil = "3813", Wool = "3511" }
    local rec = bv.play(g, mex, { "Villamil 3712 3612 3511", "Villamil 3712 3612" })
    for _, e in ipairs(rec.log) do assert.are_not.equal("reaction_fire", e.kind) end
    assert.are.same({ "3612 -> 3511: prohibited (3511 holds enemy units: a leader does not "
      .. "enter it) [battle_of_buena_vista 7.4c]" }, bv.refusals(rec))
    assert.are.equal("3612", bv.at(g, "Villamil"))
  end)
end)

describe("[battle_of_buena_vista 7.5a, 7.4a] a double-size counter's reaction fire", function()
  it("fires at a mover in its front, not at one behind it", function()
    -- 1/L-1 in 4609/4709 facing NW: front 4508 4509 4610 (its head's outer hexes)
    local g = bv.open{ ["1/L-1"] = { "4609", "4709" }, ["2IN-1"] = "4407", ["2IN-2"] = "4811" }
    local rec = bv.play(g, us, { "2IN-1 4508", "1/L-1", "2IN-2 4810" })
    assert.are.equal("reaction_fire", rec.log[2].kind)
    assert.are.same({ "1/L-1", "pass" }, rec.log[2].options)
    for k = 3, #rec.log do assert.are_not.equal("reaction_fire", rec.log[k].kind) end
    assert.are.equal("4810", bv.at(g, "2IN-2"))
  end)
end)
