-- The GBACW counter schemas (issue 57 point 4): charts/gbacw/units.ini with the test battle's
-- order of battle (tests/data/gbacw/oob.ini) through the real store: the counter fields of
-- [gbacw 2.21], the four leader levels of [gbacw 2.22] with their ratings, the markers of
-- [gbacw 2.24], one SP for 50 men or a gun [gbacw 2.41].

local core = require "volley.core"

local function store()
  return assert(core.state.new{ schema = "charts/gbacw/units.ini",
                                oob = "tests/data/gbacw/oob.ini" })
end

describe("GBACW's counters", function()
  it("carry weapon, strength, cohesion good and disordered, MA [gbacw 2.2] [gbacw 2.21] "
     .. "[gbacw 2.41]",
     function()
    local st = store()
    assert.are.same({ "USA", "CSA" }, st:sides())
    assert.are.equal("R", st:get("19ME", "weapon"))
    assert.are.equal(16, st:get("19ME", "strength"))           -- 16 SP, 800 men
    assert.are.equal(6, st:get("19ME", "cohesion"))
    assert.are.equal(4, st:get("19ME", "cohesion_disordered"))
    assert.are.equal(4, st:get("E3US", "fire_strength"))
    assert.are.equal(st:get("E3US", "cohesion"), st:get("E3US", "cohesion_disordered"))
    assert.are.equal(st:get("E3US", "ma"), st:get("E3US", "ma_disordered"))
    assert.are.equal("2x6pdr 2xH12", st:get("E3US", "sections"))   -- [gbacw 8.37]
    assert.is_true(st:get("B1US", "horse"))
    assert.is_true(st:get("155PA", "green"))                       -- [gbacw 14.1]
    assert.are.equal("2NY", st:get("2NY-a", "regiment"))
    assert.are.equal("6PA-d", st:get("6PA-m", "pair"))             -- [gbacw 14.21]
    assert.are.equal("irregular", st:get("9LA", "quality"))
  end)

  it("leaders of four levels with their ratings [gbacw 2.22] [gbacw 4.11] [gbacw 4.14]",
     function()
    local st = store()
    assert.are.equal(1, st:get("Hale", "initiative"))
    assert.are.equal(40, st:get("Hale", "ma"))                     -- [gbacw 9.11]
    assert.are.equal("Moss", st:get("Hale", "replacement"))        -- [gbacw 4.18]
    assert.are.equal(1, st:get("Reed", "efficiency"))
    assert.are.equal(2, st:get("Ward", "coordination"))
    assert.are.equal(1, st:get("Ward", "activation"))
    local profiles = {}
    for _, id in ipairs({ "Hart", "Lowe", "Pike", "Byrd" }) do
      profiles[#profiles + 1] = st:get(id, "profile")
      assert.are.equal(10, st:get(id, "ma"))
    end
    assert.are.same({ "A", "N", "U", "C" }, profiles)
    assert.is_true(st:get("Cobb", "courage"))
  end)

  it("marks orders, losses, fatigue, abandoned guns and the rest [gbacw 2.24]", function()
    local st = store()
    for name, max in pairs({ orders = 2, steps = 40, fatigue = 6, abandoned = 2, refused = 2,
                             extended_line = 2, reserve = 1, bolted = 1, square = 1 }) do
      st:set_marker("19ME", name, max)
      assert.are.equal(max, st:marker("19ME", name), name)
      assert.has_error(function() st:set_marker("19ME", name, max + 1) end)
    end
  end)
end)
