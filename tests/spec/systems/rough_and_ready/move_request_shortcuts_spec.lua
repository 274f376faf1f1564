-- The move request's shortcuts (issue 38, docs/performance.md, session 11): whether `fire` is
-- offered is asked of actions.fire_any, which stops at the first unit or gun with a target,
-- instead of listing every fire answer; squares.options skips what check_form and check_leave
-- refuse at once. Each must say what the full lists say. On the fixture (tests/data/rr), units
-- placed and faced by hand (US SE/S, Mexicans NW/N): small arms alone, guns alone, none.
local f = require "support.rr_fire"
local squares = require "systems.rough_and_ready.squares"
local movement = require "systems.rough_and_ready.movement"
local actions = require "systems.rough_and_ready.actions"

local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

local function open(at, act)
  local g = f.fixture(at)
  g.vars.activation = copy(act)
  g.vars.moved, g.vars.rallied = {}, {}
  return g
end

local GARLAND = { side = "US", units = { "4US-1", "4US-2" }, artillery = {}, target = "garland" }

describe("the move request's fire answer (actions.fire_any)", function()
  it("[rough_and_ready 6.11] is offered when a unit's small arms have a target, guns or none",
    function()
      local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0202", ["4L-1"] = "0303" }, GARLAND)
      assert.are.same({ "4US-1 0303" }, actions.fire_options(g))
      assert.is_true(actions.fire_any(g))
    end)

  it("[rough_and_ready 6.11] is offered when the second unit has the only target", function()
    local g = open({ ["4US-1"] = "0202", ["4US-2"] = "0302", ["4L-1"] = "0303" }, GARLAND)
    assert.are.same({ "4US-2 0303" }, actions.fire_options(g))
    assert.is_true(actions.fire_any(g))
  end)

  it("[rough_and_ready 6.11] is not offered when no target is in a front or in range", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0202", ["4L-1"] = "0301" }, GARLAND)
    assert.are.same({}, actions.fire_options(g))
    assert.is_false(actions.fire_any(g))
  end)

  it("[rough_and_ready 6.21] [rough_and_ready 6.22] follows the guns' targets when only guns "
    .. "are activated (Palo Alto: Ringgold's guns in 3016 facing SE/S)", function()
    local act = { side = "US", units = {}, artillery = { "C3US-1", "C3US-2" }, target = "twiggs" }
    local seen = {}
    -- 4L-1 at 3, 12 and 30 hexes to the south, and behind the guns (out of their front)
    for _, enemy in ipairs({ "3019", "3028", "3046", "3014" }) do
      local g = require("volley.game").open("rough-and-ready/palo-alto")
      for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
      f.put(g, { ["C3US-1"] = "3016", ["C3US-2"] = "3016", ["4L-1"] = enemy })
      g.vars.activation = act
      g.vars.moved, g.vars.rallied = {}, {}
      local any = #actions.fire_options(g) > 0
      assert.are.equal(any, actions.fire_any(g), "4L-1 in " .. enemy)
      seen[any] = true
    end
    assert.is_true(seen[true] and seen[false])
  end)
end)

describe("the move request's square answers (squares.options)", function()
  it("[rough_and_ready 5.42] offers a square where two units of one regiment stand, none "
    .. "where one does", function()
      local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" }, GARLAND)
      assert.are.same({ "square 0302" }, squares.options(g, movement.movers(g)))
      g = open({ ["4US-1"] = "0302", ["4US-2"] = "0202" }, GARLAND)
      assert.are.same({}, squares.options(g, movement.movers(g)))
    end)

  it("[rough_and_ready 5.44] offers leaving to the units of a square, no other", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" }, GARLAND)
    squares.form(g, "0302")
    g.vars.activation = copy(GARLAND)
    g.vars.moved = {}
    assert.are.same({ "unsquare 4US-1", "unsquare 4US-2" },
      squares.options(g, movement.movers(g)))
  end)
end)
