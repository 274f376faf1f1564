-- rules.lua of guide/millers-ford: the battle's special rule [millers-ford 1]. Blue wins at
-- once when one of its units holds the ford hex at the end of a turn; if Blue has not taken
-- it by the end of the last turn, Red wins.
local FORD = "0503"

volley.on("victory.check", function(ctx)
  local game = ctx.game
  if game.controller(FORD) == "Blue" then
    local holder = game.units{ hex = FORD, side = "Blue", class = "combat" }[1]
    game.declare_result{ winner = "Blue", why = holder .. " holds the ford [millers-ford 1]" }
  elseif ctx.turn == game.param("turns") then -- the last turn: scenario.ini [params]
    game.declare_result{ winner = "Red", why = "Blue has not taken the ford [millers-ford 1]" }
  end
end)
