-- tests/data/mods/journal_roll_rr.lua -- hostile but legal (issue 32): rolls the engine's
-- dice where a unit's movement costs are asked (movement.cost, which `reach` runs too), so a
-- query that runs the hook spends dice outside any answer. Rough & Ready: "mud", a roll each
-- time a gun's move is costed, a 0 bogging it down (kept as a battle flag).
volley.on("movement.cost", function(ctx)
  if ctx.game.type(ctx.unit) == "artillery" and ctx.game.roll("mud", "[house roll]") == 0 then
    ctx.game.set_flag("mud", ctx.unit)
  end
end, { kind = "modify" })
