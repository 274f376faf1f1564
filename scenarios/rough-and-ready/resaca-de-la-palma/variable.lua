-- scenarios/rough-and-ready/resaca-de-la-palma/variable.lua: the variable deployment's own
-- rule, played after the battle's rules.lua (docs/scenarios.md "Battle scripts add up").
-- The US army comes in whole by the hex its side chose, 4126 or 4408 [rough_and_ready RP
-- Variable Deployment]: the schedule's `[reinforcements.US]` line `army` of variable.ini,
-- asked at the opening (ruling A34, docs/rulings/rough_and_ready.md). When it has come the
-- flag `us_entry` tells the battle's road-control Battle Lost points which stretch counts:
-- from 5814 by 4126, from 5806 by 4408 [rough_and_ready RP 8.0] (rules.lua).
-- luacheck: read globals volley

volley.on("reinforcement.arrive", function(ctx)
  if ctx.side == "US" and ctx.key == "army" then
    ctx.game.set_flag("us_entry", ctx.at)
  end
end)
