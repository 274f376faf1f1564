-- .luacheckrc: luacheck for the scripts of this folder (rules.lua, options, mods). They run in
-- volley's sandbox, which gives them these globals and no others (docs/modding.md).
color = false
std = {
  read_globals = {
    "assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget", "rawset",
    "select", "tonumber", "tostring", "type", "xpcall", "getmetatable", "setmetatable",
    "load", "_G",
    string = { fields = { "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower",
                          "match", "rep", "reverse", "sub", "upper" } },
    table = { fields = { "concat", "insert", "remove", "sort", "unpack" } },
    math = { fields = { "abs", "ceil", "floor", "fmod", "huge", "max", "min", "pi", "sqrt" } },
    coroutine = { fields = { "create", "resume", "yield", "wrap", "status", "running",
                             "isyieldable" } },
    volley = { fields = { "on", "ask", "log", "api_version", "system", "points", "has_point",
                          "require" } },
  },
}
