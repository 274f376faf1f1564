-- tests/data/mods/evil_gc.lua -- a hostile mod: a finalizer that would run with hooks off,
-- and a string method reaching for string.dump. Neither may work.
setmetatable({}, { __gc = function() while true do end end })
volley.on("fire.drm", function() return ("").dump(function() end) end, { kind = "modify" })
