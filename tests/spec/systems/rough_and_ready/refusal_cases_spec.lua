-- Every refusal of Rough & Ready built through the refusal helper (refusal.lua: `say` with
-- its case, `plain` with none) is produced here by a situation that calls for it -- units
-- placed on the fixture (tests/data/rr: clear rows 01-03 and 07-10, tall grass 2 MP in rows
-- 04-06) or on Palo Alto, dice forced -- and pinned word for word, driven through the
-- requests where a request asks it. The last test reads the system's files for the helper's
-- calls and checks that each one was produced above or by the situations of refusals/*.lua
-- (run from here, in name order, so that one recorder sees them all): a refusal added
-- without a situation fails it (issue 33 point 5).
local f = require "support.rr_fire"
local refusal = require "systems.rough_and_ready.refusal"
local fire_refusal = require "systems.rough_and_ready.fire_refusal"
local retreat_refusal = require "systems.rough_and_ready.retreat_refusal"
local rally = require "systems.rough_and_ready.rally"
local hits = require "systems.rough_and_ready.hits"
local movement = require "systems.rough_and_ready.movement"
local withdrawal = require "systems.rough_and_ready.withdrawal"

local R = require "support.rr_refusal"
local open, stop, refused = R.open, R.stop, R.refused
R.record()

describe("[rough_and_ready 6.13, 6.47] fire typed at the move request when none is offered",
  function()
    it("a Lancer's: 6.13 forbids it, not 6.11 (it has an enemy in front, in range)", function()
      local g = open({ ["RANCH-1"] = "0309", ["4US-1"] = "0307" }, "MEX", { "RANCH-1" })
      g.store:set("RANCH-1", "lancer", true)
      assert.are.equal("RANCH-1 is Lancer cavalry: it may not fire [rough_and_ready 6.13]",
        stop(g, { "fire" }))
    end)

    it("the mover's after a pre-shock withdrawal: 6.47, with the enemy in front at range 2",
      function()
        -- 4US-1 walks row 08; VN-1 (0709) withdraws to 0810, in its front two hexes off;
        -- VN-2 (0907) stays next to it, out of its front
        -- (4US-2, far off, keeps the move request open)
        local g = open({ ["4US-1"] = "0308", ["4US-2"] = "0102", ["VN-1"] = "0709",
                         ["VN-2"] = "0907" }, "US", { "4US-1", "4US-2" }, {},
          { ["VN-1"] = "SE/S", ["VN-2"] = "N/NE" })
        assert.are.equal("4US-1 may not fire at VN-1: one withdrew from the other this "
          .. "activation (neither fires) [rough_and_ready 6.47]; 4US-2 has no enemy combat unit "
          .. "within 2 hexes (its range) [rough_and_ready 6.11]",
          stop(g, { "4US-1 0408 0508 0608 0708 0808", "0810", "N/NE", "stay", "SE/S",
                    "fire" }))
      end)

    it("each unit's own reason: fired already [6.12], no enemy in range [6.11], a gun's "
      .. "range [6.21], a charge declared [6.46], a failed charge [6.43]", function()
        local g = open({ ["4US-1"] = "0303", ["4US-2"] = "0903", ["4L-1"] = "0305" }, "US",
          { "4US-1", "4US-2" })
        g.dice:force{ 9 }                                 -- 4US-1's fire: a Hit on 4L-1
        assert.are.equal("4US-1 has fired this activation (once only) [rough_and_ready 6.12]; "
          .. "4US-2 has no enemy combat unit within 2 hexes (its range) [rough_and_ready 6.11]",
          stop(g, { "fire", "4US-1 0305", "no", "fire" }))
        g = open({ C3US = "0102" }, "US", {}, { "C3US" })        -- no enemy on the map
        local range = require("systems.rough_and_ready.artillery").max_range(g, "C3US")
        assert.are.equal("C3US has no enemy combat unit within " .. range .. " hexes (its "
          .. "range) [rough_and_ready 6.21]", stop(g, { "fire" }))
        g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0307" }, "MEX", { "RANCH-1" })
        g.dice:force{ 0 }                                  -- Commitment passed
        assert.are.equal("RANCH-1 has declared a charge: it may not fire [rough_and_ready 6.46]",
          stop(g, { "charge RANCH-1", "fire" }))
        -- (4L-2, far off, keeps the move request open once RANCH-1 may do nothing)
        g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0307", ["4L-2"] = "1001" }, "MEX",
          { "RANCH-1", "4L-2" })
        g.dice:force{ 9 }                                  -- Commitment failed
        assert.are.equal("RANCH-1 failed its charge Commitment: it does nothing this "
          .. "activation [rough_and_ready 6.43]; 4L-2 has no enemy combat unit within 2 hexes "
          .. "(its range) [rough_and_ready 6.11]", stop(g, { "charge RANCH-1", "fire" }))
      end)

    it("no activated unit on the map: the activated fire's case", function()
      local g = open({ ["4US-1"] = "0303" }, "US", {})
      assert.are.equal("no activated unit may fire now [rough_and_ready 6.12]",
        fire_refusal.no_fire(g, "US"))
    end)
end)

describe("[rough_and_ready 6.82-6.84] rally refusals say why", function()
  it("one permanent Hit: 6.84, at the move request and at the rally_unit request", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", Garland = "0302" }, "US",
      { "4US-1", "4US-2" })
    hits.hit(g, "4US-1", "a test")
    assert.are.equal("4US-1 has nothing to rally off: its first Hit is permanent "
      .. "[rough_and_ready 6.84]; 4US-2 is neither Disordered nor Hit [rough_and_ready 6.83]",
      stop(g, { "rally" }))
    g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", Garland = "0302" }, "US",
      { "4US-1", "4US-2" })
    hits.hit(g, "4US-1", "a test")
    g.store:set_marker("4US-2", "disordered", 1)
    assert.are.equal(refused("4US-1", "rally_unit", "4US-1 has nothing to rally off: its "
      .. "first Hit is permanent [rough_and_ready 6.84]", "4US-2, done"),
      stop(g, { "rally", "4US-1" }))
  end)

  it("the rally_unit request: not activated, no unit, rallied already; then no more", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", ["8US-1"] = "0702",
                     Garland = "0302" }, "US", { "4US-1", "4US-2" })
    g.store:set_marker("4US-1", "disordered", 1)
    g.store:set_marker("4US-2", "disordered", 1)
    assert.are.equal(refused("8US-1", "rally_unit", "8US-1 is not one of US's activated "
      .. "units: an activated unit rallies [rough_and_ready 6.82]", "4US-1, 4US-2, done"),
      stop(g, { "rally", "8US-1" }))
    assert.are.equal("'Nobody' is not a legal answer to rally_unit: no unit or leader 'Nobody' "
      .. "(legal: 4US-1, 4US-2, done) [rough_and_ready 6.82]", stop(g, { "rally", "Nobody" }))
    assert.are.equal(refused("4US-1", "rally_unit", "4US-1 has rallied this activation: it "
      .. "rallies once and does nothing else [rough_and_ready 6.82]", "4US-2, done"),
      stop(g, { "rally", "4US-1", "rally", "4US-1" }))
    -- a rallied unit does nothing else: it does not move [rough_and_ready 6.82]
    g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", Garland = "0302" }, "US",
      { "4US-1", "4US-2" })
    g.store:set_marker("4US-1", "disordered", 1)
    assert.are.equal("4US-1 rallied this activation: it does nothing else "
      .. "[rough_and_ready 6.82]", stop(g, { "rally", "4US-1", "4US-1 0303" }))
    -- a unit activated but gone from the map
    assert(g.store:place("4US-2", "set_aside"))
    assert.are.equal("4US-2 is not on the map", fire_refusal.rally(g, "US", "4US-2"))
  end)

  it("6.82's conditions, 6.83's nothing to rally, a failed charge [6.43]", function()
    -- out of Garland's range, next to an enemy, moved, fired
    local g = open({ ["4US-1"] = "1010", Garland = "0302", ["4US-2"] = "0402",
                     ["4L-1"] = "0403" }, "US", { "4US-1", "4US-2" })
    g.store:set_marker("4US-1", "disordered", 1)
    g.store:set_marker("4US-2", "disordered", 1)
    local _, range = require("systems.rough_and_ready.command").in_command(g, "4US-1")
    assert.are.equal("4US-1 is not In Command (" .. range .. ") [rough_and_ready 6.82]; "
      .. "4US-2 is adjacent to an enemy combat unit in 0403 [rough_and_ready 6.82]",
      stop(g, { "rally" }))
    g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", ["4L-1"] = "0304", Garland = "0302" },
      "US", { "4US-1", "4US-2" })
    g.store:set_marker("4US-1", "disordered", 1)
    g.store:set_marker("4US-2", "disordered", 1)
    g.dice:force{ 0 }                                     -- 4US-1's fire: nothing
    assert.are.equal("4US-1 has fired this activation [rough_and_ready 6.82]; 4US-2 has "
      .. "moved this activation [rough_and_ready 6.82]",
      stop(g, { "fire", "4US-1 0304", "no", "4US-2 0202", "SE/S", "rally" }))
    -- shock attacked: the shock step closes the request to rally, so the rule's own check
    g.vars.shocked = { "4US-1" }
    g.vars.moved, g.vars.fire = {}, nil
    assert.are.same({ false, "4US-1 has shock attacked this activation "
      .. "[rough_and_ready 6.82]" }, { rally.eligible(g, "4US-1") })
    assert(g.store:place("4US-1", "set_aside"))
    assert.are.same({ false, "4US-1 is not on the map" }, { rally.eligible(g, "4US-1") })
    g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0307", ["4L-2"] = "1001" }, "MEX",
      { "RANCH-1", "4L-2" })
    g.dice:force{ 9 }
    assert.are.equal("RANCH-1 failed its charge Commitment: it does nothing this activation "
      .. "[rough_and_ready 6.43]; 4L-2 is neither Disordered nor Hit [rough_and_ready 6.83]",
      stop(g, { "charge RANCH-1", "rally" }))
    local act = g.vars.activation
    act.units = {}
    g.vars.activation = act
    assert.are.equal("no activated unit of MEX may rally now [rough_and_ready 6.82]",
      fire_refusal.no_rally(g, "MEX"))
  end)
end)

describe("[rough_and_ready 6.11, 6.12, 6.31-6.35] fire and shock answers", function()
  it("the fire request: the answer's form, the hex, the unit", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", ["4L-1"] = "0304" }, "US",
      { "4US-1", "4US-2" })
    local legal = "4US-1 0304, done"          -- 0304 is not in 4US-2's front
    local function fire(answer) return stop(g, { "fire", answer }) end
    assert.are.equal("'4US-1' is not a legal answer to fire: a fire answer is <unit> <hex>, or "
      .. "<gun>+<gun> <hex> for guns of one hex, or done (legal: " .. legal .. ") "
      .. "[rough_and_ready 6.12, 6.22]", fire("4US-1"))
    assert.are.equal("'4US-1 1299' is not a legal answer to fire: '1299' is not a hex of the "
      .. "map (legal: " .. legal .. ") [rough_and_ready 6.12, 6.22]", fire("4US-1 1299"))
    assert.are.equal(refused("4US-1 0402", "fire", "0402 holds US units, not an enemy "
      .. "[rough_and_ready 6.11]", legal), fire("4US-1 0402"))
    assert.are.equal(refused("4US-1 0303", "fire", "0303 holds no enemy combat unit "
      .. "[rough_and_ready 6.11]", legal), fire("4US-1 0303"))
    assert.are.equal("'Nobody 0304' is not a legal answer to fire: no unit or leader 'Nobody' "
      .. "(legal: " .. legal .. ") [rough_and_ready 6.12, 6.22]", fire("Nobody 0304"))
    assert.are.equal(refused("4L-1 0402", "fire", "4L-1 is MEX's: only US's activated units "
      .. "fire [rough_and_ready 6.12]", legal), fire("4L-1 0402"))
    assert.are.equal(refused("8US-1 0304", "fire", "8US-1 is not activated: garland activated "
      .. "4US-1, 4US-2 [rough_and_ready 6.12]", legal), fire("8US-1 0304"))
    -- a unit activated, then gone from the map
    assert(g.store:place("4US-2", "set_aside"))
    assert.are.equal("4US-2 is not on the map", fire_refusal.fire(g, "US", "4US-2 0304"))
    -- one that rallied does nothing else
    g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", ["4L-1"] = "0304", Garland = "0302" },
      "US", { "4US-1", "4US-2" })
    g.store:set_marker("4US-2", "disordered", 1)
    assert.are.equal(refused("4US-2 0304", "fire", "4US-2 rallied this activation: it does "
      .. "nothing else [rough_and_ready 6.82]", "4US-1 0304, done"),
      stop(g, { "rally", "4US-2", "fire", "4US-2 0304" }))
  end)

  it("a gun of a hex named twice in a combined fire [rough_and_ready 6.22]",
    function()
      local g = require("volley.game").open("rough-and-ready/palo-alto")
      for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
      f.put(g, { ["A2US-1"] = "3016", ["A2US-2"] = "3016", ["4L-1"] = "2816" },
        { ["A2US-1"] = "SW/NW", ["A2US-2"] = "SW/NW" })
      g.vars.activation = { n = 1, side = "US", units = {}, artillery = { "A2US-1", "A2US-2" },
                            target = "garland", leader = "Garland" }
      -- any set of a hex's guns, in any order, is read as the set offered; a gun named twice
      -- is what is refused
      local why = stop(g, { "fire", "A2US-1+A2US-1 2816" })
      assert.are.equal("'A2US-1+A2US-1 2816' is not a legal answer to fire: A2US-1 is named "
        .. "twice: each gun fires once (legal: A2US-1 2816, A2US-2 2816, A2US-1+A2US-2 2816, "
        .. "done) [rough_and_ready 6.22]", why)
    end)

  it("the shock request and shock at the move request", function()
    -- 4US-1 in 0302 faces SE/S: 0303 (S) is its front; 4L-1 there, 4L-2 in 0202 (not front)
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", ["4L-1"] = "0303",
                     ["4L-2"] = "0202" }, "US", { "4US-1", "4US-2" })
    local function shock(answer) return stop(g, { "shock", answer }) end
    local rule = "[rough_and_ready 6.31, 6.35]"
    local got = shock("4US-1")
    assert.are.equal("'4US-1' is not a legal answer to shock: a shock answer is "
      .. "<unit>[+<unit>...] <hex>, or done (legal: " .. got:match("%(legal: (.-)%)") .. ") "
      .. rule, got)
    local legal = got:match("%(legal: (.-)%)")
    assert.are.equal(refused("4US-1 0202", "shock", "0202 is not in 4US-1's front "
      .. "[rough_and_ready 5.33, 6.32]", legal), shock("4US-1 0202"))
    assert.are.equal(refused("4US-1 0304", "shock", "0304 holds no enemy combat unit "
      .. "[rough_and_ready 6.32]", legal), shock("4US-1 0304"))
    assert.are.equal(refused("4L-1 0302", "shock", "4L-1 is MEX's: only US's activated units "
      .. "shock [rough_and_ready 6.31]", legal), shock("4L-1 0302"))
    assert.are.equal(refused("8US-1 0303", "shock", "8US-1 is not activated: garland "
      .. "activated 4US-1, 4US-2 [rough_and_ready 6.31]", legal), shock("8US-1 0303"))
    assert(g.store:place("4L-2", "0305"))
    assert.are.equal(refused("4US-1 0305", "shock", "0305 is not next to 4US-1 (in 0302): "
      .. "shock is against an adjacent hex [rough_and_ready 6.32]", legal),
      shock("4US-1 0305"))
    -- the attacks a stack declared [rough_and_ready 6.35]: issue33_rules_spec (point 11)
    -- no enemy next to a unit: 6.32; none activated: 6.31
    g = open({ ["4US-1"] = "0302", ["4L-1"] = "0305" }, "US", { "4US-1" })
    assert.are.equal("4US-1 has no enemy unit next to it [rough_and_ready 6.32]",
      stop(g, { "shock" }))
    local act = g.vars.activation
    act.units = {}
    g.vars.activation = act
    assert.are.equal("no activated unit may shock now [rough_and_ready 6.31]",
      fire_refusal.no_shock(g, "US"))
  end)

  it("a hex the attacker could not enter [rough_and_ready 6.33]", function()
    -- Palo Alto's chaparral is closed to cavalry (PA 5.16): May next to infantry in it
    local g = require("volley.game").open("rough-and-ready/palo-alto")
    for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
    local grid = require("systems.rough_and_ready.facing").grid(g)
    local ch, by
    for _, h in ipairs(g.map:hexes()) do
      if not by and g.map:terrain(h) == "ch" then
        for _, n in ipairs(grid:neighbors(h)) do
          if not by and type(n) == "string" and g.map:contains(n) and g.map:terrain(n) == "c"
              then
            ch, by = h, n
          end
        end
      end
    end
    f.put(g, { May = by, ["4L-1"] = ch })
    for _, w in ipairs(require("systems.rough_and_ready.facing").words(g)) do
      assert(g.store:face("May", w))
      if require("volley.list").contains(require("systems.rough_and_ready.facing")
          .front(g, "May"), ch) then break end
    end
    g.vars.activation = { n = 1, side = "US", units = { "May" }, artillery = {},
                          target = "twiggs", leader = "Twiggs" }
    local why = fire_refusal.shock(g, "US", "May " .. ch)
    assert.is_truthy(why:find("^May could not enter " .. ch .. " %("), why)
    assert.is_truthy(why:find("%): it must be able to enter to shock %[rough_and_ready 6.33%]$"),
      why)
  end)

  it("the shock step has begun: no more movement or fire [rough_and_ready 6.31]", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", ["4L-1"] = "0303" }, "US",
      { "4US-1", "4US-2" })
    g.vars.shock_step = true
    assert.are.equal("the shock step has begun: no more movement or fire "
      .. "[rough_and_ready 6.31]", stop(g, { "4US-2 0403" }))
  end)

  it("a gun that fired does not move [rough_and_ready 6.25]", function()
    local g = open({ C3US = "0602", M8 = "0605", ["4US-1"] = "0102" }, "US", { "4US-1" },
      { "C3US" })
    g.dice:force{ 0 }
    assert.are.equal("C3US has fired this activation: artillery moves or fires "
      .. "[rough_and_ready 6.25]", stop(g, { "fire", "C3US 0605", "no", "C3US 0603" }))
  end)
end)

describe("[rough_and_ready 6.44, 6.74, 6.75] retreat refusals", function()
  it("each case's own citation", function()
    local g = f.fixture({ ["4US-1"] = "0303", ["4US-2"] = "0403", ["4L-1"] = "0302" })
    local c = { unit = "4US-1", from = "0303", case = "6.75" }
    local function why(to, more)
      local t = {}
      for k, v in pairs(c) do t[k] = v end
      for k, v in pairs(more or {}) do t[k] = v end
      t.to = to
      return retreat_refusal.why(g, t)
    end
    assert.are.equal("'zz' is not a hex of the map", why("zz"))
    assert.are.equal("0305 is not next to 0303, where 4US-1 stands [rough_and_ready 6.75]",
      why("0305"))
    assert.are.equal("0204 is an attacker's hex of origin [rough_and_ready 6.75]",
      why("0204", { avoid = { "0204" }, avoid_why = "an attacker's hex of origin" }))
    assert.are.equal("0302 is not 2 hexes from 0303 (each hex of the retreat one farther) "
      .. "[rough_and_ready 6.44]", why("0302", { away = { hex = "0303", k = 2 },
                                                 case = "6.44" }))
    assert.are.equal("0304 costs 2 MP and the cheapest hexes 1 [rough_and_ready 6.75]",
      why("0304", { best = 1 }))
    local cost = g.move:validate("0303", { "0204" }, { class = "inf", ma = 99 }).cost
    assert.are.equal("0204 costs " .. cost .. " MP and the cheapest hexes 1 "
      .. "[rough_and_ready 6.44, 6.75]", why("0204", { best = 1, case = "6.44" }))
    -- a hex it could not enter: artillery into Palo Alto's chaparral
    local pa = require("volley.game").open("rough-and-ready/palo-alto")
    for _, u in ipairs(pa.store:units{}) do assert(pa.store:place(u, "set_aside")) end
    local grid = require("systems.rough_and_ready.facing").grid(pa)
    local ch, by
    for _, h in ipairs(pa.map:hexes()) do
      if not by and pa.map:terrain(h) == "ch" then
        for _, n in ipairs(grid:neighbors(h)) do
          if not by and type(n) == "string" and pa.map:contains(n)
              and pa.map:terrain(n) ~= "ch" then
            ch, by = h, n
          end
        end
      end
    end
    f.put(pa, { May = by })
    local no = retreat_refusal.why(pa, { unit = "May", from = by, to = ch, case = "6.74" })
    assert.is_truthy(no:find("^May could not enter " .. ch .. " %(.*%) %[rough_and_ready 6.74, "
      .. "5.11%]$"), no)
  end)
end)

describe("[rough_and_ready 6.47] withdrawal refusals", function()
  it("each hex not offered, and the fire between the two", function()
    local PATH = { "0408", "0508", "0608", "0708", "0808" }
    local function refused_w(answer)
      local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0709" }, "US", { "4US-1" }, {},
        { ["VN-1"] = "SE/S" })
      local r = assert(movement.check(g, "4US-1", PATH))
      return (f.stop(g, { answer }, function() movement.apply(g, "4US-1", r) end)
        :gsub("^refused: '[^']*' is not a legal answer to withdraw: ", ""):gsub(" %(legal:.*", ""))
    end
    assert.are.equal("0808 is next to 4US-1 in 0708 [rough_and_ready 6.47]",
      refused_w("0808"))
    assert.are.equal("4US-1 stands in 0708 [rough_and_ready 6.47]", refused_w("0708"))
    assert.are.equal("0705 is 4 hexes from 0709: one or two [rough_and_ready 6.47]",
      refused_w("0705"))
    assert.are.equal("VN-1 stands in 0709 (the answer is stay) [rough_and_ready 6.47]",
      refused_w("0709"))
    assert.is_truthy(refused_w("x1"):find("^'x1' is not a hex of the map"))
    -- 0910: two hexes away, not next to the mover, free; but 8US-1 (0810) and 8US-2 (0610),
    -- facing N/NE, stop VN-1 in their fronts on every way of one or two steps
    local g = open({ ["4US-1"] = "0708", ["VN-1"] = "0709", ["8US-1"] = "0810",
                     ["8US-2"] = "0610" }, "US", { "4US-1" }, {},
      { ["VN-1"] = "SE/S", ["8US-1"] = "N/NE", ["8US-2"] = "N/NE" })
    assert.are.equal("VN-1 could not move there by one or two steps of a move (the Terrain "
      .. "Effects Chart, stacking, an enemy unit or its front on the way) "
      .. "[rough_and_ready 6.47, 5.1]", withdrawal.why_not(g, "VN-1", "4US-1", "0708", "0910"))
  end)
end)

describe("[rough_and_ready 4.28, E10, 4.27] activation and artillery", function()
  it("the army, a command gone, `all` with one gun, a gun used last time, no gun", function()
    local rr = require "support.rr"
    local rec = rr.play(rr.open(), { "US", "belknap" })
    assert.are.same({ "US is led by Taylor, the Overall Commander, who never activates a "
      .. "command (his Leadership may help a leader's roll) [rough_and_ready E10]" },
      rr.refusals(rec))
    local g = rr.open()
    assert(g.store:place("4US-1", "set_aside"))
    assert(g.store:place("4US-2", "set_aside"))
    rec = rr.play(g, { "garland", "belknap" })
    assert.are.same({ "garland has no leader or no unit on the map: a command whose units are "
      .. "gone is out of the game [rough_and_ready 4.27]" }, rr.refusals(rec))
    -- Garland's range holds C3US alone: `all` is no answer
    g = rr.open()
    rec = rr.play(g, { "garland", "all", "Nobody", "done" },
      { auto = { leadership = "no", move = "done" } })
    assert.are.same({ "all is no answer here: C3US is the only gun or wagon left within "
      .. "Garland's range (answer C3US) [rough_and_ready 4.28]", "'Nobody' is not a gun "
      .. "within Garland's range [rough_and_ready 4.28]" }, rr.refusals(rec))
    local req = rr.requests(rec, "artillery")[1]
    assert.are.same({ "C3US", "done" }, req.options)
    -- Palo Alto: C3US-1 went in the side's last activation [rough_and_ready 4.28]
    local pa = require("volley.game").open("rough-and-ready/palo-alto")
    for _, u in ipairs(pa.store:units{}) do assert(pa.store:place(u, "set_aside")) end
    f.put(pa, { Garland = "3019", ["C3US-1"] = "3020", ["C3US-2"] = "3020" })
    pa.vars.artillery_used = { US = { "C3US-1" } }
    local activation = require "systems.rough_and_ready.activation"
    assert.are.equal("refused: C3US-1 was used in the side's last activation: not in "
      .. "consecutive activations [rough_and_ready 4.28]",
      f.stop(pa, { "C3US-1" }, function() return activation.artillery(pa, "US", "Garland") end))
  end)
end)

describe("[rough_and_ready 5.12, 6.41-6.43] the move request's own", function()
  it("a charge with no target: no Commitment roll", function()
    -- 4US-1 behind the tall grass (rows 04-06, 2 MP): no charge's move reaches it
    local g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0303" }, "MEX", { "RANCH-1" })
    g.vars.moved = {}
    assert.are.same({ false, "RANCH-1's charge would have no target: no enemy it could shock "
      .. "lies next to the end of a charge move from 0310 (2 or more hexes, each of 1 MP or "
      .. "less, within its MA) [rough_and_ready 6.41, 6.42]" },
      { movement.validate(g, "charge RANCH-1") })
    assert.are.equal(0, g.dice:count())
  end)

  it("reach: a unit that moved, rallied, failed its charge, a gun that fired", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402", C3US = "0602", M8 = "0605" },
      "US", { "4US-1", "4US-2" }, { "C3US" })
    g.vars.moved, g.vars.rallied = { "4US-1" }, { "4US-2" }
    g.vars.fire = { fired = { "C3US" } }
    assert.are.same({ nil, "4US-1 has moved this activation: its move is over (MPs are not "
      .. "saved) [rough_and_ready 5.12]" }, { movement.reach(g, "4US-1") })
    assert.are.same({ nil, "4US-2 rallied this activation: it does nothing else "
      .. "[rough_and_ready 6.82]" }, { movement.reach(g, "4US-2") })
    assert.are.same({ nil, "C3US has fired this activation: artillery moves or fires "
      .. "[rough_and_ready 6.25]" }, { movement.reach(g, "C3US") })
    g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0307" }, "MEX", { "RANCH-1" })
    g.vars.moved = {}
    g.dice:force{ 9 }
    movement.declare(g, "RANCH-1")
    assert.are.same({ nil, "RANCH-1 failed its charge Commitment: it does nothing this "
      .. "activation [rough_and_ready 6.43]" }, { movement.reach(g, "RANCH-1") })
  end)
end)

-- the situations of each part of the rules (support/rr_refusal.lua)
-- (each file runs in this spec's environment, where busted's describe and it are)
-- luacheck: read globals setfenv getfenv _ENV
for _, file in ipairs(R.situation_files()) do
  local chunk
  if setfenv then                                          -- LuaJIT
    chunk = assert(loadfile(file))
    setfenv(chunk, getfenv(1))
  else
    chunk = assert(loadfile(file, "t", _ENV))
  end
  chunk()
end

describe("every refusal built through the helper", function()
  it("is produced by a situation", function()
    local missing, count = R.missing()
    refusal.record(nil)
    assert.is_true(count > 40, "only " .. count .. " calls found")
    assert.are.same({}, missing)
  end)
end)
