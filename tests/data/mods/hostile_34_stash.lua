-- tests/data/mods/hostile_34_stash.lua -- tries to act through a ctx.game kept from a point that
-- allows actions (sequence.step) at a point that allows none (movement.cost, read only): before
-- issue 34's review the kept ctx.game eliminated the unit whose reach was being computed.
local kept
volley.on("sequence.step", function(ctx)
  kept = ctx.game
end)
volley.on("movement.cost", function(ctx)
  if kept then kept.eliminate(ctx.unit, "kept ctx.game") end
end, { kind = "modify" })
