-- Rough & Ready's Hits and Disorder [rough_and_ready 6.5-6.64] on the fixture
-- (tests/data/rr): the Morale 6 / reverse 4 US infantry, the Morale 5 / 3 Mexican line, the
-- Morale 4 / 2 Rancheros, the guns C3US and M8.
local f = require "support.rr_fire"
local rr = require "support.rr"
local hits = require "systems.rough_and_ready.hits"

describe("[rough_and_ready 6.53] [rough_and_ready 6.54] Hits", function()
  it("T-RR-21: Morale 4 lives at 4 Hits (Adjusted Morale 0) and goes at the 5th", function()
    local g = f.fixture({ ["RANCH-1"] = "1008", Canales = "1008" })
    local flips = {}
    for i = 1, 4 do
      assert.is_false(hits.hit(g, "RANCH-1", "test"))
      flips[i] = hits.flipped(g, "RANCH-1")
    end
    assert.are.same({ false, true, true, true }, flips)   -- reverse Morale 2 reached at 2 Hits
    assert.are.equal(0, hits.adjusted_morale(g, "RANCH-1"))
    assert.are.same({ "RANCH-1 flips to its reverse side (Morale 2) [rough_and_ready 6.53]" },
      rr.lines(g, "flips"))
    assert.is_true(hits.hit(g, "RANCH-1", "test"))
    assert.are.equal("eliminated", (g.store:where("RANCH-1")))
    assert.are.same({ "RANCH-1 is eliminated: 5 Hits exceed its Morale 4 [rough_and_ready 6.54]" },
      rr.lines(g, "RANCH-1 is eliminated"))
    -- his command gone, Canales leaves the map [rough_and_ready 4.27]
    assert.are.equal("eliminated", (g.store:where("Canales")))
  end)

  it("a leader left alone joins the nearest unit of his command [rough_and_ready 4.27]",
    function()
    local g = f.fixture({ ["4L-1"] = "0408", Vega = "0408", ["4L-2"] = "0508" })
    g.store:set_marker("4L-1", "hits", 5)
    hits.hit(g, "4L-1", "test")
    assert.are.same({ "hex", "0508" }, { g.store:where("Vega") })
  end)
end)

describe("[rough_and_ready 6.51] Hits on a hex", function()
  it("T-RR-07: one Hit on a stack of two goes to one unit, the owner's choice", function()
    local g = f.fixture({ ["4L-1"] = "0705", ["4L-2"] = "0705" })
    local _, log = f.run(g, { "4L-2" }, function()
      hits.spread(g, { "4L-1", "4L-2" }, 1, "test")
    end)
    assert.are.same({ side = "MEX", kind = "hit", options = { "4L-1", "4L-2" },
                      answer = "4L-2" }, log[1])
    assert.are.same({ 0, 1 }, { hits.hits(g, "4L-1"), hits.hits(g, "4L-2") })
  end)

  it("as evenly as possible: 2 Hits on two units, one each without asking; 3 on two, the "
    .. "owner places the odd one", function()
    local g = f.fixture({ ["4L-1"] = "0705", ["4L-2"] = "0705" })
    local _, log = f.run(g, {}, function() hits.spread(g, { "4L-1", "4L-2" }, 2, "test") end)
    assert.are.same({}, log)
    assert.are.same({ 1, 1 }, { hits.hits(g, "4L-1"), hits.hits(g, "4L-2") })
    f.run(g, { "4L-1" }, function() hits.spread(g, { "4L-1", "4L-2" }, 3, "test") end)
    assert.are.same({ 3, 2 }, { hits.hits(g, "4L-1"), hits.hits(g, "4L-2") })
  end)
end)

describe("[rough_and_ready 6.52] small-arms Hits on artillery", function()
  it("count as Disorder; a second eliminates the gun [rough_and_ready 6.64]", function()
    local g = f.fixture({ C3US = "0602" })
    hits.small_arms(g, "C3US", 1, "test")
    assert.is_true(hits.disordered(g, "C3US"))
    assert.are.equal(0, hits.hits(g, "C3US"))
    hits.small_arms(g, "C3US", 1, "test")
    assert.are.equal("eliminated", (g.store:where("C3US")))
    assert.are.same({ "C3US is eliminated: artillery Disordered a second time "
      .. "[rough_and_ready 6.64]" }, rr.lines(g, "C3US is eliminated"))
  end)
end)

describe("[rough_and_ready 6.61] [rough_and_ready 6.64] Disorder", function()
  it("a Disordered unit Disordered again stays so and takes a Hit", function()
    local g = f.fixture({ ["4US-1"] = "0703" })
    local seen = {}
    g.hooks:on("disorder.applied", function(ctx) seen[#seen + 1] = ctx.second end)
    hits.disorder(g, "4US-1", "test")
    assert.are.equal(0, hits.hits(g, "4US-1"))
    hits.disorder(g, "4US-1", "test")
    assert.is_true(hits.disordered(g, "4US-1"))
    assert.are.equal(1, hits.hits(g, "4US-1"))
    assert.are.same({ false, true }, seen)
  end)
end)
