-- The view filter (scripts/volley/view.lua; docs/shell.md "Views"): tests/data/hidden sets B4
-- up hidden, so side A's view drops it, the referee's and B's keep everything.
local game = require "volley.game"
local view = require "volley.view"

local HIDDEN = "tests/data/hidden"

describe("volley.view", function()
  local g
  before_each(function() g = game.open(HIDDEN, { seed = 3 }) end)

  it("sets B4 up hidden at its set-up hex, and no other unit", function()
    assert.is_true(g.store:unit("B4").hidden)
    assert.are.same({ "hex", "1105" }, { g.store:where("B4") })
    assert.is_false(g.store:unit("B3").hidden)
  end)

  it("hides B4 from A, not from B or the referee", function()
    assert.is_false(view.new(g, "A"):sees("B4"))
    assert.is_true(view.new(g, "A"):sees("B3"))
    assert.is_true(view.new(g, "B"):sees("B4"))
    assert.is_true(view.new(g, "referee"):whole())
  end)

  it("drops a line naming B4 as a word, and keeps one naming B40 or xB4", function()
    local a = view.new(g, "A")
    assert.is_nil(a:line("B4 moves 1105 -> 1004 (2 MP) [demo 4.2]"))
    assert.is_nil(a:line("A4 fires at B4: d6 5+0 = 5: 1 Hit"))
    assert.are.equal("B40 and xB4", a:line("B40 and xB4"))
    assert.are.same({ "B3 moves" }, a:lines({ "B3 moves", "B4 moves" }))
    assert.are.equal("B4 moves", view.new(g, "referee"):line("B4 moves"))
  end)

  it("names B4 'a hidden unit' in a refusal from the rules", function()
    assert.are.equal("1005 holds a unit of side B (a hidden unit) [demo 3.3]",
      view.new(g, "A"):refusal("1005 holds a unit of side B (B4) [demo 3.3]"))
  end)

  it("leaves the dice line and B4's line out of A's canonical text, and hashes it", function()
    local text = view.new(g, "A"):text()
    assert.is_nil(text:find("\ndice ", 1, true))
    assert.is_nil(text:find("unit B4 ", 1, true))
    assert.is_truthy(text:find("unit B3 hex 1207 ", 1, true))
    assert.is_truthy(view.new(g, "B"):text():find("unit B4 hex 1105 ", 1, true))
    assert.matches("^%x+$", view.new(g, "A"):hash())
    assert.are.equal(16, #view.new(g, "A"):hash())
    assert.are_not.equal(view.new(g, "A"):hash(), view.new(g, "B"):hash())
  end)
end)
