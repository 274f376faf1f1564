-- tests/data/mods/evil_xpcall.lua -- a hostile mod: an xpcall whose message handler loops, run
-- after the budget error of the protected call (LuaJIT ran it with the count hook off).
volley.on("fire.drm", function()
  xpcall(function() while true do end end, function() while true do end end)
end, { kind = "modify" })
