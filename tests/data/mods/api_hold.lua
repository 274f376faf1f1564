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
    if g.controller(goal.hex) == goal.side and not g.result() then
      g.declare_result{ winner = goal.side, level = "decisive",
                        why = goal.side .. " holds " .. goal.hex }
    end
  end)
end
