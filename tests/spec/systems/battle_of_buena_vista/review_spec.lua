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

  it("a brigade placed with the reserve faces from its tail toward its head "
    .. "[battle_of_buena_vista 5.4] [battle_of_buena_vista 7.5a]", function()
    -- a brigade in the Reserve Box (routed there, issue 46), faced NW by its set-up
    local g = bv.open(1, { ["1/L-1"] = { box = "reserve" } })
    assert.are.equal("NW", g.store:facing("1/L-1"))
    local grid = require("systems.battle_of_buena_vista.movement").grid(g)
    g.hooks:on("turn.start", function(ctx)
      if ctx.turn == 5 then g.dice:force({ 1 }) end     -- turn 5: the reserve organized
    end)
    local chosen
    bv.stop_at(g, "reserve.check")
    bv.play(g, { reserve = { "yes" } }, {
      dice = { 2, 2, 2 },
      stop = function(_, _, req)
        if req.kind == "reserve_place" and not chosen then
          for _, o in ipairs(req.options) do             -- a placement not facing NW
            local h, t = o:match("^(%S+) (%S+)$")
            if h and grid:direction(t, h) ~= "NW" then chosen = o break end
          end
          bv.AUTO.reserve_place = chosen
        end
        return false
      end })
    bv.AUTO.reserve_place = nil
    assert.truthy(chosen)
    local head, tail = chosen:match("^(%S+) (%S+)$")
    assert.are.same({ head, tail }, g.store:hexes("1/L-1"))
    assert.are.equal(grid:direction(tail, head), g.store:facing("1/L-1"))
  end)
end)

describe("Battle of Buena Vista's activation refusals say why", function()
  local function refusals(rec)
    local out = {}
    for _, r in ipairs(rec.log) do if r.refusal then out[#out + 1] = r.refusal end end
    return out
  end
  local function after_activation(g)
    return function() return (g.vars.active or nil) ~= nil and #g.vars.active > 0 end
  end

  it("T-BV-07: Wool on the Track naming a main-map leader is told the zone rule "
    .. "[battle_of_buena_vista 6.3a]", function()
    local g = bv.open(1, { Wool = { space = "saltillo/F" } })
    local rec = bv.play(g, { first_commander = { "Wool" }, ["US activate"] = { "Hardin", "done" } },
      { dice = { 2, 1 }, stop = after_activation(g) })
    local r = refusals(rec)
    assert.truthy(r[1], "no refusal")
    assert.truthy(r[1]:find("Hardin is on the main map: Wool, on the Saltillo Track, activates "
      .. "leaders there only", 1, true), r[1])
    assert.truthy(r[1]:find("[battle_of_buena_vista 6.3a]", 1, true), r[1])
  end)

  it("the Mexican player naming Santa Anna or an active leader is told why "
    .. "[battle_of_buena_vista 6.1c] [battle_of_buena_vista 6.1a]", function()
    local g = bv.open(1)
    local rec = bv.play(g, { activate = { "SantaAnna", "Lombardini", "Lombardini", "done" } },
      { dice = { 2, 3 }, stop = after_activation(g) })
    local r = refusals(rec)
    assert.truthy(r[1] and r[1]:find("SantaAnna is exempt: always active", 1, true), tostring(r[1]))
    assert.truthy(r[1]:find("[battle_of_buena_vista 6.1c]", 1, true), r[1])
    assert.truthy(r[2] and r[2]:find("Lombardini is already active this turn", 1, true),
      tostring(r[2]))
    assert.truthy(r[2]:find("[battle_of_buena_vista 6.1a]", 1, true), r[2])
  end)
end)

describe("Battle of Buena Vista's move refusals", function()
  it("a hex beyond a slope is refused naming the slope that stops the move "
    .. "[battle_of_buena_vista E-7.1e]; a hex beyond the MP names the MP "
    .. "[battle_of_buena_vista 7.1b]", function()
    local mv = require "support.bv"
    local movement = require "systems.battle_of_buena_vista.movement"
    local g = mv.open{ SantaAnna = "5210" }            -- the hill, slopes around it
    local rec = mv.play(g, function(game) movement.impulse(game, "MEX") end,
      { "SantaAnna 5010", "SantaAnna 2010", "done" })
    local r = mv.refusals(rec)
    assert.truthy(r[1]:match("^5010 is out of SantaAnna's reach this impulse: the slope 51%d%d "
      .. "on the way ends a move that enters it %[battle_of_buena_vista E%-7%.1e%]$"), r[1])
    assert.are.equal("2010 is out of SantaAnna's reach this impulse (8 MP) "
      .. "[battle_of_buena_vista 7.1b]", r[2])
  end)
end)
