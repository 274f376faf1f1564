-- tests/data/mods/evil_recursion.lua -- a hostile mod: unbounded recursion at load.
local function f(n) return f(n + 1) + 1 end
f(1)
