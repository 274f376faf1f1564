-- Issue 35 point 2 (docs/formats.md "scenario.ini" [turns] and [reinforcements.<SIDE>],
-- docs/runtime.md "Schedules"): the turn track, the game length and the reinforcements as
-- data, read by volley.schedule, checked by `volley check` at their file and line, given to
-- the rules as game.schedule and shown by `volley render --text`.
local game = require "volley.game"
local schedule = require "volley.schedule"

local DIR = "tests/data/schedule"

-- `volley check` on the scenario with a piece replaced (tests/spec/support/schedule_check.lua)
local check_with = require "support.schedule_check"

describe("volley.schedule", function()
  it("gives the game its turn track, game length and arrivals in file order", function()
    local g = game.open(DIR)
    local sch = g.schedule
    assert.equal(5, sch.last)
    assert.equal(5, g.params.turns)            -- [turns] last is the demo's turns parameter
    assert.same({ 1, 2, 4, 5 }, sch.track)
    assert.same({ time = "1700", light = "dusk", events = { "rain" },
                  file = DIR .. "/scenario.ini", line = 22 }, sch.turns[4])
    assert.equal("day", schedule.light(sch, 3))
    assert.equal("night", schedule.light(sch, 5))
    assert.equal("turn 2 of 5, 1500 day", schedule.track_line(sch, 2))
    assert.equal(2, #sch.arrivals)
    local a = sch.arrivals[1]
    assert.equal("A", a.side)
    assert.equal("road", a.key)
    assert.same({ 2, 2, "0105 or 0104", { "A4" }, "column", "[demo 4.1]" },
      { a.turn, a.upto, a.where, a.units, a.formation, a.rule })
    assert.same({ "not", { "occupied" } }, a.condition)
    local b = sch.arrivals[2]
    assert.same({ "B", 3, 4, "march", { "B4" } }, { b.side, b.turn, b.upto, b.orders, b.units })
    assert.same({}, schedule.due(sch, 1))
    assert.same({ a }, schedule.due(sch, 2))
    assert.same({ b }, schedule.due(sch, 4))
  end)

  it("reads conditions with not, and, or and parentheses", function()
    local c = assert(schedule.condition("not occupied and (var morale >= 3 or param x != -1)"))
    assert.same({ "and", { "not", { "occupied" } },
                  { "or", { "var", "morale", ">=", 3 }, { "param", "x", "!=", -1 } } }, c)
    local env = { occupied = function() return false end, enemy_adjacent = function() end,
                  var = function(n) return n == "morale" and 2 or nil end,
                  param = function() return -1 end }
    assert.is_false(schedule.holds(c, env))
    env.var = function() return 3 end
    assert.is_true(schedule.holds(c, env))
    assert.is_nil(schedule.condition("occupied by B"))
  end)

  it("keeps a scenario without a schedule as it was", function()
    local g = game.open("tests/data/demo")
    assert.same({ turns = {}, track = {}, arrivals = {} }, g.schedule)
    assert.equal(4, g.params.turns)
    assert.is_nil(schedule.track_text(g.schedule))
  end)
end)

describe("volley check of a schedule", function()
  it("accepts the scheduled scenario", function()
    assert.equal("", check_with("[turns]", "[turns]"))
  end)

  it("refuses a bad turn line, arrival or unit at its file and line", function()
    local cases = {
      { "4 = 1700 dusk", "4 = 2500 dusk",
        "scenario.ini:22: [turns] 4: time '2500' is not HHMM (0000 to 2359)" },
      { "4 = 1700 dusk", "4 = 1700 twilight",
        "scenario.ini:22: [turns] 4: 'twilight' is not a light word (dawn, day, dusk, night)" },
      { "events rain", "events Rain!",
        "scenario.ini:22: [turns] 4: expected [<HHMM>] [dawn|day|dusk|night] [events <name>, "
        .. "...], found 'events Rain!'" },
      { "road = turn 3-4", "road = turn 6",
        "scenario.ini:35: reinforcement road: turn 6 is after the last turn (5)" },
      { "road = turn 3-4", "road = in 3",
        "scenario.ini:35: reinforcement road: expected 'turn <n>' or 'turn <n>-<m>' first" },
      { "if not occupied", "if occupied by B",
        "scenario.ini:32: reinforcement road: condition 'occupied by B' is not understood "
        .. "(occupied, enemy adjacent, var|param <name> <op> <integer>, with not, and, or, "
        .. "parentheses)" },
      { "| B4 orders", "| A4 orders",
        "scenario.ini:35: unit A4 arrives twice (first at line 32)" },
      { "| B4 orders", "| B3 orders",
        "scenario.ini:35: unit B3 arrives but is set up at line 29" },
      { "| B4 orders", "| B9 orders",
        "scenario.ini:35: unit 'B9' is not in the order of battle (oob.ini)" },
      { "at 1205", "at 9999",
        "scenario.ini:35: placement spec '9999', column 1: hex 9999 is not on the map (columns 01-12, rows 01-10)" },
      { "[reinforcements.B]", "[reinforcements.C]",
        "scenario.ini:34: [reinforcements.C]: 'C' is not a side of [sides] order (A B)" },
      { "last = 5", "last = 3",
        "scenario.ini:22: [turns] 4: after the last turn (3)" },
    }
    for _, c in ipairs(cases) do
      assert.equal(c[3], check_with(c[1], c[2]))
    end
  end)
end)

describe("volley render --text of a schedule", function()
  it("shows the turn track and when each reinforcement arrives", function()
    local p = assert(io.popen("build/volley render " .. DIR .. " --text"))
    local out = p:read("a")
    p:close()
    assert.truthy(out:find("\nturns: 1 1400 day, 2 1500 day, 3 day, 4 1700 dusk (rain), "
      .. "5 1800 night (dark, quiet)\n", 1, true), out)
    assert.truthy(out:find("\noff the map: A4 (A, arrives turn 2 at 0105 or 0104 if not "
      .. "occupied), B4 (B, arrives turn 3-4 at 1205)\n", 1, true), out)
  end)
end)

describe("reinforcements in play", function()
  it("the demo places each arrival at its turn, when its condition holds", function()
    local g = game.open(DIR)
    local seen = {}
    g.hooks:on("reinforcement.arrive", function(ctx)
      seen[#seen + 1] = ctx.key .. " " .. ctx.side .. " " .. table.concat(ctx.units, "+") .. " "
        .. ctx.at .. " " .. ctx.turn
    end)
    assert.equal("none", (g.store:where("A4")))
    assert.same({}, schedule.arrive(g, 1))
    -- two entry hexes: side A is asked, its answer places A4 (not the default, 0104)
    local asked
    local ask = require "volley.ask"
    local old = ask.ask
    ask.ask = function(side, request) asked = side .. " " .. request.default return "0105" end
    local came = schedule.arrive(g, 2, g.hooks)
    ask.ask = old
    assert.equal("A 0104", asked)
    assert.equal(1, #came)
    assert.same({ "0105" }, g.store:hexes("A4"))
    assert.same({ "road A A4 0105 2" }, seen)
    -- B4's window is turns 3-4; with 1205 free it comes at turn 3, and not again
    assert.equal(1, #schedule.arrive(g, 3))
    assert.same({ "1205" }, g.store:hexes("B4"))
    assert.same({}, schedule.arrive(g, 4))
  end)

  it("an arrival whose condition does not hold waits, and misses its window", function()
    local g = game.open(DIR)
    assert(g.store:place("B1", "0105"))
    assert(g.store:place("B2", "0104"))
    assert.same({}, schedule.arrive(g, 2))   -- both entry hexes held by B: occupied
    assert.equal("none", (g.store:where("A4")))
  end)
end)
