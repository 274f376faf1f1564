-- Rough & Ready cavalry charges [rough_and_ready 6.13, 6.41-6.43, PA 6.42] on the fixture
-- (tests/data/rr: clear rows 01-03 and 07-10, tall grass 2 MP in rows 04-06) and on Palo
-- Alto's terrain, dice forced.
local f = require "support.rr_fire"
local rr = require "support.rr"
local charge = require "systems.rough_and_ready.charge"
local shock = require "systems.rough_and_ready.shock"
local movement = require "systems.rough_and_ready.movement"

local function open(at, units)
  local g = f.fixture(at)
  g.vars.activation = { side = "MEX", units = units or { "RANCH-1" }, artillery = {},
                        target = "canales" }
  return g
end

local function labels(mods)
  local out = {}
  for _, m in ipairs(mods:list()) do out[#out + 1] = string.format("%+d %s", m.value, m.label) end
  return out
end

local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

local function move(path, costs)
  local steps = {}
  for i = 1, #path do steps[i] = { cost = costs[i] } end
  return { path = path, steps = steps }
end

describe("[rough_and_ready 6.41] [rough_and_ready 6.42] which moves are a charge", function()
  it("mounted cavalry, 2+ hexes, each costing 1 MP or less", function()
    local g = open({ ["RANCH-1"] = "0309", ["4L-1"] = "0409" })
    assert.is_true(charge.qualifies(g, "RANCH-1", move({ "0308", "0307" }, { 1, 1 })))
    assert.are.same({ false, "RANCH-1 moved 1 hex: a charge needs 2 or more [rough_and_ready 6.41]" },
      { charge.qualifies(g, "RANCH-1", move({ "0308" }, { 1 })) })
    assert.are.same({ false, "RANCH-1 entered 0306 for 2 MP: no hex of a charge may cost more "
      .. "than 1 [rough_and_ready 6.42]" },
      { charge.qualifies(g, "RANCH-1", move({ "0307", "0306" }, { 1, 2 })) })
    assert.are.same({ false, "4L-1 is not mounted cavalry [rough_and_ready 6.41]" },
      { charge.qualifies(g, "4L-1", move({ "0408", "0407" }, { 1, 1 })) })
  end)
end)

describe("[rough_and_ready 6.41] [rough_and_ready 6.13] the charge modifiers", function()
  it("+2 on the attacker's roll when any attacker is Charging, none otherwise", function()
    local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0304", ["4L-1"] = "0404" })
    local before = labels(shock.drm(g, "attacker", { "RANCH-1", "4L-1" }, { "4US-1" }, "0303"))
    assert.is_false(has(before, "+2 cavalry charge"))
    g.vars.charging = { "RANCH-1" }
    local after = labels(shock.drm(g, "attacker", { "RANCH-1", "4L-1" }, { "4US-1" }, "0303"))
    assert.is_true(has(after, "+2 cavalry charge"))
    assert.is_false(has(after, "+1 charging Lancer"))
    -- no charge modifier for the defender [6.41]
    assert.is_false(has(labels(shock.drm(g, "defender", { "RANCH-1" }, { "4US-1" }, "0303")),
      "+2 cavalry charge"))
  end)

  it("a charging Lancer adds +1; not Charging, it adds nothing [6.13]", function()
    local g = require("volley.game").open("rough-and-ready/palo-alto")
    for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
    f.put(g, { ["5US-1"] = "3016", ["7LC-1"] = "2916" })
    assert.is_truthy(g.store:get("7LC-1", "lancer"))
    local function l() return labels(shock.drm(g, "attacker", { "7LC-1" }, { "5US-1" }, "3016")) end
    assert.is_false(has(l(), "+1 charging Lancer"))
    g.vars.charging = { "7LC-1" }
    local got = l()
    assert.is_true(has(got, "+2 cavalry charge"))
    assert.is_true(has(got, "+1 charging Lancer"))
  end)
end)

describe("[rough_and_ready PA 6.42] Palo Alto's charge terrain", function()
  local function first_of(g, code)
    for _, h in ipairs(g.map:hexes()) do
      if g.map:terrain(h) == code then return h end
    end
  end

  it("no charge into chaparral, woods or marsh; through tall grass neither", function()
    local g = require("volley.game").open("rough-and-ready/palo-alto")
    for _, code in ipairs({ "ch", "w", "m" }) do
      local h = first_of(g, code)
      assert.is_string(h)
      assert.are.same({ false, "no charge into " .. h .. " (" .. code .. ") [rough_and_ready 6.42]" },
        { charge.into_ok(g, h) })
    end
    local grass = first_of(g, "g")
    assert.is_true(charge.into_ok(g, grass))
    local ok, why = charge.qualifies(g, "7LC-1", move({ grass, grass }, { 1, 1 }))
    assert.is_false(ok)
    assert.are.equal("7LC-1 passed through " .. grass .. " (g), where no charge may pass "
      .. "[rough_and_ready 6.42]", why)
  end)
end)

describe("[rough_and_ready 6.43] declaring a charge in the move request", function()
  it("is offered to cavalry before it moves; Commitment passed, the move makes it Charging",
    function()
      local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0310" })
      g.vars.moved = {}
      assert.is_true(has(movement.options(g), "charge RANCH-1"))
      g.dice:force{ 4 }                         -- Morale 4: DR 4 commits
      movement.declare(g, "RANCH-1")
      assert.is_true(charge.declared(g, "RANCH-1"))
      assert.is_false(has(movement.options(g), "charge RANCH-1"))
      f.run(g, { "NW/N" }, function()
        movement.apply(g, "RANCH-1", assert(movement.check(g, "RANCH-1", { "0309", "0308" })))
      end)
      assert.is_true(charge.charging(g, "RANCH-1"))
      assert.are.equal(1, #rr.lines(g, "RANCH-1 is Charging [rough_and_ready 6.41]"))
    end)

  it("Commitment failed: the unit may not move", function()
    local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0310" })
    g.vars.moved = {}
    g.dice:force{ 5 }
    movement.declare(g, "RANCH-1")
    assert.is_false(charge.declared(g, "RANCH-1"))
    assert.are.same({ false, "RANCH-1 has moved this activation (MPs are not saved) "
      .. "[rough_and_ready 5.12]" }, { movement.validate(g, "RANCH-1 0309") })
  end)

  it("infantry is not offered a charge", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0310" }, { "4L-1" })
    g.vars.moved = {}
    assert.are.same({ false, "4L-1 is not mounted cavalry: it may not charge [rough_and_ready 6.41]" },
      { movement.validate(g, "charge 4L-1") })
  end)
end)

describe("[rough_and_ready 6.46] a charger does not fire", function()
  it("RANCH-1 may fire at 4US-1 until it is declared to charge", function()
    local actions = require "systems.rough_and_ready.actions"
    local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0304" })
    assert.is_true(has(actions.fire_options(g), "RANCH-1 0303"))
    g.vars.charge_declared = { "RANCH-1" }
    assert.is_false(has(actions.fire_options(g), "RANCH-1 0303"))
  end)
end)
