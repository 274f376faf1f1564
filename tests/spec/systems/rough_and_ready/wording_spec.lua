-- Rough & Ready: the wording of log lines and refusals that must agree with what happens, on
-- the fixture (tests/data/rr), units placed and faced by hand, dice forced.
local f = require "support.rr_fire"
local rr = require "support.rr"
local movement = require "systems.rough_and_ready.movement"
local shock = require "systems.rough_and_ready.shock"
local fire = require "systems.rough_and_ready.fire"

local where = f.where

describe("the log's wording", function()
  it("[rough_and_ready 6.2] no full stop of the chart's text before the citation", function()
    local g = f.fixture({ C3US = "0703", ["4L-1"] = "0705", ["4L-2"] = "0705" })
    g.store:set_marker("4L-1", "disordered", 1)
    g.dice:force{ 9 }
    f.run(g, { "no", "4L-2" }, function() return fire.fire(g, { "C3US" }, "0705") end)
    assert.are.equal(1, #rr.lines(g, "= 11: All units in hex Disordered, plus 1 Hit "
      .. "[rough_and_ready 6.2]"))
    assert.are.equal(0, #rr.lines(g, "Hit. [rough_and_ready"))
  end)

  it("[rough_and_ready 5.14] [rough_and_ready 5.24] a stack's front hexes are named after its "
    .. "top unit, the one that fires", function()
      local g = f.fixture({ ["4US-1"] = "0303" })
      f.put(g, { ["VN-1"] = "0709", ["VN-2"] = "0709" }, nil, { "VN-2", "VN-1" })
      assert.are.equal("VN-2", require("systems.rough_and_ready.sight").top(g, "0709"))
      local fronts = movement.compute_board(g, "US").fronts
      assert.is_true(#fronts > 0)
      for _, fr in ipairs(fronts) do
        assert.are.same({ fr.at, "VN-2", "front hex of VN-2" }, { fr.at, fr.by, fr.why })
      end
    end)

  it("[rough_and_ready 5.43] a square's other unit is refused a move, naming its top unit",
    function()
      local g = f.fixture({ ["4US-1"] = "0302", ["4US-2"] = "0302" })
      g.vars.activation = { n = 1, side = "US", units = { "4US-1", "4US-2" }, artillery = {},
                            target = "garland" }
      g.vars.moved = {}
      g.store:set_marker("4US-1", "square", 1)
      g.store:set_marker("4US-2", "square", 1)
      assert.are.same({ false, "4US-2 is in the square of 0302: the square moves whole, under "
        .. "its top unit (4US-1 <hex>) [rough_and_ready 5.43]" },
        { movement.validate(g, "4US-2 0303") })
      assert.is_true(movement.validate(g, "4US-1 0303"))
    end)

  it("[rough_and_ready 6.43] [rough_and_ready 6.74] a charger Disordered before it entered "
    .. "falls back from its own hex", function()
      local g = f.fixture({ ["4US-1"] = "0303", C3US = "0303", ["RANCH-1"] = "0304" })
      g.vars.activation = { side = "MEX", units = { "RANCH-1" }, artillery = {},
                            target = "canales" }
      g.vars.charge_declared = { "RANCH-1" }
      g.vars.charging = { "RANCH-1" }
      g.dice:force{ 6 }
      f.run(g, { "no", "yes", "stop" }, function() return shock.shock(g, { "RANCH-1" }, "0303") end)
      assert.are.equal("0304", where(g, "RANCH-1"))
      assert.are.equal(1, #rr.lines(g, "RANCH-1 falls back from its hex 0304, never having "
        .. "entered 0303 [rough_and_ready 6.74]"))
      assert.are.equal(0, #rr.lines(g, "RANCH-1 retreats from 0303"))
    end)
end)
