-- Resaca de la Palma's special rules written as battle scripts (scenarios/rough-and-ready/
-- resaca-de-la-palma/rules.lua and options/) on the battle's own map and order of battle:
-- the resacas [rough_and_ready RP 5.16, RP 6.17] (T-RR-08a-c), Arista Unaware and his alert
-- [rough_and_ready RP 4.25] (T-RR-15, 15b, 15c), the Mexican Hit level [rough_and_ready RP
-- 6.53], no Rally in chaparral [rough_and_ready RP 6.82], the Detachments [rough_and_ready RP
-- 6.9] and their chaparral exemption [rough_and_ready RP 5.15], the Battle Lost points the
-- schedule leaves to the script [rough_and_ready RP 8.0], the balance options [rough_and_ready
-- RP-Bal]. The scripts load only in an engine-owned state: tests/spec/support/rp_rules.lua
-- runs each case there, the dice forced, and returns what happened.
local core = require "volley.core"

local st

local function call(fn, ...)
  local r = { st:call("rp_rules", fn, ...) }
  assert(r[1], type(r[2]) == "table" and tostring(r[2].msg) or tostring(r[2]))
  return r[2]
end

setup(function() st = core.new_state{ modules = { "tests/spec/support" } } end)
teardown(function() st:close() end)

describe("[rough_and_ready RP 5.16] the resacas", function()
  it("T-RR-08a-c: guns in 5417 fire down the channel at 5717, never down at the adjacent "
    .. "5517; guns in 5317, beside no resaca hex, at no resaca hex", function()
    local r = call("resaca_guns")
    -- the map the example needs: 5717 and 5517 resaca, 5417 and 5317 not
    assert.are.same({ ["5717"] = "rc", ["5517"] = "rc", ["5417"] = "c", ["5317"] = "c" },
      r.resaca)
    assert.are.equal("legal", r.a_5717)                                     -- T-RR-08a
    assert.are.equal("guns in 5417 may not fire down at the adjacent resaca hex 5517 "
      .. "[rough_and_ready RP 5.16]", r.b_5517)                               -- T-RR-08b
    local seen = " hex, seen only from a resaca hex or one beside it) [rough_and_ready RP 6.17]"
    assert.are.equal("no line of sight from 5317 to 5717: blocked at 5717 (the target is in "
      .. "a Resaca (clear)" .. seen, r.c_5717)                                 -- T-RR-08c
    assert.are.equal("no line of sight from 5317 to 5517: blocked at 5517 (the target is in "
      .. "a Resaca (clear)" .. seen, r.c_5517)
    -- what the fire request offers follows: 5717 from 5417, nothing from 5317
    assert.are.same({ "5717" }, r.offered_5417)
    assert.are.same({}, r.offered_5317)
    -- the shot down the channel takes the resaca's -1, with the dice
    assert.are.same({ { -1, "target in a resaca, fired on from above" } }, r.drm)
    assert.are.same({ "C3US-1 fires at 5717 (range 3): d10 5 -1 (target in a resaca, fired "
      .. "on from above) = 4: Nothing [rough_and_ready 6.2]" }, r.fired)
    -- the adjacent shot is refused by the battle's hook alone
    assert.are.equal("legal", r.bare_5517)
  end)

  it("small arms from above at a resaca unit: -1; from the resaca up: none", function()
    assert.are.same({ down = { -1 }, up = {}, down_legal = "legal" }, call("resaca_small_arms"))
  end)
end)

describe("[rough_and_ready E17] the resaca's banks", function()
  it("cost 1 MP more to step down into a resaca and 1 more to climb out; along the channel "
    .. "or the bank, the terrain's cost alone", function()
    assert.are.same({ bank = { ["5317"] = 1, ["5517"] = 2 },
                      channel = { ["5417"] = 2, ["5617"] = 1, ["5317"] = 3 } },
      call("resaca_costs"))
  end)
end)

describe("[rough_and_ready RP 4.25] Arista Unaware", function()
  it("T-RR-15: a fire has happened; MEX spends its freebie on the alert roll: 7 alerts him, "
    .. "then MEX rolls for an activation (his Leadership offered now)", function()
    local r = call("alert_roll", 7)
    assert.is_true(r.alert)
    assert.are.same({ "US activate: belknap garland", "US leadership: yes no",
      "MEX arista_alert: alert free", "MEX activate: garcia torrejon vega",
      "MEX leadership: yes no" }, r.requests)
    assert.are.same({ "Arista is Alert (alert roll d10 7): his Leadership, his moves, and "
      .. "free activations of Canales and Torrejon are allowed from now on "
      .. "[rough_and_ready RP 4.25]" }, r.lines)
  end)

  it("T-RR-15: a 6 leaves him Unaware; MEX still rolls for an activation (no Leadership)",
    function()
    local r = call("alert_roll", 6)
    assert.is_false(r.alert)
    assert.are.same({ "US activate: belknap garland", "US leadership: yes no",
      "MEX arista_alert: alert free", "MEX activate: garcia torrejon vega" }, r.requests)
    assert.are.same({ "alert roll d10 6: Arista is still Unaware, writing his memoirs; MEX "
      .. "rolls for an activation [rough_and_ready RP 4.25]" }, r.lines)
  end)

  it("T-RR-15b: before any fire or shock no alert roll is offered: the free activation or "
    .. "pass, Torrejon left out", function()
    local r = call("alert_too_early")
    assert.is_false(r.alert)
    assert.are.same({ "US activate: belknap garland", "US leadership: yes no",
      "MEX free_activation: garcia vega pass" }, r.requests)
  end)

  it("T-RR-15c: a US unit moving to 3 hexes of 5915 alerts him at once; to 4, not", function()
    local r = call("alert_by_approach", "5615")
    assert.are.equal(3, r.distance)
    assert.is_true(r.alert)
    assert.are.same({ "Arista is Alert (3US-1 entered 5615, 3 hexes from him): his "
      .. "Leadership, his moves, and free activations of Canales and Torrejon are allowed from "
      .. "now on [rough_and_ready RP 4.25]" }, r.lines)
    local far = call("alert_by_approach", "5514")
    assert.are.equal(4, far.distance)
    assert.is_false(far.alert)
  end)

  it("Unaware: no Leadership, no move, Canales and Torrejon by roll only; Alert: all back",
    function()
    assert.are.same({ free = { "garcia", "vega" }, free_alert = { "garcia", "torrejon", "vega" },
      leadership = "Arista is Unaware: no Leadership [rough_and_ready RP 4.25]",
      leadership_alert = "Arista", arista_ma = 0, arista_ma_alert = 8 }, call("unaware_limits"))
  end)
end)

describe("[rough_and_ready RP-Bal] the balance options", function()
  it("ignore-arista: Alert from the start", function()
    assert.are.same({ alert = true, free = { "garcia", "torrejon", "vega" } },
      call("ignore_arista"))
  end)

  it("balance: the third US roll in a row takes +2 (T-RR-10)", function()
    assert.are.same({ "US rolls for garland: d10 3 +2 (balance: US roll 3 in a row) = 5 "
      .. "against rating 5 = 5: activates [rough_and_ready 3.11]" }, call("balance"))
  end)
end)

describe("[rough_and_ready RP 6.53] Mexican units go at their Hit level", function()
  it("a Mexican Morale 4 goes at 4 Hits; a US Morale 6 at 7 (T-RR-21)", function()
    local r = call("hit_level")
    assert.are.same({ 4, 6 }, { r.mex_morale, r.us_morale })
    assert.are.same({ false, false, false, true }, { r.mex_1, r.mex_2, r.mex_3, r.mex_4 })
    assert.are.same({ false, false, false, false, false, false, true },
      { r.us_1, r.us_2, r.us_3, r.us_4, r.us_5, r.us_6, r.us_7 })
    assert.are.same({ "4L-1 is eliminated: 4 Hits reach its Morale 4: a Mexican unit goes at "
      .. "its Hit level [rough_and_ready RP 6.53]" }, r.lines)
  end)
end)

describe("[rough_and_ready RP 6.82] no Rally in chaparral", function()
  it("a Disordered unit in chaparral may not rally; in the open it may", function()
    assert.are.same({ terrain = { "ch", "c" }, clear = true,
      chaparral = "3US-1 is in chaparral (4620): no Rally [rough_and_ready RP 6.82]" },
      call("rally_chaparral"))
  end)
end)

describe("[rough_and_ready RP 6.9] the Mexican Detachments", function()
  it("a line unit's chaparral Hit roll cites Resaca's rule [rough_and_ready RP 5.15], "
    .. "not Palo Alto's", function()
    local r = call("chaparral_move")
    assert.are.same({ from = "c", terrain = "ch", hits = 1, rule = "[rough_and_ready RP 5.15]",
      lines = { "6L-1 entered chaparral (5017): d10 9 against Adjusted Morale "
        .. r.am .. ": 1 Hit [rough_and_ready RP 5.15]" } },
      { from = r.from, terrain = r.terrain, hits = r.hits, rule = r.rule, lines = r.lines })
  end)

  it("no chaparral Hit roll [rough_and_ready RP 5.15]; a line unit rolls", function()
    assert.are.same({ det = "none", line = 9, det_lines = { "Det-1 entered chaparral (5015): "
      .. "no Hit roll (a Detachment takes no chaparral Hit roll [rough_and_ready RP 5.15])" } },
      call("chaparral_roll"))
  end)

  it("-2 firing, -1 to guns at one alone, -2 defending alone, no shock, never next to an "
    .. "enemy, stacking freely, in command", function()
    assert.are.same({
      fire = { { -2, "Detachment firing" } },
      arty = { { -1, "target is a Detachment alone" } },
      defends = { { -2, "Detachments defending" } },
      shock = "Det-1 is a Detachment: it may not shock attack [rough_and_ready RP 6.9]",
      prohibited_next_to_enemy = { "5117", "5217" },
      stack = "legal", stack_det3 = "legal",
      in_command = { true, "a Detachment is activated by any leader within range "
        .. "[rough_and_ready RP 6.9]" },
    }, call("detachments"))
  end)

  it("the guns request names what it offers: the Detachments, or the guns and "
    .. "Detachments [rough_and_ready RP 6.9]", function()
    assert.are.same({
      "Garcia may activate the Detachments within his range (one: Det-2, or done)",
      "Garcia may activate the guns and Detachments within his range (one, all, or done)",
    }, call("detachment_prompt"))
  end)

  it("any leader in range activates one, as guns; not in the next Mexican activation",
    function()
    local r = call("detachment_activation")
    assert.are.same({ "MEX activate: garcia", "MEX artillery: Det-2 done" }, r.requests)
    assert.are.same({ "Det-2" }, r.artillery)
    assert.are.same({ "MEX activate: garcia" }, r.second)   -- no artillery request: none left
  end)

  it("given up to the Rally of the infantry it began the activation with: one Hit more off",
    function()
    local r = call("detachment_rally")
    assert.are.same({ "MEX detachment_rally: Det-2 no" }, r.requests)
    assert.are.equal(0, r.hits)                   -- 2 Hits: one by the Rally, one by Det-2
    assert.are.equal("set_aside", r.det)          -- removed, not eliminated (no BL)
  end)
end)

describe("[rough_and_ready RP 8.0] the Battle Lost points rules.lua adds", function()
  it("two Detachments gone: 1; a Disordered Detachment: none; a US unit on the road: 2 an "
    .. "activation", function()
    assert.are.same({ total = 6, items = {
      { 0, "2 detachment eliminated x 0" }, { 2, "2 Disordered on the map x 1" },
      { 1, "2 Detachments eliminated (two or more)" },
      { -1, "1 Disordered Detachments do not count" },
      { 4, "US units on the road, 2 an activation" } } }, call("battle_lost"))
  end)
end)

describe("[rough_and_ready RP 4.29] the US Detachment leader", function()
  it("assigned for good to a regiment's units In Command; they are In Command in his range; "
    .. "he goes with them; never activated", function()
    local r = call("detachment_leader")
    assert.are.same({ "US activate: garland", "US detachment_leader: 3US 4US later" },
      r.requests)
    assert.are.equal("3US-1 3US-2", r.assigned)                -- 3US-3 was out of command
    assert.are.same({ "USDet is assigned for good to 3US-1, 3US-2 [rough_and_ready RP 4.29]" },
      r.lines)
    assert.are.same({ "garland" }, r.candidates)                -- his command never is one
    assert.are.same({ true, "3US-1 is 2 hexes from USDet (range 3): USDet is the Detachment "
      .. "leader [rough_and_ready RP 4.29]" }, r.status)
    assert.is_false(r.other)                                    -- 4US-1 is not his
    assert.are.equal("US detachment_leader_move: yes no", r.move_requests[1])
    assert.are.equal("4622", r.usdet)
  end)
end)
