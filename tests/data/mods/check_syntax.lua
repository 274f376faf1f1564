-- tests/data/mods/check_syntax.lua -- a mod that does not parse: volley check --mod names its
-- file and line (tests/shell/check_mods.sh).
volley.on("fire.drm", function(_, mods)
  mods:add(1 "tired", "[house 2]")
end, { kind = "modify" })
