-- test-game/hold's rule [hold 1]: the US win, decisively, when a US combat unit stands in 0302
-- and no Mexican one does at a victory check (after each activation in Rough & Ready), declared
-- through the system's victory procedure (docs/modding.md "Declaring the result").
-- luacheck: read globals volley
local GOAL, SIDE = "0302", "US"

volley.on("victory.check", function(ctx)
  local g = ctx.game
  if g.result() then return end
  if g.controller(GOAL) == SIDE then                  -- its combat units there, no enemy's
    g.declare_result{ winner = SIDE, level = "decisive", why = SIDE .. " holds " .. GOAL }
  end
end)
