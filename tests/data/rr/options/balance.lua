-- tests/data/rr/options/balance.lua -- the balance option of Palo Alto (and of each battle,
-- [rough_and_ready PA Balance]): each US activation roll after the first in a row gets +1,
-- cumulative (the second +1, the third +2, ...). `ctx.streak` counts the US rolls already
-- made in the current run.
-- luacheck: read globals volley
volley.on("activation.roll", function(ctx, mods)
  if ctx.side == "US" and ctx.streak > 0 then
    mods:add(ctx.streak, "balance: US roll " .. (ctx.streak + 1) .. " in a row",
      "[rough_and_ready PA Balance]")
  end
end, { kind = "modify" })
