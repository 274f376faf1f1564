--- The demo system's victory [demo 6]: a side with no unit left on the map loses at once
-- [demo 6.1]; after the last turn the side with more strength left (strength less hits)
-- wins, an equal count is a draw [demo 6.2].
-- @module systems.demo.victory

local M = {}

--- Strength left of a side's units on the map.
function M.strength(game, side)
  local total = 0
  for _, u in ipairs(game.store:units{ side = side, class = "combat" }) do
    if game.store:where(u) == "hex" then
      total = total + game.store:get(u, "strength") - game.store:marker(u, "hits")
    end
  end
  return total
end

--- A result a battle's or a mod's script declared (`ctx.game.declare_result`,
-- volley.script_api): at the end of the turn [demo 6] it ends the game, whatever the
-- strength left. Whether it did.
-- @treturn boolean
function M.declared(game)
  return require("volley.script_api").apply_declared(game)
end

--- The victory check at the end of a turn [demo 6]: sets vars.winner ("A", "B" or "draw")
-- and vars.reason when the game is over.
function M.check(game, turn)
  local sides = game:sides()
  local a, b = M.strength(game, sides[1]), M.strength(game, sides[2])
  if a == 0 or b == 0 then                                       -- [demo 6.1]
    game.vars.winner = (a == 0 and b == 0) and "draw" or (a == 0 and sides[2] or sides[1])
    game.vars.reason = "annihilation"
  elseif turn >= game.params.turns then                          -- [demo 6.2]
    game.vars.winner = a > b and sides[1] or (b > a and sides[2] or "draw")
    game.vars.reason = "last turn"
  end
end

return M
