-- volley.runner: nested phases, loops and steps; the cursor; resuming at any step boundary.
local runner = require "volley.runner"
local ask = require "volley.ask"
local hooks = require "volley.hooks"

local function deepcopy(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = deepcopy(x) end
  return out
end

-- A tiny sequence of play: 3 turns; each a roll, 2 impulses of a move by A and a reaction
-- by B, and an end step. Everything the steps use lives in `game` (the "state").
local function sequence()
  return runner.loop("turn", { count = 3 }, {
    runner.step("roll", function(g)
      g.n = (g.n * 7 + 3) % 101
      g.log[#g.log + 1] = "roll " .. g.n
    end),
    runner.loop("impulse", { while_ = function(g, i) return i <= 2 and g.n ~= 0 end }, {
      runner.step("move", function(g)
        local opts = { "h" .. (g.n % 5), "h" .. (g.n % 7), "stay" }
        local a = ask.ask("A", { kind = "move", prompt = "Move where?", options = opts,
                                 rule = "[demo 1.1]" })
        g.log[#g.log + 1] = "A " .. a
      end),
      runner.step("react", function(g)
        local a = ask.ask("B", { kind = "react", prompt = "React?", options = { "fire", "none" },
                                 rule = "[demo 2.1]" })
        g.log[#g.log + 1] = "B " .. a
      end),
    }),
    runner.step("end", function(g) g.log[#g.log + 1] = "end" end),
  })
end

-- Answers deterministically from the game state (so a resumed game answers the same).
local function answerer(g)
  return function(_, req)
    g.decisions = g.decisions + 1
    local legal = ask.legal(req)
    return legal[(g.n + g.decisions) % #legal + 1]
  end
end

local function play(game, cursor, on_boundary)
  local r = runner.new(sequence(), { cursor = cursor, on_boundary = on_boundary })
  ask.drive(coroutine.create(function() r:run(game) end), answerer(game))
  return game
end

describe("volley.runner", function()
  it("runs loops, nested loops and steps in order", function()
    local g = play({ n = 1, log = {}, decisions = 0 })
    assert.are.equal(3 * (1 + 2 * 2 + 1), #g.log)
    assert.are.equal("roll 10", g.log[1])
    assert.are.equal("end", g.log[#g.log])
  end)

  it("names each boundary by its path", function()
    local paths = {}
    play({ n = 1, log = {}, decisions = 0 }, nil, function(_, path) paths[#paths + 1] = path end)
    assert.are.same({ "turn 1/roll", "turn 1/impulse 1/move", "turn 1/impulse 1/react",
                      "turn 1/impulse 2/move" }, { paths[1], paths[2], paths[3], paths[4] })
    assert.are.equal("turn 3/end", paths[#paths])
  end)

  it("continues from any step boundary to the uninterrupted game's end", function()
    local boundaries = {}
    local whole = { n = 1, log = {}, decisions = 0 }
    play(whole, nil, function(cursor)
      boundaries[#boundaries + 1] = { cursor = cursor, game = deepcopy(whole) }
    end)
    assert.are.equal(18, #boundaries)
    for k, b in ipairs(boundaries) do
      local resumed = play(deepcopy(b.game), b.cursor)
      assert.are.same(whole, resumed, "resumed at boundary " .. k)
    end
  end)

  it("lets a battle script skip or replace a step through sequence.step", function()
    local reg = hooks.new{ { name = "sequence.step", kinds = { "observe", "replace" },
                             when = "each step of the sequence of play" } }
    reg:set_source("battle")
    reg:on("sequence.step", function(ctx, rule)
      if ctx.step == "end" then return end         -- skipped
      return rule(ctx)
    end, { kind = "replace" })
    local g = { n = 1, log = {}, decisions = 0 }
    local r = runner.new(sequence(), { hooks = reg })
    ask.drive(coroutine.create(function() r:run(g) end), answerer(g))
    for _, line in ipairs(g.log) do assert.are_not.equal("end", line) end
    assert.are.equal(3 * (1 + 2 * 2), #g.log)
  end)

  it("stops a runaway sequence", function()
    local seq = runner.loop("forever", { while_ = function() return true end },
      { runner.step("nothing", function() end) })
    local r = runner.new(seq, { max_steps = 50 })
    assert.has_error(function() r:run({}) end,
      "runaway sequence: 50 steps run (last: forever 51/nothing)")
  end)
end)
