-- tests/data/mods/veterans.lua -- a house rule for the demo system: every fire roll gets +1
-- ("veterans"), so a mod's modifier shows in the roll with this file as its source.
volley.on("fire.drm", function(ctx, mods)
  mods:add(1, "veterans", "[house 1]")
end, { kind = "modify" })
