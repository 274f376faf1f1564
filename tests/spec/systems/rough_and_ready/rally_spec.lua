-- Rough & Ready's Rally [rough_and_ready 6.81-6.84] on the fixture: Garland (Command Range 3)
-- with 4US-1, the Mexicans far off unless a spec brings them near.
local f = require "support.rr_fire"
local rally = require "systems.rough_and_ready.rally"
local hits = require "systems.rough_and_ready.hits"

describe("[rough_and_ready 6.81] [rough_and_ready 6.82] who may rally", function()
  it("In Command, two hexes or more from any enemy, not moved, fired or shocked", function()
    local g = f.fixture({ Garland = "0302", ["4US-1"] = "0303", ["4L-1"] = "0305" })
    g.store:set_marker("4US-1", "disordered", 1)
    assert.is_true(rally.eligible(g, "4US-1"))            -- 0305 is 2 hexes away
    assert(g.store:place("4L-1", "0304"))
    assert.are.same({ false, "4US-1 is adjacent to an enemy combat unit in 0304 "
      .. "[rough_and_ready 6.82]" }, { rally.eligible(g, "4US-1") })
    assert(g.store:place("4L-1", "0308"))
    g.vars.moved = { "4US-1" }
    assert.are.same({ false, "4US-1 has moved this activation [rough_and_ready 6.82]" },
      { rally.eligible(g, "4US-1") })
    g.vars.moved = nil
    g.vars.fire = { fired = { "4US-1" } }
    assert.are.same({ false, "4US-1 has fired this activation [rough_and_ready 6.82]" },
      { rally.eligible(g, "4US-1") })
    g.vars.fire = nil
    g.vars.shocked = { "4US-1" }
    assert.are.same({ false, "4US-1 has shock attacked this activation [rough_and_ready 6.82]" },
      { rally.eligible(g, "4US-1") })
    g.vars.shocked = nil
    assert(g.store:place("Garland", "0902"))
    local ok, why = rally.eligible(g, "4US-1")
    assert.is_false(ok)
    assert.are.equal("4US-1 is not In Command (no path of 3 hexes from Garland to 4US-1 clear "
      .. "of enemy combat units) [rough_and_ready 6.82]", why)
  end)
end)

describe("[rough_and_ready 6.83] [rough_and_ready 6.84] what a rally removes", function()
  it("the Disorder, or one Hit, as the owner chooses", function()
    local g = f.fixture({ Garland = "0302", ["4US-1"] = "0303" })
    g.store:set_marker("4US-1", "disordered", 1)
    g.store:set_marker("4US-1", "hits", 3)
    local got, log = f.run(g, { "hit" }, function() return rally.rally(g, "4US-1") end)
    assert.are.equal("hit", got)
    assert.are.same({ "disorder", "hit" }, log[1].options)
    assert.are.equal(2, hits.hits(g, "4US-1"))
    assert.is_true(hits.disordered(g, "4US-1"))
    got = f.run(g, { "disorder" }, function() return rally.rally(g, "4US-1") end)
    assert.are.equal("disorder", got)
    assert.is_false(hits.disordered(g, "4US-1"))
  end)

  it("never the first Hit: one Hit and no Disorder leaves nothing to rally", function()
    local g = f.fixture({ Garland = "0302", ["4US-1"] = "0303" })
    g.store:set_marker("4US-1", "hits", 2)
    local _, log = f.run(g, {}, function() return rally.rally(g, "4US-1") end)
    assert.are.same({}, log)                                -- one choice: no question
    assert.are.equal(1, hits.hits(g, "4US-1"))
    assert.are.same({ false, "4US-1 has nothing to rally off: its first Hit is permanent "
      .. "[rough_and_ready 6.84]" }, { rally.eligible(g, "4US-1") })
    assert.has_error(function() rally.rally(g, "4US-1") end, "illegal rally: 4US-1 has "
      .. "nothing to rally off: its first Hit is permanent [rough_and_ready 6.84]")
  end)

  it("a rallied Hit can flip the counter back to its front (digest A14)", function()
    local g = f.fixture({ Garland = "0302", ["4US-1"] = "0303" })
    g.store:set_marker("4US-1", "hits", 2)                  -- Morale 6, reverse 4: flipped
    assert.is_true(hits.flipped(g, "4US-1"))
    f.run(g, {}, function() return rally.rally(g, "4US-1") end)
    assert.is_false(hits.flipped(g, "4US-1"))
  end)
end)
