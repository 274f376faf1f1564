-- tests/data/mods/check_point.lua -- a mod that registers a hook point the demo system does
-- not declare (a typo of fire.drm): volley check --mod names it and the nearest known points
-- (tests/shell/check_mods.sh).
volley.on("fire.drn", function(_, mods)
  mods:add(1, "veterans", "[house 1]")
end, { kind = "modify" })
