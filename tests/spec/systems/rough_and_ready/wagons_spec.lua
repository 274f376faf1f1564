-- Wagons [rough_and_ready 7.0] on the Palo Alto board (its US train, Wagon-1..3: MA 4, Morale
-- 0), every unit set aside and the few of each case placed and faced by hand; dice forced.
-- The hexes 3212-3216 and 3115-3315 are clear. Twiggs' 5US-1 (infantry, Morale 6) guards
-- Wagon-1 in 3216; Vega's 4L-1 and 4L-2 (infantry, Morale 4) and the Mexican 4-pounder
-- attack it.
local f = require "support.rr_fire"
local shock = require "systems.rough_and_ready.shock"
local fire = require "systems.rough_and_ready.fire"
local hits = require "systems.rough_and_ready.hits"
local movement = require "systems.rough_and_ready.movement"
local stacking = require "systems.rough_and_ready.stacking"
local activation = require "systems.rough_and_ready.activation"
local actions = require "systems.rough_and_ready.actions"
local victory = require "systems.rough_and_ready.victory"
local wagons = require "systems.rough_and_ready.wagons"

local function open(at, facings)
  local g = require("volley.game").open("rough-and-ready/palo-alto")
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  f.put(g, at, facings)
  return g
end

local where = f.where

local labels = f.labels

-- The US Battle Lost items naming wagons.
local function wagon_bl(g)
  local _, mods = victory.battle_lost(g, "US")
  local out = {}
  for _, m in ipairs(mods:list()) do
    if m.label:find("wagon", 1, true) then out[#out + 1] = m.value .. " " .. m.label end
  end
  return out
end

describe("[rough_and_ready 7.0] wagons move as artillery (7.0a)", function()
  it("activated like a gun by a leader in range [rough_and_ready 4.28]", function()
    local g = open({ ["Wagon-1"] = "3216", Twiggs = "3214" })
    local chosen, log = f.run(g, { "Wagon-1" }, function()
      return activation.artillery(g, "US", "Twiggs")
    end)
    assert.are.same({ "Wagon-1" }, chosen)
    assert.are.same({ "artillery", { "Wagon-1", "done" } }, { log[1].kind, log[1].options })
  end)

  it("the artillery column, its own MA, In Command like a gun", function()
    local g = open({ ["Wagon-1"] = "3216" })
    assert.are.same({ "art", 4 }, { movement.class(g, "Wagon-1"), movement.ma(g, "Wagon-1") })
  end)

  it("never next to an enemy combat unit [rough_and_ready 6.25]", function()
    local g = open({ ["Wagon-1"] = "3216", ["4L-1"] = "3212" })
    assert.are.same({ false, "3214 -> 3213: prohibited (next to 4L-1: a wagon moves as "
      .. "artillery, never next to an enemy combat unit) [rough_and_ready 6.25, 7.0]" },
      { movement.check(g, "Wagon-1", { "3215", "3214", "3213" }) })
    local reach = {}
    for _, e in ipairs(movement.destinations(g, "Wagon-1")) do reach[e.hex] = true end
    assert.are.same({ true, nil, nil }, { reach["3214"], reach["3213"], reach["3113"] })
  end)

  it("one wagon a hex, with one combat unit at most", function()
    local g = open({ ["Wagon-1"] = "3216", ["5US-1"] = "3216", ["5US-2"] = "3215" })
    assert.are.same({ false, "3216 would hold 2 wagons (one a hex) [rough_and_ready 7.0]" },
      { stacking.legal(g, "Wagon-2", "3216") })
    assert.are.same({ false, "3216 would hold a wagon and 2 combat units (a wagon stacks "
      .. "with one) [rough_and_ready 7.0]" }, { stacking.legal(g, "5US-2", "3216") })
  end)
end)

describe("[rough_and_ready 7.0] wagons are captured by any adverse result (7.0b)", function()
  it("when the unit stacked with it is eliminated: 3 US BL", function()
    local g = open({ ["5US-1"] = "3216", ["Wagon-1"] = "3216" })
    g.store:set_marker("5US-1", "hits", 6)
    hits.hit(g, "5US-1", "test")
    assert.are.same({ "eliminated", "eliminated" }, { where(g, "5US-1"), where(g, "Wagon-1") })
    assert.are.equal("Wagon-1 is eliminated: captured: the unit stacked with it, 5US-1, was "
      .. "eliminated [rough_and_ready 7.0]", g.narrative[#g.narrative])
    assert.are.same({ "3 1 wagon eliminated x 3" }, wagon_bl(g))
  end)

  it("small-arms fire hits only the top unit [rough_and_ready 6.17]: not the wagon",
    function()
      local g = open({ ["5US-1"] = "3216", ["Wagon-1"] = "3216", ["4L-1"] = "3215" },
                     { ["4L-1"] = "S/SW" })
      g.dice:force{ 9 }                               -- 9 - 1 (Mexican infantry) = 8: 2 Hits
      f.run(g, {}, function() fire.fire(g, { "4L-1" }, "3216") end)
      assert.are.same({ 2, "3216" }, { hits.hits(g, "5US-1"), where(g, "Wagon-1") })
    end)

  local function shell(die, checks)
    local g = open({ ["5US-1"] = "3216", ["Wagon-1"] = "3216", ["4pdr"] = "3212" },
                   { ["4pdr"] = "S/SW", ["5US-1"] = "N/NE" })
    local forced = { die }
    for _, d in ipairs(checks or {}) do forced[#forced + 1] = d end
    g.dice:force(forced)
    -- range 4: the 4-pounder's 0, Mexican artillery -1 [rough_and_ready 6.2]
    f.run(g, {}, function() fire.fire(g, { "4pdr" }, "3216") end)
    return g
  end

  it("artillery fire on the whole hex [rough_and_ready 6.24]: 8-10 Disorders all, captures it",
    function()
      local g = shell(9)                                                       -- 8
      assert.are.same({ true, "eliminated" }, { hits.disordered(g, "5US-1"), where(g, "Wagon-1") })
    end)

  it("artillery 5-7: the wagon rolls its Morale check too, against 0 (digest A11)", function()
    local g = shell(7, { 3, 0 })                          -- 6: 5US-1 rolls 3, the wagon 0
    assert.are.same({ false, "3216" }, { hits.disordered(g, "5US-1"), where(g, "Wagon-1") })
    assert.are.equal("Wagon-1 rolls 0 against Morale 0: no effect [rough_and_ready 6.2, 7.0]",
      g.narrative[#g.narrative])
    g = shell(7, { 3, 1 })                                        -- the wagon rolls 1: over 0
    assert.are.same({ false, "eliminated" }, { hits.disordered(g, "5US-1"), where(g, "Wagon-1") })
  end)

  it("4 or less: nothing", function()
    local g = shell(5)                                                         -- 4
    assert.are.same({ "3216", 1 }, { where(g, "Wagon-1"), g.dice:count() })
  end)
end)

describe("[rough_and_ready 7.0] wagons never fire (7.0c)", function()
  it("not a firer, even activated with the guns", function()
    local g = open({ ["Wagon-1"] = "3216", ["4L-1"] = "3215" }, { ["4L-1"] = "S/SW" })
    assert.are.same({ false, "Wagon-1 is a wagon: wagons never fire [rough_and_ready 7.0]" },
      { fire.may_fire(g, "Wagon-1") })
    g.vars.activation = { n = 1, side = "US", units = {}, artillery = { "Wagon-1" } }
    assert.are.same({}, actions.fire_options(g))
  end)
end)

describe("[rough_and_ready 7.0] a lone wagon shocked (7.0d)", function()
  local function lone()
    local g = open({ ["Wagon-1"] = "3216", ["4L-1"] = "3215", ["4L-2"] = "3215" },
                   { ["4L-1"] = "S/SW", ["4L-2"] = "S/SW" })
    g.vars.activation = { n = 1, side = "MEX", units = { "4L-1", "4L-2" }, artillery = {} }
    return g
  end

  it("is a shock target", function()
    local g = lone()
    assert.are.same({ "3216" }, shock.targets(g, "4L-1"))
    assert.are.same({ "4L-1 3216", "4L-2 3216", "4L-1+4L-2 3216" }, shock.options(g))
  end)

  it("strength 0: the attackers' whole strength; the attacker has the higher Morale; no -2 "
    .. "(digest A4: the wagon is stacked with no unit); no modifier of the wagon's", function()
      local g = lone()
      local w = { "Wagon-1" }
      assert.are.same({ "+1 strength 1 against 0", "+1 higher Morale (a lone wagon)" },
        labels(shock.drm(g, "attacker", { "4L-1" }, w, "3216")))
      assert.are.same({ "+2 strength 2 against 0", "+1 higher Morale (a lone wagon)" },
        labels(shock.drm(g, "attacker", { "4L-1", "4L-2" }, w, "3216")))
      g.store:set_marker("4L-1", "hits", 4)                      -- Adjusted Morale 0
      assert.are.same({ "+1 strength 1 against 0", "+1 higher Morale (a lone wagon)" },
        labels(shock.drm(g, "attacker", { "4L-1" }, w, "3216")))
      assert.are.same({}, labels(shock.drm(g, "defender", { "4L-1" }, w, "3216")))
    end)

  it("the attackers roll, any Hit captures it; the wagon rolls no die (issue 33 point 10: "
    .. "docs/rulings, 7.0d)", function()
    local g = lone()
    -- Commitment 0 (Morale 4); attacker 0 + 2 = 2: 1 Hit; the wagon: no die, no Hit
    g.dice:force{ 0, 0 }
    local rec = f.run(g, {}, function() return shock.shock(g, { "4L-1" }, "3216") end)
    assert.are.same({ "defender", 1, 0 },
      { rec.loser, rec.hits_on_defender, rec.hits_on_attacker })
    assert.are.same({ "eliminated", "3216", 0 },
      { where(g, "Wagon-1"), where(g, "4L-1"), hits.hits(g, "4L-1") })
    assert.are.equal(2, g.dice:count())
    assert.are.same({ "3 1 wagon eliminated x 3" }, wagon_bl(g))
  end)

  it("no Hit on it (a battle's -3, say): 6.72 decides, and a losing wagon is captured, "
    .. "never retreats", function()
      local g = lone()
      assert.are.equal("attacker", wagons.shocked(g, "Wagon-1", 0, 1, { "4L-1" }))
      assert.are.equal("3216", where(g, "Wagon-1"))
      -- equal Hits: the lowest Adjusted Morale is the wagon's 0
      assert.are.equal("defender", wagons.shocked(g, "Wagon-1", 0, 0, { "4L-1" }))
      assert.are.equal("eliminated", where(g, "Wagon-1"))
    end)
end)

describe("[rough_and_ready 7.0, 6.73] attackers beaten off a lone wagon", function()
  it("retreat to their hexes of origin through `retreat.apply`, as any shock's losers",
    function()
      local g = open({ ["Wagon-1"] = "3216", ["4L-1"] = "3215" }, { ["4L-1"] = "S/SW" })
      g.vars.activation = { n = 1, side = "MEX", units = { "4L-1" }, artillery = {} }
      -- a battle's -3 on the attacker's roll (a house rule's, here), so that no Hit falls on
      -- the wagon and 6.72 decides who retreats
      g.hooks:on("shock.drm", function(ctx, mods)
        if ctx.role == "attacker" then mods:add(-3, "house rule", "[house 1]") end
      end, { kind = "modify" })
      local seen = {}
      g.hooks:on("retreat.apply", function(ctx)
        seen[#seen + 1] = table.concat(ctx.units, ",") .. " from " .. ctx.from
      end)
      -- 4L-1 (Morale 4) with 4 Hits: Adjusted Morale 0, the wagon's own. Commitment 0;
      -- attacker 0 + 2 - 3 = -1: no Hit; the wagon rolls no die [7.0]: no Hit. Equal Hits,
      -- equal lowest Adjusted Morale (0): the attacker retreats, to 3215 [6.72, 6.73]
      g.store:set_marker("4L-1", "hits", 4)
      g.dice:force{ 0, 0 }
      local rec = f.run(g, {}, function() return shock.shock(g, { "4L-1" }, "3216") end)
      assert.are.same({ "attacker", 0, 0 },
        { rec.loser, rec.hits_on_defender, rec.hits_on_attacker })
      assert.are.same({ "3216", "3215", 4 },
        { where(g, "Wagon-1"), where(g, "4L-1"), hits.hits(g, "4L-1") })
      assert.are.same({ "4L-1 from 3216" }, seen)
    end)
end)

describe("[rough_and_ready 6.47, 7.0] cavalry stacked with a wagon withdraws", function()
  it("the wagon stays, alone: a withdrawal is a move, not a retreat (7.0b captures on a "
    .. "retreat or an elimination)", function()
      -- May (mounted, Morale 6) guards Wagon-1 in 3216; 4L-1 comes from 3214 into 3215
      local g = open({ ["May"] = "3216", ["Wagon-1"] = "3216", ["4L-1"] = "3214" },
                     { ["May"] = "N/NE", ["4L-1"] = "S/SW" })
      g.vars.activation = { n = 1, side = "MEX", units = { "4L-1" }, artillery = {} }
      local r = assert(movement.check(g, "4L-1", { "3215" }))
      local _, log = f.run(g, { "3218", "N/NE", "S/SW" },
        function() movement.apply(g, "4L-1", r) end)
      assert.are.same({ "withdraw", "3218" }, { log[1].kind, log[1].answer })
      assert.are.same({ "3218", "3216", "3215" },
        { where(g, "May"), where(g, "Wagon-1"), where(g, "4L-1") })
      assert.is_truthy(table.concat(g.narrative, "\n"):find("Wagon-1 stays in 3216, alone: "
        .. "a wagon does not withdraw with its unit [rough_and_ready 6.47, 7.0]", 1, true))
      -- alone, it is now a shock target for 4L-1 [rough_and_ready 7.0]
      assert.are.same({ "3216" }, shock.targets(g, "4L-1"))
    end)
end)

describe("[rough_and_ready 7.0] a unit stacked with a wagon (7.0e)", function()
  it("-2 to the attacker (digest A4), the stacked unit's losses its own", function()
    local g = open({ ["5US-1"] = "3216", ["Wagon-1"] = "3216", ["4L-1"] = "3215" },
                   { ["4L-1"] = "S/SW", ["5US-1"] = "N/NE" })
    g.vars.activation = { n = 1, side = "MEX", units = { "4L-1" }, artillery = {} }
    assert.are.same({ "-2 defender stacked with a wagon" },
      labels(shock.drm(g, "attacker", { "4L-1" }, { "5US-1" }, "3216")))
    -- Commitment 0; attacker 9 - 2 = 7: 2 Hits; defender 0 + 1 (Morale 6 > 4) = 1: none.
    -- 5US-1 loses, retreats: the wagon is captured
    g.dice:force{ 0, 9, 0 }
    local rec = f.run(g, { "3316" }, function() return shock.shock(g, { "4L-1" }, "3216") end)
    assert.are.same({ "defender", 2, 0 },
      { rec.loser, rec.hits_on_defender, rec.hits_on_attacker })
    assert.are.same({ 2, "3316", "eliminated" },
      { hits.hits(g, "5US-1"), where(g, "5US-1"), where(g, "Wagon-1") })
  end)
end)
