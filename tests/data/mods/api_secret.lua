-- tests/data/mods/api_secret.lua -- at each turn.start of the demo, a line for every view, a
-- line about B's hidden scouts that only B's view (and the referee's) may read, and one for A.
-- luacheck: read globals volley
volley.on("turn.start", function(ctx)
  volley.log("turn " .. ctx.turn .. ": both armies stir")
  volley.log("turn " .. ctx.turn .. ": B's scouts watch the ford unseen", { "B" })
  ctx.game.log("turn " .. ctx.turn .. ": A's pickets hear horses", "A")
end)
