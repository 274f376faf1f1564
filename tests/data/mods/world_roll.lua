-- tests/data/mods/world_roll.lua -- a hostile-but-legal mod (Rough & Ready): a house rule that
-- rolls in movement.cost through ctx.game.roll (mud: on a 0 the mover's MA is 1 less), so a
-- query that runs the movement rules (reach) would spend dice outside any answer and a player
-- could type reach until the dice suit him: a query must refuse it, the dice untouched.
volley.on("movement.cost", function(ctx)
  if ctx.game.roll("mud under " .. ctx.unit, "[house mud]") == 0 then
    ctx.query.ma = math.max(0, ctx.query.ma - 1)
  end
end, { kind = "modify" })
