-- Rough & Ready: typed answers and replace handlers that must be refused, not crash the game
-- or pass for what they are not, on the fixture (tests/data/rr: clear rows 01-03 and 07-10,
-- tall grass 2 MP in rows 04-06), units placed and faced by hand, dice forced.
local f = require "support.rr_fire"
local movement = require "systems.rough_and_ready.movement"
local actions = require "systems.rough_and_ready.actions"

local function open(at, side, units, target)
  local g = f.fixture(at)
  g.vars.activation = { n = 1, side = side, units = units, artillery = {}, target = target }
  g.vars.moved = {}
  return g
end

describe("[rough_and_ready 5.11] a typed move to no hex of the map is refused", function()
  it("a malformed label, a label off the map, a bad step of a path: refusals, no error", function()
    local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0907" }, "US", { "4US-1" }, "garland")
    assert.are.same({ false, "'foo' is not a hex of the map [rough_and_ready 5.11]" },
      { movement.validate(g, "4US-1 foo") })
    assert.are.same({ false, "'9999' is not a hex of the map [rough_and_ready 5.11]" },
      { movement.validate(g, "4US-1 9999") })
    assert.are.same({ false, "'xx' is not a hex of the map [rough_and_ready 5.11]" },
      { movement.validate(g, "4US-1 0302 xx") })
    assert.are.same({ false, "'zz' is not a hex of the map [rough_and_ready 5.11]" },
      { movement.check(g, "4US-1", { "zz" }) })
    assert.are.same({ false, "nobody is not one of the activated units [rough_and_ready 3.13]" },
      { movement.validate(g, "nobody 0302") })
  end)

  it("the same answer at the actions request is refused (its validator), the game goes on",
    function()
      local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0907" }, "US", { "4US-1" }, "garland")
      -- the helper raises "refused: <why>" at the first refusal
      assert.has_error(function() f.run(g, { "4US-1 foo" }, actions.run) end,
        "refused: 'foo' is not a hex of the map [rough_and_ready 5.11]")
    end)
end)
