-- tests/data/mods/journal_global_rr.lua -- hostile but legal (issue 32): counts in a global
-- how often a unit's movement costs are asked (movement.cost: each listing of the legal moves,
-- and `reach`) and stores the count in the game after each fire (ctx.game.set_flag), so a
-- query changes the state. Rough & Ready: "fog of war", kept as a battle flag.
-- luacheck: globals costed
costed = 0

volley.on("movement.cost", function()
  costed = costed + 1
end, { kind = "modify" })

volley.on("fire.resolved", function(ctx)
  ctx.game.set_flag("fog", costed % 5)
end)
