--- A scenario's start state (docs/scenarios.md "Start states", docs/formats.md "The start
-- state"): `[scenario] start = start.state` names a file of the scenario's folder holding
-- lines of the canonical state text (docs/formats.md "The state serialisation") laid over
-- the game as its set-up left it, before the sequence of play begins.
--
-- * `unit <id> [<location>] [facing <f>] [model <m>[,<m>...]] [attached <command>] [hidden]
--   [<field>=<value>...] [markers <marker>=<n>...]`: only what changes, in the canonical
--   order; the store's own checks refuse a bad value, and the system's `start_state.unit`
--   what its rules forbid (Rough & Ready: Hits past Morale, a Square that is no square).
-- * `stack <location> <id>...`: a stack's order, top first.
-- * `var <path> <value>`: one of the system's own values its `start_state.values` declares
--   (Rough & Ready: who went last, where play stands, OC Moved, the guns used ...), checked
--   by the declaration and completed by `start_state.complete` into `game.vars`.
-- * `volley-state 1` (first), `cursor ...` and `dice ...` lines are read and skipped: a
--   `volley dump` of a game between two activations is a start state, and a game from a start
--   state still begins at the top of its sequence of play and rolls from its own seed.
--
-- Blank lines and comments (`;` or `#` first, or ` ;` after a line's last token outside a
-- string) are allowed. Every refusal is `<file>:<line>: <message>`.
-- @module volley.start_state

local control = require "volley.control"
local core = require "volley.core"

local M = {}

--- The most bytes a start state file may hold (a dump of a large battle is under 100 KB).
M.MAX_BYTES = 1048576
--- The most bytes a line may hold.
M.MAX_LINE = 4096

local LOCATIONS = { hex = true, space = true, box = true, eliminated = true, exited = true,
                    set_aside = true, hidden = true, none = true }

-- A token of the file shown in a message: at most 40 bytes (the file's text is checked to be
-- UTF-8 without control characters before any token is shown).
local function show(s)
  s = tostring(s)
  if #s > 40 then s = s:sub(1, 40) .. "..." end
  return s
end

-- The message of a store call's error: "bad argument #3 to '?' (unknown marker 'x')" -> the
-- part in parentheses.
local function store_why(err)
  err = tostring(err)
  return err:match("^bad argument #%d+ to '[^']*' %((.*)%)$") or err:gsub("^[^:]*:%d+: ", "")
end

-- {====================================================================================
-- Reading the lines.
-- =====================================================================================

-- Splits the text into lines `{n =, text =}` without comments or blank lines. Refuses a
-- byte that is not UTF-8, a control character (tab aside), a line too long.
local function lines_of(text, name)
  local out, n, pos = {}, 0, 1
  if #text > 0 and text:sub(-1) ~= "\n" then text = text .. "\n" end
  while pos <= #text do
    local nl = text:find("\n", pos, true)
    local line = text:sub(pos, nl - 1)
    pos = nl + 1
    n = n + 1
    if line:sub(-1) == "\r" then line = line:sub(1, -2) end   -- a CRLF line end
    if n == 1 and line:sub(1, 3) == "\239\187\191" then line = line:sub(4) end   -- a BOM
    if #line > M.MAX_LINE then
      return nil, name .. ":" .. n .. ": line too long (" .. #line .. " bytes; at most "
        .. M.MAX_LINE .. ")"
    end
    local bad = core.text.check(line)
    if bad then return nil, name .. ":" .. n .. ": " .. bad end
    -- a comment after the line's tokens: ` ;` outside a string
    local i, quoted = 1, false
    while i <= #line do
      local c = line:sub(i, i)
      if quoted and c == "\\" then
        i = i + 1
      elseif c == '"' then
        quoted = not quoted
      elseif not quoted and c == ";" and (i == 1 or line:sub(i - 1, i - 1):match("%s")) then
        line = line:sub(1, i - 1)
        break
      end
      i = i + 1
    end
    line = line:gsub("^%s+", ""):gsub("%s+$", "")
    if line ~= "" and line:sub(1, 1) ~= "#" then out[#out + 1] = { n = n, text = line } end
  end
  return out
end

-- Blank-separated words of a line with no strings (unit and stack lines).
local function words(s)
  local out = {}
  for w in s:gmatch("%S+") do out[#out + 1] = w end
  return out
end

local ESCAPES = { ['"'] = '"', ["\\"] = "\\", n = "\n", t = "\t", r = "\r" }

-- A quoted string at s[i] == '"': its decoded text and the position after it.
local function quoted_at(s, i)
  local out, j = {}, i + 1
  while j <= #s do
    local c = s:sub(j, j)
    if c == '"' then return table.concat(out), j + 1 end
    if c == "\\" then
      local e = s:sub(j + 1, j + 1)
      if ESCAPES[e] then
        out[#out + 1] = ESCAPES[e]
        j = j + 2
      elseif e == "x" and s:sub(j + 2, j + 3):match("^[0-9a-f][0-9a-f]$") then
        out[#out + 1] = string.char(tonumber(s:sub(j + 2, j + 3), 16))
        j = j + 4
      else
        return nil, "unknown escape '\\" .. e .. "' (\\\" \\\\ \\n \\t \\r \\xHH)"
      end
    else
      out[#out + 1] = c
      j = j + 1
    end
  end
  return nil, "a string without its closing quote"
end

-- A var path at the start of s: `{first key, then "key" or integer index ...}` and the rest.
local function parse_path(s)
  local parts, i = {}, 1
  local function key()
    if s:sub(i, i) == '"' then
      local k, after = quoted_at(s, i)
      if not k then return nil, after end
      i = after
      return k
    end
    local k = s:match("^[A-Za-z0-9_-]+", i)
    if not k then return nil, "a key expected at '" .. show(s:sub(i)) .. "'" end
    i = i + #k
    return k
  end
  local k, why = key()
  if not k then return nil, why end
  parts[1] = k
  while i <= #s and not s:sub(i, i):match("%s") do
    local c = s:sub(i, i)
    if c == "." then
      i = i + 1
      k, why = key()
      if not k then return nil, why end
      parts[#parts + 1] = k
    elseif c == "[" then
      local n = s:match("^%[([1-9][0-9]*)%]", i)
      if not n or #n > 9 then
        return nil, "a list index [1], [2] ... expected at '" .. show(s:sub(i))
          .. "'"
      end
      parts[#parts + 1] = tonumber(n)
      i = i + #n + 2
    else
      return nil, "a path goes on with .key or [n], or ends with a blank"
    end
  end
  return parts, s:sub(i):gsub("^%s+", "")
end

local INT_MAX = 9007199254740992

-- A value of a var line: an integer, true, false, a string, hex/unit/space/box <id>, {} or [].
-- Returns the Lua value (a table for {} and []) or nil, why.
local function parse_value(s)
  if s == "" then return nil, "a value expected" end
  if s:sub(1, 1) == '"' then
    local v, after = quoted_at(s, 1)
    if not v then return nil, after end
    if after <= #s then return nil, "unexpected '" .. show(s:sub(after)) .. "' after the string" end
    return v
  end
  local w = words(s)
  if w[1]:match("^%-?%d+$") and #w == 1 then
    local digits = w[1]:gsub("^%-", "")
    if #digits > 16 or tonumber(w[1]) > INT_MAX or tonumber(w[1]) < -INT_MAX then
      return nil, w[1] .. " is out of range (-9007199254740992 to 9007199254740992)"
    end
    return tonumber(w[1])
  end
  if #w == 1 and (w[1] == "true" or w[1] == "false") then return w[1] == "true" end
  if #w == 1 and (w[1] == "{}" or w[1] == "[]") then return {} end
  if #w == 2 and (w[1] == "hex" or w[1] == "unit" or w[1] == "space" or w[1] == "box") then
    return { id_kind = w[1], id = w[2] }
  end
  return nil, "'" .. show(s) .. "' is not a value (an integer, true, false, a string in "
    .. "quotes, hex/unit/space/box <id>, {} or [])"
end

-- Reads a unit line's words (after `unit`): `{id, loc = {kind, ids...} or nil, facing, model,
-- attached, hidden, fields = {{name, text}}, markers = {{name, n}}}` or nil, why.
local function parse_unit(w)
  local u = { id = w[1], fields = {}, markers = {} }
  if not u.id then return nil, "a unit id expected" end
  local i = 2
  if w[i] and LOCATIONS[w[i]] then
    local kind = w[i]
    u.loc = { kind = kind }
    i = i + 1
    if kind == "hex" then
      while w[i] and (#u.loc == 0 or w[i]:match("^[%d(]")) and #u.loc < 3 do
        u.loc[#u.loc + 1] = w[i]
        i = i + 1
      end
      if #u.loc == 0 then return nil, "a hex label expected after 'hex'" end
    elseif kind == "space" or kind == "box" then
      if not w[i] then return nil, "a " .. (kind == "space" and "track space" or "box")
        .. " id expected after '" .. kind .. "'" end
      u.loc[1] = w[i]
      i = i + 1
    end
  end
  for _, word in ipairs{ "facing", "model", "attached" } do
    if w[i] == word then
      if not w[i + 1] then return nil, "a value expected after '" .. word .. "'" end
      u[word] = w[i + 1]
      i = i + 2
    end
  end
  if w[i] == "hidden" then
    u.hidden = true
    i = i + 1
  end
  local into = u.fields
  while w[i] do
    if w[i] == "markers" and into == u.fields then
      into = u.markers
    else
      local name, v = w[i]:match("^([^=]+)=(.+)$")
      if not name then
        if LOCATIONS[w[i]] or w[i] == "facing" or w[i] == "model" or w[i] == "attached"
            or w[i] == "hidden" then
          return nil, "'" .. show(w[i]) .. "' out of place (the order is <id> <location> "
            .. "facing model attached hidden <field>=<value>... markers <marker>=<n>...)"
        end
        return nil, "'" .. show(w[i]) .. "' is not name=value"
      end
      into[#into + 1] = { name = name, text = v }
    end
    i = i + 1
  end
  return u
end

--- Reads a start state's text into entries, without a game: the syntax only.
-- @tparam string text
-- @tparam string name the file's name for messages
-- @treturn ?table `{units = {...}, stacks = {...}, vars = {...}}`, each entry with `line`
-- @treturn ?string "<name>:<line>: <why>"
function M.parse(text, name)
  local lines, why = lines_of(text, name)
  if not lines then return nil, why end
  local out = { units = {}, stacks = {}, vars = {} }
  local seen_unit, seen_path = {}, {}
  for k, l in ipairs(lines) do
    local where = name .. ":" .. l.n .. ": "
    local head, rest = l.text:match("^(%S+)%s*(.*)$")
    if head == "volley-state" then
      if k ~= 1 then return nil, where .. "'volley-state' is the first line or none" end
      if rest ~= "1" then
        return nil, where .. "state format '" .. show(rest) .. "' is not supported (this volley "
          .. "reads 1)"
      end
    elseif head == "cursor" or head == "dice" then   -- luacheck: ignore 542
      -- a dump's: where that game stood and its dice; a start state begins the sequence of
      -- play and rolls from the game's own seed (docs/scenarios.md "Start states")
    elseif head == "unit" then
      local u, err = parse_unit(words(rest))
      if not u then return nil, where .. err end
      if seen_unit[u.id] then
        return nil, where .. "unit " .. show(u.id) .. " is given twice (first at line "
          .. seen_unit[u.id] .. ")"
      end
      seen_unit[u.id] = l.n
      u.line = l.n
      out.units[#out.units + 1] = u
    elseif head == "stack" then
      local w = words(rest)
      local loc = { kind = w[1] }
      local first = 2
      if w[1] == "hex" or w[1] == "space" or w[1] == "box" then
        loc[1], first = w[2], 3
      elseif not LOCATIONS[w[1] or ""] then
        return nil, where .. "a location expected after 'stack'"
      end
      local ids = {}
      for i = first, #w do ids[#ids + 1] = w[i] end
      if #ids < 2 then return nil, where .. "a stack line names two units or more, top first" end
      out.stacks[#out.stacks + 1] = { loc = loc, ids = ids, line = l.n }
    elseif head == "var" then
      local path, after = parse_path(rest)
      if not path then return nil, where .. after end
      local v, err = parse_value(after)
      if v == nil then return nil, where .. err end
      local key = {}
      for i, p in ipairs(path) do
        key[i] = type(p) == "number" and ("[" .. p .. "]") or ("." .. p)
      end
      key = table.concat(key)
      if seen_path[key] then
        return nil, where .. "the same path is given twice (first at line " .. seen_path[key] .. ")"
      end
      seen_path[key] = l.n
      out.vars[#out.vars + 1] = { path = path, value = v, line = l.n }
    else
      return nil, where .. "unknown line '" .. show(head) .. "' (a start state holds unit, "
        .. "stack and var lines)"
    end
  end
  return out
end

-- }====================================================================================

-- {====================================================================================
-- Applying the lines to a game.
-- =====================================================================================

-- A unit's field value from its text, as oob.ini and the state text write it: an integer,
-- yes/no for a boolean, the word of an enum.
local function field_value(store, id, name, text)
  local ok, cur = pcall(store.get, store, id, name)
  if not ok then return nil, store_why(cur) end
  if type(cur) == "boolean" then
    if text == "yes" then return true end
    if text == "no" then return false end
    return nil, id .. ": " .. name .. ": '" .. show(text) .. "' is neither yes nor no"
  elseif type(cur) == "number" then
    local n = text:match("^%-?%d+$") and #text <= 12 and tonumber(text)
    if not n then return nil, id .. ": " .. name .. ": '" .. show(text) .. "' is not an integer" end
    return n
  end
  return text
end

-- Applies one unit line to the store. Returns true or nil, why.
local function apply_unit(game, u)
  local store = game.store
  local ok, why
  if u.loc then
    local where
    if u.loc.kind == "hex" then
      for _, label in ipairs(u.loc) do
        local fine, on = pcall(game.map.contains, game.map, label)
        if not fine then return nil, store_why(on) end
        if not on then return nil, "hex " .. show(label) .. " is not on the map" end
      end
      where = u.loc[1]
      if #u.loc > 1 then
        where = {}
        for k, label in ipairs(u.loc) do where[k] = label end
      end
    elseif u.loc.kind == "space" then
      where = { space = u.loc[1] }
    elseif u.loc.kind == "box" then
      where = { box = u.loc[1] }
    else
      where = u.loc.kind
    end
    local fine
    fine, ok, why = pcall(store.place, store, u.id, where)
    if not fine then return nil, "cannot place " .. u.id .. ": " .. store_why(ok) end
    if not ok then return nil, "cannot place " .. u.id .. ": " .. tostring(why) end
  end
  if u.model then
    local k = 0
    for m in (u.model .. ","):gmatch("([^,]*),") do
      k = k + 1
      local hexes = store:hexes(u.id)
      local fine, err
      if #hexes > 1 then
        if not hexes[k] then return nil, u.id .. ": more models than its " .. #hexes .. " parts" end
        fine, err = pcall(store.set_model, store, u.id, m, hexes[k])
      else
        if k > 1 then return nil, u.id .. ": more models than its 1 part" end
        fine, err = pcall(store.set_model, store, u.id, m)
      end
      if not fine then return nil, store_why(err) end
      if err == false then return nil, u.id .. ": cannot take the model '" .. show(m) .. "'" end
    end
  end
  if u.facing then
    local word = u.facing ~= "-" and u.facing or nil
    local setup_rules = require "volley.placement_setup"
    if word and store:where(u.id) == "hex"
        and not setup_rules.facing_kind(store, setup_rules.grid(game.map), u.id) then
      return nil, "cannot face " .. u.id .. " " .. show(word) .. ": " .. u.id .. " does not face "
        .. "(model '" .. tostring(store:model(u.id)) .. "')"
    end
    local fine, done, refusal = pcall(store.face, store, u.id, word)
    if not fine then return nil, store_why(done) end
    if not done then return nil, "cannot face " .. u.id .. " " .. show(u.facing) .. ": "
      .. tostring(refusal) end
  end
  if u.attached then
    local fine, done, refusal = pcall(store.attach, store, u.id, u.attached)
    if not fine then return nil, store_why(done) end
    if not done then return nil, tostring(refusal) end
  end
  if u.hidden then store:set_hidden(u.id, true) end
  for _, f in ipairs(u.fields) do
    local v, err = field_value(store, u.id, f.name, f.text)
    if v == nil then return nil, err end
    local fine, e2 = pcall(store.set, store, u.id, f.name, v)
    if not fine then return nil, store_why(e2) end
  end
  for _, m in ipairs(u.markers) do
    local n = m.text:match("^%d+$") and #m.text <= 9 and tonumber(m.text)
    if not n then
      return nil, u.id .. ": marker " .. show(m.name) .. ": '" .. show(m.text)
        .. "' is not a count (0 or more)"
    end
    local fine, err = pcall(store.set_marker, store, u.id, m.name, n)
    if not fine then return nil, store_why(err) end
  end
  return true
end

-- The store's location argument of a stack line's location.
local function stack_where(loc)
  if loc.kind == "hex" then return loc[1] end
  if loc.kind == "space" then return { space = loc[1] } end
  if loc.kind == "box" then return { box = loc[1] } end
  return loc.kind
end

-- Turns a parsed var value into what game.vars takes (typed ids for hex/unit/space/box).
local function var_value(v)
  if type(v) == "table" and v.id_kind then return core.state.id(v.id_kind, v.id) end
  return v
end

-- Builds the values by name from the var lines: `{name = value}` and `at = {name = line}`.
local function values_of(vars)
  local given, at, order = {}, {}, {}
  for _, e in ipairs(vars) do
    local name = e.path[1]
    if given[name] == nil then
      at[name] = e.line
      order[#order + 1] = name
    end
    if #e.path == 1 then
      if given[name] ~= nil then
        return nil, e.line, "the path " .. name .. " is given as a whole and in parts"
      end
      given[name] = var_value(e.value)
    else
      if given[name] == nil then given[name] = {} end
      local cur = given[name]
      if type(cur) ~= "table" or (getmetatable(cur) ~= nil) then
        return nil, e.line, "the path goes through a value that is not a map or a list"
      end
      for i = 2, #e.path - 1 do
        local p = e.path[i]
        if type(p) == "number" and p > #cur + 1 then
          return nil, e.line, "list item [" .. p .. "] out of order (expected ["
            .. (#cur + 1) .. "])"
        end
        if cur[p] == nil then cur[p] = {} end
        cur = cur[p]
        if type(cur) ~= "table" then
          return nil, e.line, "the path goes through a value that is not a map or a list"
        end
      end
      local last = e.path[#e.path]
      if type(last) == "number" and last ~= #cur + 1 then
        return nil, e.line, "list item [" .. last .. "] out of order (expected ["
          .. (#cur + 1) .. "])"
      end
      if cur[last] ~= nil then return nil, e.line, "the same path is given twice" end
      cur[last] = var_value(e.value)
    end
  end
  return given, at, order
end

--- The system's declaration of what a start state may set (`sys.start_state`), or an empty
-- one: `{values = {{name, type, meaning, rule, check}, ...}, refused = {name = why},
-- unit = function(game, id, given) -> true | nil, why, complete = function(game, given, at)
-- -> vars | nil, why, name}`.
-- @tparam table sys the system table
-- @treturn table
function M.declaration(sys)
  local d = sys.start_state
  if type(d) ~= "table" then return { values = {}, refused = {} } end
  return d
end

-- The names a system declares, for messages.
local function known_names(decl)
  local out = {}
  for _, v in ipairs(decl.values or {}) do out[#out + 1] = v.name end
  return #out > 0 and table.concat(out, ", ") or "none"
end

-- Checks the stacking and the facing of every hex the start state put units in: the
-- system's stacking test for each unit there (docs/placement.md "Stacking at set-up"), a
-- facing for each unit that faces (given, or left to its set-up line), and the system's rule
-- that stacked units face alike.
local function check_board(game, placed, pending, at)
  local setup_rules = require "volley.placement_setup"
  local grid = setup_rules.grid(game.map)
  local hexes, seen = {}, {}
  for _, id in ipairs(placed) do
    for _, h in ipairs(game.store:hexes(id) or {}) do
      if not seen[h] then
        seen[h] = id
        hexes[#hexes + 1] = h
      end
    end
  end
  table.sort(hexes)
  for _, h in ipairs(hexes) do
    local stack = game.store:stack(h)
    -- each unit of one hex taken off and asked for as the set-up asks (may it stand there
    -- with what the hex holds), then put back where it was in the stack
    for pos, u in ipairs(stack) do
      if #game.store:hexes(u) == 1 then
        assert(game.store:place(u, "none"))
        local ok, why = setup_rules.check(game, u, h, "hex")
        assert(game.store:place(u, h, pos))
        if not ok then
          return nil, at[u] or at[seen[h]], "cannot stand " .. u .. " in " .. h .. ": "
            .. tostring(why)
        end
      end
    end
    local first
    for _, u in ipairs(stack) do
      local kind = setup_rules.facing_kind(game.store, grid, u)
      local f = game.store:facing(u)
      if kind and not f and not pending[u] then
        return nil, at[u] or at[seen[h]], u .. " stands in " .. h .. " and faces: give its "
          .. "facing ('facing <word>' on its unit line)"
      end
      if kind and f and game.common_facing and not pending[u] then
        if first and first.facing ~= f then
          return nil, at[u] or at[first.unit] or at[seen[h]], u .. " faces " .. f .. " but "
            .. first.unit .. " in " .. h .. " faces " .. first.facing .. ": stacked units "
            .. "face alike " .. game.common_facing
        end
        first = first or { unit = u, facing = f }
      end
    end
  end
  return true
end

--- Lays a start state over a game just opened (`volley.game.open`, after the set-up's fixed
-- placements): the unit and stack lines into the store, the units they place or face taken
-- out of the set-up's choices and facings, the board checked, then the system's values
-- checked and completed into `game.vars`.
-- @param game a game with `scenario`, `setup` (the plan), `stacking`, `common_facing`
-- @tparam string path the start state file
-- @treturn ?true
-- @treturn ?string "<file>:<line>: <why>"
function M.apply(game, path)
  local text, err = core.text.read_file(path, M.MAX_BYTES)
  if not text then return nil, path .. ":1: " .. err end
  local parsed
  parsed, err = M.parse(text, path)
  if not parsed then return nil, err end
  return M.apply_parsed(game, parsed, path)
end

--- As `apply`, from what `parse` read.
function M.apply_parsed(game, parsed, path)
  local store, decl = game.store, M.declaration(game.system)
  local function at_line(line, why) return nil, path .. ":" .. line .. ": " .. why end
  local known = {}
  for _, u in ipairs(store:units{}) do known[u] = true end
  local line_of, placed, given = {}, {}, {}
  for _, u in ipairs(parsed.units) do
    if not known[u.id] then
      return at_line(u.line, "unknown unit '" .. show(u.id) .. "' (not in the order of battle)")
    end
    local ok, why = apply_unit(game, u)
    if not ok then return at_line(u.line, why) end
    line_of[u.id] = u.line
    if u.loc then placed[#placed + 1] = u.id end
    local marks = {}
    for _, m in ipairs(u.markers) do marks[m.name] = store:marker(u.id, m.name) end
    given[u.id] = { location = u.loc ~= nil, facing = u.facing ~= nil, model = u.model ~= nil,
                    markers = marks }
  end
  for _, s in ipairs(parsed.stacks) do
    for _, id in ipairs(s.ids) do
      if not known[id] then return at_line(s.line, "unknown unit '" .. show(id) .. "'") end
    end
    local fine, done, why = pcall(store.reorder, store, stack_where(s.loc), s.ids)
    if not fine then return at_line(s.line, store_why(done)) end
    if done == false then return at_line(s.line, tostring(why)) end
  end
  -- the set-up no longer chooses where a unit the start state places goes, nor asks the
  -- facing of one it faces (or takes off the board)
  local plan = game.setup
  if plan then
    local choices = {}
    for _, c in ipairs(plan.choices) do
      local keep = {}
      for _, u in ipairs(c.units) do
        if not (given[u] and given[u].location) then keep[#keep + 1] = u end
      end
      if #keep > 0 then
        c.units = keep
        choices[#choices + 1] = c
      end
    end
    plan.choices = choices
    local facings = {}
    for _, f in ipairs(plan.facings) do
      local g = given[f.unit]
      if not (g and (g.facing or (g.location and store:where(f.unit) ~= "hex"))) then
        facings[#facings + 1] = f
      end
    end
    plan.facings = facings
  end
  -- what each unit line set, through the system's rules
  if decl.unit then
    for _, u in ipairs(parsed.units) do
      local ok, why = decl.unit(game, u.id, given[u.id])
      if not ok then return at_line(u.line, why) end
    end
  end
  local pending = {}
  for _, f in ipairs(plan and plan.facings or {}) do pending[f.unit] = true end
  for _, c in ipairs(plan and plan.choices or {}) do
    for _, u in ipairs(c.units) do pending[u] = true end
  end
  local ok, line, why = check_board(game, placed, pending, line_of)
  if not ok then return at_line(line, why) end
  -- the system's own values
  local values, at, order = values_of(parsed.vars)
  if not values then return at_line(at, order) end
  local by_name = {}
  for _, v in ipairs(decl.values or {}) do by_name[v.name] = v end
  local initial = values.control                  -- the runtime's own (volley.control)
  if initial ~= nil then
    local fine, err, key = control.check(game, initial)
    if not fine then
      local where = at.control
      for _, e in ipairs(parsed.vars) do
        if e.path[1] == "control" and e.path[2] == key then where = e.line end
      end
      return at_line(where, "var control: " .. err)
    end
  end
  for _, name in ipairs(order) do
    local d = by_name[name]
    if name == "control" then d = { name = "control" } end
    if not d then
      local refused = decl.refused and decl.refused[name]
      if refused then return at_line(at[name], "var " .. name .. ": " .. refused) end
      return at_line(at[name], "unknown value '" .. show(name) .. "' of system " .. game.system.id
        .. " (a start state may set: " .. known_names(decl) .. ")")
    end
    if d.check then
      local fine, err = d.check(game, values[name], values)
      if not fine then return at_line(at[name], "var " .. name .. ": " .. tostring(err)) end
    end
  end
  if decl.complete then
    local vars, err, name = decl.complete(game, values, at)
    if not vars then
      local a = game.scenario.at.start
      return nil, (name and at[name]) and (path .. ":" .. at[name] .. ": " .. err)
        or (a.file .. ":" .. a.line .. ": " .. err)
    end
    local names = {}
    for k in pairs(vars) do names[#names + 1] = k end
    table.sort(names)
    for _, k in ipairs(names) do game.vars[k] = vars[k] end
  end
  if initial ~= nil then game.vars.control = initial end
  return true
end

-- }====================================================================================

return M
