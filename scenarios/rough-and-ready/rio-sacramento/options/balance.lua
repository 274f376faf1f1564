--- Rio Sacramento option `balance` [rough_and_ready RS-Bal], its first line: each US
-- activation roll after the first of a run of US rolls takes a further +1 (the second +1, the
-- third +2, ...). `ctx.streak` counts the US rolls already made in the current run (the
-- system's `activation.roll` point, docs/rough_and_ready.md); a free activation is not a
-- roll. The other balance line is the option `ignore-meltdown`.
-- luacheck: read globals volley
volley.on("activation.roll", function(ctx, mods)
  if ctx.side == "US" and ctx.streak > 0 then
    mods:add(ctx.streak, "balance: US roll " .. (ctx.streak + 1) .. " in a row",
      "[rough_and_ready RS-Bal]")
  end
end, { kind = "modify" })
