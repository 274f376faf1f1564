-- scenarios/rough-and-ready/resaca-de-la-palma/variable.lua: the variable deployment's own
-- rules, played after the battle's rules.lua (docs/scenarios.md "Battle scripts add up").
-- Before any unit is set up (`setup.start`) the US writes down, in secret, the hex its whole
-- army will enter by, 4126 or 4408 [rough_and_ready RP US Entry Determination]: a secret
-- request whose answer is the US side's secret `entry_army`, so the Mexicans deploy without
-- knowing it [rough_and_ready RP Initial Mexican Deployment]. The schedule's `[reinforcements.
-- US]` line `army` of variable.ini brings the army in at the opening by that hex and reveals
-- it (volley.schedule.arrive reads `entry_<key>`; ruling A34, docs/rulings/rough_and_ready.md).
-- When it has come the flag `us_entry` tells the battle's road-control Battle Lost points
-- which stretch counts: from 5814 by 4126, from 5806 by 4408 [rough_and_ready RP 8.0]
-- (rules.lua).
-- luacheck: read globals volley

volley.on("setup.start", function(ctx)
  ctx.game.ask("US", { kind = "entry",
    prompt = "the hex the whole US army will enter by, written down in secret: 4126 or 4408",
    options = { "4126", "4408" }, default = "4126",
    rule = "[rough_and_ready RP US Entry Determination]", secret = "entry_army" })
end)

volley.on("reinforcement.arrive", function(ctx)
  if ctx.side == "US" and ctx.key == "army" then
    ctx.game.set_flag("us_entry", ctx.at)
  end
end)
