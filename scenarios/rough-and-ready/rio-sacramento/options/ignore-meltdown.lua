--- Rio Sacramento option `ignore-meltdown` [rough_and_ready RS-Bal] (the rulebook's balance
-- line "ignore the Mexican Melt-Down and Heredia's Bug-Out"): neither
-- [rough_and_ready RS 6.54] nor [rough_and_ready RS 6.55] is ever rolled. The battle's
-- rules.lua reads the flag `no_meltdown` this sets before the first activation.
-- luacheck: read globals volley
volley.on("game.start", function(ctx)
  ctx.game.set_flag("no_meltdown", true)
  ctx.game.log("option ignore-meltdown: no Mexican Melt-Down, no Heredia Bug-Out "
    .. "[rough_and_ready RS-Bal]")
end)
