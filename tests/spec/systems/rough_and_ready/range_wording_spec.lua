-- Two of Rough & Ready's texts (issue 37, rest37): command range says "1 hex", not "1 hexes"
-- [rough_and_ready 4.22]; a move by a unit that failed its charge Commitment is refused for
-- that [rough_and_ready 6.43], not as a unit that has moved [rough_and_ready 5.12] (it is marked
-- moved). Both fail on the main of 7 Dec 2026.
local rr = require "support.rr"
local command = require "systems.rough_and_ready.command"
local movement = require "systems.rough_and_ready.movement"

describe("Rough & Ready's wording", function()
  it("command range: 1 hex [rough_and_ready 4.22]", function()
    local g = rr.open()                         -- Garland at 0302, range 3
    assert(g.store:place("4US-2", "0303"))
    assert.are.same({ true, "4US-2 is 1 hex from Garland (range 3)" },
      { command.within_range(g, "Garland", "4US-2") })
  end)

  it("a failed charger's move: refused under 6.43", function()
    local g = rr.open()
    g.vars.activation = { n = 1, side = "MEX", target = "canales", units = { "RANCH-1" } }
    movement.mark_moved(g, "RANCH-1")
    g.vars.charge_failed = { "RANCH-1" }
    local at = command.on_map(g, "RANCH-1")
    local ok, why = movement.validate(g, "RANCH-1 " .. tostring(at))
    assert.is_false(ok)
    assert.are.equal("RANCH-1 failed its charge Commitment: it does nothing this activation "
      .. "[rough_and_ready 6.43]", why)
  end)
end)
