-- test-game/hold's rule [hold 1]: the US win, decisively, when a US combat unit stands in 0302
-- and no Mexican one does at a victory check (after each activation in Rough & Ready), declared
-- through the system's victory procedure (docs/modding.md "Declaring the result").
-- luacheck: read globals volley
local GOAL, SIDE = "0302", "US"

volley.on("victory.check", function(ctx)
  local g = ctx.game
  if g.result() then return end
  local mine, theirs = 0, 0
  for _, u in ipairs(g.units{ hex = GOAL, class = "combat" }) do
    if g.side(u) == SIDE then mine = mine + 1 else theirs = theirs + 1 end
  end
  if mine > 0 and theirs == 0 then
    g.declare_result{ winner = SIDE, level = "decisive", why = SIDE .. " holds " .. GOAL }
  end
end)
