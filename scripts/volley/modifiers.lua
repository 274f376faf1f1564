--- Modifier lists: the labelled, cited die-roll modifiers of a roll (DESIGN.md principle 7
-- and Part B "Hooks, requests and modifiers").
--
-- A rule makes a list, adds its own modifiers, and passes the list to the roll point's
-- modify handlers; each `mods:add(value, label, rule)` records who added it: the runtime
-- sets the source (system, battle, or a mod's path) before each handler runs, so a script
-- cannot claim another's name.
-- @module volley.modifiers

local core = require "volley.core"

local M = {}

--- The largest modifier a list takes, either way (docs/modding.md "What a mod may and may not
-- change"): no rule needs more, and a sum of such values stays an exact integer.
M.MAX_VALUE = 1000

--- A value as an error message shows it: a number as Lua writes it (`0.5`, `inf`, `1e+300`),
-- anything else by its type (`a table`), never a table's or function's address.
-- @param v
-- @treturn string
function M.shown(v)
  if type(v) == "number" then
    if v == math.floor(v) and v > -1e15 and v < 1e15 then return string.format("%d", v) end
    return string.format("%.14g", v)
  end
  if type(v) == "string" then return "'" .. core.text.clean(v:sub(1, 40)) .. "'" end
  if v == nil or type(v) == "boolean" then return tostring(v) end
  return "(a " .. type(v) .. ")"
end

local List = {}
List.__index = List

--- Makes an empty list whose entries are credited to `source` until `set_source` changes it.
-- @tparam[opt="system"] string source
-- @treturn List
function M.new(source)
  return setmetatable({ items = {}, source = source or "system" }, List)
end

--- Adds a modifier.
-- @tparam integer value the DRM, e.g. -1 (a column shift is the rule's business: use a
--   label that says so)
-- @tparam string label what it is, e.g. "range 2"
-- @tparam string rule the case, e.g. "[rough_and_ready 6.16]"
-- @raise on a value that is not an integer from -MAX_VALUE to MAX_VALUE, or a missing label
--   or rule
function List:add(value, label, rule)
  if type(value) ~= "number" or value ~= math.floor(value) then
    error("bad modifier value " .. M.shown(value) .. " (integer expected)", 2)
  end
  if value < -M.MAX_VALUE or value > M.MAX_VALUE then
    error("bad modifier value " .. M.shown(value) .. " (an integer from -" .. M.MAX_VALUE
      .. " to " .. M.MAX_VALUE .. " expected)", 2)
  end
  if type(label) ~= "string" or label == "" then
    error("modifier without a label", 2)
  end
  if type(rule) ~= "string" or rule == "" then
    error("modifier '" .. label .. "' without a rule", 2)
  end
  -- a mod's text reaches transcripts, terminals and JSON: controls and bytes that are not
  -- UTF-8 become U+FFFD (docs/modding.md "Text from a script")
  self.items[#self.items + 1] = { value = value, label = core.text.clean(label),
                                  rule = core.text.clean(rule), source = self.source }
  return value
end

--- Credits later entries to `source`. The runtime calls this before each handler.
-- @tparam string source
function List:set_source(source)
  self.source = source
end

--- The sum of the values.
-- @treturn integer
function List:total()
  local t = 0
  for _, m in ipairs(self.items) do t = t + m.value end
  return t
end

--- The entries in the order added, as copies `{value=, label=, rule=, source=}`.
-- @treturn table
function List:list()
  local out = {}
  for i, m in ipairs(self.items) do
    out[i] = { value = m.value, label = m.label, rule = m.rule, source = m.source }
  end
  return out
end

return M
