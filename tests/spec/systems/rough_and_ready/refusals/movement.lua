-- The refusals of movement (movement.lua, its facing requests and withdrawal.lua's), each
-- produced by a situation on the fixture (tests/data/rr: clear rows 01-03 and 07-10, tall
-- grass 2 MP in rows 04-06; US facing SE/S, Mexicans NW/N) or on Palo Alto, and answered
-- at the move request (actions.run) the way a player types it. Run from
-- refusal_cases_spec.lua (support/rr_refusal.lua), where describe and it are busted's.
-- In 0302 (column 03) a unit's neighbours are 0301 (N), 0402 (NE), 0403 (SE), 0303 (S),
-- 0203 (SW), 0202 (NW); in 0303: 0302, 0403, 0404, 0304, 0204, 0203.
local R = require "support.rr_refusal"
local f = require "support.rr_fire"
local squares = require "systems.rough_and_ready.squares"
local open, stop, refused = R.open, R.stop, R.refused

local FACINGS = "N/NE NE/SE SE/S S/SW SW/NW NW/N, E, W"

describe("[rough_and_ready 5.11-5.15, 5.28] the move request: where a unit may go", function()
  it("out of an enemy front: one hex, and not next to an enemy [5.15]", function()
    -- 4L-1 in 0304 faces NW/N: 0303 (its N) is its front, where 4US-1 starts
    local function pinned(answer, more)
      local at = { ["4US-1"] = "0303", ["4L-1"] = "0304" }
      for k, v in pairs(more or {}) do at[k] = v end
      return stop(open(at, "US", { "4US-1" }), { answer })
    end
    assert.are.equal("4US-1 starts in the front of 4L-1: it may move one hex away, no more "
      .. "[rough_and_ready 5.15]", pinned("4US-1 0301"))
    -- 4L-2 in 0301 (facing away, NW/N): 0302 is next to it
    assert.are.equal("4US-1 starts in the front of 4L-1: it may not move next to 4L-2 in 0302 "
      .. "[rough_and_ready 5.15]", pinned("4US-1 0302", { ["4L-2"] = "0301" }))
  end)

  it("an enemy hex: a lone leader's [5.28, 6.32], a combat unit's [5.28]", function()
    local g = open({ ["4US-1"] = "0302", Vega = "0301" }, "US", { "4US-1" })
    assert.are.equal("4US-1 may not enter 0301: Vega (enemy leader) holds it; a unit enters an "
      .. "enemy-occupied hex only to shock, and a leader alone is no shock target (no rule "
      .. "captures or displaces him) [rough_and_ready 5.28, 6.32]", stop(g, { "4US-1 0301" }))
    g = open({ ["4US-1"] = "0302", Vega = "0301", Garcia = "0301" }, "US", { "4US-1" })
    assert.are.equal("4US-1 may not enter 0301: Garcia, Vega (enemy leaders) hold it; a unit "
      .. "enters an enemy-occupied hex only to shock, and a leader alone is no shock target (no "
      .. "rule captures or displaces him) [rough_and_ready 5.28, 6.32]",
      stop(g, { "4US-1 0301" }))
    -- two hexes off: the query's mark and the case it carries
    g = open({ ["4US-1"] = "0302", ["6L-1"] = "0304", ["6L-2"] = "0101" }, "US", { "4US-1" },
      {}, { ["6L-1"] = "SE/S" })
    assert.are.equal("4US-1 may not enter 0304: 0304 holds an enemy unit (6L-1) "
      .. "[rough_and_ready 5.28]", stop(g, { "4US-1 0304" }))
  end)

  it("no hex of the map, its own hex, out of reach [5.11, 5.34]", function()
    local function moved(answer)
      return stop(open({ ["4US-1"] = "0302" }, "US", { "4US-1" }), { answer })
    end
    -- the form: no case forbids it, so the request's own rule (5.11) is cited
    assert.are.equal("'zz99' is not a hex of the map [rough_and_ready 5.11]",
      moved("4US-1 zz99"))
    assert.are.equal("4US-1 is already in 0302 (turning in place: face 4US-1 <vertex>) "
      .. "[rough_and_ready 5.34]", moved("4US-1 0302"))
    -- rows 04-06 are tall grass (2 MP) but for the road column 06: the cheapest way costs 9
    assert.are.equal("0310 is out of 4US-1's reach: it costs 9 MP, 4US-1 has 5 "
      .. "[rough_and_ready 5.11]", moved("4US-1 0310"))
  end)

  it("not activated [3.13], moved already [5.12], a square moves whole [5.43]", function()
    local g = open({ ["4US-1"] = "0302", ["8US-1"] = "0702" }, "US", { "4US-1" })
    assert.are.equal("8US-1 is not one of the activated units [rough_and_ready 3.13]",
      stop(g, { "8US-1 0703" }))
    g = open({ ["4US-1"] = "0302", ["4US-2"] = "0102" }, "US", { "4US-1", "4US-2" })
    assert.are.equal("4US-1 has moved this activation (MPs are not saved) "
      .. "[rough_and_ready 5.12]", stop(g, { "4US-1 0303", "SE/S", "4US-1 0302" }))
    -- 4US-1 (top) and 4US-2 in Square in 0302: the square moves under 4US-1's id
    g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" }, "US", { "4US-1", "4US-2" })
    squares.form(g, "0302")
    g.vars.moved = {}
    assert.are.equal("4US-2 is in the square of 0302: the square moves whole, under its top "
      .. "unit (4US-1 <hex>) [rough_and_ready 5.43]", stop(g, { "4US-2 0301" }))
  end)

  it("the answer's form: the request's rule [5.11]", function()
    local g = open({ ["4US-1"] = "0302" }, "US", { "4US-1" })
    assert.are.equal("'zz' is no move: <unit> <hex> [<hex>...], face <unit> <vertex> or done "
      .. "[rough_and_ready 5.11]", stop(g, { "zz" }))
    assert.are.equal("charge <unit> [rough_and_ready 5.11]", stop(g, { "charge" }))
    assert.are.equal("face <unit> <vertex> [rough_and_ready 5.11]", stop(g, { "face 4US-1" }))
    -- an answer that is no word (a script's or a bot's number)
    assert.are.equal("not a move [rough_and_ready 5.11]", stop(g, { 5 }))
  end)
end)

describe("[rough_and_ready 5.27, 5.31, 5.34] turning and facing", function()
  it("a turn in place: not activated, moved, no facing, a stack mate's facing", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0102", Garland = "0302",
                     ["8US-1"] = "0702" }, "US", { "4US-1", "4US-2" })
    assert.are.equal("8US-1 is not one of the activated units [rough_and_ready 3.13]",
      stop(g, { "face 8US-1 N/NE" }))
    assert.are.equal("Garland does not face (only combat units do) [rough_and_ready 5.31]",
      stop(g, { "face Garland N/NE" }))
    assert.are.equal("4US-1 has moved this activation: its facing is fixed "
      .. "[rough_and_ready 5.34]", stop(g, { "4US-1 0303", "SE/S", "face 4US-1 N/NE" }))
    -- C3US, not activated, stacked with 4US-1 (a battery may stack with one unit, 5.21)
    g = open({ ["4US-1"] = "0302", C3US = "0302" }, "US", { "4US-1" })
    assert.are.equal("4US-1 is stacked with C3US, whose facing is fixed: stacked units face "
      .. "alike [rough_and_ready 5.27]", stop(g, { "face 4US-1 N/NE" }))
  end)

  it("a word that is no vertex: 5.31 (a unit faces a vertex), at each request", function()
    local g = open({ ["4US-1"] = "0302" }, "US", { "4US-1" })
    assert.are.equal("'N' is not a vertex (" .. FACINGS .. ") [rough_and_ready 5.31]",
      stop(g, { "face 4US-1 N" }))
    -- the face request after a move (its rule is 5.34; 5.31 forbids the word)
    assert.are.equal("'N' is not a facing of 4US-1 (" .. FACINGS .. ") [rough_and_ready 5.31]",
      stop(g, { "4US-1 0303", "N" }))
    -- the withdrawn cavalry's facing [rough_and_ready 6.47]: VN-1 (0709) withdraws to 0810
    g = open({ ["4US-1"] = "0308", ["4US-2"] = "0102", ["VN-1"] = "0709" }, "US",
      { "4US-1", "4US-2" }, {}, { ["VN-1"] = "SE/S" })
    assert.are.equal("'N' is not a facing (" .. FACINGS .. ") [rough_and_ready 5.31]",
      stop(g, { "4US-1 0408 0508 0608 0708 0808", "0810", "N" }))
  end)
end)

describe("[rough_and_ready 6.41-6.46] declaring a charge at the move request", function()
  it("not activated [3.13], not cavalry [6.41], moved [6.43], declared [6.43]", function()
    local g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0307", ["4L-1"] = "0110" }, "MEX",
      { "RANCH-1", "4L-1" })
    assert.are.equal("VN-1 is not one of the activated units [rough_and_ready 3.13]",
      stop(g, { "charge VN-1" }))
    assert.are.equal("4L-1 is not mounted cavalry: it may not charge [rough_and_ready 6.41]",
      stop(g, { "charge 4L-1" }))
    assert.are.equal("RANCH-1 has moved: a charge is declared before moving "
      .. "[rough_and_ready 6.43]", stop(g, { "RANCH-1 0210", "NW/N", "charge RANCH-1" }))
    g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0307", ["4L-1"] = "0110" }, "MEX",
      { "RANCH-1", "4L-1" })
    g.dice:force{ 0 }                                       -- Commitment passed
    assert.are.equal("RANCH-1 is declared to charge already [rough_and_ready 6.43]",
      stop(g, { "charge RANCH-1", "charge RANCH-1" }))
  end)

  it("fired, with a target ahead: 6.46 is the reason, not the target", function()
    -- RANCH-1 (0310, NW/N) fires at 4US-1 two hexes north, then would charge it
    local g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0308", ["4L-1"] = "0110" }, "MEX",
      { "RANCH-1", "4L-1" })
    g.dice:force{ 0 }                                       -- the fire: nothing
    assert.are.equal("RANCH-1 has fired this activation: charging cavalry may not fire "
      .. "[rough_and_ready 6.46]", stop(g, { "fire", "RANCH-1 0308", "no", "charge RANCH-1" }))
  end)
end)

describe("[rough_and_ready PA-Opt2] the Intermission's moves", function()
  it("is movement only: no charge, no square", function()
    local g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0302", ["4US-2"] = "0302" }, "US",
      { "4US-1" })
    g.vars.activation = nil
    g.vars.intermission = "a test"
    g.dice:force{ 9, 0 }                                    -- US moves first
    local intermission = require "systems.rough_and_ready.intermission"
    local run = function() intermission.run(g) end
    assert.are.equal("refused: the Intermission is movement only: no square "
      .. "[rough_and_ready PA-Opt2]", f.stop(g, { "square 0302" }, run))
    g.dice:force{ 0, 9 }                                    -- MEX moves first
    g.vars.intermission = "a test"
    assert.are.equal("refused: the Intermission is movement only: no charge "
      .. "[rough_and_ready PA-Opt2]", f.stop(g, { "charge RANCH-1" }, run))
  end)
end)

describe("[rough_and_ready 6.11, 6.18, PA 6.17] line of sight", function()
  it("a unit in the way: the case the line of sight's policy cites", function()
    -- the fixture plays the system's policy: combat units block under each battle's 6.17
    local g = open({ ["4US-1"] = "0302", ["6L-1"] = "0303", ["6L-2"] = "0304" }, "US",
      { "4US-1" }, {}, { ["6L-1"] = "N/NE" })
    assert.are.equal(refused("4US-1 0304", "fire", "no line of sight from 0302 to 0304: blocked "
      .. "at 0303 (6L-1, a combat unit) [rough_and_ready PA 6.17, RP 6.17, RS 6.17]",
      "4US-1 0303, done"), stop(g, { "fire", "4US-1 0304" }))
  end)
end)
