-- Battle of Buena Vista, issue 44's review: the rules the first pass missed, each through
-- the real game with scripted answers and forced dice.
local bv = require "support.bv_seq"
local activation = require "systems.battle_of_buena_vista.activation"

-- whether `leader` shares a hex with a combat unit of his side
local function with_a_unit(g, leader)
  local side = g:unit_info(leader).side
  for _, u in ipairs(g.store:units{ side = side }) do
    if activation.combat(g, u) and activation.stacked(g, leader, u) then return true end
  end
  return false
end

describe("Battle of Buena Vista, the review of issue 44", function()
  it("Perez, not one of the three leaders who move freely, ends each Mexican impulse with a "
    .. "unit [battle_of_buena_vista 7.6b] [battle_of_buena_vista 7.6a]", function()
    local g = bv.open(1, { Perez = "3905" })
    assert.is_false(with_a_unit(g, "Perez"))
    bv.stop_at(g, "impulse.end", function(ctx) return ctx.side == "MEX" end)
    local rec = bv.play(g, {}, { dice = { 2, 2 } })
    assert.is_true(with_a_unit(g, "Perez"))
    assert.truthy(bv.requests(rec, "rehome")[1])
    assert.are.equal(1, #bv.lines(g, "Perez rejoins his command in "))
  end)

  it("Santa Anna, who moves freely, may end an impulse alone [battle_of_buena_vista 7.6a]",
    function()
    local g = bv.open(1, { SantaAnna = "3905" })
    bv.stop_at(g, "impulse.end", function(ctx) return ctx.side == "MEX" end)
    bv.play(g, {}, { dice = { 2, 2 } })
    local _, at = g.store:where("SantaAnna")
    assert.are.equal("3905", at)
  end)
end)
