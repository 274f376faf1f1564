-- Rough & Ready cavalry charges [rough_and_ready 6.13, 6.41-6.46, 5.43, 7.0, PA 6.42] on the
-- fixture (tests/data/rr: clear rows 01-03 and 07-10, tall grass 2 MP in rows 04-06) and on
-- Palo Alto's terrain (its cavalry: the US dragoons May and Ker, Morale 6; the Mexican 7LC-1
-- and 8LC-1, Lancers of Morale 5), units placed and faced by hand, dice forced.
local f = require "support.rr_fire"
local rr = require "support.rr"
local charge = require "systems.rough_and_ready.charge"
local shock = require "systems.rough_and_ready.shock"
local movement = require "systems.rough_and_ready.movement"
local hits = require "systems.rough_and_ready.hits"
local fire = require "systems.rough_and_ready.fire"

local function open(at, units)
  local g = f.fixture(at)
  g.vars.activation = { side = "MEX", units = units or { "RANCH-1" }, artillery = {},
                        target = "canales" }
  return g
end

local labels = f.labels

local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- Palo Alto with every unit set aside, then `at` placed and faced (US SE/S, MEX NW/N unless
-- `facing` says), `units` of `side` (default MEX) activated.
local function pa(at, facing, units, side)
  local g = require("volley.game").open("rough-and-ready/palo-alto")
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  f.put(g, at, facing)
  g.vars.activation = { side = side or "MEX", units = units or {}, artillery = {},
                        target = "torrejon" }
  return g
end

-- Marks units declared and Charging (their approach is charge.qualifies' business).
local function charging(g, ...)
  g.vars.charge_declared = { ... }
  g.vars.charging = { ... }
end

local where = f.where

local function kinds(log)
  local out = {}
  for _, r in ipairs(log) do out[#out + 1] = r.kind .. "=" .. tostring(r.answer) end
  return out
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
      -- 4US-1 in 0307: RANCH-1 reaches 0308 next to it by 0309 (a charge's move: issue 33)
      local g = open({ ["4US-1"] = "0307", ["RANCH-1"] = "0310" })
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
    -- refused for the failed roll, though it is marked moved (rest37; was 5.12)
    assert.are.same({ false, "RANCH-1 failed its charge Commitment: it does nothing this "
      .. "activation [rough_and_ready 6.43]" }, { movement.validate(g, "RANCH-1 0309") })
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

describe("[rough_and_ready 6.43] the fire a charger takes before it enters", function()
  -- RANCH-1 (Morale 4) charges 4US-1 and the gun C3US in 0303 from 0304, their front
  it("C3US fires at 1 hex (+2): d10 6 = 8 Disorders RANCH-1, which retreats instead", function()
    local g = open({ ["4US-1"] = "0303", C3US = "0303", ["RANCH-1"] = "0304" })
    charging(g, "RANCH-1")
    g.dice:force{ 6 }
    local rec, log = f.run(g, { "no", "yes", "stop" }, function()
      return shock.shock(g, { "RANCH-1" }, "0303")
    end)
    assert.are.same({ "reaction_fire=no", "reaction_fire=yes", "retreat=stop" }, kinds(log))
    assert.are.equal("US", log[1].side)
    assert.are.same({ "RANCH-1" }, rec.fell_back)
    assert.are.equal("0304", where(g, "RANCH-1"))
    assert.are.equal("0303", where(g, "4US-1"))
    assert.is_true(hits.disordered(g, "RANCH-1"))
    assert.are.equal(1, g.dice:count())               -- the gun's roll: no shock roll
    assert.are.equal(1, #rr.lines(g, "RANCH-1 is Disordered before it entered 0303: it "
      .. "retreats instead of charging [rough_and_ready 6.43]"))
  end)

  it("the other attackers go on without it, and without the +2", function()
    local g = open({ ["4US-1"] = "0303", C3US = "0303", ["RANCH-1"] = "0304", ["4L-1"] = "0404" },
      { "RANCH-1", "4L-1" })
    charging(g, "RANCH-1")
    -- 4L-1 commits (1 <= 5); the gun Disorders RANCH-1 (6 + 2 = 8); then the shock rolls:
    -- attacker 5 (no modifier: 4L-1 alone against two units, Morale 5 against 6): 1 Hit;
    -- defender 5 +1 (strength 2 against 1) +1 (higher Morale) = 7: 2 Hits
    g.dice:force{ 1, 6, 5, 5 }
    local rec, log = f.run(g, { "no", "yes", "stop" }, function()
      return shock.shock(g, { "RANCH-1", "4L-1" }, "0303")
    end)
    assert.are.same({ "reaction_fire=no", "reaction_fire=yes", "retreat=stop" }, kinds(log))
    assert.are.equal(1, #rr.lines(g, "attacker rolls at 0303: d10 5 = 5: 1 Hit on the defender"))
    assert.are.same({ "RANCH-1" }, rec.fell_back)
    assert.are.equal(1, rec.hits_on_defender)
    assert.are.equal(2, rec.hits_on_attacker)
    assert.are.equal("attacker", rec.loser)
    assert.are.equal("0404", where(g, "4L-1"))
    assert.are.equal("0304", where(g, "RANCH-1"))
  end)

  it("a unit that used its movement reaction fire this activation is not asked again [A41]",
    function()
      local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0304" })
      charging(g, "RANCH-1")
      g.vars.fire = { reacted = { "4US-1" } }
      -- no fire; attacker 1 +2 (charge) = 3: 1 Hit; defender 1 +1 (Morale 6 against 4) = 2:
      -- 1 Hit; equal Hits, RANCH-1 (Adjusted Morale 3) the lower: the attacker retreats
      g.dice:force{ 1, 1 }
      local rec, log = f.run(g, { "stop" }, function()
        return shock.shock(g, { "RANCH-1" }, "0303")
      end)
      assert.are.same({ "retreat=stop" }, kinds(log))
      assert.are.equal("attacker", rec.loser)
      assert.are.equal(1, #rr.lines(g, "attacker rolls at 0303: d10 1 +2 (cavalry charge) = 3"))
    end)
end)

describe("[rough_and_ready 6.43] a whole charge through the actions request", function()
  it("declared, moved up the road (3 hexes at 1 MP), fired on twice, shocks with +2", function()
    local actions = require "systems.rough_and_ready.actions"
    local g = open({ ["4US-1"] = "0603", ["RANCH-1"] = "0607" })
    -- Commitment 1 (Morale 4); 4US-1's fire before the entry 1: nothing; attacker 5 +2 = 7:
    -- 2 Hits; defender 1 +1 (higher Morale) = 2: 1 Hit; 4US-1 retreats
    g.dice:force{ 1, 1, 5, 1 }
    local _, log = f.run(g, { "charge RANCH-1", "RANCH-1 0604", "NW/N", "no", "shock",
      "RANCH-1 0603", "yes", "0602" }, function() actions.run(g) end)
    -- 4US-1 declines the fire when RANCH-1 stops in its front, and is asked again before
    -- RANCH-1 enters: its movement reaction fire is still unused (digest A41)
    assert.are.same({ "move=charge RANCH-1", "move=RANCH-1 0604", "face=NW/N", "reaction_fire=no",
      "move=shock", "shock=RANCH-1 0603", "reaction_fire=yes", "retreat=0602" }, kinds(log))
    assert.are.equal(1, #rr.lines(g, "4US-1 fires at RANCH-1 in 0604 (range 1): d10 1 = 1"))
    assert.are.equal(1, #rr.lines(g, "attacker rolls at 0603: d10 5 +2 (cavalry charge) = 7: 2 "
      .. "Hits on the defender"))
    assert.are.equal("0603", where(g, "RANCH-1"))
    assert.are.equal("0602", where(g, "4US-1"))
  end)
end)

describe("[rough_and_ready 6.44] the counter-charge", function()
  -- 7LC-1 (Lancer, Morale 5) charges from 3116 into May (Morale 6) in 3115, facing it
  local function against_charge()
    local g = pa({ May = "3115", ["7LC-1"] = "3116" }, { May = "S/SW", ["7LC-1"] = "N/NE" },
      { "7LC-1" })
    charging(g, "7LC-1")
    return g
  end

  it("against a charge, passed (d10 6 against 6): no +2, the Lancer keeps its +1", function()
    local g = against_charge()
    -- counter-charge 6; attacker 4 +1 (charging Lancer) = 5: 1 Hit; defender 4 +1 (higher
    -- Morale) = 5: 1 Hit; equal Hits, 7LC-1 (Adjusted 4) the lower: the attacker retreats
    g.dice:force{ 6, 4, 4 }
    local rec, log = f.run(g, { "no", "yes", "stop" }, function()
      return shock.shock(g, { "7LC-1" }, "3115")
    end)
    assert.are.same({ "reaction_fire=no", "counter_charge=yes", "retreat=stop" }, kinds(log))
    assert.are.same({ "yes", "no" }, log[2].options)
    assert.are.equal("US", log[2].side)
    assert.are.equal("passed", rec.counter)
    assert.are.equal(1, #rr.lines(g, "attacker rolls at 3115: d10 4 +1 (charging Lancer) = 5: "
      .. "1 Hit on the defender"))
    assert.are.equal(1, #rr.lines(g, "defender rolls at 3115: d10 4 +1 (higher Morale) = 5: "
      .. "1 Hit on the attacker"))
    assert.are.equal("attacker", rec.loser)
    -- [rough_and_ready 6.46] the counter-charger may not fire for the rest of the activation
    assert.are.equal("May counter-charged this activation: it may not fire [rough_and_ready 6.46]",
      fire.check(g, { "May" }, "3116"))
  end)

  it("against a charge, failed (d10 7): May retreats 3 hexes Disordered, 7LC-1 rides 2 hexes "
    .. "through 3115 and does not attack", function()
    local g = against_charge()
    g.dice:force{ 7 }
    local rec, log = f.run(g, { "no", "yes", "3114", "3113", "3112", "3015" }, function()
      return shock.shock(g, { "7LC-1" }, "3115")
    end)
    assert.are.same({ "reaction_fire=no", "counter_charge=yes", "retreat=3114", "retreat=3113",
      "retreat=3112", "charge_move=3015" }, kinds(log))
    -- the first retreat hex: any neighbour of 3115 but 7LC-1's hex of origin
    assert.are.same({ "3015", "3016", "3114", "3215", "3216" }, log[3].options)
    assert.are.same({ "3015", "3016", "3114", "3116", "3215", "3216" }, log[6].options)
    assert.are.equal("failed", rec.counter)
    assert.are.equal("3112", where(g, "May"))
    assert.is_true(hits.disordered(g, "May"))
    assert.are.equal("3015", where(g, "7LC-1"))
    assert.are.equal(0, hits.hits(g, "7LC-1"))
    assert.is_nil(rec.loser)
    assert.are.equal(1, g.dice:count())                   -- no shock roll
  end)

  it("failed: its Retreat is a defender's, a Hit for an enemy front hex [6.75]", function()
    -- a new player read 6.44 as "3 hexes and Disordered" only; 6.44's Retreat is the
    -- Retreat of 6.7 and the counter-charger defends, so 6.75 holds (docs/rulings, 6.44)
    local g = against_charge()
    g.dice:force{ 7 }
    local _, log = f.run(g, { "no", "yes", "3216", "3217", "3218", "3015" }, function()
      return shock.shock(g, { "7LC-1" }, "3115")
    end)
    assert.are.same({ "3015", "3016", "3114", "3215", "3216" }, log[3].options)
    assert.are.equal(1, hits.hits(g, "May"))    -- 3216 is in 7LC-1's front (N/NE from 3116)
    assert.are.same({ "May takes a Hit (retreat into the front of 7LC-1: a failed "
      .. "counter-charger retreats as a defender [rough_and_ready 6.44, 6.75]): 1 Hit, "
      .. "Adjusted Morale 5 [rough_and_ready 6.54]" }, rr.lines(g, "retreat into the front"))
  end)

  it("failed: a retreat hex not offered is refused saying why", function()
    local function refused(answers)
      local g = against_charge()
      g.dice:force{ 7 }
      return f.stop(g, answers, function() return shock.shock(g, { "7LC-1" }, "3115") end)
    end
    local legal = " (legal: 3015, 3016, 3114, 3215, 3216) [rough_and_ready 6.44]"
    assert.are.equal("refused: '3116' is not a legal answer to retreat: 3116 is a charger's "
      .. "hex of origin" .. legal, refused({ "no", "yes", "3116" }))
    assert.are.equal("refused: '3113' is not a legal answer to retreat: 3113 is not next to "
      .. "3115, where May stands" .. legal, refused({ "no", "yes", "3113" }))
    -- the second hex must be 2 hexes from 3115: 3115 itself, or 3015 beside it, is not
    assert.matches("^refused: '3015' is not a legal answer to retreat: 3015 is not 2 hexes from "
      .. "3115 %(each hex of the retreat one farther%) %(legal: [%d, ]+%) "
      .. "%[rough_and_ready 6.44%]$", refused({ "no", "yes", "3114", "3015" }))
  end)

  it("failed, with a defender left (Ker, Disordered, did not try): 7LC-1 stays and does not "
    .. "attack", function()
    local g = pa({ Ker = "3115", May = "3115", ["7LC-1"] = "3116" },
      { Ker = "S/SW", May = "S/SW", ["7LC-1"] = "N/NE" }, { "7LC-1" })
    charging(g, "7LC-1")
    g.store:set_marker("Ker", "disordered", 1)
    g.dice:force{ 7 }
    local rec, log = f.run(g, { "yes", "3114", "3113", "3112" }, function()
      return shock.shock(g, { "7LC-1" }, "3115")
    end)
    -- Ker, the top unit, is Disordered: no reaction fire [6.62], no turn, no counter-charge
    assert.are.same({ "counter_charge=yes", "retreat=3114", "retreat=3113", "retreat=3112" },
      kinds(log))
    assert.are.equal("failed", rec.counter)
    assert.are.equal("3112", where(g, "May"))
    assert.are.equal("3115", where(g, "Ker"))
    assert.are.equal("3116", where(g, "7LC-1"))
    assert.are.equal(1, #rr.lines(g, "7LC-1 may not attack after the failed counter-charge: "
      .. "defenders are left in 3115 [rough_and_ready 6.44]"))
    assert.are.equal(1, g.dice:count())
  end)

  it("against a charge: a unit that fired at the charger does not counter-charge [6.46]",
    function()
      local g = against_charge()
      -- May fires: 1 -1 (mounted US cavalry) = 0, nothing; no counter-charge is asked;
      -- attacker 1 +2 +1 = 4: 1 Hit; defender 4 +1 = 5: 1 Hit; the attacker retreats
      g.dice:force{ 1, 1, 4 }
      local rec, log = f.run(g, { "yes", "stop" }, function()
        return shock.shock(g, { "7LC-1" }, "3115")
      end)
      assert.are.same({ "reaction_fire=yes", "retreat=stop" }, kinds(log))
      assert.is_nil(rec.counter)
      assert.are.equal(1, #rr.lines(g, "attacker rolls at 3115: d10 1 +2 (cavalry charge) +1 "
        .. "(charging Lancer) = 4"))
    end)

  -- on the fixture: 4US-1 (Morale 6) in 0303 shocks RANCH-1 (Morale 4) in 0304, no charge
  local function against_foot()
    local g = f.fixture({ ["4US-1"] = "0303", ["RANCH-1"] = "0304" })
    g.vars.activation = { side = "US", units = { "4US-1" }, artillery = {}, target = "garland" }
    return g
  end

  it("against infantry, passed (d10 3 against 4): the defender gets +1", function()
    local g = against_foot()
    -- Commitment 1; counter-charge 3; attacker 1 +1 (higher Morale) = 2: 1 Hit; defender
    -- 1 +1 (counter-charge) = 2: 1 Hit; RANCH-1 (Adjusted 3) the lower: it retreats
    g.dice:force{ 1, 3, 1, 1 }
    local rec, log = f.run(g, { "yes", "0305" }, function()
      return shock.shock(g, { "4US-1" }, "0304")
    end)
    assert.are.same({ "counter_charge=yes", "retreat=0305" }, kinds(log))
    assert.are.equal("passed", rec.counter)
    assert.are.equal(1, #rr.lines(g, "defender rolls at 0304: d10 1 +1 (cavalry counter-charge) "
      .. "= 2: 1 Hit on the attacker"))
    assert.are.equal("defender", rec.loser)
    assert.are.equal("0305", where(g, "RANCH-1"))
  end)

  it("against infantry, failed (d10 5): RANCH-1 retreats 2 hexes Disordered, 4US-1 takes 0304",
    function()
      local g = against_foot()
      g.dice:force{ 1, 5 }
      local rec, log = f.run(g, { "yes", "0305" }, function()
        return shock.shock(g, { "4US-1" }, "0304")
      end)
      -- first hex: tall grass all round but the chaparral (no entry) and 4US-1's 0303; the
      -- second the cheapest two hexes away, 0206 (clear), so not asked
      assert.are.same({ "counter_charge=yes", "retreat=0305" }, kinds(log))
      assert.are.same({ "0305", "0404", "0405" }, log[2].options)
      assert.are.equal("failed", rec.counter)
      assert.are.equal("0206", where(g, "RANCH-1"))
      assert.is_true(hits.disordered(g, "RANCH-1"))
      assert.are.equal("0304", where(g, "4US-1"))
      assert.are.equal(2, g.dice:count())
    end)

  it("declined (the default): no roll, the shock as usual", function()
    local g = against_foot()
    g.dice:force{ 1, 1, 1 }
    local rec, log = f.run(g, { "no", "0305" }, function()
      return shock.shock(g, { "4US-1" }, "0304")
    end)
    assert.are.equal("no", log[1].answer)
    assert.is_nil(rec.counter)
    assert.are.equal(3, g.dice:count())
  end)
end)

describe("[rough_and_ready 6.45] facing the charge", function()
  -- 7LC-1 charges from 3114, in the rear of May (3115, facing S/SW)
  local function rear_charge(extra, facings)
    local at = { May = "3115", ["7LC-1"] = "3114" }
    local fc = { May = "S/SW", ["7LC-1"] = "SE/S" }
    for k, v in pairs(extra or {}) do at[k] = v end
    for k, v in pairs(facings or {}) do fc[k] = v end
    local g = pa(at, fc, { "7LC-1" })
    charging(g, "7LC-1")
    -- attacker 1; defender 9 +1 (higher Morale) = 10: 3 Hits; the attacker retreats
    g.dice:force{ 1, 9 }
    return g
  end

  it("staying, the Rear +1 counts", function()
    local g = rear_charge()
    local _, log = f.run(g, { "stay", "no", "stop" }, function()
      return shock.shock(g, { "7LC-1" }, "3115")
    end)
    assert.are.same({ "face_charge=stay", "counter_charge=no", "retreat=stop" }, kinds(log))
    assert.are.same({ "N/NE", "NW/N", "stay" }, log[1].options)
    assert.are.equal(1, #rr.lines(g, "attacker rolls at 3115: d10 1 +1 (attack through the Rear) "
      .. "+2 (cavalry charge) +1 (charging Lancer) = 5"))
  end)

  it("turned to N/NE, the charger is in its front: no Rear +1", function()
    local g = rear_charge()
    local _, log = f.run(g, { "N/NE", "no", "stop" }, function()
      return shock.shock(g, { "7LC-1" }, "3115")
    end)
    assert.are.same({ "face_charge=N/NE", "counter_charge=no", "retreat=stop" }, kinds(log))
    assert.are.equal("N/NE", g.store:facing("May"))
    assert.are.equal(1, #rr.lines(g, "attacker rolls at 3115: d10 1 +2 (cavalry charge) +1 "
      .. "(charging Lancer) = 4"))
  end)

  it("not when 3115 is in the front of another enemy unit (8LC-1 in 3215)", function()
    local g = rear_charge({ ["8LC-1"] = "3215" }, { ["8LC-1"] = "SW/NW" })
    local _, log = f.run(g, { "no", "stop" }, function()
      return shock.shock(g, { "7LC-1" }, "3115")
    end)
    assert.are.same({ "counter_charge=no", "retreat=stop" }, kinds(log))
    assert.are.equal(1, #rr.lines(g, "May may not turn to face the charge from 3114: 3115 is in "
      .. "the front of 8LC-1 [rough_and_ready 6.45]"))
  end)

  it("not when the charged cavalry is Disordered", function()
    local g = rear_charge()
    g.store:set_marker("May", "disordered", 1)
    local _, log = f.run(g, { "stop" }, function()
      return shock.shock(g, { "7LC-1" }, "3115")
    end)
    assert.are.same({ "retreat=stop" }, kinds(log))
  end)
end)

describe("[rough_and_ready 5.43] [rough_and_ready 7.0] what cancels the charge's +2", function()
  it("a Square: no +2, a charging Lancer keeps its +1", function()
    local g = pa({ ["5US-1"] = "3016", ["7LC-1"] = "2916" })
    charging(g, "7LC-1")
    g.store:set_marker("5US-1", "square", 1)
    local got = labels(shock.drm(g, "attacker", { "7LC-1" }, { "5US-1" }, "3016"))
    assert.is_false(has(got, "+2 cavalry charge"))
    assert.is_true(has(got, "+1 charging Lancer"))
    assert.are.equal("5US-1 is in Square [rough_and_ready 5.43]",
      charge.cancelled(g, "MEX", "3016"))
  end)

  it("a wagon: no +2 (and the wagon's -2), a charging Lancer keeps its +1", function()
    local g = pa({ ["5US-1"] = "3016", ["Wagon-1"] = "3016", ["7LC-1"] = "2916" })
    charging(g, "7LC-1")
    local got = labels(shock.drm(g, "attacker", { "7LC-1" }, { "5US-1" }, "3016"))
    assert.is_false(has(got, "+2 cavalry charge"))
    assert.is_true(has(got, "+1 charging Lancer"))
    assert.is_true(has(got, "-2 defender stacked with a wagon"))
    assert.are.equal("a wagon (Wagon-1) in 3016 [rough_and_ready 7.0]",
      charge.cancelled(g, "MEX", "3016"))
  end)
end)

describe("[rough_and_ready PA 6.42] the marsh hexside", function()
  it("no charge across it: not on the way, not into the target", function()
    local g = pa({ ["5US-1"] = "2210", ["7LC-1"] = "2310" }, { ["7LC-1"] = "SW/NW" })
    assert.are.same({ false, "no charge across the Marsh hexside 2210/2310 [rough_and_ready 6.42]" },
      { charge.across_ok(g, "2310", "2210") })
    assert.is_true(charge.across_ok(g, "2310", "2311"))
    assert.are.same({ false, "7LC-1 crossed the Marsh hexside 2210/2309, where no charge may "
      .. "pass [rough_and_ready 6.42]" },
      { charge.qualifies(g, "7LC-1", move({ "2210", "2110" }, { 1, 1 }), "2309") })
    charging(g, "7LC-1")
    assert.are.same({}, charge.chargers(g, { "7LC-1" }, "2210"))
    local got = labels(shock.drm(g, "attacker", { "7LC-1" }, { "5US-1" }, "2210"))
    assert.is_false(has(got, "+2 cavalry charge"))
    assert.is_false(has(got, "+1 charging Lancer"))
  end)
end)

describe("[rough_and_ready 6.42] [rough_and_ready E11] T-RR-06 on Palo Alto", function()
  it("cavalry may not enter chaparral, so no charge path crosses it; a path through woods "
    .. "gives no +2", function()
    local g = pa({ ["7LC-1"] = "1010", ["5US-1"] = "3808" }, { ["7LC-1"] = "NW/N" }, { "7LC-1" })
    g.vars.moved = {}
    assert.are.same({ false, "1010 -> 0909: prohibited (Chaparral) [rough_and_ready PA 5.16] "
      .. "[rough_and_ready RP 5.15]" }, { movement.check(g, "7LC-1", { "0909", "0908" }) })
    -- through the light woods of 3707 (2 MP, `no-charge`) to 3807, next to 5US-1 in 3808
    assert(g.store:place("7LC-1", "3607"))
    charging(g)
    g.vars.charge_declared = { "7LC-1" }
    f.run(g, { "SE/S" }, function()
      movement.apply(g, "7LC-1", assert(movement.check(g, "7LC-1", { "3707", "3807" })))
    end)
    assert.are.equal("3807", where(g, "7LC-1"))
    assert.is_false(charge.charging(g, "7LC-1"))
    assert.are.equal(1, #rr.lines(g, "7LC-1 entered 3707 for 2 MP: no hex of a charge may cost "
      .. "more than 1 [rough_and_ready 6.42]: it may still shock, without the charge bonus"))
    local got = labels(shock.drm(g, "attacker", { "7LC-1" }, { "5US-1" }, "3808"))
    assert.is_false(has(got, "+2 cavalry charge"))
  end)
end)
