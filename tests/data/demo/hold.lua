-- tests/data/demo/hold.lua, the rule of the demo's hold variant [hold 1]: side A wins, decisively,
-- when one of its units stands in 0305 and no unit of B does at a victory check (the end of a
-- turn in the demo), declared through the system's victory procedure (docs/modding.md
-- "Declaring the result").
-- luacheck: read globals volley
local GOAL, SIDE = "0305", "A"

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
