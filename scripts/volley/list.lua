--- Small helpers over plain lists (arrays), for the runtime and the rule systems.
-- @module volley.list

local M = {}

--- Whether `x` is an element of `list` (compared with ==; a nil list holds nothing).
-- @tparam ?{any,...} list
-- @param x
-- @treturn boolean
function M.contains(list, x)
  for _, v in ipairs(list or {}) do
    if v == x then return true end
  end
  return false
end

return M
