--- Resaca de la Palma option `ignore-arista` [rough_and_ready RP-Bal] (the rulebook's balance
-- line "ignore the Arista restrictions"): Arista is Alert from the start, so none of
-- [rough_and_ready RP 4.25]'s limits (no Leadership, no move, Canales and Torrejon by roll
-- only) ever applies and no alert roll is offered. The battle's rules.lua reads the flag
-- `arista_alert` this sets before the first activation.
-- luacheck: read globals volley
volley.on("game.start", function(ctx)
  ctx.game.set_flag("arista_alert", true)
  ctx.game.log("option ignore-arista: Arista is Alert from the start [rough_and_ready RP-Bal]")
end)
