-- Issue 35 point 2, finished (docs/runtime.md "Schedules"): a turn's events fire as
-- schedule.event; an arrival's window, its `else turn <k>`, a system's delay or diversion at
-- reinforcement.due (kept in game.vars.arrivals), never onto an enemy; the track the prompt
-- shows; `volley check` refusing a misplaced `else`. tests/shell/schedule.sh plays a game with
-- a schedule to its end through `volley play`, and Rough & Ready's opening arrivals.
local game = require "volley.game"
local schedule = require "volley.schedule"

local DIR = "tests/data/schedule"

-- `volley check` on the scenario with a piece replaced (tests/spec/support/schedule_check.lua)
local check_with = require "support.schedule_check"

local function names(came)
  local out = {}
  for _, c in ipairs(came) do
    out[#out + 1] = c.key .. " " .. table.concat(c.units, "+") .. " " .. c.at
  end
  return out
end

describe("a turn's events", function()
  it("fire as schedule.event after turn.start, in the order listed, with light and time",
    function()
      local g = game.open(DIR)
      local seen = {}
      g.hooks:on("turn.start", function(ctx) seen[#seen + 1] = "turn.start " .. ctx.turn end)
      g.hooks:on("schedule.event", function(ctx)
        seen[#seen + 1] = ctx.event .. " " .. ctx.turn .. " " .. ctx.light .. " "
          .. tostring(ctx.time)
      end)
      g.hooks:fire("turn.start", { turn = 5 })
      schedule.start(g, 5, g.hooks)
      assert.same({ "turn.start 5", "dark 5 night 1800", "quiet 5 night 1800" }, seen)
      assert.equal("turn 5 of 5, 1800 night: dark, quiet", g.narrative[#g.narrative])
      assert.same({}, schedule.events(g, 3, g.hooks))   -- no line: no event
    end)
end)

describe("an arrival's window", function()
  it("without its condition ever holding comes at its else turn, without the condition",
    function()
      local g = game.open("tests/data/reinforced")
      assert(g.store:place("A1", "1105"))   -- next to B's entry 1205: enemy adjacent
      assert.same({}, schedule.arrive(g, 3, g.hooks))
      assert.same({}, schedule.arrive(g, 4, g.hooks))
      assert.equal("B road (B4) does not arrive at turn 4: not enemy adjacent does not hold",
        g.narrative[#g.narrative])
      assert.same({ "road B4 1205" }, names(schedule.arrive(g, 5, g.hooks)))
      assert.same({}, schedule.arrive(g, 6, g.hooks))
    end)

  it("is never entered onto an enemy: a held entry hex is left out, all held keeps it out",
    function()
      local g = game.open(DIR)
      assert(g.store:place("B1", "0104"))   -- one of A's two entry hexes: A is not asked
      local ask = require "volley.ask"
      local old = ask.ask
      ask.ask = function() error("asked") end
      local ok, came = pcall(schedule.arrive, g, 2, g.hooks)
      ask.ask = old
      assert(ok, came)
      assert.same({ "road A4 0105" }, names(came))
      assert(g.store:place("A1", "1205"))   -- B's one entry hex
      assert.same({}, schedule.arrive(g, 3, g.hooks))
      assert.equal("B road (B4) cannot arrive at turn 3: an enemy holds 1205",
        g.narrative[#g.narrative])
      assert.equal("none", (g.store:where("B4")))
      assert(g.store:place("A1", "0905"))
      assert.same({ "road B4 1205" }, names(schedule.arrive(g, 4, g.hooks)))
    end)
end)

describe("reinforcement.due", function()
  it("lets the rules delay and divert a blocked arrival, the delay kept in game.vars",
    function()
      local g = game.open(DIR)
      assert(g.store:place("B1", "0105"))
      assert(g.store:place("B2", "0104"))
      local seen = {}
      g.hooks:on("reinforcement.due", function(ctx)
        seen[#seen + 1] = ctx.side .. " " .. ctx.turn .. " " .. tostring(ctx.blocked) .. " "
          .. tostring(ctx.enter) .. " " .. ctx.where .. " " .. tostring(ctx.formation)
        if ctx.blocked then                                 -- as [spi_gbacw 32.2]
          ctx.delay, ctx.where = 1, "0103"
        end
      end, { kind = "modify" })
      assert.same({}, schedule.arrive(g, 2, g.hooks))
      assert.same({ "A 2 true false 0105 or 0104 column" }, seen)
      assert.same({ turn = 3, where = "0103" }, g.vars.arrivals["A.road"])
      assert.equal("A road (A4) is delayed to turn 3 (at 0103)", g.narrative[#g.narrative])
      local t = schedule.track(g, 2)
      assert.equal("next: turn 3 A road (A4) at 0103 if not occupied; turn 3-4 B road (B4) at "
        .. "1205", schedule.next_text(t))
      -- at turn 3 it is due again, at 0103 (its condition holds there), with B's
      assert.same({ "road A4 0103", "road B4 1205" }, names(schedule.arrive(g, 3, g.hooks)))
      assert.same({}, schedule.track(g, 3).next)
    end)

  it("refuses what a handler leaves that is no delay, no spec or no answer, naming it",
    function()
      local function with(field, value)
        local g = game.open(DIR)
        g.hooks:on("reinforcement.due", function(ctx) ctx[field] = value end, { kind = "modify" })
        local ok, err = pcall(schedule.arrive, g, 2, g.hooks)
        assert.is_false(ok)
        return err
      end
      assert.equal("reinforcement.due A road (A4): ctx.delay must be a whole number of turns "
        .. "from 0 to 999, not 0.5", with("delay", 0.5))
      assert.equal("reinforcement.due A road (A4): ctx.enter must be true or false",
        with("enter", "yes"))
      assert.truthy(with("where", "9999"):find("^reinforcement.due A road %(A4%): ctx.where: "))
    end)
end)

describe("the turn track in play", function()
  it("names the turn under way and the arrivals still to come", function()
    local g = game.open(DIR)
    local t = schedule.track(g, 1)
    assert.equal("turn 1 of 5, 1400 day", t.line)
    assert.equal("next: turn 2 A road (A4) at 0105 or 0104 if not occupied; turn 3-4 B road "
      .. "(B4) at 1205", schedule.next_text(t))
    -- turn 3 under way: B's window has turn 4 left
    assert.equal("next: turn 4 B road (B4) at 1205", schedule.next_text(schedule.track(g, 3)))
    assert.is_nil(schedule.next_text(schedule.track(g, 4)))
    assert.is_nil(schedule.track(game.open("tests/data/demo"), 1))
  end)
end)

describe("volley check of else turn", function()
  it("refuses an else without a condition, or not after the window", function()
    local line = "road = turn 3-4 at 1205 | B4 orders march"
    assert.equal("scenario.ini:35: reinforcement road: 'else turn <k>' follows an 'if "
      .. "<condition>'", check_with(line, "road = turn 3-4 at 1205 else turn 5 | B4"))
    assert.equal("scenario.ini:35: reinforcement road: else turn 4 is not after the window "
      .. "(turn 4)", check_with(line, "road = turn 3-4 at 1205 if occupied else turn 4 | B4"))
    assert.equal("scenario.ini:35: reinforcement road: turn 6 is after the last turn (5)",
      check_with(line, "road = turn 3-4 at 1205 if occupied else turn 6 | B4"))
    assert.equal("", check_with(line, "road = turn 3-4 at 1205 if occupied else turn 5 | B4"))
  end)
end)
