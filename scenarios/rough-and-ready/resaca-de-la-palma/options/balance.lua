--- Resaca de la Palma option `balance` [rough_and_ready RP-Bal], its first line: each US
-- activation roll after the first of a run of US rolls takes a further +1 (the second +1, the
-- third +2, ...). `ctx.streak` counts the US rolls already made in the current run (the
-- system's `activation.roll` point, docs/rough_and_ready.md); a free activation is not a
-- roll. The rulebook's other two balance lines are options of their own: `ignore-arista`
-- here, and the Hidden Deployment, which comes with the variable set-up (issue Rough & Ready
-- VII).
-- luacheck: read globals volley
volley.on("activation.roll", function(ctx, mods)
  if ctx.side == "US" and ctx.streak > 0 then
    mods:add(ctx.streak, "balance: US roll " .. (ctx.streak + 1) .. " in a row",
      "[rough_and_ready RP-Bal]")
  end
end, { kind = "modify" })
