--- Small helpers over plain lists (arrays), for the runtime and the rule systems.
-- @module volley.list

local M = {}

--- Whether `x` is an element of `list` (compared with ==; a nil list holds nothing).
-- @tparam ?{any,...} list
-- @param x
-- @treturn boolean
function M.contains(list, x)
  if not list then return false end
  for _, v in ipairs(list) do
    if v == x then return true end
  end
  return false
end

--- The words of a text: its runs of non-blank characters, in order (nil reads as "").
-- @tparam ?string text
-- @treturn {string,...}
function M.words(text)
  local out = {}
  for w in tostring(text or ""):gmatch("%S+") do out[#out + 1] = w end
  return out
end

return M
