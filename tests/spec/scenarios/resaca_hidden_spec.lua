-- Resaca de la Palma's hidden Mexican units (scenarios/rough-and-ready/resaca-de-la-palma/
-- hidden.lua) on the battle's own map: the spotting example [rough_and_ready RP Spotting
-- Hidden Units] (T-RR-09, T-RR-09b) through the US activation's move request, and the reveal
-- of a unit that moves more than one hex in an activation [rough_and_ready RP Revealing Hidden
-- Units]. The scripts load only in an engine-owned state: tests/spec/support/rp_hidden.lua
-- runs each case there and returns what happened.
local core = require "volley.core"

local st

local function call(fn, ...)
  local r = { st:call("rp_hidden", fn, ...) }
  assert(r[1], type(r[2]) == "table" and tostring(r[2].msg) or tostring(r[2]))
  return r[2]
end

setup(function() st = core.new_state{ modules = { "tests/spec/support" } } end)
teardown(function() st:close() end)

describe("[rough_and_ready RP Hidden Mexican Deployment] the opening", function()
  it("a unit set up in chaparral stays hidden; a unit in the open and a leader are put on "
    .. "the map", function()
    local r = call("opening")
    assert.are.same({ ["6L-1"] = "ch", ["4L-1"] = "c", Garcia = "ch" }, r.terrain)
    assert.are.same({ ["6L-1"] = true, ["4L-1"] = false, Garcia = false }, r.hidden)
    assert.are.same({
      "4L-1 is revealed in 5818 (set up out of chaparral and light woods [rough_and_ready RP "
        .. "Hidden Mexican Deployment])",
      "Garcia is revealed in 4916 (a leader: only units set up hidden [rough_and_ready RP "
        .. "Hidden Mexican Deployment])" }, r.lines)
  end)
end)

describe("[rough_and_ready RP Spotting Hidden Units] spotting", function()
  it("T-RR-09: a US unit that stops in 4819 does not spot the hidden unit in 4916 (3 hexes)",
    function()
    local r = call("spotting", "4719", "4819", "NE/SE")
    assert.are.equal("ran on", r.stopped)
    assert.are.equal("4819", r.at)
    assert.are.equal(3, r.distance)
    assert.are.equal("ch", r.terrain)                 -- the hidden unit is in chaparral
    assert.is_true(r.hidden)
    assert.are.same({}, r.lines)
    -- the move request offered 4918 too: the hidden unit's hex is no obstacle there
    assert.truthy(r.requests[1]:find("3US-1 4918", 1, true))
  end)

  it("T-RR-09b: it moves into 4918 and stops: 2 hexes, a clear line of sight into the "
    .. "chaparral: spotted, and placed on the map", function()
    local r = call("spotting", "4719", "4918", "NE/SE")
    assert.are.equal("4918", r.at)
    assert.are.equal(2, r.distance)
    assert.is_true(r.los)
    assert.is_false(r.hidden)
    assert.are.same({ "6L-1 is revealed in 4916 (spotted by 3US-1 in 4918 [rough_and_ready RP "
      .. "Spotting Hidden Units])" }, r.lines)
  end)
end)

describe("[rough_and_ready RP Revealing Hidden Units] reveals", function()
  it("a hidden unit moves one hex and stays hidden; a second hex in the same activation "
    .. "reveals it", function()
    local r = call("two_hexes")
    assert.is_true(r.after_one)
    assert.is_false(r.after_two)
    assert.are.same({ "6L-1 is revealed in 5313 (it moved more than one hex in the activation "
      .. "[rough_and_ready RP Revealing Hidden Units])" }, r.lines)
  end)
end)
