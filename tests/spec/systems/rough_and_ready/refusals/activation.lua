-- The refusals of the activation (activation.lua, command.lua) and of the activated units'
-- fire (fire.lua, artillery.lua), each produced by a situation on the fixture
-- (tests/data/rr: clear rows 01-03 and 07-10, tall grass 2 MP in rows 04-06; US facing
-- SE/S, Mexicans NW/N) or on Palo Alto, driven through the requests that ask it: the
-- activation chain (rr.play, activation.select), the move request (actions.run) and the fire
-- request it opens. A few the requests never show are called directly, each saying why. Run
-- from refusal_cases_spec.lua (support/rr_refusal.lua), where describe and it are busted's.
local R = require "support.rr_refusal"
local f = require "support.rr_fire"
local rr = require "support.rr"
local ask = require "volley.ask"
local activation = require "systems.rough_and_ready.activation"
local actions = require "systems.rough_and_ready.actions"
local artillery = require "systems.rough_and_ready.artillery"
local fire = require "systems.rough_and_ready.fire"
local open, stop, refused = R.open, R.stop, R.refused

-- Palo Alto with every unit off the map, then `at` placed, and an activation of `side`.
local function palo_alto(at, side, units, guns, facing)
  local g = require("volley.game").open("rough-and-ready/palo-alto")
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  f.put(g, at, facing)
  g.vars.activation = { n = 1, side = side, units = units, artillery = guns or {},
                        target = side == "US" and "twiggs" or "vega",
                        leader = side == "US" and "Twiggs" or "Vega" }
  return g
end

-- The activation select step from `play`/`mode`, answered with `answers`: the refusal.
local function select_stop(g, play, mode, answers)
  activation.open(g)
  g.vars.play, g.vars.mode = play, mode
  return (f.stop(g, answers, function() activation.select(g) end):gsub("^refused: ", ""))
end

describe("[rough_and_ready 3.11, 3.23, 4.1] the activate requests", function()
  it("a command or a unit that went last [4.1]", function()
    -- US opens with Garland; its roll nominates Garland again
    local rec = rr.play(rr.open(), { "garland", "garland", "belknap" })
    assert.are.same({ "garland went last: no command or leader twice in a row "
      .. "[rough_and_ready 4.1]" }, rr.refusals(rec))
    -- the independents of a hex whose unit went in MEX's last activation
    -- (Vega's 4L-1 on the map: MEX has a command to nominate, so the request is asked)
    local g = open({ ["VN-1"] = "0709", ["4L-1"] = "0305", Vega = "0305" }, "MEX", {})
    g.vars.activation = nil
    g.vars.last = { side = "MEX", kind = "independent", target = "0709", units = { "VN-1" } }
    assert.are.equal("VN-1 went last: no unit twice in a row [rough_and_ready 4.1]",
      select_stop(g, "MEX", "roll", { "0709" }))
  end)

  it("independents only by die roll [3.23]; no such command; no word", function()
    local g = open({ ["VN-1"] = "0709", ["4L-1"] = "0305", Vega = "0305" }, "MEX", {})
    g.vars.activation = nil
    assert.are.equal("independents are activated only by die roll [rough_and_ready 3.23]",
      select_stop(g, "MEX", "after_pass", { "0709" }))
    -- the form: no case forbids it, so the request's own rule
    assert.are.equal("'zz' is not a command of MEX or a hex of its independents "
      .. "[rough_and_ready 4.1]", select_stop(g, "MEX", "after_pass", { "zz" }))
    assert.are.equal("not a command or hex [rough_and_ready 4.1]",
      select_stop(g, "MEX", "after_pass", { 7 }))
  end)

  it("a line that takes guns along names a unit that is none [4.28]", function()
    -- `garland <gun>...` (docs/shell.md "One line per decision"); 4US-1 is infantry
    local rec = rr.play(rr.open(), { "garland 4US-1", "garland" })
    assert.are.same({ "'4US-1' is no gun or wagon of US: after the command, a line names the "
      .. "guns and wagons its leader takes along (garland <gun>..., garland all or garland "
      .. "done) [rough_and_ready 4.28]" }, rr.refusals(rec))
  end)

  it("a candidate a battle's handler took away without saying why", function()
    local g = rr.open()
    g.hooks:on("activation.select", function(ctx)
      local kept = {}
      for _, c in ipairs(ctx.options) do
        if c ~= "belknap" then kept[#kept + 1] = c end
      end
      ctx.options = kept
    end, { kind = "modify" })
    local rec = rr.play(g, { "belknap", "garland" })
    assert.are.same({ "'belknap' may not be activated now (a battle rule) "
      .. "[rough_and_ready 3.11]" }, rr.refusals(rec))
  end)

  it("the OC's move outside a free activation after a failed roll [4.26]", function()
    -- no request reaches it: movement.apply marks the OC moved only when
    -- activation.oc_may_move names him (the free activation after the opponent's failed roll)
    local g = rr.open()
    g.vars.activation = { n = 1, side = "US", units = {}, artillery = {}, free = true,
                          after_failure = false }
    assert.are.same({ false, "Taylor may move only in a free activation after the opponent's "
      .. "failed roll [rough_and_ready 4.26]" }, { activation.oc_moved(g, "Taylor") })
  end)
end)

describe("[rough_and_ready 4.23, PA note d] what an activated unit may not do", function()
  it("an Out of Command unit does not shock [4.23]", function()
    local g = open({ ["4US-1"] = "0302", ["4L-1"] = "0303" }, "US", { "4US-1" })
    g.store:set_marker("4US-1", "out_of_command", 1)
    assert.are.equal("4US-1 is out of command: no shock [rough_and_ready 4.23]",
      stop(g, { "shock" }))
  end)

  it("the Ligero Cavalry activated by Vega moves only [PA note d]", function()
    local g = require("volley.game").open("rough-and-ready/palo-alto")
    g:setup_defaults()
    activation.open(g)
    g.vars.play, g.vars.mode = "MEX", "after_pass"
    -- the activation under Vega: LigC too; then at the move request, a charge
    local by_kind = { activate = "vega", artillery = "done", also_activate = "LigC",
                      leadership = "no" }
    local why
    local co = coroutine.create(function()
      activation.select(g)
      actions.run(g)
    end)
    local ok, err = pcall(ask.drive, co, function(_, req, refusal)
      if refusal then
        why = refusal
        error("stop", 0)
      end
      if req.kind == "move" then return "charge LigC" end
      return assert(by_kind[req.kind], req.kind)
    end)
    assert.is_false(ok)
    assert.are.equal("stop", err)
    assert.are.equal("LigC is activated by Vega for movement only: it may not charge nor "
      .. "shock [rough_and_ready PA note d]", why)
  end)
end)

describe("[rough_and_ready RS 3.1] a movement-only activation of every unit (mode moves)",
  function()
  it("a unit of it may not charge: the battle's case is cited", function()
    -- Palo Alto opened as Rio Sacramento opens (its game.start answer, given by a handler
    -- here): every US unit moves, nothing else; at the move request, a charge
    local g = require("volley.game").open("rough-and-ready/palo-alto")
    g:setup_defaults()
    g.hooks:on("game.start", function()
      return { play = "US", mode = "moves", rule = "[rough_and_ready RS 3.1]",
               next = { play = "MEX", mode = "free" } }
    end, { kind = "replace" })
    activation.open(g)
    local why
    local co = coroutine.create(function()
      activation.select(g)
      actions.run(g)
    end)
    local ok, err = pcall(ask.drive, co, function(_, req, refusal)
      if refusal then
        why = refusal
        error("stop", 0)
      end
      if req.kind == "move" then return "charge May" end
      return req.default or ask.legal(req)[1]
    end)
    assert.is_false(ok)
    assert.are.equal("stop", err)
    assert.are.equal("May moves only in this activation: it may not charge nor shock "
      .. "[rough_and_ready RS 3.1]", why)
  end)
end)

describe("[rough_and_ready 5.24, 5.33, 6.11-6.15, 6.18] small-arms fire answers", function()
  it("range, front, the top unit, small arms combined, fired already", function()
    -- 4US-1 (top) and 4US-2 in 0302; 4L-1 in 0304 (front, 2 hexes), 4L-2 in 0202 (NW: flank),
    -- 6L-1 in 0306 (front, 4 hexes)
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302", ["4L-1"] = "0304",
                     ["4L-2"] = "0202", ["6L-1"] = "0306" }, "US", { "4US-1", "4US-2" })
    local legal = "4US-1 0304, done"
    local function fire_at(answer) return stop(g, { "fire", answer }) end
    assert.are.equal(refused("4US-1 0306", "fire", "0306 is 4 hexes from 0302 (small arms "
      .. "reach 2) [rough_and_ready 6.11]", legal), fire_at("4US-1 0306"))
    assert.are.equal(refused("4US-1 0202", "fire", "0202 is not in 4US-1's front "
      .. "[rough_and_ready 5.33]", legal), fire_at("4US-1 0202"))
    assert.are.equal(refused("4US-2 0304", "fire", "4US-2 is not the top unit of 0302: only "
      .. "the top unit fires [rough_and_ready 5.24]", legal), fire_at("4US-2 0304"))
    assert.are.equal(refused("4US-1+4US-2 0304", "fire", "small-arms units never combine: "
      .. "each fires on its own [rough_and_ready 6.15]", legal), fire_at("4US-1+4US-2 0304"))
    -- 4US-1 fires (nothing); 8US... 4US-2 may still fire once on top of another stack
    g = open({ ["4US-1"] = "0302", ["4US-2"] = "0502", ["4L-1"] = "0304", ["4L-2"] = "0504" },
      "US", { "4US-1", "4US-2" })
    g.dice:force{ 0 }
    assert.are.equal(refused("4US-1 0304", "fire", "4US-1 has fired this activation (once "
      .. "only) [rough_and_ready 6.12]", "4US-2 0504, done"),
      stop(g, { "fire", "4US-1 0304", "no", "fire", "4US-1 0304" }))
  end)

  it("a unit with no facing fires through no front [5.33]", function()
    -- the fixture as support/rr.lua sets it up, placed without facings (no face request yet)
    local rec = rr.play(rr.open(), { "garland", "C3US", "fire" },
      { auto = { leadership = "no" } })
    assert.are.same({ "4US-1 has no facing: it fires only through its front "
      .. "[rough_and_ready 5.33]; 4US-2 has no facing: it fires only through its front "
      .. "[rough_and_ready 5.33]; C3US has no facing [rough_and_ready 5.33]" },
      rr.refusals(rec))
  end)

  it("a wagon never fires [7.0]", function()
    -- Palo Alto's US wagon activated with the guns of a leader's range (4.28)
    local g = palo_alto({ ["Wagon-1"] = "3520", ["5US-1"] = "3518" }, "US", {}, { "Wagon-1" })
    assert.are.equal("Wagon-1 is a wagon: wagons never fire [rough_and_ready 7.0]",
      stop(g, { "fire" }))
  end)

  it("what no request shows: a gun's small arms, no firer, a counter-charger's fire",
    function()
      local g = open({ C3US = "0602", ["VN-1"] = "0709", ["4US-1"] = "0707" }, "US", {},
        { "C3US" })
      -- guns fire through artillery's own procedure (fire.check), never through may_fire
      assert.are.same({ false, "C3US is not infantry or cavalry: no small arms "
        .. "[rough_and_ready 6.11]" }, { fire.may_fire(g, "C3US") })
      -- a fire answer names one firer at least (fire_refusal's form)
      assert.are.equal("no firer", fire.check(g, {}, "0709"))
      -- fire_refusal asks first whether the firer is on the map and the hex holds an enemy
      assert.are.same({ false, "M8 is not on the map" }, { fire.may_fire(g, "M8") })
      assert.are.equal("0603 holds no enemy combat unit [rough_and_ready 6.11]",
        fire.check(g, { "C3US" }, "0603"))
      assert.are.equal("0708 holds no enemy combat unit [rough_and_ready 6.11]",
        fire.check(g, { "4US-1" }, "0708"))
      -- a counter-charger is the defender of the activation where it counter-charged: its
      -- fire there is reaction fire, whose requests list only the fires allowed
      g.vars.counter_charged = { "VN-1" }
      assert.are.equal("VN-1 counter-charged this activation: it may not fire "
        .. "[rough_and_ready 6.46]", fire.check(g, { "VN-1" }, "0707"))
    end)
end)

describe("[rough_and_ready 6.21-6.25, PA-Opt1] artillery fire answers", function()
  it("beyond its range [6.21], out of its front, moved [6.25], out of ammunition", function()
    -- Palo Alto (the fixture is smaller than a 6-pounder's range): A2US-1 in 3016 facing
    -- SW/NW, 4L-1 in range, 4L-2 in its front one hex past it
    local g = palo_alto({ ["A2US-1"] = "3016", ["4L-1"] = "2816" }, "US", {}, { "A2US-1" },
      { ["A2US-1"] = "SW/NW" })
    local sight = require "systems.rough_and_ready.sight"
    local range = artillery.max_range(g, "A2US-1")
    local far
    for _, h in ipairs(g.map:hexes()) do
      if not far and sight.distance(g, "3016", h) == range + 1
          and sight.in_front(g, "A2US-1", h, range + 1) then
        far = h
      end
    end
    f.put(g, { ["4L-2"] = far })
    assert.are.equal(refused("A2US-1 " .. far, "fire", "A2US-1 (6 pounder) cannot reach "
      .. (range + 1) .. " hexes (maximum " .. range .. ") [rough_and_ready 6.21]",
      "A2US-1 2816, done"), stop(g, { "fire", "A2US-1 " .. far }))
    -- C3US in 0602 facing SE/S; 4L-2 in 0501, off its front
    g = open({ C3US = "0602", ["4L-1"] = "0603", ["4L-2"] = "0501" }, "US", {}, { "C3US" })
    assert.are.equal(refused("C3US 0501", "fire", "0501 is not in C3US's front "
      .. "[rough_and_ready 5.33]", "C3US 0603, done"), stop(g, { "fire", "C3US 0501" }))
    -- a gun that moved does not fire [6.25]
    g = open({ C3US = "0602", M8 = "0608", ["4US-1"] = "0102" }, "US", { "4US-1" }, { "C3US" })
    assert.are.equal("4US-1 has no enemy combat unit within 2 hexes (its range) "
      .. "[rough_and_ready 6.11]; C3US has moved this activation: artillery moves or fires "
      .. "[rough_and_ready 6.25]", stop(g, { "C3US 0603", "SE/S", "fire" }))
    -- the marker of Palo Alto's Mexican Ammunition Problems (PA-Opt1)
    g = open({ M8 = "0608", ["4US-1"] = "0606" }, "MEX", {}, { "M8" })
    g.store:set_marker("M8", "out_of_ammo", 1)
    assert.are.equal("M8 is out of ammunition for the rest of the battle "
      .. "[rough_and_ready PA-Opt1]", stop(g, { "fire" }))
  end)

  it("only the guns of one hex combine [6.22]", function()
    local g = palo_alto({ ["A2US-1"] = "3016", ["A2US-2"] = "3018", ["4L-1"] = "2816" }, "US",
      {}, { "A2US-1", "A2US-2" }, { ["A2US-1"] = "SW/NW", ["A2US-2"] = "SW/NW" })
    local why = stop(g, { "fire", "A2US-1+A2US-2 2816" })
    assert.is_truthy(why:find("^'A2US%-1%+A2US%-2 2816' is not a legal answer to fire: only "
      .. "the guns of one hex combine %(legal: .*%) %[rough_and_ready 6%.22%]$"), why)
  end)
end)
