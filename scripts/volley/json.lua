--- JSON lines (DESIGN.md Part B "JSON"; docs/json.md), over Debian's dkjson.
-- Every object is written on one line with `event` and `v` first and every other key in
-- sorted order, so the same event always reads the same, on both VMs.
-- @module volley.json

local dkjson = require "dkjson"
local core = require "volley.core"

local M = {}

--- The schema version every line carries as `v`.
M.V = 1

--- The JSON null.
M.null = dkjson.null

-- Every string key of the tree under t, into set.
local function collect(t, set, depth)
  if depth > 32 then error("JSON value nested too deep", 3) end
  for k, v in pairs(t) do
    if type(k) == "string" then set[k] = true end
    if type(v) == "table" and v ~= M.null then collect(v, set, depth + 1) end
  end
end

-- A copy of t in which every string is valid UTF-8 (a byte that is not becomes U+FFFD) and
-- every integral number of 10^14 or more in magnitude is a value whose
-- __tojson writes it in full: dkjson writes numbers with %.14g on LuaJIT (1.2345678901235e+14
-- for a seed), while seeds below 2^53 must be exact on both VMs.
-- A list of n strings of printable ASCII without `"` or `\` written as JSON (what dkjson
-- writes for it, as it escapes none of those bytes), or nil for any other list: a request's
-- hundreds of options are written at once (issue #38).
local function plain_list(v)
  local n = #v
  if n == 0 or type(v[1]) ~= "string" then return nil end
  for i = 1, n do
    if type(v[i]) ~= "string" then return nil end
  end
  local count = 0
  for _ in pairs(v) do count = count + 1 end
  if count ~= n or getmetatable(v) ~= nil then return nil end
  -- the strings checked at once, joined by a byte they may hold
  if table.concat(v, " "):find('[^ !#-Z%[%]^-~]') then return nil end
  return '["' .. table.concat(v, '","') .. '"]'
end

local function exact(v, depth)
  if type(v) == "string" then return core.text.clean(v, true) end   -- never invalid UTF-8
  if type(v) == "number" and v == math.floor(v) and (v >= 1e14 or v <= -1e14) and v == v
      and v ~= math.huge and v ~= -math.huge then
    local text = string.format("%.0f", v)
    return setmetatable({}, { __tojson = function() return text end })
  end
  if type(v) ~= "table" or v == M.null or depth > 32 then return v end
  local text = plain_list(v)
  if text then return setmetatable({}, { __tojson = function() return text end }) end
  local out = {}
  for k, x in pairs(v) do
    out[type(k) == "string" and core.text.clean(k, true) or k] = exact(x, depth + 1)
  end
  return out
end

-- A string JSON writes as it is, between quotes: printable ASCII without `"` or `\` (dkjson
-- escapes none of those bytes, and `core.text.clean` keeps them).
local function plain_string(s)
  return not s:find('[^ !#-Z%[%]^-~]')
end

-- One value of a flat event as `M.encode` writes it, or nil when it is not one `flat` knows:
-- a plain string, a boolean, a whole number below 10^14 in magnitude (what dkjson writes for
-- it: `tostring`), a list of plain strings (`plain_list`).
local function flat_value(v)
  local tv = type(v)
  if tv == "string" then
    if plain_string(v) then return '"' .. v .. '"' end
    return nil
  elseif tv == "boolean" then
    return v and "true" or "false"
  elseif tv == "number" then
    if v == math.floor(v) and v < 1e14 and v > -1e14 then return tostring(v) end
    return nil
  elseif tv == "table" and v ~= M.null then
    return plain_list(v)
  end
  return nil
end

-- An event of plain string keys and `flat_value` values written directly, as `M.encode`'s
-- general path (exact, then dkjson with the sorted key order) writes it; nil for any other
-- event (issue #38: most of `volley play --json`'s lines are such).
local function flat(t)
  if getmetatable(t) ~= nil then return nil end
  local keys, parts = {}, {}
  for k, v in pairs(t) do
    if type(k) ~= "string" or not plain_string(k) then return nil end
    local text = flat_value(v)
    if text == nil then return nil end
    parts[k] = text
    if k ~= "event" and k ~= "v" then keys[#keys + 1] = k end
  end
  if next(parts) == nil then return nil end   -- dkjson writes {} as []
  table.sort(keys)
  if parts.v then table.insert(keys, 1, "v") end
  if parts.event then table.insert(keys, 1, "event") end
  local out = {}
  for i, k in ipairs(keys) do out[i] = '"' .. k .. '":' .. parts[k] end
  return "{" .. table.concat(out, ",") .. "}"
end

--- `M.encode`'s general path alone (exact copy, then dkjson): what the direct path for flat
-- events must equal (tests/spec/volley/json_flat_spec.lua).
-- @param t
-- @treturn string
function M.encode_general(t)
  t = exact(t, 0)
  local set = {}
  collect(t, set, 0)
  set.event, set.v = nil, nil
  local order = {}
  for k in pairs(set) do order[#order + 1] = k end
  table.sort(order)
  table.insert(order, 1, "v")
  table.insert(order, 1, "event")
  return dkjson.encode(t, { keyorder = order })
end

--- Encodes a value as one line of JSON (no newline): `event` and `v` first, then every
-- other key in sorted order, at every level (dkjson would otherwise follow `pairs`, whose
-- order differs between Lua 5.4 and LuaJIT).
-- @param t a table of strings, numbers, booleans, `M.null` and tables of those
-- @treturn string
-- An event of plain keys and values (`flat`) is written directly, the same bytes.
function M.encode(t)
  return type(t) == "table" and flat(t) or M.encode_general(t)
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
