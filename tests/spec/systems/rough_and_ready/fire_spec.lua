-- Rough & Ready's small-arms fire [rough_and_ready 6.11-6.18] and reaction fire
-- [rough_and_ready 6.14] on the fixture (tests/data/rr), units placed and faced by hand, the
-- dice forced. The US faces SE/S (toward the Mexicans, rows increasing), the Mexicans NW/N.
local f = require "support.rr_fire"
local rr = require "support.rr"
local fire = require "systems.rough_and_ready.fire"
local hits = require "systems.rough_and_ready.hits"

local function labels(record)
  local out = {}
  for _, m in ipairs(record.modifiers) do out[#out + 1] = { m.value, m.label, m.rule } end
  return out
end

describe("[rough_and_ready 6.11] who may fire at what", function()
  it("fires through its front only, up to 2 hexes [rough_and_ready 5.33, 6.11]", function()
    local g = f.fixture({ ["4US-1"] = "0703" })
    -- the cone of the two front hexsides: 0704 (S) and 0804 (SE), then five at range 2
    local zone = {}
    for _, h in ipairs({ "0604", "0605", "0704", "0705", "0706", "0804", "0805", "0903",
                          "0904", "0803", "0602" }) do
      if require("systems.rough_and_ready.sight").in_front(g, "4US-1", h, 2) then
        zone[#zone + 1] = h
      end
    end
    assert.are.same({ "0605", "0704", "0705", "0804", "0805", "0903", "0904" }, zone)
  end)

  it("refuses a flank hex, a hex beyond range 2 and a hex without an enemy", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4L-1"] = "0604", ["4L-2"] = "0706" })
    assert.are.equal("0604 is not in 4US-1's front [rough_and_ready 5.33]",
      fire.refusal(g, "4US-1", "0604"))
    assert.are.equal("0706 is 3 hexes from 0703 (small arms reach 2) [rough_and_ready 6.11]",
      fire.refusal(g, "4US-1", "0706"))
    assert.are.equal("0705 holds no enemy combat unit [rough_and_ready 6.11]",
      fire.refusal(g, "4US-1", "0705"))
    assert.are.same({}, fire.targets(g, "4US-1"))
    assert.are.equal("0703 is not in 4L-1's front [rough_and_ready 5.33]",
      fire.refusal(g, "4L-1", "0703"))                   -- 0703 is 0604's NE: a flank hex
    assert(g.store:face("4L-1", "N/NE"))
    assert.is_nil(fire.refusal(g, "4L-1", "0703"))
  end)

  it("needs a line of sight: into chaparral, not through it; not through a unit "
    .. "[rough_and_ready 6.18, PA 6.17]", function()
    local g = f.fixture({ ["4US-1"] = "0103", ["4L-1"] = "0105" })
    assert.are.equal("no line of sight from 0103 to 0105: blocked at 0104 (Chaparral: fire "
      .. "into, not through) [rough_and_ready PA 6.17, RP 6.17]",
      fire.refusal(g, "4US-1", "0105"))
    assert(g.store:place("4L-1", "0104"))
    assert.is_nil(fire.refusal(g, "4US-1", "0104"))
    local g2 = f.fixture({ ["4US-1"] = "0703", ["4US-2"] = "0704", ["4L-1"] = "0705" })
    assert.are.equal("no line of sight from 0703 to 0705: blocked at 0704 (4US-2, a combat "
      .. "unit) [rough_and_ready PA 6.17, RP 6.17, RS 6.17]", fire.refusal(g2, "4US-1", "0705"))
  end)

  it("only the top unit of a stack fires [rough_and_ready 5.24]; Lancers never "
    .. "[rough_and_ready 6.13]; guns have no small arms", function()
    local g = f.fixture({ ["4L-1"] = "0705", ["4L-2"] = "0705", ["4US-1"] = "0703",
                          ["C3US"] = "0803" })
    assert.are.equal("4L-1", require("systems.rough_and_ready.sight").top(g, "0705"))
    assert.are.same({ false, "4L-2 is not the top unit of 0705: only the top unit fires "
      .. "[rough_and_ready 5.24]" }, { fire.may_fire(g, "4L-2") })
    assert.are.same({ false, "C3US is not infantry or cavalry: no small arms "
      .. "[rough_and_ready 6.11]" }, { fire.may_fire(g, "C3US") })
    g.store:set("RANCH-1", "lancer", true)
    f.put(g, { ["RANCH-1"] = "1008" })
    assert.are.same({ false, "RANCH-1 is Lancer cavalry: it may not fire [rough_and_ready 6.13]" },
      { fire.may_fire(g, "RANCH-1") })
  end)

  it("small-arms units never combine [rough_and_ready 6.15]", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4US-2"] = "0803", ["4L-1"] = "0705" })
    assert.are.equal("small-arms units never combine: each fires on its own "
      .. "[rough_and_ready 6.15]", fire.check(g, { "4US-1", "4US-2" }, "0705"))
  end)
end)

describe("[rough_and_ready 6.15] the small-arms DRM list", function()
  it("T-RR-24: Mexican infantry at range 2, raw 4: 4-1-2 = 1, Nothing; raw 9: 6, 1 Hit",
    function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4L-1"] = "0705" })
    g.dice:force{ 4 }
    local shots = f.run(g, { "no" }, function() return fire.fire(g, { "4L-1" }, "0703") end)
    assert.are.same({ { -1, "Mexican infantry firing", "[rough_and_ready 6.15]" },
                      { -2, "firing at 2 hexes range", "[rough_and_ready 6.15]" } },
      labels(shots[1].record))
    assert.are.equal(1, shots[1].record.total)
    assert.are.equal("Nothing", shots[1].record.result)
    assert.are.equal(0, hits.hits(g, "4US-1"))
    g.dice:force{ 9 }
    shots = f.run(g, { "no" }, function() return fire.fire(g, { "4L-1" }, "0703") end)
    assert.are.equal(6, shots[1].record.total)
    assert.are.equal("1 Hit", shots[1].record.result)
    assert.are.equal(1, hits.hits(g, "4US-1"))
    assert.are.same({ "4L-1 fires at 4US-1 in 0703 (range 2): d10 9 -1 (Mexican infantry firing) "
      .. "-2 (firing at 2 hexes range) = 6: 1 Hit [rough_and_ready 6.15]" },
      rr.lines(g, "d10 9"))
  end)

  it("a Disordered firer -1 [rough_and_ready 6.63]; the target's chaparral -1 "
    .. "[rough_and_ready TEC]; no range DRM at 1 hex", function()
    local g = f.fixture({ ["4US-1"] = "0103", ["4L-1"] = "0104" })
    g.store:set_marker("4US-1", "disordered", 1)
    local mods = fire.drm(g, "4US-1", "0104")
    assert.are.same({ { value = -1, label = "Disordered unit firing",
                        rule = "[rough_and_ready 6.63]", source = "system" },
                      { value = -1, label = "target in Chaparral", rule = "[rough_and_ready TEC]",
                        source = "system" } }, mods:list())
  end)

  it("Mexican cavalry -2, mounted US cavalry -1 (Palo Alto's dragoons)", function()
    local g = f.fixture({ ["RANCH-1"] = "0705", ["4US-1"] = "0704" })
    assert.are.same({ { value = -2, label = "Mexican cavalry firing",
                        rule = "[rough_and_ready 6.15]", source = "system" } },
      fire.drm(g, "RANCH-1", "0704"):list())
    local game = require "volley.game"
    local pa = game.open("rough-and-ready/palo-alto")
    pa:setup_defaults()
    assert.are.same({ { value = -1, label = "mounted US cavalry firing",
                        rule = "[rough_and_ready 6.15]", source = "system" } },
      fire.drm(pa, "May", "3316"):list())
  end)

  it("the Small-Arms Fire Table: 2 or less Nothing, 3-7 1 Hit, 8+ 2 Hits "
    .. "[rough_and_ready 6.16]", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4L-1"] = "0704" })
    local got = {}
    for _, d in ipairs({ 2, 3, 7, 8 }) do
      g.dice:force{ d }
      local s = f.run(g, { "no" }, function() return fire.fire(g, { "4US-1" }, "0704") end)
      got[#got + 1] = s[1].record.result
    end
    assert.are.same({ "Nothing", "1 Hit", "1 Hit", "2 Hits" }, got)
    assert.are.equal(4, hits.hits(g, "4L-1"))          -- cumulative [6.16]: 0 + 1 + 1 + 2
  end)
end)

describe("[rough_and_ready 6.17] small-arms results hit the top unit only", function()
  it("the Hits go to the top unit; the one under it is untouched", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4L-1"] = "0705", ["4L-2"] = "0705" })
    g.dice:force{ 9 }
    local s = f.run(g, { "no" }, function() return fire.fire(g, { "4US-1" }, "0705") end)
    assert.are.equal("4L-1", s[1].unit)
    assert.are.equal(1, hits.hits(g, "4L-1"))
    assert.are.equal(0, hits.hits(g, "4L-2"))
  end)
end)

describe("[rough_and_ready 6.12] activated fire", function()
  it("fires once an activation; a second fire is refused", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4L-1"] = "0705" })
    g.dice:force{ 0 }
    f.run(g, { "no" }, function() return fire.fire(g, { "4US-1" }, "0705", { activated = true }) end)
    assert.are.equal("4US-1 has fired this activation (once only) [rough_and_ready 6.12]",
      fire.check(g, { "4US-1" }, "0705", { activated = true }))
    assert.has_error(function() fire.fire(g, { "4US-1" }, "0705", { activated = true }) end,
      "illegal fire: 4US-1 has fired this activation (once only) [rough_and_ready 6.12]")
    fire.reset(g)
    assert.is_nil(fire.check(g, { "4US-1" }, "0705", { activated = true }))
  end)
end)

describe("[rough_and_ready 6.14] reaction fire", function()
  it("return fire is simultaneous: a unit eliminated by the fire still fires back", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4L-1"] = "0705" })
    g.store:set_marker("4L-1", "hits", 5)                 -- Morale 5: one more Hit ends it
    g.dice:force{ 9, 9 }
    local shots, log = f.run(g, { "yes" }, function()
      return fire.fire(g, { "4US-1" }, "0705", { activated = true })
    end)
    assert.are.same({ side = "MEX", kind = "return_fire", options = { "yes", "no" },
                      answer = "yes" }, log[1])
    assert.are.equal(2, #shots)
    assert.are.equal("eliminated", (g.store:where("4L-1")))
    assert.are.equal(1, hits.hits(g, "4US-1"))             -- 9 - 1 - 2 = 6: 1 Hit
    assert.is_true(fire.used(g, "returned", "4L-1"))
  end)

  it("a unit returns fire once an activation; reaction fire draws no return fire", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4US-2"] = "0604", ["4L-1"] = "0705" })
    assert.are.same({ "4L-1" }, fire.returners(g, { "4US-2" }, "0705"))
    g.dice:force{ 0, 0, 0 }
    local _, log = f.run(g, { "yes" }, function()
      fire.fire(g, { "4US-1" }, "0705", { activated = true })
      fire.fire(g, { "4US-2" }, "0705", { activated = true })   -- 4L-1 has returned already
    end)
    assert.are.equal(1, #log)
    assert.are.same({}, fire.returners(g, { "4US-2" }, "0705"))
  end)

  it("movement reaction fire at a unit that moved into a front hex; not by a Disordered "
    .. "unit [rough_and_ready 6.62]; once an activation", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4US-2"] = "0803", ["4L-1"] = "0804" })
    -- 0804 is in the front of 4US-1 (its SE) and of 4US-2 (its S)
    g.store:set_marker("4US-2", "disordered", 1)
    g.dice:force{ 5 }
    local shots, log = f.run(g, { "yes" }, function()
      return fire.movement_reaction(g, "4L-1", "0804")
    end)
    assert.are.same({ side = "US", kind = "reaction_fire", options = { "yes", "no" },
                      answer = "yes" }, log[1])
    assert.are.equal(1, #shots)
    assert.are.equal(1, hits.hits(g, "4L-1"))             -- 5 at range 1: 1 Hit
    assert.are.same({ "4US-2 is Disordered: no movement reaction fire [rough_and_ready 6.62]" },
      rr.lines(g, "no movement reaction fire"))
    local again = f.run(g, {}, function() return fire.movement_reaction(g, "4L-1", "0804") end)
    assert.are.same({}, again)                            -- 4US-1 reacted already
  end)
end)
