--- JSON lines (DESIGN.md Part B "JSON"; docs/json.md), over Debian's dkjson.
-- Every object is written on one line with `event` and `v` first and every other key in
-- sorted order, so the same event always reads the same.
-- @module volley.json

local dkjson = require "dkjson"

local M = {}

--- The schema version every line carries as `v`.
M.V = 1

--- The JSON null.
M.null = dkjson.null

local KEYORDER = { "event", "v" }

--- Encodes a value as one line of JSON (no newline).
-- @param t a table of strings, numbers, booleans, `M.null` and tables of those
-- @treturn string
function M.encode(t)
  return dkjson.encode(t, { keyorder = KEYORDER })
end

--- Decodes one line of JSON.
-- @tparam string s
-- @return the value, or nil and a message
function M.decode(s)
  local v, _, err = dkjson.decode(s, 1, M.null)
  if err then return nil, err end
  return v
end

return M
