-- volley.systems: loading a system's table and its catalogue.
local systems = require "volley.systems"

describe("volley.systems", function()
  it("loads the demo system with the runtime's points added", function()
    local sys = systems.load("demo")
    assert.are.equal("demo", sys.id)
    local reg = systems.registry(sys)
    assert.are.same({ "fire.drm", "fire.resolved", "game.end", "game.start", "movement.cost",
      "movement.enter", "movement.leave", "movement.stop", "reaction.offer",
      "reinforcement.arrive", "reinforcement.due", "schedule.event", "sequence.step",
      "setup.start", "turn.end", "turn.start", "victory.check" }, reg:point_names())
  end)

  it("refuses a malformed id and a missing system", function()
    assert.has_error(function() systems.load("Bad-Id") end,
      "bad system id 'Bad-Id' (expected [a-z0-9_]+)")
    assert.has_error(function() systems.load("no_such_system") end)
  end)

  it("prints the point lines before the context fields", function()
    local text = systems.catalogue_text("demo")
    assert.is_truthy(text:find("^fire%.drm modify before a fire roll is totalled\n"))
    assert.is_truthy(text:find("\n\ncontext fields:\n  fire%.drm: firers, firer, target, mods\n", 1))
  end)
end)
