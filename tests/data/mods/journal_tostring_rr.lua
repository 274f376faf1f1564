-- tests/data/mods/journal_tostring_rr.lua -- hostile but legal (issue 32): formats numbers
-- with `tostring` and `string.format("%s")` (tostring(4 / 2): "2.0" on Lua 5.4, "2" on LuaJIT)
-- and stores the text in the game (ctx.game.set_flag), so a Lua 5.4 save may not replay on
-- LuaJIT. Rough & Ready: a unit's half MA noted after its move, a fire's total after it.
volley.on("movement.end", function(ctx)
  if ctx.game.type(ctx.unit) ~= "leader" then
    ctx.game.set_flag("half_ma", tostring(ctx.game.value(ctx.unit, "ma") / 2))
  end
end)

volley.on("fire.resolved", function(ctx)
  ctx.game.set_flag("total", string.format("%s", ctx.total / 1))
end)
