-- Battle of Buena Vista at the prompt (volley.commands): a double-size counter's position
-- `<head>/<tail>` [battle_of_buena_vista 7.5b] typed after the `move` word, as the move
-- request's legal answers list it (`move 1/L-1 4508/4609`).
local commands = require "volley.commands"

local function world()
  return {
    units = {
      { id = "1/L-1", side = "MEX", where = "hex", at = "4609" },
      { id = "Lombardini", side = "MEX", where = "hex", at = "4609" },
    },
    hexes = { "4508", "4509", "4609", "4709" },
    spaces = {},
  }
end

local move = { side = "MEX", kind = "move", prompt = "move", rule = "[battle_of_buena_vista 7.1a]",
               options = { "1/L-1 4508/4609", "pivot 1/L-1 4609/4709", "Lombardini 4508",
                           "done" } }

local function answer(line)
  local c = commands.interpret(line, move, world())
  if c.kind == "answer" then return c.value end
  return c.kind .. ": " .. tostring(c.why)
end

describe("Battle of Buena Vista's double-size counters at the prompt", function()
  it("move <unit> <head>/<tail> answers the move request as listed "
    .. "[battle_of_buena_vista 7.5b]", function()
    assert.are.equal("1/L-1 4508/4609", answer("move 1/L-1 4508/4609"))
    assert.are.equal("1/L-1 4508/4609", answer("1/L-1 4508/4609"))
    assert.are.equal("Lombardini 4508", answer("move Lombardini 4508"))
  end)

  it("a position with a hex that is not the map's is still refused, named", function()
    local r = answer("move 1/L-1 4508/9999")
    assert.truthy(r:find("^refuse"), r)
    assert.truthy(r:find("9999", 1, true), r)
  end)
end)

describe("Battle of Buena Vista's words at the prompt", function()
  after_each(function() commands.reset() end)

  it("help pivot and help <kind> of its requests answer, from the system's words "
    .. "[battle_of_buena_vista 7.5b] [battle_of_buena_vista 7.6b]", function()
    local sys = require "systems.battle_of_buena_vista"
    assert.truthy(sys.words, "the system declares no words")
    commands.extend(sys.words)
    local pivot = assert(commands.help_lines("pivot"))
    assert.truthy(pivot[1]:find("pivot <unit> <head>/<tail>", 1, true), pivot[1])
    local rehome = assert(commands.help_lines("rehome"))
    assert.truthy(rehome[1]:find("Battle of Buena Vista: rules 7.6", 1, true), rehome[1])
    local reserve = assert(commands.help_lines("reserve"))
    assert.truthy(reserve[1]:find("rules 5.4", 1, true), reserve[1])
  end)
end)

describe("help for a pending request with two citations", function()
  it("names both cases cleanly (Battle of Buena Vista's moving request "
    .. "[battle_of_buena_vista 5.2-A4] [battle_of_buena_vista E-5.2])", function()
    local pending = { side = "MEX", kind = "moving", prompt = "Put a Moving marker on a battery",
                      rule = "[battle_of_buena_vista 5.2-A4] [battle_of_buena_vista E-5.2]",
                      options = { "8pdr", "done" } }
    local lines = assert(commands.help_lines("moving", pending))
    local want = "the rule: rules 5.2-A4, E-5.2"
    assert.are.equal(want, lines[1]:sub(-#want))
    local one = { side = "A", kind = "react", prompt = "p", rule = "[demo 5.1]",
                  options = { "fire" } }
    assert.truthy(assert(commands.help_lines("react", one))[1]:find("the rule: rules 5.1$"))
  end)
end)
