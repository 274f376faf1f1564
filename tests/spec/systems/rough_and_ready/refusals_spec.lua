-- Rough & Ready: typed answers and replace handlers that must be refused, not crash the game
-- or pass for what they are not, on the fixture (tests/data/rr: clear rows 01-03 and 07-10,
-- tall grass 2 MP in rows 04-06), units placed and faced by hand, dice forced.
local f = require "support.rr_fire"
local rr = require "support.rr"
local movement = require "systems.rough_and_ready.movement"
local charge = require "systems.rough_and_ready.charge"
local shock = require "systems.rough_and_ready.shock"
local actions = require "systems.rough_and_ready.actions"

local function open(at, side, units, target)
  local g = f.fixture(at)
  g.vars.activation = { n = 1, side = side, units = units, artillery = {}, target = target }
  g.vars.moved = {}
  return g
end

local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

describe("[rough_and_ready 5.11] a typed move to no hex of the map is refused", function()
  it("a malformed label, a label off the map, a bad step of a path: refusals, no error", function()
    local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0907" }, "US", { "4US-1" }, "garland")
    -- called directly the reasons name no case (no case forbids a word that is no hex): the
    -- move request adds its own rule, 5.11 (below)
    assert.are.same({ false, "'foo' is not a hex of the map" },
      { movement.validate(g, "4US-1 foo") })
    assert.are.same({ false, "'9999' is not a hex of the map" },
      { movement.validate(g, "4US-1 9999") })
    assert.are.same({ false, "'xx' is not a hex of the map" },
      { movement.validate(g, "4US-1 0302 xx") })
    assert.are.same({ false, "'zz' is not a hex of the map" },
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

describe("[rough_and_ready 5.28] a hex held by an enemy leader alone", function()
  it("is closed to a move, and the refusal names the leader, not the MPs", function()
    -- a new player's game: "1719 is out of ArtRegt-1's reach: ArtRegt-1 has 5", with Garcia
    -- alone in 1719 (docs/rulings/rough_and_ready.md, Rulings of our own, 5.28)
    local g = open({ ["4US-1"] = "0303", ["Garcia"] = "0305", ["RANCH-1"] = "0910" }, "US",
      { "4US-1" }, "garland")
    local why = "4US-1 may not enter 0305: Garcia (enemy leader) holds it; a unit enters an "
      .. "enemy-occupied hex only to shock, and a leader alone is no shock target (no rule "
      .. "captures or displaces him) [rough_and_ready 5.28, 6.32]"
    assert.are.same({ false, why }, { movement.validate(g, "4US-1 0305") })
    -- next door too, and an empty hex as far away is in reach
    assert(g.store:place("Garcia", "0304"))
    assert.are.same({ false, (why:gsub("0305", "0304")) },
      { movement.validate(g, "4US-1 0304") })
    assert.is_true(movement.validate(g, "4US-1 0203"))
    -- any other closed hex out of one step names its own reason, not the MPs
    assert(g.store:place("Garcia", "set_aside"))
    assert(g.store:place("RANCH-1", "0305"))
    assert.are.same({ false, "4US-1 may not enter 0305: 0305 holds an enemy unit (RANCH-1) "
      .. "[rough_and_ready 5.28]" }, { movement.validate(g, "4US-1 0305") })
  end)
end)

describe("[rough_and_ready 6.43] a failed charge Commitment: the unit does nothing", function()
  it("no move, no fire, no shock this activation (no second Commitment roll)", function()
    local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0304" }, "MEX", { "RANCH-1" }, "canales")
    assert.is_true(shock.eligible(g, "RANCH-1"))
    assert.is_true(has(shock.options(g), "RANCH-1 0303"))
    g.dice:force{ 9 }                              -- Morale 4: d10 9 does not commit
    movement.declare(g, "RANCH-1")
    assert.is_false(charge.declared(g, "RANCH-1"))
    assert.is_true(charge.failed(g, "RANCH-1"))
    assert.are.same({ false, "RANCH-1 failed its charge Commitment: it does nothing this "
      .. "activation [rough_and_ready 6.43]" }, { shock.eligible(g, "RANCH-1") })
    assert.are.same({}, shock.options(g))
    assert.are.same({}, actions.fire_options(g))
    assert.are.same({ "done" }, actions.options(g))
    assert.are.equal(1, #rr.lines(g, "RANCH-1 failed its charge Commitment: it does nothing "
      .. "this activation [rough_and_ready 6.43]"))
    assert.are.equal(1, g.dice:count())
  end)
end)

describe("[rough_and_ready PA-Opt2] the Intermission's move request is movement only", function()
  it("no charge declared, no square formed; moves and turns stay", function()
    local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0907" }, "MEX", { "RANCH-1" }, "canales")
    assert.is_true(has(movement.options(g), "charge RANCH-1"))
    g.vars.redeploying = "MEX"
    local opts = movement.options(g)
    assert.is_false(has(opts, "charge RANCH-1"))
    for _, o in ipairs(opts) do assert.is_nil(o:match("^charge ")) assert.is_nil(o:match("^square ")) end
    assert.is_true(has(opts, "face RANCH-1 SE/S"))
    assert.are.same({ false, "the Intermission is movement only: no charge "
      .. "[rough_and_ready PA-Opt2]" }, { movement.validate(g, "charge RANCH-1") })
    assert.are.same({ false, "the Intermission is movement only: no square "
      .. "[rough_and_ready PA-Opt2]" }, { movement.validate(g, "square 0907") })
  end)

  it("forming a square is offered outside it (the infantry's case), not inside", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" }, "US", { "4US-1", "4US-2" },
      "garland")
    assert.is_true(has(movement.options(g), "square 0302"))
    g.vars.redeploying = "US"
    assert.is_false(has(movement.options(g), "square 0302"))
  end)
end)

describe("[rough_and_ready 6.41] a charge moves into 2 or more different hexes", function()
  local function move(path)
    local steps = {}
    for i = 1, #path do steps[i] = { cost = 1 } end
    return { path = path, steps = steps }
  end

  it("out and back, or a hex twice, is no charge", function()
    local g = open({ ["RANCH-1"] = "1008" }, "MEX", { "RANCH-1" }, "canales")
    assert.are.same({ false, "RANCH-1 came back to 1008, where it started: a charge moves into "
      .. "2 or more different hexes [rough_and_ready 6.41]" },
      { charge.qualifies(g, "RANCH-1", move({ "0907", "1008" }), "1008") })
    assert.are.same({ false, "RANCH-1 entered 0907 twice: a charge moves into 2 or more "
      .. "different hexes [rough_and_ready 6.41]" },
      { charge.qualifies(g, "RANCH-1", move({ "0907", "0908", "0907" }), "1008") })
    assert.is_true(charge.qualifies(g, "RANCH-1", move({ "0907", "0807" }), "1008"))
  end)
end)

describe("replace handlers are held to their point's contract (points.lua)", function()
  it("retreat.apply: the losers left in the hex stop the game, naming the handler's source",
    function()
      local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304" }, "MEX", { "4L-1" }, "canales")
      g.hooks:on("retreat.apply", function() return { 1, 2, 3 } end, { kind = "replace" })
      g.dice:force{ 0, 9, 0 }        -- Commitment 0; 4US-1 takes 3 Hits and loses [6.72]
      assert.has_error(function()
        f.run(g, {}, function() return shock.shock(g, { "4L-1" }, "0303") end)
      end, "system: retreat.apply: the replace handler left 4US-1 in 0303: the losers of a "
        .. "shock leave the hex [rough_and_ready 6.72]")
    end)

  it("cavalry.withdrawal: a hex not offered, or the cavalry not there, stops the game",
    function()
      local path = { "0408", "0508", "0608", "0708", "0808" }
      local function try(ret, place)
        local g = f.fixture({ ["4US-1"] = "0308", ["VN-1"] = "0709" }, { ["VN-1"] = "SE/S" })
        g.vars.activation = { n = 1, side = "US", units = { "4US-1" }, artillery = {} }
        g.vars.moved = {}
        g.hooks:on("cavalry.withdrawal", function(ctx)
          if place then assert(g.store:place(ctx.cavalry, place)) end
          return ret
        end, { kind = "replace" })
        local r = assert(movement.check(g, "4US-1", path))
        local ok, err = pcall(f.run, g, { "SE/S" }, function() movement.apply(g, "4US-1", r) end)
        return ok or err
      end
      assert.are.equal("system: cavalry.withdrawal: the replace handler returned 9999 (expected "
        .. "nil or one of ctx.options' hexes) [rough_and_ready 6.47]", try("9999"))
      assert.are.equal("system: cavalry.withdrawal: the replace handler returned 42 (expected "
        .. "nil or one of ctx.options' hexes) [rough_and_ready 6.47]", try(42))
      assert.are.equal("system: cavalry.withdrawal: the replace handler returned 0508 but left "
        .. "VN-1 in 0709 [rough_and_ready 6.47]", try("0508"))
      assert.are.equal("system: cavalry.withdrawal: the replace handler returned nil but moved "
        .. "VN-1 from 0709 to 0508 [rough_and_ready 6.47]", try(nil, "0508"))
      assert.is_true(try("0508", "0508"))
    end)

  it("charge.counter: ctx.result other than passed, failed, mixed or nil stops the game",
    function()
    local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0304" }, "US", { "4US-1" }, "garland")
    g.hooks:on("charge.counter", function(ctx) ctx.result = "maybe" end, { kind = "replace" })
    g.dice:force{ 1 }
    assert.has_error(function()
      f.run(g, {}, function() return shock.shock(g, { "4US-1" }, "0304") end)
    end, "system: charge.counter: the replace handler set ctx.result to maybe (expected "
      .. "'passed', 'failed', 'mixed' or nil) [rough_and_ready 6.44]")
  end)
end)
