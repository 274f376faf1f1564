-- tests/data/mods/world_error.lua -- a hostile-but-legal mod (demo system): raises in a
-- movement.enter handler when a unit enters 0204, so a player's answer fails and is rolled
-- back (refused, the game put back as it was); with world_local.lua or world_global.lua loaded,
-- what the failed answer counted must not outlive the rollback.
volley.on("movement.enter", function(ctx)
  if ctx.to == "0204" then error("the ford at 0204 is closed") end
end)
