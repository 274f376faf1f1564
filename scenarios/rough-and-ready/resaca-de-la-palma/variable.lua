-- scenarios/rough-and-ready/resaca-de-la-palma/variable.lua: the variable deployment's own
-- rules, played after the battle's rules.lua (docs/scenarios.md "Battle scripts add up").
-- Before play the US chooses in secret the hex its whole army enters by, 4126 or 4408
-- [rough_and_ready RP Variable Deployment]: a secret request kept as the side secret
-- `entry_army`, which the schedule reads when the army's `[reinforcements.US]` line `army`
-- comes at the opening, and reveals (docs/runtime.md "Secrets"). When it is revealed the
-- flag `us_entry` tells the battle's road-control Battle Lost points which stretch counts:
-- from 5814 by 4126, from 5806 by 4408 [rough_and_ready RP 8.0] (rules.lua).
-- luacheck: read globals volley



volley.on("reinforcement.arrive", function(ctx)
  if ctx.side == "US" and ctx.key == "army" then
    ctx.game.set_flag("us_entry", ctx.at)
  end
end)
