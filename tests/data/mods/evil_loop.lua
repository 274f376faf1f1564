-- tests/data/mods/evil_loop.lua -- a hostile mod: spins forever in a fire hook, catching the
-- budget error with pcall. The sandbox must stop it and name this file.
volley.on("fire.drm", function()
  while true do pcall(function() while true do end end) end
end, { kind = "modify" })
