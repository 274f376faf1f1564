--- The one module that knows Lua 5.4 from LuaJIT 2.1 (DESIGN.md principle 11).
-- Scripts write the common subset and ask this module for the few things that differ.
-- @module volley.compat

local M = {}

--- True under LuaJIT.
M.jit = type(rawget(_G, "jit")) == "table"

--- "Lua 5.4" or "LuaJIT".
M.vm = M.jit and "LuaJIT" or _VERSION

--- table.unpack on 5.4, unpack on LuaJIT.
M.unpack = table.unpack or rawget(_G, "unpack")

--- The integer value of x when x is integral, else nil (5.4's math.tointeger, on both VMs).
-- @tparam number x
-- @treturn ?integer
function M.tointeger(x)
  if type(x) ~= "number" or x ~= x or x == math.huge or x == -math.huge then return nil end
  if math.floor(x) ~= x then return nil end
  if math.tointeger then return math.tointeger(x) end
  return x
end

return M
