-- luacheck configuration: the common subset of Lua 5.4 and LuaJIT (DESIGN.md principle 11).
std = "min"
max_line_length = 100
files["tests/spec"] = { std = "+busted", max_line_length = 120 }
-- The one module that knows both dialects may name what only one of them has.
files["scripts/volley/compat.lua"] = { std = "max" }
exclude_files = { "build*/**" }
-- Mods run in the sandbox, where the script API is the global `volley` (docs/modding.md).
files["tests/data/mods"] = { read_globals = { "volley" }, unused_args = false }
