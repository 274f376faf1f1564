-- tests/data/demo/hold.lua, the rule of the demo's hold variant [hold 1]: side A wins, decisively,
-- when one of its units stands in 0305 and no unit of B does at a victory check (the end of a
-- turn in the demo), declared through the system's victory procedure (docs/modding.md
-- "Declaring the result").
-- luacheck: read globals volley
local GOAL, SIDE = "0305", "A"

volley.on("victory.check", function(ctx)
  local g = ctx.game
  if g.result() then return end
  if g.controller(GOAL) == SIDE then                  -- its combat units there, no enemy's
    g.declare_result{ winner = SIDE, level = "decisive", why = SIDE .. " holds " .. GOAL }
  end
end)
