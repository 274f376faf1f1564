-- Palo Alto's battle rules and options written as battle scripts through the system's
-- `ctx.game` (scripts/systems/rough_and_ready/script_api.lua): Ringgold's flying artillery
-- [rough_and_ready PA 6.25], the Mexican ammunition option [rough_and_ready PA-Opt1]
-- (T-RR-13), the grass fire option and its Intermission [rough_and_ready PA-Opt2] (T-RR-14),
-- and the system's chaparral Hit roll [rough_and_ready PA 5.16]. The scripts load only in an
-- engine-owned state: tests/spec/support/pa_rules.lua runs each case there, the dice forced,
-- and returns what happened.
local core = require "volley.core"

local st

local function call(fn, ...)
  local r = { st:call("pa_rules", fn, ...) }
  assert(r[1], type(r[2]) == "table" and tostring(r[2].msg) or tostring(r[2]))
  return r[2]
end

setup(function() st = core.new_state{ modules = { "tests/spec/support" } } end)
teardown(function() st:close() end)

describe("ctx.game, the battle scripts' API", function()
  it("rolls, reads, hits and keeps flags; read-only; the system's markers refused", function()
    assert.are.same({
      readonly = "ctx.game is read-only ('roll')",
      system_marker = "game.set_marker: 'hits' is the system's marker (Hits go through game.hit)",
      no_unit = "game.value: no unit 'nobody'",
      bad_roll = "game.roll: the rule must be a non-empty string",
      bad_flag = "game.set_flag: a flag holds a string, a number or a boolean",
      morale = 4, roll = 6, eliminated = false, adjusted = 3, flag = true,
    }, call("api"))
  end)
end)

describe("[rough_and_ready PA 5.16] the chaparral Hit roll at the end of movement", function()
  it("a roll over Adjusted Morale is a Hit; equal to it, no effect", function()
    assert.are.same({ roll1 = 5, hits1 = 1, roll2 = 4, hits2 = 0,
      lines = { "4L-1 entered chaparral (0110): d10 5 against Adjusted Morale 4: 1 Hit "
        .. "[rough_and_ready PA 5.16]" } }, call("chaparral"))
  end)

  it("no roll for a move without chaparral, nor for leaders or cavalry", function()
    assert.are.same({ open_ground = "none", leader = "none", cavalry = "none", pending = 1 },
      call("chaparral_none"))
  end)

  it("movement rolls it when the move ends, before the point movement.end", function()
    assert.are.same({ hits = 1, seen = { "4L-1 0111" },
      lines = { "4L-1 entered chaparral (0111): d10 7 against Adjusted Morale 4: 1 Hit "
        .. "[rough_and_ready PA 5.16]" } }, call("chaparral_move"))
  end)
end)

describe("[rough_and_ready PA-Opt1] Mexican ammunition", function()
  it("T-RR-13: Ammo Usage 6 and a check of 9 make 15: out of ammunition for the battle",
    function()
      assert.are.same({ firers = {}, out = 1,
        lines = { "8pdr ammunition check: d10 9 + Ammo Usage 6 = 15: out of ammunition for the "
          .. "rest of the battle [rough_and_ready PA-Opt1]",
          "8pdr: no fire (8pdr is out of ammunition [rough_and_ready PA-Opt1])" },
        check = "8pdr is out of ammunition for the rest of the battle [rough_and_ready PA-Opt1]",
        offered = {},
        offered_with_ammo = { "8pdr 1610" } }, call("ammo_out"))
    end)

  it("T-RR-13: Usage 6 and 8 (14) fires and counts; Usage 5 cannot run out (no die); "
    .. "US guns are not checked", function()
    assert.are.same({ first = { "8pdr" }, usage8 = 7, second = { "4pdr" }, usage4 = 6,
                      rolls = 1, us = { "C3US-1" }, us_usage = 0 }, call("ammo_fires"))
  end)
end)

describe("[rough_and_ready PA-Opt2] the grass fire", function()
  it("T-RR-14: a US natural 9 at range 4, then 5: fire and Intermission", function()
    local r = call("grass", { dice = { 5 }, shots = { { "C3US-1", 9, 4 } } })
    assert.are.same({ "grass fire [rough_and_ready PA-Opt2]" }, r.asked)
    assert.are.same({ "natural 9 at range 4, grass fire check d10 5: the grass is on fire, play "
      .. "stops for an Intermission [rough_and_ready PA-Opt2]" }, r.fire)
  end)

  it("T-RR-14: a second roll of 4 is nothing; range 3, a Mexican gun or another natural call "
    .. "for no check", function()
    local r = call("grass", { dice = { 4 }, shots = { { "C3US-1", 9, 4 }, { "C3US-1", 9, 3 },
                                                      { "8pdr", 9, 5 }, { "C3US-1", 8, 6 } } })
    assert.are.same({ "none", "none", "none", "none" }, r.asked)
    assert.are.equal(1, r.rolls)
  end)

  it("T-RR-14: once a game [rough_and_ready E9]: no check after a fire", function()
    local r = call("grass", { dice = { 7 }, shots = { { "C3US-1", 9, 5 }, { "C3US-1", 9, 5 } } })
    assert.are.same({ "grass fire [rough_and_ready PA-Opt2]", "none" }, r.asked)
    assert.are.equal(1, r.rolls)
    assert.are.same({ "natural 9 at range 5: the grass has burnt already, no check "
      .. "[rough_and_ready E9]" }, r.again)
  end)

  it("T-RR-14 in play: the fire ends the activation's actions, then the Intermission",
    function()
      local r = call("grass_in_play")
      assert.are.same({ "US move", "US fire", "MEX move", "US move", "MEX activate" },
        r.requests)
      assert.are.equal("grass fire [rough_and_ready PA-Opt2]", r.after_actions)
      assert.are.same({ "MEX moves first and then takes a free activation "
        .. "[rough_and_ready PA-Opt2]" }, r.first)
      assert.are.equal("stop", r.stopped)
      assert.are.same({ "natural 9 at range 4, grass fire check d10 5: the grass is on fire, "
        .. "play stops for an Intermission [rough_and_ready PA-Opt2]",
        "Intermission (grass fire [rough_and_ready PA-Opt2]): US rolls 2, MEX rolls 6 "
        .. "[rough_and_ready PA-Opt2]" }, r.lines)
    end)

  it("the Intermission: high die moves first, 4 hexes kept, then its free activation "
    .. "(Canales still by roll only [rough_and_ready PA 3.0])", function()
    local r = call("intermission")
    assert.are.same({ "Intermission (grass fire [rough_and_ready PA-Opt2]): US rolls 4, MEX "
      .. "rolls 4 [rough_and_ready PA-Opt2]", "Intermission (grass fire [rough_and_ready "
      .. "PA-Opt2]): US rolls 3, MEX rolls 7 [rough_and_ready PA-Opt2]",
      "MEX redeploys in the Intermission [rough_and_ready PA-Opt2]",
      "US redeploys in the Intermission [rough_and_ready PA-Opt2]" }, r.lines)
    assert.are.same({ "MEX", "move" }, { r.requests[1].side, r.requests[1].kind })
    assert.are.same({ "US", "move" }, { r.requests[2].side, r.requests[2].kind })
    assert.are.same({ side = "MEX", kind = "activate", options = { "vega" } }, r.requests[3])
    assert.are.same({ "MEX", "intermission" }, { r.play, r.mode })
    assert.is_true(#r.prohibited > 0)
  end)
end)

describe("[rough_and_ready PA 6.25] Ringgold's flying artillery", function()
  it("C, 3US may move and fire (-1 after moving, half MA after firing); other guns move or "
    .. "fire [rough_and_ready 6.25]", function()
    local r = call("ringgold")
    assert.are.same({ true, false, false }, { r.ringgold, r.other, r.bare })
    assert.are.equal(r.before - 1, r.after)
    assert.are.same({ -1, "Ringgold fires after moving (C3US-1)", "[rough_and_ready PA 6.25]" },
      r.last)
    assert.are.equal("C3US-1 has no facing [rough_and_ready 5.33]", r.moved_check)
    assert.are.equal("A2US-2 has moved this activation: artillery moves or fires "
      .. "[rough_and_ready 6.25]", r.other_check)
    assert.are.same({ 8, 4, 8 }, { r.ma, r.ma_fired, r.ma_other })
  end)

  it("the actions step offers C, 3US fire after moving and a move after firing; A, 2US "
    .. "neither [rough_and_ready 6.25]", function()
    local r = call("ringgold_actions")
    assert.are.same({ "C3US-1 1410" }, r.fire_after_moving)
    assert.are.same({ "C3US-1" }, r.move_after_firing)
  end)
end)
