-- tests/data/mods/journal_pcall_rr.lua -- hostile but legal (issue 32): gives Hits through
-- `pcall(ctx.game.hit, ...)`, "so a failure never stops the game", swallowing what another
-- mod's hit.applied handler raises (journal_error_rr.lua); and probes an API call with a bad
-- argument under pcall (an argument error, catchable). Rough & Ready: a forced march (a move
-- of four hexes or more) costs a Hit, and so does a powder accident (a fire's natural 0-3).
volley.on("movement.end", function(ctx)
  if #ctx.entered >= 4 then pcall(ctx.game.hit, ctx.unit, "forced march [house pcall]") end
end)

volley.on("fire.resolved", function(ctx)
  if not pcall(ctx.game.value, "nobody", "morale") and ctx.natural <= 3 then
    for _, unit in ipairs(ctx.firers) do
      pcall(ctx.game.hit, unit, "powder accident [house pcall]")
    end
  end
end)
