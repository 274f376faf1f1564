-- Line of sight as the GBACW rules use it (issue 57 point 3, systems.gbacw.sight): fire is
-- traced through the firer's Front, anything else all round [gbacw 10.21]; the terrain is
-- judged by the v2023 policy, the units the caller passes block.

local core = require "volley.core"
local sight = require "systems.gbacw.sight"

local function game()
  local g = { map = assert(core.map.load("tests/data/gbacw/map.ini")),
              store = assert(core.state.new{ schema = "charts/gbacw/units.ini",
                                             oob = "tests/data/gbacw/oob.ini" }) }
  return g
end

describe("GBACW's line of sight for fire [gbacw 10.21]", function()
  it("traces fire through the Front only, anything else all round", function()
    local g = game()
    assert.is_true(g.store:place("20ME", "1403"))
    assert.is_true(g.store:face("20ME", "SE/S"))              -- a vertex on a flat-top map
    local arcs = g.store:arcs("20ME")
    local front, rear = arcs.front[1], arcs.rear[1]
    assert.is_true(sight.through_front(g, "20ME", front))
    assert.is_false(sight.through_front(g, "20ME", rear))
    local ok, why = sight.check(g, "1403", rear, { fire = "20ME" })
    assert.is_false(ok)
    assert.are.equal("front", why.kind)
    assert.are.equal("[gbacw 10.21]", why.rule)
    assert.is_true((sight.check(g, "1403", rear)))           -- all round
    assert.is_true((sight.check(g, "1403", front, { fire = "20ME" })))
  end)

  it("judges the terrain by the v2023 rules and blocks with the units passed", function()
    local g = game()
    -- the woods 0203-0405 on level ground block [gbacw 10.23]
    local ok, why = sight.check(g, "0104", "0504")
    assert.is_false(ok)
    assert.are.equal("higher-than-both", why.kind)
    assert.is_true((sight.check(g, "0111", "0811")))
    assert.is_false((sight.check(g, "0111", "0811", { units = { { hex = "0411" } } })))
  end)
end)
