-- tests/data/mods/det_syntax.lua -- Lua 5.4 only syntax: loads on Lua 5.4, not on LuaJIT, so a Lua
-- 5.4 save of a game with it would not replay on LuaJIT (refused at load on both).
local half = 7

volley.on("fire.drm", function(_, mods)
  mods:add(half // 2, "floor", "[det 3]")
end, { kind = "modify" })
