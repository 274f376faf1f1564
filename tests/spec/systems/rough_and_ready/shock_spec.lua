-- Rough & Ready's Shock and Retreat [rough_and_ready 6.31-6.39, 6.71-6.76] on the fixture,
-- units placed and faced by hand (US SE/S, Mexicans NW/N), dice forced. Vega's 4L-1 and 4L-2
-- (Morale 5) attack Garland's 4US-1 (Morale 6) in 0303; 0304 and 0404 have 0303 in their
-- front, 0203, 0302 and 0403 are clear, 0204 chaparral.
local f = require "support.rr_fire"
local shock = require "systems.rough_and_ready.shock"
local hits = require "systems.rough_and_ready.hits"
local modifiers = require "volley.modifiers"

local function open(at, units)
  local g = f.fixture(at)
  g.vars.activation = { side = "MEX", units = units or { "4L-1", "4L-2" }, artillery = {} }
  return g
end

local where = f.where

local labels = f.labels

describe("[rough_and_ready 6.31] [rough_and_ready 6.32] who may shock, and where", function()
  it("activated, In Command at the start, not Disordered; an enemy hex of its front", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304", ["4L-2"] = "0404", ["6L-1"] = "0405" })
    assert.are.same({ "0303" }, shock.targets(g, "4L-1"))
    assert.are.same({ "4L-1 0303", "4L-2 0303", "4L-1+4L-2 0303" }, shock.options(g))
    assert.are.same({ false, "6L-1 is not activated [rough_and_ready 6.31]" },
      { shock.eligible(g, "6L-1") })
    g.store:set_marker("4L-2", "disordered", 1)
    assert.are.same({ false, "4L-2 is Disordered: it may not shock attack [rough_and_ready 6.32]" },
      { shock.eligible(g, "4L-2") })
    g.store:set_marker("4L-2", "disordered", 0)
    g.store:set_marker("4L-2", "out_of_command", 1)
    assert.are.same({ false, "4L-2 is out of command: no shock [rough_and_ready 4.23]" },
      { shock.eligible(g, "4L-2") })
    assert.are.same({ "4L-1 0303" }, shock.options(g))
  end)

  it("not through its flank: 4US-1 in 0405 is in 4L-2's flank, no target", function()
    local g = open({ ["4US-1"] = "0503", ["4L-2"] = "0404" })
    assert.are.same({}, shock.targets(g, "4L-2"))
  end)
end)

describe("[rough_and_ready 6.33] Commitment (T-RR-19)", function()
  it("Morale 5 with 2 Hits (Adjusted 3): DR 3 commits, DR 4 does not", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
    g.store:set_marker("4L-1", "hits", 2)
    g.dice:force{ 3, 4 }
    assert.is_true(shock.commitment(g, "4L-1", "0303"))
    assert.is_false(shock.commitment(g, "4L-1", "0303"))
  end)

  it("[rough_and_ready 4.24] a leader stacked with it gives -1: DR 4 commits", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304", Vega = "0304" })
    g.store:set_marker("4L-1", "hits", 2)
    g.dice:force{ 4 }
    assert.is_true(shock.commitment(g, "4L-1", "0303"))
  end)

  it("a failed Commitment: no move and no shock", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
    g.dice:force{ 9 }
    local rec = f.run(g, {}, function() return shock.shock(g, { "4L-1" }, "0303") end)
    assert.are.same({}, rec.committed)
    assert.are.equal("0304", where(g, "4L-1"))
    assert.are.equal(1, g.dice:count())
  end)
end)

describe("[rough_and_ready 6.34] [rough_and_ready 6.35] stacks and allocation", function()
  it("the top unit rolls for its stack: its failure stops both", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304", ["4L-2"] = "0304" })
    g.dice:force{ 9 }
    local rec = f.run(g, {}, function() return shock.shock(g, { "4L-1", "4L-2" }, "0303") end)
    assert.are.same({}, rec.committed)
    assert.are.equal(1, g.dice:count())
    assert.are.same({ "4L-1 rolls for Commitment against 0303: d10 9 = 9 against Adjusted "
      .. "Morale 5: does not commit [rough_and_ready 6.33]", "none of 4L-1, 4L-2 commits: "
      .. "4L-1, the top unit of 0304, rolled for them (a unit that moves into a hex goes on "
      .. "top) [rough_and_ready 6.34]" }, g.narrative)
  end)

  it("a unit of the stack left out may shock only another hex, decided before rolling",
    function()
      local g = open({ ["4US-1"] = "0303", ["4US-2"] = "0204", ["4L-1"] = "0304",
                       ["4L-2"] = "0304" })
      assert.are.same({ "0204", "0303" }, shock.targets(g, "4L-2"))
      g.dice:force{ 9 }
      -- the split is declared before 4L-1's roll (issue 33 point 11: `allocate`)
      local _, log = f.run(g, { "4L-2 0204" },
        function() return shock.shock(g, { "4L-1" }, "0303") end)
      assert.are.same({ "4L-2 0204", "none" }, log[1].options)
      assert.are.same({ "0204" }, shock.targets(g, "4L-2"))
      assert.are.same({ false, "4L-1 has shock attacked already this activation "
        .. "[rough_and_ready 6.35]" }, { shock.eligible(g, "4L-1") })
    end)
end)

describe("[rough_and_ready 6.38] the shock modifiers", function()
  it("T-RR-05a: 3 Mexicans against 1 US unit: the attacker +2, the defender none", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304", ["4L-2"] = "0304", ["6L-1"] = "0404" })
    local a = { "4L-1", "4L-2", "6L-1" }
    assert.are.same({ "+2 strength 3 against 1" },
      labels(shock.drm(g, "attacker", a, { "4US-1" }, "0303")))
    assert.are.same({ "+1 higher Morale" },
      labels(shock.drm(g, "defender", a, { "4US-1" }, "0303")))
  end)

  it("T-RR-05b: 1 Mexican against 3 US units: the defender +2, the attacker none", function()
    local g = open({ ["4US-1"] = "0303", ["4US-2"] = "0303", ["C3US"] = "0303", ["4L-1"] = "0304" })
    local d = { "4US-1", "4US-2", "C3US" }
    assert.are.same({}, labels(shock.drm(g, "attacker", { "4L-1" }, d, "0303")))
    assert.are.same({ "+2 strength 3 against 1", "+1 higher Morale" },
      labels(shock.drm(g, "defender", { "4L-1" }, d, "0303")))
  end)

  it("flank +1 and rear +1, together +2 (digest A6); a Disordered defender -1", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0204", ["4L-2"] = "0203" })
    g.store:set_marker("4US-1", "hits", 1)                 -- Adjusted 5: no higher Morale
    assert.are.same({ "+1 strength 2 against 1", "+1 attack through the Flank",
                      "+1 attack through the Rear" },
      labels(shock.drm(g, "attacker", { "4L-1", "4L-2" }, { "4US-1" }, "0303")))
    g.store:set_marker("4US-1", "disordered", 1)
    assert.are.same({ "-1 defender Disordered" },
      labels(shock.drm(g, "defender", { "4L-1" }, { "4US-1" }, "0303")))
  end)
end)

describe("[rough_and_ready 6.38] [rough_and_ready 7.0] a defender stacked with a wagon", function()
  local function wagon_mods(defender)
    local g = require("volley.game").open("rough-and-ready/palo-alto")
    g:setup_defaults()
    local at = where(g, defender)
    assert(g.store:place("Wagon-1", at))
    local out = {}
    for _, l in ipairs(labels(shock.drm(g, "attacker", { "4L-1" }, { defender }, at))) do
      if l:find("wagon", 1, true) then out[#out + 1] = l end
    end
    return out
  end

  it("is captured when its unit retreats", function()
    local g = require("volley.game").open("rough-and-ready/palo-alto")
    for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
    f.put(g, { ["5US-1"] = "3016", ["Wagon-1"] = "3016" }, { ["5US-1"] = "SW/NW" })
    local at = require("systems.rough_and_ready.facing").front(g, "5US-1")[1]
    assert(g.store:place("4L-1", at))
    for _, w in ipairs({ "N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N" }) do
      assert(g.store:face("4L-1", w))
      if #shock.targets(g, "4L-1") > 0 then break end
    end
    g.vars.activation = { side = "MEX", units = { "4L-1" }, artillery = {} }
    assert.are.same({ "3016" }, shock.targets(g, "4L-1"))
    g.dice:force{ 0, 9, 0 }
    local rec, log = f.run(g, { "2916" }, function()
      return shock.shock(g, { "4L-1" }, "3016")
    end)
    assert.are.equal("defender", rec.loser)
    assert.are.equal("eliminated", where(g, "Wagon-1"))
    assert.are.equal("3016", where(g, "4L-1"))
    assert.are.same({ "retreat", "2916" }, { log[1].kind, where(g, "5US-1") })
  end)

  it("gives the attacker -2 (digest A4), not when the defender is cavalry", function()
    assert.are.same({ "-2 defender stacked with a wagon" }, wagon_mods("5US-1"))
    assert.are.same({}, wagon_mods("May"))
  end)
end)

describe("[rough_and_ready 6.37] the Shock Result Table (T-RR-23)", function()
  it("adjusted 1 / 2 / 5 / 6 / 8 / 9 / 12 give 0 / 1 / 1 / 2 / 2 / 3 / 3 Hits", function()
    local g = open({})
    local got = {}
    for _, t in ipairs({ 1, 2, 5, 6, 8, 9, 12 }) do
      local mods = modifiers.new()
      local d = math.min(t, 9)
      if t > d then mods:add(t - d, "test", "[rough_and_ready 6.38]") end
      g.dice:force{ d }
      got[#got + 1] = g:chart_roll("shock", mods, "test", "[rough_and_ready 6.37]").hits
    end
    assert.are.same({ 0, 1, 1, 2, 2, 3, 3 }, got)
  end)
end)

describe("[rough_and_ready 6.37] [rough_and_ready 6.72] [rough_and_ready 6.75] a shock", function()
  it("both roll; more Hits on the defender: it retreats to a cheapest hex, a Hit in a front",
    function()
      local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
      g.dice:force{ 0, 9, 0 }       -- Commitment; attacker 9 = 3 Hits; defender 0 +1 = 0 Hits
      local rec, log = f.run(g, { "0203" }, function()
        return shock.shock(g, { "4L-1" }, "0303")
      end)
      assert.are.same({ 0, 3, "defender" },
        { rec.hits_on_attacker, rec.hits_on_defender, rec.loser })
      assert.are.same({ "0203", "0302", "0403" }, log[1].options)  -- not 0304; 0204 costs 3
      assert.are.equal("0203", where(g, "4US-1"))
      assert.are.equal("0303", where(g, "4L-1"))
      assert.are.equal(4, hits.hits(g, "4US-1"))          -- 3, and 1 for 4L-1's front
      assert.are.same({ "4US-1 takes a Hit (retreat into the front of 4L-1, which stands in "
        .. "0303 until the shock is over [rough_and_ready 6.36, 6.75]): 4 Hits, Adjusted "
        .. "Morale 2 [rough_and_ready 6.54]" },
        require("support.rr").lines(g, "retreat into the front"))
    end)

  it("a retreat hex that is not offered is refused saying why [rough_and_ready 6.75]",
    function()
      local function refused(answer)
        local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
        g.dice:force{ 0, 9, 0 }
        return f.stop(g, { answer }, function() return shock.shock(g, { "4L-1" }, "0303") end)
      end
      local legal = " (legal: 0203, 0302, 0403) [rough_and_ready 6.75]"
      assert.are.equal("refused: '0304' is not a legal answer to retreat: 0304 is an "
        .. "attacker's hex of origin" .. legal, refused("0304"))
      assert.are.equal("refused: '0204' is not a legal answer to retreat: 0204 costs 3 MP and "
        .. "the cheapest hexes 1" .. legal, refused("0204"))
      assert.are.equal("refused: '0505' is not a legal answer to retreat: 0505 is not next to "
        .. "0303, where 4US-1 stands" .. legal, refused("0505"))
      assert.are.equal("refused: 'north' is not a legal answer to retreat: 'north' is not a "
        .. "hex of the map" .. legal, refused("north"))
    end)

  it("[rough_and_ready 6.73] more Hits on the attacker: infantry goes back to its hex", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
    g.dice:force{ 0, 0, 9 }
    local rec = f.run(g, {}, function() return shock.shock(g, { "4L-1" }, "0303") end)
    assert.are.same({ 3, 0, "attacker" },
      { rec.hits_on_attacker, rec.hits_on_defender, rec.loser })
    assert.are.equal("0304", where(g, "4L-1"))
    assert.are.equal("0303", where(g, "4US-1"))
  end)

  it("[rough_and_ready 6.74] attacking cavalry: its hex of origin first, then up to 2 more",
    function()
      local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0304" }, { "RANCH-1" })
      g.dice:force{ 0, 0, 9 }             -- defender 9 +1 (strength equal, Morale 6 > 4)
      local rec, log = f.run(g, { "0305", "stop" }, function()
        return shock.shock(g, { "RANCH-1" }, "0303")
      end)
      assert.are.same({ "attacker", 3 }, { rec.loser, hits.hits(g, "RANCH-1") })
      assert.are.equal("0305", where(g, "RANCH-1"))
      assert.are.same({ "retreat", "retreat" }, { log[1].kind, log[2].kind })
      for _, o in ipairs(log[1].options) do assert.are_not.equal("0303", o) end  -- shock hex
      assert.are.equal("stop", log[1].options[#log[1].options])
      assert.are.equal("stop", log[2].options[#log[2].options])
      assert.are.same({ "RANCH-1 retreats from 0303 to its hex of origin 0304 "
        .. "[rough_and_ready 6.74]", "RANCH-1 retreats on to 0305 [rough_and_ready 6.74]" },
        require("support.rr").lines(g, "RANCH-1 retreats"))
    end)

  it("[rough_and_ready 6.74] the cavalry's further hex: the shock's hex is refused saying why",
    function()
      local g = open({ ["4US-1"] = "0303", ["RANCH-1"] = "0304" }, { "RANCH-1" })
      g.dice:force{ 0, 0, 9 }
      local err = f.stop(g, { "0303" }, function()
        return shock.shock(g, { "RANCH-1" }, "0303")
      end)
      assert.matches("^refused: '0303' is not a legal answer to retreat: 0303 is the hex of the "
        .. "shock it lost %(legal: [%d, ]+, stop%) %[rough_and_ready 6.74%]$", err)
    end)

  it("[rough_and_ready 6.71] fire Hits never move a unit: no retreat after fire", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
    hits.small_arms(g, "4US-1", 3, "test fire [rough_and_ready 6.16]")
    assert.are.same({ "0303", 3 }, { where(g, "4US-1"), hits.hits(g, "4US-1") })
    assert.are.same({}, require("support.rr").lines(g, "retreats"))
  end)

  it("a `retreat.apply` replace handler moves the losers instead; observers follow", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
    local seen = {}
    g.hooks:on("retreat.apply", function(ctx)
      seen[#seen + 1] = "replace " .. table.concat(ctx.units, ",") .. " " .. ctx.from
      assert(g.store:place("4US-1", "0302"))
    end, { kind = "replace" })
    g.hooks:on("retreat.apply", function(ctx) seen[#seen + 1] = "observe " .. ctx.from end)
    g.dice:force{ 0, 9, 0 }
    f.run(g, {}, function() return shock.shock(g, { "4L-1" }, "0303") end)
    assert.are.same({ "replace 4US-1 0303", "observe 0303" }, seen)
    assert.are.same({ "0302", 3 }, { where(g, "4US-1"), hits.hits(g, "4US-1") })
  end)

  it("equal Hits: the side with the lowest Adjusted Morale; then the attacker", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
    assert.are.equal("attacker", shock.loser(g, 1, 1, { "4L-1" }, { "4US-1" }))  -- 5 < 6
    g.store:set_marker("4US-1", "hits", 2)
    assert.are.equal("defender", shock.loser(g, 1, 1, { "4L-1" }, { "4US-1" }))  -- 4 < 5
    g.store:set_marker("4US-1", "hits", 1)
    assert.are.equal("attacker", shock.loser(g, 1, 1, { "4L-1" }, { "4US-1" }))  -- 5 = 5
    assert.are.equal("defender", shock.loser(g, 1, 2, { "4L-1" }, { "4US-1" }))
  end)

  it("[rough_and_ready 6.76] a defender with no hex to retreat into is eliminated", function()
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304", ["4L-2"] = "0404",
                     ["6L-1"] = "0403", ["6L-2"] = "0203", ["RANCH-1"] = "0302",
                     ["VN-1"] = "0204" })
    assert.are.same({}, shock.retreat_hexes(g, "4US-1", "0303", { "0304" }))
    g.dice:force{ 0, 9, 0 }
    f.run(g, {}, function() return shock.shock(g, { "4L-1" }, "0303") end)
    assert.are.equal("eliminated", where(g, "4US-1"))
    assert.are.same({ "4US-1 is eliminated: no hex to retreat into [rough_and_ready 6.76]" },
      require("support.rr").lines(g, "no hex to retreat"))
  end)

  it("[rough_and_ready 6.36] the winner backs its surplus out to its hex of origin", function()
    -- an activation of two commands' units, built by hand: 4L-1 (Vega) and 6L-1 (Garcia)
    -- may not stack together [rough_and_ready 5.21]
    local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304", ["6L-1"] = "0404" },
      { "4L-1", "6L-1" })
    g.dice:force{ 0, 0, 9, 0 }
    f.run(g, { "0203" }, function() return shock.shock(g, { "4L-1", "6L-1" }, "0303") end)
    assert.are.equal("0303", where(g, "4L-1"))
    assert.are.equal("0404", where(g, "6L-1"))
  end)
end)

describe("[rough_and_ready 6.36] [rough_and_ready 6.75] the loser retreats before the "
  .. "overstack is cleared", function()
  it("a hex in the front of a surplus winner costs a Hit; the surplus then goes back",
    function()
      -- a new player's game: 6L-2 retreated into ArtRegt-2's front, ArtRegt-2 then went back
      -- (docs/rulings/rough_and_ready.md, Rulings of our own, 6.36). 4L-1 faces N/NE (0302,
      -- 0403), 6L-1 NW/N (0203, 0302): only the surplus 6L-1 has 0203 in its front
      local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0304", ["6L-1"] = "0404" },
        { "4L-1", "6L-1" })
      assert(g.store:face("4L-1", "N/NE"))
      g.dice:force{ 0, 0, 9, 0 }
      local _, log = f.run(g, { "0203" }, function()
        return shock.shock(g, { "4L-1", "6L-1" }, "0303")
      end)
      assert.are.same({ "0203", "0302", "0403" }, log[1].options)
      assert.are.equal(4, hits.hits(g, "4US-1"))            -- 3, and 1 for 6L-1's front
      local rr = require "support.rr"
      assert.are.same({ "4US-1 takes a Hit (retreat into the front of 6L-1, which stands in "
        .. "0303 until the shock is over [rough_and_ready 6.36, 6.75]): 4 Hits, Adjusted "
        .. "Morale 2 [rough_and_ready 6.54]" },
        rr.lines(g, "retreat into the front"))
      assert.are.same({ "6L-1 goes back to 0404: 0303 is full now that the shock is over "
        .. "[rough_and_ready 6.36]" }, rr.lines(g, "goes back"))
      assert.are.same({ "0303", "0404" }, { where(g, "4L-1"), where(g, "6L-1") })
    end)
end)

describe("[rough_and_ready 6.39] artillery in shock", function()
  it("alone: eliminated after the Commitment, no other roll, no loss", function()
    local g = open({ C3US = "0303", ["4L-1"] = "0304" })
    g.dice:force{ 0 }
    local rec = f.run(g, {}, function() return shock.shock(g, { "4L-1" }, "0303") end)
    assert.are.equal(1, g.dice:count())
    assert.are.equal("eliminated", where(g, "C3US"))
    assert.are.equal("0303", where(g, "4L-1"))
    assert.are.same({ "defender", 0 }, { rec.loser, hits.hits(g, "4L-1") })
  end)

  it("stacked: no Hits on it, it retreats with the infantry", function()
    local g = open({ ["4US-1"] = "0303", C3US = "0303", ["4L-1"] = "0304", ["4L-2"] = "0404" })
    g.dice:force{ 0, 0, 9, 0 }
    f.run(g, { "0403" }, function() return shock.shock(g, { "4L-1", "4L-2" }, "0303") end)
    assert.are.same({ 3, 0 }, { hits.hits(g, "4US-1"), hits.hits(g, "C3US") })
    assert.are.same({ "0403", "0403" }, { where(g, "4US-1"), where(g, "C3US") })
  end)

  it("stacked with infantry eliminated: it goes too", function()
    local g = open({ ["4US-1"] = "0303", C3US = "0303", ["4L-1"] = "0304", ["4L-2"] = "0404" })
    g.store:set_marker("4US-1", "hits", 5)
    g.dice:force{ 0, 0, 9, 0 }
    f.run(g, {}, function() return shock.shock(g, { "4L-1", "4L-2" }, "0303") end)
    assert.are.same({ "eliminated", "eliminated" }, { where(g, "4US-1"), where(g, "C3US") })
  end)
end)

describe("[rough_and_ready 6.31] the shock step in the actions request", function()
  it("offers `shock`; once one is made, only `shock` and `done` remain", function()
    local actions = require "systems.rough_and_ready.actions"
    local g = open({ Vega = "0305", ["4US-1"] = "0303", ["4L-1"] = "0304", ["4L-2"] = "0404" })
    g.vars.activation.target, g.vars.activation.leader = "vega", "Vega"
    g.vars.moved, g.vars.rallied = {}, {}
    local opts = actions.options(g)
    assert.are.same({ "shock", "done" }, { opts[#opts - 1], opts[#opts] })
    assert.is_true(#opts > 2)                               -- moves too
    g.vars.shock_step = true
    assert.are.same({ "shock", "done" }, actions.options(g))
  end)
end)

describe("[rough_and_ready 6.31] [rough_and_ready 6.37] a shock played through the runtime", function()
  it("Garland's 4US-1 shocks 4L-1: the shock request, the retreat request, then no more moves",
    function()
      local rr = require "support.rr"
      local g = rr.open()
      assert(g.store:place("4L-1", "0303"))
      assert(g.store:face("4US-1", "SE/S"))
      assert(g.store:face("4L-1", "NW/N"))
      -- Commitment 0 -1 (Garland); attacker 9 +1 (Morale 6 > 5) = 3 Hits; defender 0: none
      g.dice:force{ 0, 9, 0 }
      local rec = rr.play(g, { "garland", "shock", "4US-1 0303", "0403" },
        { auto = { leadership = "no", artillery = "done" } })
      local moves = rr.requests(rec, "move")
      assert.are.equal(1, #moves)                 -- the shock step ended the movement
      assert.are.equal("shock", moves[1].options[#moves[1].options - 1])
      assert.are.same({ "4US-1 0303", "done" }, rr.requests(rec, "shock")[1].options)
      assert.are.same({ "0203", "0403" }, rr.requests(rec, "retreat")[1].options)
      assert.are.same({ "0303", "0403", 3 },
        { where(g, "4US-1"), where(g, "4L-1"), hits.hits(g, "4L-1") })
    end)
end)

describe("[rough_and_ready 6.38] terrain on the attacker's roll (the chart's notes b and e)",
  function()
  local game = require "volley.game"

  -- Palo Alto with every unit set aside, then `at` placed and faced as on the fixture.
  local function pa(at)
    local g = game.open("rough-and-ready/palo-alto")
    for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
    f.put(g, at)
    return g
  end

  -- The terrain labels of the attacker's modifiers.
  local function terrain(g, attackers, defenders, hex)
    local out = {}
    for _, l in ipairs(labels(shock.drm(g, "attacker", attackers, defenders, hex))) do
      if l:find("defender in ", 1, true) or l:find("attack from ", 1, true)
          or l:find("attack across ", 1, true) then
        out[#out + 1] = l
      end
    end
    return out
  end

  it("a defender in chaparral: -2", function()
    local g = open({ ["4US-1"] = "0204", ["4L-1"] = "0304" })
    assert.are.same({ "-2 defender in Chaparral" }, terrain(g, { "4L-1" }, { "4US-1" }, "0204"))
  end)

  it("an attack across a river hexside: -3", function()
    local g = open({ ["4US-1"] = "0803", ["4L-1"] = "0804" })
    assert.are.same({ "-3 attack across River" }, terrain(g, { "4L-1" }, { "4US-1" }, "0803"))
  end)

  it("marsh counts only for an attack from it, never for the defender in it (note e)",
    function()
    local g = pa({ ["5US-1"] = "1803", ["4L-1"] = "1703" })
    assert.are.same({}, terrain(g, { "4L-1" }, { "5US-1" }, "1803"))
    g = pa({ ["5US-1"] = "1703", ["4L-1"] = "1803" })
    assert.are.same({ "-1 attack from Marsh" }, terrain(g, { "4L-1" }, { "5US-1" }, "1703"))
  end)

  it("an attack from a lagoon into marsh: the lagoon's -1 only", function()
    local g = pa({ ["5US-1"] = "2005", ["4L-1"] = "1904" })
    assert.are.same({ "-1 attack from Lagoon" }, terrain(g, { "4L-1" }, { "5US-1" }, "2005"))
  end)

  it("across a marsh hexside: -1, once however many attackers cross it", function()
    local g = pa({ ["5US-1"] = "2209", ["4L-1"] = "2309", ["4L-2"] = "2309" })
    assert.are.same({ "-1 attack across Marsh hexside" },
      terrain(g, { "4L-1", "4L-2" }, { "5US-1" }, "2209"))
    g = pa({ ["5US-1"] = "2209", ["4L-1"] = "2109" })
    assert.are.same({}, terrain(g, { "4L-1" }, { "5US-1" }, "2209"))
  end)
end)
