--- Rio Sacramento option `adams` [rough_and_ready RS 6.9] (the historical note's variant after
-- Anton Adams): only two of the 1st Missouri's units have horses. The two with the lowest
-- numbers may mount and dismount; the others are on foot from the start (their dismounted
-- counters replace the mounted ones before the first activation) and never mount. The
-- battle's rules.lua reads the flag `adams` this sets.
-- luacheck: read globals volley
volley.on("game.start", function(ctx)
  ctx.game.set_flag("adams", true)
  ctx.game.log("option adams: only two of the 1st Missouri's units may mount or dismount "
    .. "[rough_and_ready RS 6.9]")
end)
