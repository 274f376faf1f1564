-- Victory [rough_and_ready 8.0] on the fixture battle (tests/data/rr), whose [victory] is
-- Palo Alto's schedule and Withdrawal Levels (US 15, MEX 20) [rough_and_ready PA 8.0].
local rr = require "support.rr"
local victory = require "systems.rough_and_ready.victory"

-- A battle's extra BL, through victory.bl.
local function extra_bl(g, by_side)
  g.hooks:on("victory.bl", function(ctx, mods)
    if by_side[ctx.side] then mods:add(by_side[ctx.side], "test BL", "[test]") end
  end, { kind = "modify" })
end

describe("[rough_and_ready 8.0] Battle Lost points", function()
  it("scores the scenario's schedule: eliminations by group, Disordered units", function()
    local g = rr.open()
    assert(g.store:place("4US-1", "eliminated"))
    assert(g.store:place("C3US", "eliminated"))
    g.store:set_marker("8US-1", "disordered", 1)
    local total, mods = victory.battle_lost(g, "US")
    assert.are.equal(4, total)                           -- 2 + 1 + 1
    local labels = {}
    for _, m in ipairs(mods:list()) do labels[#labels + 1] = m.value .. " " .. m.label end
    assert.are.same({ "1 1 gun eliminated x 1", "2 1 infantry or cavalry eliminated x 2",
                      "1 1 Disordered on the map x 1" }, labels)
  end)

  it("scores listed units at their group's value, and road hexes the enemy holds", function()
    local g = rr.open()
    assert(g.store:place("VN-1", "eliminated"))          -- an irregular: 1
    assert(g.store:place("RANCH-1", "eliminated"))       -- an irregular: 1
    assert(g.store:place("4L-1", "eliminated"))          -- infantry: 2
    assert(g.store:place("8US-1", "0607"))               -- a road hex of the 07 row and south
    assert(g.store:place("Belknap", "0608"))             -- a leader holds nothing
    local total, mods = victory.battle_lost(g, "MEX")
    assert.are.equal(5, total)
    local labels = {}
    for _, m in ipairs(mods:list()) do labels[#labels + 1] = m.value .. " " .. m.label end
    assert.are.same({ "2 1 infantry or cavalry eliminated x 2", "2 2 irregular eliminated x 1",
                      "1 1 road hexes held by the enemy x 1" }, labels)
  end)
end)

describe("[rough_and_ready 8.0] the withdrawal roll (T-RR-17)", function()
  it("withdraws the US on 8 + BL 8 = 16, over 15", function()
    local g = rr.open()
    extra_bl(g, { US = 8, MEX = 8 })
    g.dice:force{ 8 }
    victory.check(g)
    assert.are.equal("MEX", g.vars.winner)
    assert.are.equal("US withdraws", g.vars.reason)
    assert.are.same({
      "US withdrawal roll: d10 8 + BL 8 = 16 against Withdrawal Level 15: exceeds it "
        .. "[rough_and_ready 8.0]",
      "MEX: BL 8 cannot exceed Withdrawal Level 20: no roll [rough_and_ready 8.0]",
      "US withdraws: MEX wins [rough_and_ready 8.0]" }, g.narrative)
  end)

  it("holds the US with BL 7 and fewer BL than MEX's 10: even a 9 makes 15, not over 15",
    function()
      local g = rr.open()
      extra_bl(g, { US = 7, MEX = 10 })
      victory.check(g)
      assert.is_nil(g.vars.winner)
      assert.are.same({ "US: BL 7 (-1 for fewer BL) cannot exceed Withdrawal Level 15: no roll "
        .. "[rough_and_ready 8.0]" }, rr.lines(g, "US:"))
      assert.are.equal(0, g.dice:count())                -- nor can MEX's 10 + 9 exceed 20
    end)

  it("subtracts one from the roll of the side with fewer BL", function()
    local g = rr.open()
    extra_bl(g, { US = 8, MEX = 10 })
    g.dice:force{ 8 }
    victory.check(g)
    assert.is_nil(g.vars.winner)
    assert.are.same({ "US withdrawal roll: d10 8 + BL 8 -1 (fewer BL) = 15 against Withdrawal "
      .. "Level 15: holds [rough_and_ready 8.0]" }, rr.lines(g, "US withdrawal roll"))
    g = rr.open()
    extra_bl(g, { US = 8, MEX = 10 })
    g.dice:force{ 9 }
    victory.check(g)
    assert.are.equal("MEX", g.vars.winner)
  end)

  it("rolls nothing while no side could exceed its level", function()
    local g = rr.open()
    victory.check(g)
    assert.are.equal(0, g.dice:count())
    assert.is_nil(g.vars.winner)
  end)
end)

describe("[rough_and_ready 8.0] both sides exceed at once", function()
  local function both(answers)
    local g = rr.open()
    extra_bl(g, { US = 10, MEX = 15 })
    g.dice:force{ 9, 9 }                                 -- US 9+10-1 = 18 > 15; MEX 24 > 20
    local rec
    local co = coroutine.create(function() victory.check(g) end)
    rec = {}
    require("volley.ask").drive(co, function(side, req)
      rec[#rec + 1] = side .. " " .. req.kind .. " " .. table.concat(req.options, "/") .. " "
        .. req.rule
      return table.remove(answers, 1)
    end)
    return g, rec
  end

  it("is a draw when both agree", function()
    local g, rec = both({ "draw", "draw" })
    assert.are.same({ "US draw draw/play on [rough_and_ready 8.0]",
                      "MEX draw draw/play on [rough_and_ready 8.0]" }, rec)
    assert.are.equal("draw", g.vars.winner)
  end)

  it("goes on when either side will not agree", function()
    local g, rec = both({ "play on" })
    assert.are.same({ "US draw draw/play on [rough_and_ready 8.0]" }, rec)
    assert.is_nil(g.vars.winner)
    assert.are.same({ "US plays on [rough_and_ready 8.0]" }, rr.lines(g, "plays on"))
  end)
end)

describe("[rough_and_ready 3.12, 8.0] the game ends with a withdrawal", function()
  it("checks victory after every activation and stops the chain there", function()
    local g = rr.open()
    extra_bl(g, { US = 15 })
    g.dice:force{ 0 }                                    -- 0 + 15 = 15: holds
    local ended = {}
    g.hooks:on("game.end", function(ctx) ended[#ended + 1] = ctx.winner .. ": " .. ctx.reason end)
    local rec = rr.play(g, { "garland" })
    assert.are.equal("activate", rec.pending.kind)
    g = rr.open()
    extra_bl(g, { US = 15 })
    g.hooks:on("game.end", function(ctx) ended[#ended + 1] = ctx.winner .. ": " .. ctx.reason end)
    g.dice:force{ 1 }                                    -- 1 + 15 = 16: withdraws
    rec = rr.play(g, { "garland" })
    assert.is_true(rec.done)
    assert.are.same({ "MEX: US withdraws" }, ended)
    assert.are.same({ done = true }, g.store:cursor())
  end)
end)
