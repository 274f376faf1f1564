-- tests/data/mods/api_hold.lua -- ends the game when a side holds a hex (one of its combat units
-- there, no enemy's) at the system's victory check: A holding 0305 in the demo, US holding 3016 in
-- Palo Alto; declared through ctx.game.declare_result (docs/modding.md "Declaring the result").
-- luacheck: read globals volley
local GOAL = {
  demo = { side = "A", hex = "0305" },
  rough_and_ready = { side = "US", hex = "3016" },
}
local goal = GOAL[volley.system]
if goal then
  volley.on("victory.check", function(ctx)
    local g = ctx.game
    local mine, theirs = 0, 0
    for _, u in ipairs(g.units{ hex = goal.hex, class = "combat" }) do
      if g.side(u) == goal.side then mine = mine + 1 else theirs = theirs + 1 end
    end
    if mine > 0 and theirs == 0 and not g.result() then
      g.declare_result{ winner = goal.side, level = "decisive",
                        why = goal.side .. " holds " .. goal.hex }
    end
  end)
end
