-- tests/data/mods/evil_sort.lua -- a hostile mod: table.sort with the default comparator over
-- 100,000 references to two 4 MiB strings that differ in their last byte: each comparison a
-- string compare in C, which no count hook sees (minutes of work, charged n log n).
local a = ("x"):rep(4 * 1024 * 1024)
local b = a:sub(2) .. "y"
volley.on("fire.drm", function()
  local t = {}
  for i = 1, 100000 do t[i] = i % 2 == 0 and a or b end
  table.sort(t)
end, { kind = "modify" })
