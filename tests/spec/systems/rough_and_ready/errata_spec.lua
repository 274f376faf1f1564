-- Errata of Rough & Ready that change how a procedure runs, each shown on the fixture
-- (tests/data/rr), dice forced: Commitment rolled within each shock [rough_and_ready E18],
-- and the grass fire's Intermission letting a unit near the enemy move away
-- [rough_and_ready E8].
local rr = require "support.rr"
local f = require "support.rr_fire"
local intermission = require "systems.rough_and_ready.intermission"

describe("[rough_and_ready E18] Commitment", function()
  it("is rolled as part of each shock: the second attacker rolls once the first shock is "
    .. "resolved, its retreat included", function()
    local g = rr.open()
    assert(g.store:place("4L-1", "0303"))
    assert(g.store:place("4L-2", "0403"))
    assert(g.store:face("4US-1", "SE/S"))
    assert(g.store:face("4US-2", "SE/S"))
    assert(g.store:face("4L-1", "NW/N"))
    assert(g.store:face("4L-2", "NW/N"))
    -- each shock: Commitment 0, attacker 0 +1 = 0 Hits, defender 9 = 3 Hits: the attacker
    -- goes back to its hex [rough_and_ready 6.73]
    g.dice:force{ 0, 0, 9, 0, 0, 9 }
    local rec = rr.play(g, { "garland", "shock", "4US-1 0303", "shock", "4US-2 0403" },
      { auto = { leadership = "no", artillery = "done" } })
    local steps = {}
    for _, l in ipairs(g.narrative) do
      local what = l:match("^(%S+ rolls for Commitment against %d+)")
        or l:match("^(%a+ rolls at %d+)") or l:match("^(%S+ retreats from %d+ to its hex of origin %d+)")
      if what then steps[#steps + 1] = what end
    end
    assert.are.same({ "4US-1 rolls for Commitment against 0303", "attacker rolls at 0303",
                      "defender rolls at 0303", "4US-1 retreats from 0303 to its hex of origin 0302",
                      "4US-2 rolls for Commitment against 0403", "attacker rolls at 0403",
                      "defender rolls at 0403", "4US-2 retreats from 0403 to its hex of origin 0402" },
      steps)
    -- the second shock was asked for after the first was over: 4US-1 had shocked
    local asked = rr.requests(rec, "shock")
    assert.are.equal(2, #asked)
    for _, o in ipairs(asked[2].options) do assert.is_nil(o:find("4US-1", 1, true), o) end
  end)
end)

describe("[rough_and_ready E8] the Intermission's redeployment", function()
  it("forbids moving within 4 hexes of the enemy, except moving away from it: 0304 is 4 "
    .. "hexes from 4L-1", function()
    local g = f.fixture({ ["4US-1"] = "0305", ["4US-2"] = "0302", ["4L-1"] = "0308" })
    local function banned(unit)
      local out = {}
      for _, p in ipairs(intermission.prohibited(g, unit, 5)) do out[p.at] = p.why end
      return out
    end
    -- 4US-2 starts 6 hexes away: 0304 (4 away) is refused it
    assert.are.equal("within 4 hexes of an enemy unit in the Intermission", banned("4US-2")["0304"])
    -- 4US-1 starts 3 hexes away: 0304 takes it farther, so it may; 0306 (2 away) it may not
    local b = banned("4US-1")
    assert.is_nil(b["0304"])
    assert.is_nil(b["0305"])
    assert.are.equal("within 4 hexes of an enemy unit in the Intermission", b["0306"])
  end)
end)
