-- tests/data/mods/det_bigint.lua -- an integer literal beyond 2^53: Lua 5.4 keeps it exact, LuaJIT
-- rounds it, so the two VMs would compute otherwise (refused at load on both).
local big = 9007199254740993
volley.on("fire.drm", function(_, mods)
  mods:add(big % 2, "parity", "[det 4]")
end, { kind = "modify" })
