-- Battle of Buena Vista's sequence of play [battle_of_buena_vista 5.1] [battle_of_buena_vista
-- 5.2] through the real game: the activation phase's rolls (the ford [battle_of_buena_vista
-- 5.3] [battle_of_buena_vista 5.2-A1], the reserve [battle_of_buena_vista 5.4]
-- [battle_of_buena_vista 5.2-A2], the rain [battle_of_buena_vista 5.5] [battle_of_buena_vista
-- 5.2-A3]), the Moving markers [battle_of_buena_vista 5.2-A4] [battle_of_buena_vista E-5.2],
-- the Saltillo Track step [battle_of_buena_vista 5.2-B], the impulses [battle_of_buena_vista
-- 5.2-C], the administration [battle_of_buena_vista 5.2-D1] [battle_of_buena_vista 5.2-D2]
-- [battle_of_buena_vista 5.2-D3], the start [battle_of_buena_vista 3.0c], the parapets
-- [battle_of_buena_vista 2.3f], leaders [battle_of_buena_vista 2.6a] [battle_of_buena_vista
-- E-7.5b] [battle_of_buena_vista E-7.5c] and replacements [battle_of_buena_vista 2.5d]; the
-- reserve's placement [battle_of_buena_vista E-5.4a] [battle_of_buena_vista E-5.4b]; the
-- ford's odds [battle_of_buena_vista E-5.3b].
-- Golden tests by the digest's ids (buena_vista.md section 8): T-BV-02, 03, 29, 30.
local bv = require "support.bv_seq"
local phases = require "systems.battle_of_buena_vista.phases"
local admin = require "systems.battle_of_buena_vista.admin"

describe("Battle of Buena Vista's sequence of play", function()
  it("plays twelve turns, each the activation phase, the Saltillo Track step, six impulses "
    .. "American first, and administration, then judges victory; rain rolled in turns 10-12 [5.1] "
    .. "[5.2] [5.2-B] [5.2-C] [5.5]",
    function()
    local g = bv.open(3)
    local steps, impulses, rains = {}, {}, {}
    g.hooks:on("impulse.start", function(ctx)
      impulses[#impulses + 1] = ctx.turn .. ctx.side .. ctx.n
    end)
    g.hooks:on("rain.check", function(ctx) rains[#rains + 1] = ctx.turn end)
    g.hooks:on("saltillo.phase", function(ctx) steps[#steps + 1] = "saltillo " .. ctx.turn end)
    g.hooks:on("turn.start", function(ctx)
      if ctx.turn >= 10 then g.dice:force({ 6 }) end       -- no rain: never in an arc
    end)
    local rec = bv.play(g, {})
    assert.is_true(rec.done)
    assert.are.equal(12 * 6, #impulses)
    assert.are.same({ "1US1", "1MEX1", "1US2", "1MEX2", "1US3", "1MEX3" },
                    { impulses[1], impulses[2], impulses[3], impulses[4], impulses[5],
                      impulses[6] })
    assert.are.equal("12MEX3", impulses[72])
    assert.are.equal(12, #steps)
    assert.are.same({ 10, 11, 12 }, rains)                -- rain rolls in turns 10-12 only [5.5]
    assert.are.equal(12, g.vars.turn)
    assert.is_true(g.store:cursor().done)
    assert.are.equal(1, #bv.lines(g, "the end of turn 12: Mexican VP 0 - American VP 0 = 0: "
      .. "Marginal Mexican victory"))
    assert.are.equal("MEX", g.vars.winner)
  end)

  it("starts with the replacements set aside, markers on their first boxes, the parapet in "
    .. "3220 [3.0c]", function()
    local g = bv.open(1)
    bv.play(g, {}, { stop = function() return true end })
    assert.are.same({ US = 0, MEX = 0 }, g.vars.losses)
    assert.are.same({ "3220" }, g.vars.parapets)
    local l = bv.lines(g, "start of the game")
    assert.are.equal(1, #l)
    assert.truthy(l[1]:find("8 brigade replacement counters set aside", 1, true))
    assert.truthy(l[1]:find("[battle_of_buena_vista 3.0c]", 1, true))
  end)

  it("T-BV-02: ford rolls 4, 6, 1 then site 5: the ford at site 5 on turn 3, no rolls after "
    .. "[5.3] [5.2-A1]", function()
    local g = bv.open(1)
    local fords = {}
    g.hooks:on("ford.check", function(ctx) fords[#fords + 1] = ctx end)
    -- per turn: the ford die, then the Mexican activation die (no leader named, no US roll)
    local rec = bv.play(g, {}, { dice = { 4, 1, 6, 1, 1, 5, 1 },
      stop = function(game) return (game.vars.turn or 0) >= 5 end })
    assert.is_false(rec.done)
    assert.are.equal(3, #fords)
    assert.are.same({ false, false, true }, { fords[1].found, fords[2].found, fords[3].found })
    assert.are.equal(5, fords[3].site)
    assert.are.equal(5, g.vars.ford)
    assert.are.same({ "4423", "4523" }, phases.ford_hexes(g))
    assert.are.equal(1, #bv.lines(g, "turn 3: the Mexicans find a ford (d6 1) at site 5"))
    assert.are.equal(0, #bv.lines(g, "turn 4: no ford"))
  end)

  it("T-BV-03: a ford is found in about 91/216 of games, over 3,000 seeds; each site comes "
    .. "up [5.3] [E-5.3b]", function()
    local g = bv.open(1)
    local found, sites, n = 0, {}, 3000
    for seed = 1, n do
      g.store:seed(seed)
      g.vars.ford = nil
      for turn = 1, 3 do phases.ford(g, turn) end
      if g.vars.ford then
        found = found + 1
        sites[g.vars.ford] = (sites[g.vars.ford] or 0) + 1
      end
    end
    local p = found / n
    assert.is_true(math.abs(p - 91 / 216) < 0.035, "found " .. p)   -- 3.9 standard errors
    for s = 1, 6 do
      assert.is_true(math.abs((sites[s] or 0) / found - 1 / 6) < 0.05, "site " .. s)
    end
  end)

  it("T-BV-30: a rain roll in turn 10's arc ends the game at once; turns 11-12 are not "
    .. "played and victory is judged [5.5] [5.2-A3] [4.3a]", function()
    local g = bv.open(2)
    local impulses = 0
    g.hooks:on("turn.start", function(ctx)
      if ctx.turn == 10 then g.dice:force({ 1 }) end      -- turn 10's arc is 1 (tracks.ini)
    end)
    g.hooks:on("impulse.start", function() impulses = impulses + 1 end)
    local rec = bv.play(g, {}, { dice = { 2, 2, 2 } })
    assert.is_true(rec.done)
    assert.are.equal(10, g.vars.turn)
    assert.are.equal(9 * 6, impulses)                     -- none in turn 10
    assert.are.equal("rain", g.vars.reason)
    assert.are.equal(1, #bv.lines(g, "turn 10: it rains (d6 1 in 1-1): the battle ends"))
    assert.are.equal(0, #bv.lines(g, "turn 11 of 12"))
    assert.are.equal(1, #bv.lines(g, "rain: Mexican VP 0 - American VP 0 = 0"))
    -- nothing of the activation phase after the rain, in the same turn
    local after = false
    for _, l in ipairs(g.narrative) do
      if l:find("it rains", 1, true) then after = true
      elseif after then assert.is_nil(l:find("activation", 1, true), l) end
    end
    assert.is_true(after)
  end)

  it("asks for the reserve roll from turn 5 only, and places the Reserve Box strictly inside "
    .. "the deployment area, American units no hindrance [5.4] [5.2-A2] [E-5.4a] [E-5.4b]",
    function()
    -- an American unit inside the area does not take a hex from the reserve
    local g = bv.open(1, { ["2KY-1"] = "4816" })
    local asked, placed = {}, nil
    g.hooks:on("reserve.check", function(ctx)
      asked[#asked + 1] = ctx.turn
      if ctx.organized then placed = { g.store:where("Perez") } end
    end)
    g.hooks:on("turn.start", function(ctx)
      if ctx.turn == 5 then g.dice:force({ 6 }) end    -- turn 5: the reserve roll 6, not in 1
      if ctx.turn == 6 then g.dice:force({ 1 }) end    -- turn 6: 1, in the arc
    end)
    local rec = bv.play(g, { reserve = { "yes", "yes" }, reserve_place = { "4816" } },
      { dice = { 2, 2, 2 }, stop = function(game) return (game.vars.turn or 0) >= 8 end })
    assert.are.same({ 5, 6 }, asked)                     -- none after it is organized
    assert.is_true(g.vars.reserve_done)
    assert.are.same({ "Perez" }, g.vars.reserve_units)
    -- where he is placed (he then joins a unit at his impulse's end [7.6b])
    assert.are.same({ "hex", "4816" }, placed)
    local place = bv.requests(rec, "reserve_place")[1]
    assert.truthy(place)
    for _, h in ipairs(place.options) do
      assert.is_true(require("volley.list").contains(g.map:place("mrda"), h), h)
      assert.is_false(require("volley.list").contains(g.map:place("mrda-boundary"), h), h)
    end
    assert.are.equal(1, #bv.lines(g, "turn 5: the reserve is not organized (d6 6, not in 1-1)"))
    assert.are.equal(1, #bv.lines(g, "turn 6: the reserve is organized (d6 1 in 1-1)"))
  end)

  it("places a Moving marker on the batteries the Mexican player names and removes them in "
    .. "administration; leaders flip back [5.2-A4] [E-5.2] [5.2-D1] [5.2-D2] [5.2-D3]",
    function()
    local g = bv.open(1)
    local at_admin
    g.hooks:on("impulse.start", function(ctx)
      if ctx.turn == 1 and ctx.side == "MEX" and ctx.n == 3 then
        at_admin = { moving = g.store:marker("SPat", "moving"),
                     lomb = g.store:marker("Lombardini", "active") }
      end
    end)
    bv.play(g, { moving = { "SPat", "done" }, activate = { "Lombardini", "done" } },
      { dice = { 2, 3 }, stop = function(game) return (game.vars.turn or 0) >= 2 end })
    assert.are.same({ moving = 1, lomb = 1 }, at_admin)
    assert.are.equal(0, g.store:marker("SPat", "moving"))
    assert.are.equal(0, g.store:marker("Lombardini", "active"))
    assert.are.equal(1, #bv.lines(g, "SPat is under a Moving marker [battle_of_buena_vista 7.2]"))
    assert.are.equal(1, #bv.lines(g, "1 Moving marker is removed"))
    assert.are.equal(1, #bv.lines(g, "the Turn marker moves to turn 2"))
  end)

  it("T-BV-29: a parapet hex left empty at the end of an American impulse loses its marker "
    .. "for good; held, it stays [2.3f]", function()
    local g = bv.open(1, { Wool = "3118", Washington = "3118" })
    local removed = {}
    g.hooks:on("parapet.removed", function(ctx) removed[#removed + 1] = ctx.hex end)
    local imp
    g.hooks:on("impulse.end", function(ctx)
      if not imp and #removed > 0 then imp = ctx.turn .. ctx.side .. ctx.n end
    end)
    bv.play(g, {}, { dice = { 2, 2 }, stop = function(game) return (game.vars.turn or 0) >= 2 end })
    assert.are.same({ "3220" }, removed)
    assert.are.equal("1US1", imp)                       -- the first American impulse's end
    assert.are.same({}, g.vars.parapets)
    assert.are.equal(1, #bv.lines(g, "the parapet in 3220 is removed, never to be rebuilt"))

    local held = bv.open(1)
    bv.play(held, {}, { dice = { 2, 2 }, stop = function(game) return (game.vars.turn or 0) >= 3 end })
    assert.are.same({ "3220" }, held.vars.parapets)
  end)

  it("removes a parapet when a Mexican unit enters its hex, not an American one [2.3f]",
    function()
    local g = bv.open(1)
    bv.play(g, {}, { stop = function() return true end })
    admin.entered(g, "Hardin", "3220")
    admin.entered(g, "1IL-1", "3220")
    assert.are.same({ "3220" }, g.vars.parapets)
    admin.entered(g, "1Lig", "3220")
    assert.are.same({}, g.vars.parapets)
    assert.are.equal(1, #bv.lines(g, "1Lig entered it [battle_of_buena_vista 2.3f]"))
  end)

  it("removes a unit leader whose units are all gone, even with artillery; the option keeps "
    .. "him with guns [2.6a] [E-7.5b]", function()
    local g = bv.open(1, { ["1IL-1"] = "eliminated", ["1IL-2"] = "eliminated",
                           Hardin = "2714" })      -- with Bragg's battery
    local gone = {}
    g.hooks:on("leader.removed", function(ctx) gone[#gone + 1] = ctx.leader end)
    bv.play(g, {}, { dice = { 2, 2 }, stop = function(game) return (game.vars.turn or 0) >= 2 end })
    assert.are.same({ "Hardin" }, gone)
    assert.are.equal("eliminated", (g.store:where("Hardin")))
    assert.are.equal(1, #bv.lines(g, "Hardin is removed: every unit of his command is gone"))

    local kept = bv.open(1, { ["1IL-1"] = "eliminated", ["1IL-2"] = "eliminated",
                              Hardin = "2714" })
    kept.params.leader_with_guns = 0
    bv.play(kept, {}, { dice = { 2, 2 }, stop = function(game) return (game.vars.turn or 0) >= 2 end })
    assert.are.equal("hex", (kept.store:where("Hardin")))
  end)

  it("re-homes a unit leader left away from his units at his impulse's end, where his player "
    .. "says [7.6b] [E-7.5c]", function()
    local g = bv.open(1, { Hardin = "2000" })
    local rec = bv.play(g, { rehome = { "3118" } },
      { dice = { 2, 2 }, stop = function(game) return (game.vars.turn or 0) >= 2 end })
    local r = bv.requests(rec, "rehome")[1]
    assert.truthy(r)
    assert.truthy(require("volley.list").contains(r.options, "3219"))
    local _, at = g.store:where("Hardin")
    assert.are.equal("3118", at)
    assert.are.equal(1, #bv.lines(g, "Hardin rejoins his command in 3118"))
  end)

  it("puts a brigade's replacement counter in its first counter's hexes at full strength "
    .. "[2.5d]", function()
    local g = bv.open(1)
    bv.play(g, {}, { stop = function() return true end })
    assert.are.equal("set_aside", (g.store:where("1/L-2")))
    local hexes = g.store:hexes("1/L-1")
    assert.are.equal("1/L-2", admin.replace_brigade(g, "1/L-1"))
    assert.are.same(hexes, g.store:hexes("1/L-2"))
    assert.are.equal("eliminated", (g.store:where("1/L-1")))
    assert.are.equal(g.store:facing("1/L-2"), "NW")
    assert.is_nil(admin.replace_brigade(g, "1/L-2"))     -- no third counter
    assert.is_nil(admin.replace_brigade(g, "3/T"))       -- 3/T has no replacement
  end)
end)
