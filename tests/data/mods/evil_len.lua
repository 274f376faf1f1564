-- tests/data/mods/evil_len.lua -- a hostile mod: table.insert and table.remove on a table whose
-- __len says 2^62 and whose __index and __newindex are C functions, in which no count hook
-- fires: Lua 5.4's own table functions would shift 2^62 elements in C, charged one.
volley.on("fire.drm", function()
  local t = setmetatable({}, { __len = function() return 2 ^ 62 end,
                               __index = rawget, __newindex = rawequal })
  table.insert(t, 1, "x")
  table.remove(t, 1)
end, { kind = "modify" })
