-- Battle of Buena Vista's activation [battle_of_buena_vista 6.1a] [battle_of_buena_vista
-- 6.1b] [battle_of_buena_vista 6.1c] [battle_of_buena_vista 6.1d] [battle_of_buena_vista 6.2]
-- [battle_of_buena_vista 6.3a] [battle_of_buena_vista 6.3b] [battle_of_buena_vista 6.3c]
-- [battle_of_buena_vista 6.3d] with the errata [battle_of_buena_vista E-6.1a]
-- [battle_of_buena_vista E-6.1b] [battle_of_buena_vista E-6.23a] [battle_of_buena_vista
-- E-6.23b] [battle_of_buena_vista E-6.23c] [battle_of_buena_vista E-6.23d]
-- [battle_of_buena_vista E-6.23e] [battle_of_buena_vista E-6.23f] [battle_of_buena_vista
-- E-2.6] [battle_of_buena_vista E-5.4c], through the real turn: the Mexican and American
-- activation steps [battle_of_buena_vista 5.2-A5] [battle_of_buena_vista 5.2-A6] with forced
-- dice. Golden tests by the digest's ids: T-BV-04, 05, 06, 07, 12, 13.
local bv = require "support.bv_seq"
local act = require "systems.battle_of_buena_vista.activation"

-- stops once the turn-1 activation phase is over (the Saltillo step's point has fired)
local function after_activation(g)
  bv.stop_at(g, "saltillo.phase")
  return nil
end

local function contains(t, x) return require("volley.list").contains(t, x) end

describe("Battle of Buena Vista's activation", function()
  it("T-BV-04: a Mexican die of 3 lets 5 leaders be activated, 3 once Santa Anna is wounded "
    .. "[6.2] [5.2-A5]", function()
    local g = bv.open(1)
    local rec = bv.play(g, { ["MEX activate"] = { "Ampudia", "Lombardini", "Ortega", "Pacheco",
                                          "Torrejon" } },
      { dice = { 2, 3 }, stop = after_activation(g) })
    assert.are.equal(1, #bv.lines(g, "Mexican activation: d6 3 + 2 (Santa Anna) = 5 leaders"))
    local mex = {}
    for _, r in ipairs(bv.requests(rec, "activate")) do
      if r.side == "MEX" then mex[#mex + 1] = r.answer end
    end
    assert.are.same({ "Ampudia", "Lombardini", "Ortega", "Pacheco", "Torrejon" }, mex)  -- no 6th
    for _, l in ipairs(mex) do assert.are.equal(1, g.store:marker(l, "active")) end
    assert.are.equal(0, g.store:marker("Villamil", "active"))

    local w = bv.open(1)
    local stop = after_activation(w)
    w.vars.santa_anna_wounded = true
    local rec2 = bv.play(w, { ["MEX activate"] = { "Ampudia", "Lombardini", "Ortega", "Pacheco" } },
      { dice = { 2, 3 }, stop = stop })
    assert.are.equal(1, #bv.lines(w, "Mexican activation: d6 3 (Santa Anna wounded: no bonus) "
      .. "= 3 leaders"))
    local n = 0
    for _, r in ipairs(bv.requests(rec2, "activate")) do if r.side == "MEX" then n = n + 1 end end
    assert.are.equal(3, n)
    assert.are.equal(0, w.store:marker("Pacheco", "active"))
  end)

  it("T-BV-05: Wool on the map tries X (5: fails), then Y (2: activated) and stops; X is not "
    .. "offered to him again [6.3b] [6.3a]", function()
    local g = bv.open(1)
    local rec = bv.play(g, { first_commander = { "Wool" }, ["US activate"] = { "Hardin", "Bissell" } },
      { dice = { 2, 1, 5, 2 }, stop = after_activation(g) })
    local us = {}
    for _, r in ipairs(bv.requests(rec, "activate")) do
      if r.side == "US" then us[#us + 1] = r end
    end
    assert.truthy(us[1].prompt:find("^Wool"))
    assert.truthy(contains(us[1].options, "Hardin"))
    assert.truthy(us[2].prompt:find("^Wool"))
    assert.is_false(contains(us[2].options, "Hardin"))   -- one try a leader
    assert.truthy(us[3].prompt:find("^Taylor"))           -- Wool stopped at his one success
    assert.are.equal(0, g.store:marker("Hardin", "active"))
    assert.are.equal(1, g.store:marker("Bissell", "active"))
    assert.are.equal(1, #bv.lines(g, "Wool fails to activate Hardin: d6 5 > 4"))
    assert.are.equal(1, #bv.lines(g, "Bissell is activated by Wool: d6 2 <= 4"))
    -- only main-map leaders for Wool, on the map [6.3a]
    for _, o in ipairs(us[1].options) do
      if o ~= "done" then assert.are.equal("map", act.zone(g, o), o) end
    end
  end)

  it("T-BV-06: Taylor rolls 6, 5, 3, 1 on four leaders: the second, third and fourth are "
    .. "activated and he stops at three [6.3c]", function()
    local g = bv.open(1, { Taylor = "2000" })            -- Taylor alone on the main map
    local rec = bv.play(g, { first_commander = { "Taylor" },
                             ["US activate"] = { "Hardin", "Bissell", "JoLane", "JaLane" } },
      { dice = { 2, 1, 6, 5, 3, 1 }, stop = after_activation(g) })
    assert.are.same({ 0, 1, 1, 1 }, { g.store:marker("Hardin", "active"),
      g.store:marker("Bissell", "active"), g.store:marker("JoLane", "active"),
      g.store:marker("JaLane", "active") })
    local us = {}
    for _, r in ipairs(bv.requests(rec, "activate")) do
      if r.side == "US" then us[#us + 1] = r end
    end
    for i = 1, 4 do assert.truthy(us[i].prompt:find("^Taylor"), i) end
    assert.truthy(us[5].prompt:find("^Wool"))             -- Taylor is done after three
    assert.is_false(contains(us[5].options, "Bissell"))   -- active leaders are not retried
    assert.truthy(contains(us[5].options, "Hardin"))      -- Wool may try Taylor's failure
    assert.are.equal(1, #bv.lines(g, "Bissell is activated by Taylor: d6 5 <= 5"))
  end)

  it("T-BV-07: Wool on the Saltillo Track naming a main-map leader is refused [6.3a]",
    function()
    local g = bv.open(1, { Wool = { space = "saltillo/F" } })
    local rec = bv.play(g, { first_commander = { "Wool" }, ["US activate"] = { "Hardin", "done" } },
      { dice = { 2, 1 }, stop = after_activation(g) })
    local refusal
    for _, r in ipairs(rec.log) do if r.refusal then refusal = r.refusal end end
    assert.truthy(refusal)
    assert.truthy(refusal:find("'Hardin' is not a legal answer to activate", 1, true), refusal)
    assert.truthy(refusal:find("[battle_of_buena_vista 6.3a]", 1, true), refusal)
    local first = bv.requests(rec, "activate")
    local wool
    for _, r in ipairs(first) do if r.side == "US" and r.prompt:find("^Wool") then wool = r end end
    assert.are.same({ "Warren", "done" }, wool.options)   -- the Track's leaders only
    assert.are.equal(0, g.store:marker("Hardin", "active"))
  end)

  it("T-BV-12: the units stacked with Wool or Santa Anna are active free; their units' "
    .. "counters next to them are not [E-6.23a] [E-6.23b] [E-6.23e] [6.3d]", function()
    local g = bv.open(1, { ["1IL-1"] = "3220", ["1IL-2"] = "3219", Hardin = "2000",
                           ["1Lig"] = "5210", ["2Lig"] = "5209" })
    bv.play(g, {}, { dice = { 2, 1 }, stop = after_activation(g) })
    assert.is_true(act.is_active(g, "1IL-1"))
    assert.is_false(act.is_active(g, "1IL-2"))
    assert.is_true(act.is_active(g, "1Lig"))
    assert.is_false(act.is_active(g, "2Lig"))
    assert.is_false(act.may_move(g, "2Lig"))
    local ok, why = act.may_move(g, "1IL-2")
    assert.is_false(ok)
    assert.are.equal("1IL-2 is not activated this turn [battle_of_buena_vista 6.1a]", why)
    assert.is_true((act.may_move(g, "1IL-1")))
  end)

  it("T-BV-13: a unit leader in Wool's hex is active free and chains to his units; in "
    .. "Santa Anna's he takes one of the die's activations and chains [E-6.23c] [E-6.23f] "
    .. "[6.1b]", function()
    local g = bv.open(1, { Hardin = "3220", SantaAnna = "4419" })
    local rec = bv.play(g, { ["MEX activate"] = { "Villamil", "done" } },
      { dice = { 2, 4 }, stop = after_activation(g) })
    assert.are.equal(1, #bv.lines(g, "Hardin is activated free, stacked with Wool"))
    assert.is_true(act.is_active(g, "1IL-1"))             -- 3219, next to Hardin in 3220
    assert.is_true(act.is_active(g, "1IL-2"))             -- 3118, next to 1IL-1: the chain
    assert.are.equal(1, #bv.lines(g, "Villamil is activated (1 of 6)"))
    local mex = {}
    for _, r in ipairs(bv.requests(rec, "activate")) do
      if r.side == "MEX" then mex[#mex + 1] = r end
    end
    assert.truthy(mex[2].prompt:find("5 of 6 left", 1, true))  -- he counted
    for _, u in ipairs({ "2Eng-1", "2Eng-2", "SRM-1", "SRM-2", "TCG" }) do
      assert.is_true(act.is_active(g, u), u)             -- 4419 ... 4819, a chain
    end
    assert.is_false(act.is_active(g, "HG"))               -- another command
  end)

  it("a chain runs through the leader's own units only, of any length [6.1b] [E-6.23d]",
    function()
    local g = bv.open(1, { ["2IL-1"] = "3219", ["2IL-2"] = "3118", Bissell = "3319" })
    bv.play(g, { first_commander = { "Wool" }, ["US activate"] = { "Bissell" } },
      { dice = { 2, 1, 1 }, stop = after_activation(g) })
    assert.is_true(act.is_active(g, "2IL-1"))
    assert.is_true(act.is_active(g, "2IL-2"))
    assert.is_false(act.is_active(g, "1IL-1"))            -- stacked with 2IL-1: not his
  end)

  it("keeps the exempt always active: artillery, the presidential cavalry, the TxR, the "
    .. "dragoons and their D leaders, Taylor, Wool, Santa Anna; not Perez [6.1c] [E-6.1a] "
    .. "[E-6.1b] [6.1d] [E-2.6]", function()
    local g = bv.open(1)
    bv.play(g, {}, { dice = { 2, 1 }, stop = after_activation(g) })
    for _, u in ipairs({ "Bragg", "SPat", "Pr", "TxR", "1D", "2D-1", "Steen", "May", "Taylor",
                         "Wool", "SantaAnna" }) do
      assert.is_true(act.exempt(g, u), u)
      assert.is_true(act.is_active(g, u), u)
    end
    for _, u in ipairs({ "Perez", "Hardin", "1IL-1", "1/L-1", "Lombardini" }) do
      assert.is_false(act.exempt(g, u), u)
    end
    assert.is_true(act.army_commander(g, "Perez"))
    assert.is_false(act.unit_leader(g, "Perez"))
    assert.is_true(act.unit_leader(g, "Hardin"))
    -- Mexican guns move only under a Moving marker [7.2]; a train never [7.1c]
    local ok, why = act.may_move(g, "SPat")
    assert.is_false(ok)
    assert.truthy(why:find("[battle_of_buena_vista 7.2]", 1, true))
    ok, why = act.may_move(g, "TrainA")
    assert.is_false(ok)
    assert.truthy(why:find("[battle_of_buena_vista 7.1c]", 1, true))
  end)

  it("Santa Anna's stack activates reserve units by default; the option santa_anna_reserve "
    .. "= 0 leaves them to Perez and their leaders [E-5.4c]", function()
    for _, v in ipairs({ 1, 0 }) do
      local g = bv.open(1, { ["1Lig"] = "5210" })
      g.params.santa_anna_reserve = v
      local stop = after_activation(g)
      g.hooks:on("turn.start", function() g.vars.reserve_units = { "1Lig" } end)
      bv.play(g, {}, { dice = { 2, 1 }, stop = stop })
      assert.are.equal(v == 1, act.is_active(g, "1Lig"))
    end
  end)
  it("on the Saltillo Track Taylor activates Track leaders, whose chains run there: Davis "
    .. "free in his space, Warren by a roll, their units active; a map leader's unit on the "
    .. "Track is not [6.3a] [6.1b] [E-6.23c]", function()
    local g = bv.open(1)
    bv.play(g, { first_commander = { "Taylor" }, ["US activate"] = { "Warren", "done" } },
      { dice = { 2, 1, 1 }, stop = after_activation(g) })
    assert.are.equal(1, #bv.lines(g, "Davis is activated free, stacked with Taylor"))
    assert.are.equal(1, #bv.lines(g, "Warren is activated by Taylor: d6 1 <= 5"))
    for _, u in ipairs({ "1MS-1", "1MS-2", "SG-1", "SG-2" }) do
      assert.is_true(act.is_active(g, u), u)
    end
    assert.is_false(act.is_active(g, "1AR-2"))            -- Yell is on the map, not active
    assert.are.equal("track", act.zone(g, "Warren"))
  end)

  it("shows at the prompt whether a unit is active and may move [6.1a]", function()
    local g = bv.open(1, { ["1IL-1"] = "3220" })
    bv.play(g, {}, { dice = { 2, 1 }, stop = after_activation(g) })
    local sys = require "systems.battle_of_buena_vista"
    assert.are.same({ "turn 1: active [battle_of_buena_vista 6.1a]",
                      "it may move in its side's impulses" }, sys.show(g, "1IL-1"))
    assert.are.same({ "turn 1: not active [battle_of_buena_vista 6.1a]",
                      "1IL-2 is not activated this turn [battle_of_buena_vista 6.1a]" },
                    sys.show(g, "1IL-2"))
  end)
end)
