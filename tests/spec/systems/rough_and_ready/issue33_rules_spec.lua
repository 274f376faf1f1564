-- Issue 33's cases of the rules (points 1, 2, 3, 7, 8, 9, 10, 11), each built as a situation
-- with forced dice and driven through the rules' requests: charging after firing [6.46], the
-- leader's Commitment -1 [4.24, 5.26], Palo Alto's note d and its set-up, the guns of a hex
-- combining [6.22], a retreat and the stacking limits [5.23, 6.75], the counter-charge's rolls
-- and Hits [6.44, 6.75], the lone wagon [7.0] and a stack's split [6.35]. The rulings are in
-- docs/rulings/rough_and_ready.md; each `it` says what today's main did instead.
--
-- The fixture (tests/data/rr: clear rows 01-03, MEX faces NW/N and US SE/S unless said) and
-- Palo Alto's board, units placed and faced by hand (support.rr_fire).
local ask = require "volley.ask"
local unpack = require("volley.compat").unpack
local f = require "support.rr_fire"
local rr = require "support.rr"
local actions = require "systems.rough_and_ready.actions"
local activation = require "systems.rough_and_ready.activation"
local command = require "systems.rough_and_ready.command"
local fire = require "systems.rough_and_ready.fire"
local hits = require "systems.rough_and_ready.hits"
local movement = require "systems.rough_and_ready.movement"
local rally = require "systems.rough_and_ready.rally"
local shock = require "systems.rough_and_ready.shock"
local stacking = require "systems.rough_and_ready.stacking"

local where = f.where

local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

local function kinds(log)
  local out = {}
  for _, r in ipairs(log) do out[#out + 1] = r.kind .. "=" .. tostring(r.answer) end
  return out
end

-- The fixture with `at` placed, `units` of `side` activated (and the activation's records).
local function fixture(at, units, side, facing)
  local g = f.fixture(at, facing)
  g.vars.activation = { side = side or "MEX", units = units, artillery = {}, target = "t" }
  g.vars.moved = {}
  return g
end

-- Palo Alto with every unit set aside, then `at` placed and faced.
local function pa(at, facing, act)
  local g = require("volley.game").open("rough-and-ready/palo-alto")
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  f.put(g, at, facing)
  g.vars.activation = act
  g.vars.moved = {}
  return g
end

-- Runs `fn(g)`, answering each request by its kind from `by_kind` (a value, or a list taken
-- in turn); a kind it does not name fails the test. Returns what fn returned and the log
-- `{side, kind, options, answer}` (the answer as the request took it: its canonical form).
local function drive(g, by_kind, fn)
  local left = {}
  for k, v in pairs(by_kind) do
    left[k] = type(v) == "table" and { unpack(v) } or v
  end
  local log, out = {}, nil
  local co = coroutine.create(function() out = fn(g) end)
  ask.drive(co, function(side, req, refusal)
    if refusal then error("refused: " .. tostring(refusal), 0) end
    local a = left[req.kind]
    if type(a) == "table" then a = table.remove(a, 1) end
    if a == nil then error("no answer for a " .. req.kind .. " request of " .. side, 0) end
    local ok, value = ask.check(req, a)
    log[#log + 1] = { side = side, kind = req.kind, options = ask.legal(req),
                      answer = ok and value or a }
    return a
  end)
  return out, log
end

-- {==========================================================================================
describe("[rough_and_ready 6.46] issue 33 point 1: cavalry that has fired does not charge",
  function()
    -- RANCH-1 (Canales' cavalry, fixture) in 0304 fires at 4US-1 in 0303, then would charge
    local function fired()
      local g = fixture({ ["4US-1"] = "0303", ["RANCH-1"] = "0304" }, { "RANCH-1" })
      g.dice:force{ 0 }                                  -- 0 -2 (Mexican cavalry): nothing
      return g
    end

    it("is no longer offered `charge` once it has fired (main offered it)", function()
      local g = fired()
      local _, log = f.run(g, { "fire", "RANCH-1 0303", "no", "done" },
        function() actions.run(g) end)
      assert.are.same({ "move=fire", "fire=RANCH-1 0303", "return_fire=no", "move=done" },
        kinds(log))
      -- (before it fired, its charge has no target here either [6.41, 6.42]: the typed charge's
      -- refusal below shows that 6.46 is what forbids it)
      assert.is_false(has(log[4].options, "charge RANCH-1"))     -- after
      assert.is_true(has(log[4].options, "RANCH-1 0305"))        -- it may still move
    end)

    it("a typed `charge` is refused citing 6.46 (main rolled its Commitment)", function()
      local g = fired()
      assert.are.equal("refused: RANCH-1 has fired this activation: charging cavalry may not "
        .. "fire [rough_and_ready 6.46]",
        f.stop(g, { "fire", "RANCH-1 0303", "no", "charge RANCH-1" },
          function() actions.run(g) end))
    end)

    it("symmetric: a cavalry unit that returned fire this activation does not counter-charge "
      .. "(main asked it)", function()
      -- Palo Alto: May (Morale 6) in 3115 faces S/SW; 4L-1 in 3016 (facing N/NE) fires at it
      -- and May fires back; then 7LC-1 (Lancer, Morale 5) charges May from 3116
      local g = pa({ May = "3115", ["7LC-1"] = "3116", ["4L-1"] = "3016" },
        { May = "S/SW", ["7LC-1"] = "N/NE", ["4L-1"] = "N/NE" },
        { side = "MEX", units = { "7LC-1", "4L-1" }, artillery = {}, target = "torrejon" })
      g.dice:force{ 0, 0 }                   -- 4L-1's fire, May's: nothing each
      local _, log1 = drive(g, { return_fire = "yes" },
        function() return fire.fire(g, { "4L-1" }, "3115", { activated = true }) end)
      assert.are.same({ "return_fire=yes" }, kinds(log1))
      g.vars.charge_declared, g.vars.charging = { "7LC-1" }, { "7LC-1" }
      -- no counter-charge; attacker 5 +2 (charge) +1 (Lancer) = 8: 2 Hits; defender 5 +1
      -- (higher Morale) = 6: 2 Hits; equal, 7LC-1 (Adjusted 3) lower: the attacker retreats
      g.dice:force{ 5, 5 }
      local rec, log = drive(g, { reaction_fire = "no", retreat = "stop" },
        function() return shock.shock(g, { "7LC-1" }, "3115") end)
      assert.are.same({ "reaction_fire=no", "retreat=stop" }, kinds(log))
      assert.is_nil(rec.counter)
      assert.are.equal(1, #rr.lines(g, "May has fired this activation: it may not "
        .. "counter-charge [rough_and_ready 6.46]"))
      assert.are.equal(1, #rr.lines(g, "attacker rolls at 3115: d10 5 +2 (cavalry charge) +1 "
        .. "(charging Lancer) = 8"))
    end)
  end)

-- {==========================================================================================
describe("[rough_and_ready 4.24] [rough_and_ready 5.26] issue 33 point 2: the leader's -1 on "
  .. "a Commitment roll", function()
    -- 6L-1 (Garcia's, Morale 5) in 0304 shocks 4US-1 in 0303 on a d10 6
    local function commit(leader)
      local at = { ["4US-1"] = "0303", ["6L-1"] = "0304" }
      if leader then at[leader] = "0304" end
      local g = fixture(at, { "6L-1" })
      g.dice:force{ 6, 0, 0 }
      local rec = drive(g, { retreat = "stop" }, function()
        return shock.shock(g, { "6L-1" }, "0303")
      end)
      return g, rec
    end

    it("Vega, of another command, stacked with Garcia's 6L-1 gives nothing (main gave -1)",
      function()
        local g, rec = commit("Vega")
        assert.are.same({}, rec.committed)
        assert.are.same({ "6L-1 rolls for Commitment against 0303: d10 6 = 6 against Adjusted "
          .. "Morale 5: does not commit [rough_and_ready 6.33]" },
          rr.lines(g, "rolls for Commitment"))
        assert.are.equal(1, #rr.lines(g, "Vega is stacked with 6L-1 but does not lead its "
          .. "command: no -1 on its Commitment [rough_and_ready 4.24, 5.26]"))
      end)

    it("nor does the Overall Commander, Arista (main gave -1)", function()
      local _, rec = commit("Arista")
      assert.are.same({}, rec.committed)
    end)

    it("Garcia, its own leader, gives -1: 6 - 1 = 5 commits", function()
      local g, rec = commit("Garcia")
      assert.are.same({ "6L-1" }, rec.committed)
      assert.are.equal(1, #rr.lines(g, "6L-1 rolls for Commitment against 0303: d10 6 -1 "
        .. "(Garcia stacked with it) = 5 against Adjusted Morale 5: commits"))
    end)
  end)

-- {==========================================================================================
describe("[rough_and_ready PA note d] issue 33 point 3: Palo Alto's note d and its set-up",
  function()
    local function default_game()
      local g = require("volley.game").open("rough-and-ready/palo-alto")
      g:setup_defaults()
      activation.open(g)
      return g
    end

    it("the default set-up leaves every unit in its leader's range but Ker, whom the printed "
      .. "3014-5 and 3618 put 6 hexes from Twiggs at best (main: 10L-2 and the Tampico "
      .. "Veterans out too)", function()
        local g = default_game()
        local out = {}
        for _, u in ipairs(g.store:units{ class = "combat" }) do
          if not command.in_command(g, u) then out[#out + 1] = u end
        end
        assert.are.same({ "Ker" }, out)
        assert.are.same({ "1319", "1314" }, { where(g, "Garcia"), where(g, "Vega") })
        -- Twiggs's printed hexes: Ker is 6 and 7 hexes away, past his range of 4
        assert.are.equal(4, g.store:get("Twiggs", "command_range"))
        assert.are.same({ 6, 7 }, { command.path_length(g, "US", "3015", "3618", 20),
                                    command.path_length(g, "US", "3014", "3618", 20) })
      end)

    -- MEX activates `name` as after a pass (no roll), answering by kind
    local function activate(g, name, by_kind)
      g.vars.play, g.vars.mode = "MEX", "after_pass"
      local answers = { activate = name, artillery = "done" }
      for k, v in pairs(by_kind or {}) do answers[k] = v end
      local _, log = drive(g, answers, function() activation.select(g) end)
      return log
    end

    it("Vega may activate the Ligero Cavalry (LigC) too, for movement only (main: never)",
      function()
        local g = default_game()
        local log = activate(g, "vega", { also_activate = "LigC" })
        local asked
        for _, r in ipairs(log) do
          if r.kind == "also_activate" then asked = r end
        end
        assert.are.same({ "LigC", "done" }, asked.options)
        assert.is_true(has(g.vars.activation.units, "LigC"))
        assert.are.same({ "LigC" }, g.vars.activation.moves_only)
        -- in command from Vega's range (1314 to 1212: 3 hexes)
        assert.are.equal(0, g.store:marker("LigC", "out_of_command"))
        -- it moves; it may not charge, shock, fire or rally [PA note d]
        local opts = movement.options(g)
        assert.is_true(has(opts, "LigC 1112"))
        assert.is_false(has(opts, "charge LigC"))
        local why = "LigC is activated by Vega for movement only: it may not "
        assert.are.same({ false, why .. "charge nor shock [rough_and_ready PA note d]" },
          { shock.eligible(g, "LigC") })
        assert.are.same({ false, why .. "charge nor shock [rough_and_ready PA note d]" },
          { movement.validate(g, "charge LigC") })
        assert.are.equal(why .. "fire [rough_and_ready PA note d]",
          fire.check(g, { "LigC" }, "3016", { activated = true }))
        assert.are.same({ false, why .. "rally [rough_and_ready PA note d]" },
          { rally.eligible(g, "LigC") })
      end)

    it("never in consecutive activations: after Vega, Torrejon's activation leaves it out; "
      .. "after Torrejon, Vega may not take it, enemy activity or not", function()
        local g = default_game()
        activate(g, "vega", { also_activate = "LigC" })
        activation.finish(g)
        activate(g, "torrejon")
        assert.is_false(has(g.vars.activation.units, "LigC"))
        assert.is_true(has(g.vars.activation.units, "7LC-1"))
        assert.are.equal(1, #rr.lines(g, "LigC went in MEX's last activation: not in two "
          .. "consecutive activations, it stays [rough_and_ready PA note d]"))
        activation.finish(g)
        -- Torrejon goes again (after a pass): LigC with him now
        activate(g, "torrejon")
        assert.is_true(has(g.vars.activation.units, "LigC"))
        activation.finish(g)
        -- a US activation between: LigC still may not go with Vega (its side's consecutive
        -- activations, as the guns' [rough_and_ready 4.28], digest A18)
        g.vars.play, g.vars.mode = "US", "after_pass"
        drive(g, { activate = "garland", artillery = "done" },
          function() activation.select(g) end)
        activation.finish(g)
        local log = activate(g, "vega")
        for _, r in ipairs(log) do assert.are_not.equal("also_activate", r.kind) end
        assert.is_false(has(g.vars.activation.units, "LigC"))
        assert.are.equal(1, #rr.lines(g, "LigC went in MEX's last activation: Vega may not "
          .. "activate it now (not in two consecutive activations) [rough_and_ready PA note d]"))
      end)
  end)

-- {==========================================================================================
describe("[rough_and_ready 6.22] issue 33 point 7: the guns of a hex combine", function()
  -- Ringgold's four 6-pounders in 3016 facing SE/S; 4L-1 in 3019, 3 hexes south
  local function battery()
    return pa({ ["C3US-1"] = "3016", ["C3US-2"] = "3016", ["C3US-3"] = "3016",
                ["C3US-4"] = "3016", ["4L-1"] = "3019" }, nil,
      { side = "US", units = {}, artillery = { "C3US-1", "C3US-2", "C3US-3", "C3US-4" },
        target = "twiggs" })
  end

  it("any set of them (main: one alone or all four)", function()
    local g = battery()
    local list = {}
    for _, o in ipairs(actions.fire_options(g)) do
      if o:find(" 3019$") then list[#list + 1] = o end
    end
    assert.are.equal(15, #list)
    assert.are.same({ "C3US-1 3019", "C3US-2 3019", "C3US-3 3019", "C3US-4 3019",
                      "C3US-1+C3US-2 3019", "C3US-1+C3US-3 3019" },
      { unpack(list, 1, 6) })
    assert.are.equal("C3US-1+C3US-2+C3US-3+C3US-4 3019", list[15])
  end)

  it("named in any order: read as the set listed, +1 for the second gun (main refused it)",
    function()
      local g = battery()
      g.dice:force{ 0 }
      local _, log = drive(g, { move = { "fire", "done" }, fire = "C3US-3+C3US-1 3019" },
        function() actions.run(g) end)
      assert.are.same({ "move=fire", "fire=C3US-1+C3US-3 3019", "move=done" }, kinds(log))
      assert.are.equal(1, #rr.lines(g, "C3US-1 and C3US-3 fire at 3019 (range 3): d10 0 +1 "
        .. "(2 guns combining)"))
    end)

  it("a gun named twice is no set: refused saying so", function()
    local g = battery()
    assert.are.equal("refused: 'C3US-1+C3US-1 3019' is not a legal answer to fire: C3US-1 is "
      .. "named twice: each gun fires once [rough_and_ready 6.22]",
      f.stop(g, { "fire", "C3US-1+C3US-1 3019" }, function() actions.run(g) end))
  end)

  it("guns returning fire together may combine: the side picks the sets (main: each alone)",
    function()
      -- the 8-pounder in 3020 (facing NW/N) fires at C3US-1..3 in 3016 (facing SE/S)
      local g = pa({ ["C3US-1"] = "3016", ["C3US-2"] = "3016", ["C3US-3"] = "3016",
                     ["8pdr"] = "3020" }, nil,
        { side = "MEX", units = {}, artillery = { "8pdr" }, target = "vega" })
      g.dice:force{ 0, 0, 0 }
      local _, log = drive(g, { return_fire = "yes", combine = "C3US-1+C3US-3" },
        function() return fire.fire(g, { "8pdr" }, "3016", { activated = true }) end)
      assert.are.same({ "return_fire=yes", "return_fire=yes", "return_fire=yes",
                        "combine=C3US-1+C3US-3" }, kinds(log))
      assert.are.same({ "C3US-1+C3US-2", "C3US-1+C3US-3", "C3US-2+C3US-3",
                        "C3US-1+C3US-2+C3US-3", "each" }, log[4].options)
      assert.are.equal(1, #rr.lines(g, "C3US-1 and C3US-3 fire at 3020 (range 4): d10 0 +1 "
        .. "(2 guns combining)"))
      assert.are.equal(1, #rr.lines(g, "C3US-2 fires at 3020 (range 4): d10 0 = 0"))
    end)

  it("and a gun's movement reaction fire may take the guns of its hex with it", function()
    local g = pa({ ["C3US-1"] = "3016", ["C3US-2"] = "3016", ["4L-1"] = "3017" }, nil,
      { side = "MEX", units = { "4L-1" }, artillery = {}, target = "vega" })
    g.dice:force{ 0 }
    local _, log = drive(g, { reaction_fire = "yes", combine = "C3US-1+C3US-2" },
      function() return fire.movement_reaction(g, "4L-1", "3017") end)
    assert.are.same({ "reaction_fire=yes", "combine=C3US-1+C3US-2" }, kinds(log))
    assert.are.same({ "C3US-1+C3US-2", "alone" }, log[2].options)
    assert.are.equal(1, #rr.lines(g, "C3US-1 and C3US-2 use movement reaction fire at 4L-1"))
    assert.is_true(fire.used(g, "reacted", "C3US-2"))
  end)
end)

-- {==========================================================================================
describe("[rough_and_ready 5.23] [rough_and_ready 6.75] issue 33 point 8: a retreat and the "
  .. "stacking limits", function()
    it("a defender hemmed in by full friendly stacks retreats into one of them (main: "
      .. "eliminated, no hex it could stack in)", function()
        -- 4US-1 (Garland's) in 0303, shocked by 4L-1 from 0304; of its other neighbours the
        -- two clear ones (0203, 0302) hold Belknap's 8US-1 and 8US-2 (another command: no room
        -- under 5.21), the three others Mexican units (never entered, 6.75)
        local grid = require("systems.rough_and_ready.facing")
        local near = {}
        for _, n in ipairs(grid.grid(f.fixture({})):neighbors("0303")) do
          if type(n) == "string" and n ~= "0304" then near[#near + 1] = n end
        end
        table.sort(near)
        assert.are.same({ "0203", "0204", "0302", "0403", "0404" }, near)
        local g = fixture({ ["4US-1"] = "0303", ["4L-1"] = "0304", ["8US-1"] = "0203",
                            ["8US-2"] = "0302", ["4L-2"] = "0204", ["6L-1"] = "0403",
                            ["6L-2"] = "0404" }, { "4L-1" })
        assert.is_false(stacking.legal(g, "4US-1", "0203"))
        assert.is_false(stacking.legal(g, "4US-1", "0302"))
        -- Commitment 0; attacker 9: 3 Hits; defender 0 +1 (higher Morale) = 1: none
        g.dice:force{ 0, 9, 0 }
        local rec, log = drive(g, { retreat = "0302" }, function()
          return shock.shock(g, { "4L-1" }, "0303")
        end)
        assert.are.equal("defender", rec.loser)
        assert.are.same({ "retreat=0302" }, kinds(log))
        assert.are.same({ "0203", "0302" }, log[1].options)
        assert.are.equal("0302", where(g, "4US-1"))
        -- the overstack stands; no other unit may move in while it does [5.23]
        local there = stacking.combat_units(g, "0302")
        table.sort(there)
        assert.are.same({ "4US-1", "8US-2" }, there)
        assert.is_false(stacking.legal(g, "4US-2", "0302"))
      end)

    it("never into an enemy hex", function()
      local g = fixture({ ["4US-1"] = "0303", ["4L-1"] = "0304" }, { "4L-1" })
      assert.is_false(stacking.legal(g, "4US-1", "0304", { retreat = true }))
      g.store:place("8US-1", "0302")
      assert.is_true(stacking.legal(g, "4US-1", "0302", { retreat = true }))
    end)
  end)

-- {==========================================================================================
describe("[rough_and_ready 6.44] issue 33 point 9: a failed counter-charge", function()
  it("each counter-charger rolls its own die: May passes and holds, Ker fails and falls back; "
    .. "the charge attacks May without its +2 (main: one roll for both)", function()
      local g = pa({ May = "3115", Ker = "3115", ["7LC-1"] = "3116" },
        { May = "S/SW", Ker = "S/SW", ["7LC-1"] = "N/NE" },
        { side = "MEX", units = { "7LC-1" }, artillery = {}, target = "torrejon" })
      g.vars.charge_declared, g.vars.charging = { "7LC-1" }, { "7LC-1" }
      -- Ker (on top) 7, May 6 (both Morale 6); attacker 4 +1 (Lancer) = 5: 1 Hit; defender
      -- 4 +1 (higher Morale) = 5: 1 Hit; equal, 7LC-1 (Adjusted 4) lower: the attacker
      -- retreats
      g.dice:force{ 7, 6, 4, 4 }
      local rec, log = drive(g, { reaction_fire = "no", counter_charge = "yes",
                                  retreat = { "3114", "3113", "3112", "stop" } },
        function() return shock.shock(g, { "7LC-1" }, "3115") end)
      -- Ker, the top unit, is asked the fire before the charge enters (only the top unit of a
      -- stack fires [5.24]); one answer for the counter-charge, two dice
      assert.are.same({ "reaction_fire=no", "counter_charge=yes", "retreat=3114",
                        "retreat=3113", "retreat=3112", "retreat=stop" }, kinds(log))
      assert.are.same({ "Ker counter-charges: d10 7 against Adjusted Morale 6: failed "
        .. "[rough_and_ready 6.44]", "May counter-charges: d10 6 against Adjusted Morale 6: "
        .. "passed [rough_and_ready 6.44]" }, rr.lines(g, "counter-charges: d10"))
      assert.are.equal("mixed", rec.counter)
      assert.are.same({ "3112", true }, { where(g, "Ker"), hits.disordered(g, "Ker") })
      assert.are.same({ "3115", false }, { where(g, "May"), hits.disordered(g, "May") })
      assert.are.equal(1, #rr.lines(g, "attacker rolls at 3115: d10 4 +1 (charging Lancer) = 5"))
      assert.are.equal("attacker", rec.loser)
    end)

  it("a Hit for each hex of the retreat that is in an enemy's front: two hexes of 4L-1's "
    .. "front, two Hits", function()
      -- May in 3115, charged by 7LC-1 from 3116, fails (7); 4L-1 in 3014 faces E (NE/SE):
      -- 3113 and 3114 are both in its front
      local g = pa({ May = "3115", ["7LC-1"] = "3116", ["4L-1"] = "3014" },
        { May = "S/SW", ["7LC-1"] = "N/NE", ["4L-1"] = "NE/SE" },
        { side = "MEX", units = { "7LC-1" }, artillery = {}, target = "torrejon" })
      g.vars.charge_declared, g.vars.charging = { "7LC-1" }, { "7LC-1" }
      g.dice:force{ 7 }
      local rec = drive(g, { reaction_fire = "no", counter_charge = "yes",
                             retreat = { "3114", "3113", "3112" }, charge_move = "3114" },
        function() return shock.shock(g, { "7LC-1" }, "3115") end)
      assert.are.equal("failed", rec.counter)
      assert.are.same({ "3112", 2 }, { where(g, "May"), hits.hits(g, "May") })
      assert.are.equal(2, #rr.lines(g, "May takes a Hit (retreat into the front of 4L-1: a "
        .. "failed counter-charger retreats as a defender [rough_and_ready 6.44, 6.75])"))
    end)
end)

-- {==========================================================================================
describe("[rough_and_ready 7.0] issue 33 point 10: a lone wagon shocked", function()
  it("inflicts no Hit: it rolls no die (main rolled a d10 for it, up to 3 Hits)", function()
    local g = pa({ ["Wagon-1"] = "3216", ["4L-1"] = "3215" }, { ["4L-1"] = "S/SW" },
      { n = 1, side = "MEX", units = { "4L-1" }, artillery = {}, target = "vega" })
    g.dice:force{ 0, 0, 9 }                    -- Commitment 0; attacker 0 + 2 = 2: 1 Hit
    local rec = drive(g, {}, function() return shock.shock(g, { "4L-1" }, "3216") end)
    assert.are.same({ "defender", 1, 0, 0 },
      { rec.loser, rec.hits_on_defender, rec.hits_on_attacker, hits.hits(g, "4L-1") })
    assert.are.equal(2, g.dice:count())
    assert.are.same({ "Wagon-1 at 3216 has an unmodifiable strength of 0: it rolls no die and "
      .. "inflicts no Hit [rough_and_ready 7.0]" }, rr.lines(g, "unmodifiable strength"))
    assert.are.equal("eliminated", where(g, "Wagon-1"))
  end)
end)

-- {==========================================================================================
describe("[rough_and_ready 6.35] issue 33 point 11: a stack's split, before the first "
  .. "Commitment roll", function()
    -- 4L-1 and 4L-2 in 0304 (facing NW/N): 4US-1 in 0303 and 4US-2 in 0204 in their front
    local function stack()
      return fixture({ ["4US-1"] = "0303", ["4US-2"] = "0204", ["4L-1"] = "0304",
                       ["4L-2"] = "0304" }, { "4L-1", "4L-2" })
    end

    it("is declared when the stack's first shock is answered, before its roll; the declared "
      .. "attack is then made before the step ends (main: chosen after seeing the roll)",
      function()
        local g = stack()
        g.dice:force{ 9, 9 }                   -- both Commitments fail (Morale 5)
        local _, log = drive(g, { move = "shock", shock = { "4L-1 0303", "4L-2 0204" },
                                  allocate = "4L-2 0204" }, function() actions.run(g) end)
        assert.are.same({ "move=shock", "shock=4L-1 0303", "allocate=4L-2 0204", "move=shock",
                          "shock=4L-2 0204" }, kinds(log))
        assert.are.same({ "4L-2 0204", "none" }, log[3].options)
        -- after the first shock: only the declared attack, no done
        assert.are.same({ "shock" }, log[4].options)
        assert.are.same({ "4L-2 0204" }, log[5].options)
        local declared = rr.lines(g, "4L-2 of 0304: declared against 0204")
        local rolled = rr.lines(g, "4L-1 rolls for Commitment")
        assert.are.equal(1, #declared)
        local at = {}
        for i, l in ipairs(g.narrative) do at[l] = at[l] or i end
        assert.is_true(at[declared[1]] < at[rolled[1]])
        assert.are.equal(2, g.dice:count())
      end)

    it("`none`: the rest of the stack may not shock at all this activation", function()
      local g = stack()
      g.dice:force{ 9 }
      local _, log = drive(g, { allocate = "none" },
        function() return shock.shock(g, { "4L-1" }, "0303") end)
      assert.are.same({ "allocate=none" }, kinds(log))
      assert.are.same({ false, "4L-2 was left out of the attacks its stack declared: it may "
        .. "not shock this activation [rough_and_ready 6.35]" }, { shock.eligible(g, "4L-2") })
      assert.are.same({}, shock.options(g))
    end)
  end)

-- {==========================================================================================
describe("[rough_and_ready PA Initial Deployment] issue 33 point 3: a set-up line's default",
  function()
    local placement = require "volley.placement"

    it("`<spec> default <location>` names the default of the line's choices", function()
      assert.are.same({ "1318-9", "1319" }, { placement.split_default("1318-9 default 1319") })
      assert.are.same({ "1318-9" }, { placement.split_default("1318-9") })
      assert.are.same({ nil, "no location after 'default'" },
        { placement.split_default("1318-9 default") })
      assert.are.same({ nil, "'default' names one location, not '1319 1318'" },
        { placement.split_default("1318-9 default 1319 1318") })
    end)

    it("Palo Alto's leaders default to the hexes that keep their commands in range", function()
      local g = require("volley.game").open("rough-and-ready/palo-alto")
      local defaults = {}
      for _, c in ipairs(g.setup.choices) do
        if #c.units == 1 and (c.units[1] == "Garcia" or c.units[1] == "Vega") then
          defaults[c.units[1]] = c.request.default
        end
      end
      assert.are.same({ Garcia = "1319", Vega = "1314" }, defaults)
    end)
  end)
