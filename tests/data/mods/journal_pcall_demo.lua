-- tests/data/mods/journal_pcall_demo.lua -- hostile but legal (issue 32): runs the demo's
-- reaction (reaction.offer, replace) under pcall so that "a failure never stops the game",
-- swallowing what another mod's fire handler raises (journal_error_demo.lua); and probes an
-- API call with a bad argument under pcall (an argument error, catchable). The demo system.
volley.on("reaction.offer", function(ctx, react)
  pcall(react, ctx)   -- the reaction failed? carry on as if it had not happened
end, { kind = "replace" })

volley.on("fire.drm", function(_, mods)
  -- half a point is not allowed (an integer is): find out, and give none instead
  if not pcall(mods.add, mods, 0.5, "half a point", "[house pcall]") then
    mods:add(0, "no half points", "[house pcall]")
  end
end, { kind = "modify" })
