-- volley.walk, the move walked hex by hex (issue 35 point 1; docs/runtime.md "Moves walked
-- hex by hex"), on a stand-in game: a store of unit places, the points recorded.
local walk = require "volley.walk"

local function game_with(at)
  local where = { U = at }
  return {
    vars = {},
    store = {
      where = function(_, u) if where[u] then return "hex", where[u] end return "eliminated" end,
      place = function(_, u, h) where[u] = h; return true end,
    },
    take = function(u) where[u] = nil end,
  }
end

local function steps(n, cost)
  local out = {}
  for i = 1, n do out[i] = { cost = cost or 1 } end
  return out
end

describe("volley.walk", function()
  it("walks a plan through leave, enter and stop, without checking an uninterrupted step",
    function()
      local g, seen = game_with("A"), {}
      local w = walk.new(g, { unit = "U", path = { "B", "C" }, steps = steps(2), ma = 3,
        check = function() error("checked") end,
        fire = function(_, point, ctx) seen[#seen + 1] = point .. " " .. (ctx.to or ctx.hex) end,
      }):run()
      assert.are.same({ "movement.leave B", "movement.enter B", "movement.leave C",
                        "movement.enter C", "movement.stop C" }, seen)
      assert.are.same({ "C", 2, 1, nil }, { w.at, w.spent, w:left(), w.ended })
    end)

  it("after an interruption each step is checked; a refused one cuts, and go_on may send "
    .. "the mover on with what it has left", function()
      local g = game_with("A")
      local checked, asked = {}, nil
      local w = walk.new(g, { unit = "U", path = { "B", "C", "D" }, steps = steps(3), ma = 4,
        check = function(wk, to)
          checked[#checked + 1] = wk.at .. ">" .. to
          if to == "C" then return nil, "C is closed" end
          return { cost = 1 }
        end,
        entered = function(wk, _, hex) if hex == "B" then wk:interrupt("a withdrawal") end end,
        go_on = function(wk, why)
          asked = why .. " with " .. wk:left()
          return { path = { "E" } }        -- no steps: checked as it is taken
        end,
      }):run()
      assert.are.same({ "B>C", "B>E" }, checked)
      assert.are.equal("C is closed with 3", asked)
      assert.are.same({ "B", "E" }, w.entered)
      assert.are.equal(2, w.spent)
    end)

  it("a handler that takes the unit off ends the walk, with no stop point", function()
    local g, seen = game_with("A"), {}
    local w = walk.new(g, { unit = "U", path = { "B", "C" }, steps = steps(2), ma = 3,
      fire = function(_, point, ctx)
        seen[#seen + 1] = point
        if point == "movement.enter" then g.take(ctx.unit) end
      end,
    }):run()
    assert.are.same({ "movement.leave", "movement.enter" }, seen)
    assert.are.equal("gone", w.ended)
  end)

  it("stop ends the move where the unit stands; walk.of names the walk under way", function()
    local g = game_with("A")
    local during
    local w = walk.new(g, { unit = "U", path = { "B", "C" }, steps = steps(2), ma = 3,
      entered = function(wk)
        during = walk.of(g, "U").spent == wk.spent and walk.of(g, "V") == nil
        wk:stop("reaction")
      end,
    }):run()
    assert.are.same({ "B", "reaction", true }, { w.at, w.ended, during })
    assert.is_nil(walk.of(g, "U"))
  end)
end)
