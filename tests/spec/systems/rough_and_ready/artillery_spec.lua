-- Rough & Ready's artillery fire [rough_and_ready 6.2-6.25]: the fixture's guns (C3US a US
-- 6-pounder, M8 a Mexican 8-pounder) and Palo Alto's batteries at their set-up (Ringgold's
-- four 6-pounders in 3016, Churchill's two 18-pounders in 3018, all facing SW/NW).
local f = require "support.rr_fire"
local rr = require "support.rr"
local game = require "volley.game"
local artillery = require "systems.rough_and_ready.artillery"
local fire = require "systems.rough_and_ready.fire"
local hits = require "systems.rough_and_ready.hits"

local function palo_alto()
  local g = game.open("rough-and-ready/palo-alto")
  g:setup_defaults()
  return g
end

local function vals(record)
  local out = {}
  for _, m in ipairs(record.modifiers) do out[#out + 1] = { m.value, m.label, m.rule } end
  return out
end

describe("[rough_and_ready 6.21] gun types and range bands", function()
  local g
  setup(function() g = palo_alto() end)

  it("T-RR-03: a 6-pounder at 1, 2, 3, 9, 10, 16: +2, +2, 0, 0, -2, -2; 17 is out of range",
    function()
    local got = {}
    for _, r in ipairs({ 1, 2, 3, 9, 10, 16 }) do
      got[#got + 1] = artillery.gun_range_drm(g, "C3US-1", r)
    end
    assert.are.same({ 2, 2, 0, 0, -2, -2 }, got)
    assert.are.same({ nil, "C3US-1 (6 pounder) cannot reach 17 hexes (maximum 16) "
      .. "[rough_and_ready 6.21]" }, { artillery.gun_range_drm(g, "C3US-1", 17) })
    assert.are.equal(16, artillery.max_range(g, "C3US-1"))
  end)

  it("T-RR-22: Churchill's 18-pounder at 3, 4, 11, 12, 21: +2, 0, 0, -2, -2; 22 is out "
    .. "[rough_and_ready E4]", function()
    local got = {}
    for _, r in ipairs({ 3, 4, 11, 12, 21 }) do
      got[#got + 1] = artillery.gun_range_drm(g, "Churchill-1", r)
    end
    assert.are.same({ 2, 0, 0, -2, -2 }, got)
    assert.is_nil(artillery.gun_range_drm(g, "Churchill-1", 22))
    assert.are.equal(21, artillery.max_range(g, "Churchill-1"))
    -- the Mexican 4- and 8-pounders: 14 and 17 hexes
    assert.are.same({ 14, 17 }, { artillery.max_range(g, "4pdr"), artillery.max_range(g, "8pdr") })
  end)

  it("mixed types combine at the worst range DRM [rough_and_ready 6.23]", function()
    assert.are.equal(0, artillery.range_drm(g, { "C3US-1", "Churchill-1" }, 3))   -- 0 and +2
    assert.are.equal(-2, artillery.range_drm(g, { "C3US-1", "Churchill-1" }, 12)) -- -2 and -2
    assert.is_nil(artillery.range_drm(g, { "C3US-1", "Churchill-1" }, 17))
  end)
end)

describe("[rough_and_ready 6.22] combining", function()
  it("T-RR-04: four gun counters in one hex combine at +3", function()
    local g = palo_alto()
    assert(g.store:place("4L-1", "2616"))
    g.dice:force{ 5 }
    local shots = f.run(g, {}, function()
      return fire.fire(g, { "C3US-1", "C3US-2", "C3US-3", "C3US-4" }, "2616")
    end)
    assert.are.same({ { 3, "4 guns combining", "[rough_and_ready 6.22]" } }, vals(shots[1].record))
    assert.are.equal(8, shots[1].record.total)           -- 5 + 3, range 4 of a 6-pounder: 0
    assert.are.equal("All units in hex Disordered", shots[1].record.result)
    assert.is_true(hits.disordered(g, "4L-1"))
  end)

  it("only the guns of one hex combine", function()
    local g = palo_alto()
    assert(g.store:place("4L-1", "2616"))
    assert.are.equal("only the guns of one hex combine [rough_and_ready 6.22]",
      fire.check(g, { "C3US-1", "A2US-1" }, "2616"))
  end)
end)

describe("[rough_and_ready 6.25] artillery moves or fires", function()
  it("a gun that moved this activation may not fire", function()
    local g = f.fixture({ C3US = "0703", ["4L-1"] = "0705" })
    g.vars.moved = { "C3US" }
    assert.are.equal("C3US has moved this activation: artillery moves or fires "
      .. "[rough_and_ready 6.25]", fire.check(g, { "C3US" }, "0705", { activated = true }))
    assert.is_nil(fire.check(g, { "C3US" }, "0705"))     -- a reaction is no activated fire
  end)
end)

describe("[rough_and_ready 6.2] the artillery DRM list", function()
  it("non-phasing mounted cavalry +1, range 2 +2 [rough_and_ready 6.21]", function()
    local g = f.fixture({ C3US = "0703", ["RANCH-1"] = "0705" })
    local mods = artillery.drm(g, { "C3US" }, "0705")
    assert.are.same({ { value = 2, label = "range 2", rule = "[rough_and_ready 6.21]",
                        source = "system" },
                      { value = 1, label = "target is non-phasing mounted cavalry (RANCH-1)",
                        rule = "[rough_and_ready 6.2]", source = "system" } }, mods:list())
  end)

  it("Mexican artillery -1; a Disordered gun -1 [rough_and_ready 6.63]; not against the "
    .. "phasing side's cavalry", function()
    local g = f.fixture({ M8 = "0705", ["4US-1"] = "0702" })
    g.store:set_marker("M8", "disordered", 1)
    local mods = artillery.drm(g, { "M8" }, "0702", { phasing = "MEX" })
    assert.are.same({ { 0, "range 3" }, { -1, "Mexican artillery firing" },
                      { -1, "Disordered unit firing (M8)" } },
      (function()
        local out = { { 0, "range 3" } }
        for _, m in ipairs(mods:list()) do out[#out + 1] = { m.value, m.label } end
        return out
      end)())
  end)
end)

describe("[rough_and_ready 6.24] the results on the whole hex", function()
  it("T-RR-25: 11 on two infantry, A Disordered and B fresh: B Disordered, A a Hit for its "
    .. "second Disorder [rough_and_ready 6.64], and the hex's Hit placed by the owner "
    .. "[rough_and_ready 6.51]", function()
    local g = f.fixture({ C3US = "0703", ["4L-1"] = "0705", ["4L-2"] = "0705" })
    g.store:set_marker("4L-1", "disordered", 1)
    g.dice:force{ 9 }
    local shots, log = f.run(g, { "no", "4L-2" }, function()
      return fire.fire(g, { "C3US" }, "0705")
    end)
    assert.are.equal(11, shots[1].record.total)          -- 9 + 2 at range 2
    assert.are.equal("All units in hex Disordered, plus 1 Hit.", shots[1].record.result)
    assert.are.same({ "return_fire", "hit" }, { log[1].kind, log[2].kind })
    assert.are.same({ "4L-1", "4L-2" }, log[2].options)
    assert.is_true(hits.disordered(g, "4L-1"))
    assert.is_true(hits.disordered(g, "4L-2"))
    assert.are.same({ 1, 1 }, { hits.hits(g, "4L-1"), hits.hits(g, "4L-2") })
  end)

  it("5-7: each unit but the guns rolls against its Adjusted Morale (over it: Disordered)",
    function()
    local g = f.fixture({ C3US = "0703", ["4L-1"] = "0705", M8 = "0705" })
    g.store:set_marker("4L-1", "hits", 1)                 -- Adjusted Morale 4
    g.dice:force{ 5, 5 }                                  -- 5 + 2 = 7; then 4L-1 rolls 5
    f.run(g, { "no", "no" }, function() return fire.fire(g, { "C3US" }, "0705") end)
    assert.is_true(hits.disordered(g, "4L-1"))
    assert.is_false(hits.disordered(g, "M8"))
    assert.are.same({ "M8: no effect on artillery (5-7) [rough_and_ready 6.2]" },
      rr.lines(g, "M8: no effect"))
    assert.are.same({ "4L-1 rolls 5 against Adjusted Morale 4: Disordered [rough_and_ready 6.2]" },
      rr.lines(g, "against Adjusted Morale"))
    assert.are.equal(2, g.dice:count())                   -- the fire, and 4L-1 (not M8)
  end)

  it("5-7: a roll at or under the Adjusted Morale has no effect", function()
    local g = f.fixture({ C3US = "0703", ["4L-1"] = "0705" })
    g.dice:force{ 3, 5 }                                  -- 3 + 2 = 5; 4L-1 rolls 5
    f.run(g, { "no" }, function() return fire.fire(g, { "C3US" }, "0705") end)
    assert.is_false(hits.disordered(g, "4L-1"))
  end)

  it("8-10 Disorders the guns too; a Disordered gun Disordered again is eliminated", function()
    local g = f.fixture({ C3US = "0703", M8 = "0705" })
    g.store:set_marker("M8", "disordered", 1)
    g.dice:force{ 6 }                                     -- 6 + 2 = 8
    f.run(g, { "no" }, function() return fire.fire(g, { "C3US" }, "0705") end)
    assert.are.equal("eliminated", (g.store:where("M8")))
  end)

  it("4 or less: nothing", function()
    local g = f.fixture({ C3US = "0703", ["4L-1"] = "0705" })
    g.dice:force{ 2 }
    local s = f.run(g, { "no" }, function() return fire.fire(g, { "C3US" }, "0705") end)
    assert.are.equal("Nothing", s[1].record.result)
    assert.is_false(hits.disordered(g, "4L-1"))
  end)
end)
