-- The demo scenario (tests/data/demo/scenario.ini) opened through the scenario loader: every
-- unit where its set-up line puts it, the same state as the units placed by hand, and the
-- scenario's parameters and victory values in the game (docs/scenarios.md, docs/demo.md).
local game = require "volley.game"

local DEMO = "tests/data/demo"

describe("the demo scenario", function()
  it("sets every unit up: A in the west columns, B in the east", function()
    local g = game.open(DEMO, { seed = 3 })
    local at = {}
    for _, u in ipairs(g.store:units{}) do
      local kind, hex = g.store:where(u)
      assert.are.equal("hex", kind, u)
      at[u] = hex
    end
    assert.are.same({ A1 = "0103", A2 = "0105", A3 = "0107", A4 = "0205",
                      B1 = "1203", B2 = "1205", B3 = "1207", B4 = "1105" }, at)
    assert.are.same({}, g.setup.choices)
  end)

  it("is the state of the same units placed by hand", function()
    local by_hand = game.new{ system = "demo", map = DEMO .. "/map.ini",
                              oob = DEMO .. "/oob.ini", seed = 3, params = { turns = 4 } }
    local placed = { A1 = "0103", A2 = "0105", A3 = "0107", A4 = "0205",
                     B1 = "1203", B2 = "1205", B3 = "1207", B4 = "1105" }
    for _, u in ipairs(by_hand.store:units{}) do assert(by_hand.store:place(u, placed[u])) end
    assert.are.equal(by_hand.store:hash(), game.open(DEMO, { seed = 3 }).store:hash())
  end)

  it("gives the rules its parameters and sides", function()
    local g = game.open(DEMO .. "/scenario.ini")
    assert.are.same({ stack_limit = 2, turns = 4 }, g.params)   -- stack_limit: the default
    assert.are.same({ "A", "B" }, g:sides())
    assert.are.equal("A", g.scenario.first)
    assert.are.equal(400, g.scenario.max_decisions)
    assert.are.equal(400, g.max_decisions)
    assert.is_nil(g.scenario.id)
    assert.is_nil(g.scenario.paths.rules)
    assert.are.same({ A = {}, B = {} }, g.victory)   -- the demo reads no victory values
    assert.are.equal(2, game.open(DEMO, { params = { turns = 2 } }).params.turns)
  end)
end)
