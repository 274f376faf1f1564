--- Placement specs: where units set up, in the rulebooks' own words (DESIGN.md Part B "Data
-- files"; docs/placement.md is the reference).
--
-- A spec is text such as `3014-5`, `3023, 3123, 3224`, `Any above hex`,
-- `any hex(es) south of (and including) the 5100 row` or
-- `any hacienda or Redoubt hex, any hex with a wall hexside, or any level 4 hex east of the Road`.
-- It is read by one lpeg grammar, typed by context: a set of locations (hexes, track spaces,
-- boxes) or a set of hexsides. `parse` turns the text into a spec (or refuses it with the
-- column, and file:line when the text came from a file); `evaluate` turns a spec into a set
-- on a map (anything with the methods of `volley.core.map` listed in docs/placement.md);
-- `setup` says whether a set fixes where each unit goes or leaves a choice, and builds the
-- `ask` request for each choice, with a deterministic default.
--
-- Nothing here depends on pairs() order: sets are sorted (labels in label order, track spaces
-- in track order, boxes by id) before anyone sees them.
-- @module volley.placement

local lpeg = require "lpeg"

local P, R, S, C, Cc, Ct, Cp, Cmt, Carg =
  lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Cc, lpeg.Ct, lpeg.Cp, lpeg.Cmt, lpeg.Carg

local M = {}

-- {====================================================================================
-- Tokens. Every token records, before it is tried, that it was expected at that position;
-- when the whole match fails, the farthest such position and what was expected there make
-- the refusal (lpeg 1.0 has no labelled failures).
-- =====================================================================================

local blank = S " \t"
local sp = blank ^ 0
local digit = R "09"
local letter = R("az", "AZ")
local wordch = letter + digit + S "_-"
local idch = wordch + S "./"
local dash = P "-" + P "\226\128\147" + P "\226\128\148"   -- '-', en dash, em dash

-- Records `name` as expected at the current position (state: Carg(1)).
local function mark(name)
  return Cmt(Carg(1), function(_, i, st)
    if i > st.far then
      st.far, st.expected = i, { [name] = true }
    elseif i == st.far then
      st.expected[name] = true
    end
    return true
  end)
end

-- A token: blanks, then `patt`, recorded as `name` when tried.
local function tok(name, patt)
  return sp * mark(name) * patt
end

-- `word` in any case, as a whole word.
local function ci(word)
  local p = P(true)
  for ch in word:gmatch(".") do
    if ch:match("%a") then p = p * S(ch:lower() .. ch:upper()) else p = p * P(ch) end
  end
  return p
end

local function K(word)
  return tok("'" .. word .. "'", ci(word) * -wordch)
end

-- Words that end a name: a name is a run of other words.
local RESERVED = { "above", "adjacent", "and", "any", "anywhere", "box", "east", "edge",
  "from", "hex", "hexes", "hexside", "hexsides", "in", "including", "inside", "level", "map",
  "north", "of", "or", "place", "predicate", "row", "south", "space", "the",
  "to", "west", "where", "with", "within" }

local reserved = P(false)
for _, w in ipairs(RESERVED) do reserved = reserved + ci(w) * -wordch end

local name_word = tok("a name", -reserved * C(letter * wordch ^ 0))
local names = Ct(name_word * name_word ^ 0)

local NUMBER_WORDS = { "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
  "ten", "eleven", "twelve" }
local number = tok("a number", C(digit ^ 1) / tonumber)
for n, w in ipairs(NUMBER_WORDS) do
  number = number + tok("a number", ci(w) * -wordch * Cc(n))
end

local DIRECTION = "a direction (north, south, east, west)"
local dir_p = tok(DIRECTION,
  C(ci "north" + ci "south" + ci "east" + ci "west") * -wordch) / string.lower

-- }====================================================================================

-- {====================================================================================
-- The grammar of a set of locations (context "hexes"). Each construct's comment cites where
-- the rulebooks use it; docs/placement.md lists them with examples.
-- =====================================================================================

local function node(op, fields)
  fields.op = op
  return fields
end

-- A hex label, `3016` [rough_and_ready PA Initial Deployment].
local label_p = tok("a hex label", Cp() * C(digit ^ 1))

-- A pair, `2243/4`: a hex and the hex whose label ends in the digits after '/' [gbacw BV
-- Initial Deployment: "In any Level 1 hex from 2243/4 - 2743/4"].
local pair = label_p * mark("'/'") * P "/" * mark("the second hex of the pair (digits)")
  * C(digit ^ 1)
  / function(pos, a, tail) return node("pair", { pos = pos, label = a, tail = tail }) end

-- A block, `2243/4 - 2743/4`: the columns from the first pair's to the second's, the pair's
-- rows in each [gbacw BV Initial Deployment].
local block = pair * (tok("'-'", dash) + K "to") * pair
  / function(a, b) return node("block", { pos = a.pos, from = a, to = b }) end

-- A range, `3014-5`, `1809-10`, `4246-9`: the rows of one column, from the label's to the
-- label with its last digits replaced [rough_and_ready PA, RP Initial Deployment; gbacw BV].
local range = label_p * tok("'-'", dash) * tok("the end of the range (digits)", C(digit ^ 1))
  / function(pos, a, tail) return node("range", { pos = pos, label = a, tail = tail }) end

local single = label_p / function(pos, a) return node("hex", { pos = pos, label = a }) end

local hexterm = block + pair + range + single

-- A name of the map: a place, an entry or edge, a box, a track space [battle_of_buena_vista
-- 3.0, 9.8, 10.2].
local nameref = K "the" ^ -1 * sp * Cp() * names
  / function(pos, words) return node("name", { pos = pos, words = words }) end

local target = hexterm + nameref

local noun = K "hex(es)" + K "hexes" + K "hex"

local sidenoun = K "hexsides" + K "hexside" + K "hex" * (K "sides" + K "side")

-- Classes of `any <class> hex`: `above` (the hexes of the lines above) [rough_and_ready RP
-- Initial Historical Deployments], `level N` [rough_and_ready RS Mexican Deployment; gbacw BV],
-- terrain, place and road-kind names [rough_and_ready RS Mexican Deployment, RP Hidden
-- Mexican Deployment, PA Victory].
local class = (tok("'above'", Cp() * ci "above" * -wordch)
    / function(pos) return node("above", { pos = pos }) end)
  + (tok("'level'", Cp() * ci "level" * -wordch) * number * names ^ -1)
    / function(pos, n, words) return node("level", { pos = pos, level = n, words = words }) end
  + (sp * Cp() * names)
    / function(pos, words) return node("class", { pos = pos, words = words }) end

local classes = Ct(class * (K "or" * class) ^ 0)

local rownum = tok("a row number", Cp() * C(digit ^ 1)) * K "row"

local including_p = K "and" * K "including"
  + tok("'('", P "(") * K "and" * K "including" * tok("')'", P ")")

-- Qualifiers narrow a set of hexes.
local qual =
  -- `within one of 3246` [rough_and_ready RS Mexican Deployment]
  (sp * Cp() * K "within" * number * (K "hexes" + K "hex") ^ -1 * K "of" * target)
    / function(pos, n, t) return node("within", { pos = pos, n = n, target = t }) end
  -- `W/i 1 hex of 1729`, `W/i 1 hex 1729`, `W/i hex of 3936` [gbacw BV, MO Initial Deployment]
  + (sp * Cp() * K "w/i" * (number + Cc(1)) * (K "hexes" + K "hex") ^ -1 * K "of" ^ -1
      * target)
    / function(pos, n, t) return node("within", { pos = pos, n = n, target = t }) end
  -- `adjacent to 1013` [battle_of_buena_vista 9.8]
  + (K "adjacent" * K "to" * target)
    / function(t) return node("adjacent", { target = t }) end
  -- `with a wall hexside` [rough_and_ready RS Mexican Deployment]
  + (K "with" * (K "an" + K "a") ^ -1 * sp * Cp() * names * sidenoun)
    / function(pos, words) return node("with_side", { pos = pos, words = words }) end
  -- `south of (and including) the 5100 row` [rough_and_ready RP Variable Deployment]
  + (dir_p * K "of" * (including_p * Cc(true) + Cc(false)) * K "the" * rownum)
    / function(d, incl, pos, row)
        return node("dir_row", { dir = d, including = incl, pos = pos, row = row })
      end
  -- `east of the Road` [rough_and_ready RS Mexican Deployment]
  + (dir_p * K "of" * K "the" * sp * Cp() * names)
    / function(d, pos, words) return node("dir_road", { dir = d, pos = pos, words = words }) end
  -- `in the 1400 row and south` [rough_and_ready PA Victory]
  + (K "in" ^ -1 * K "the" * rownum * (K "and" * dir_p + Cc(nil)))
    / function(pos, row, d) return node("row", { pos = pos, row = row, dir = d }) end
  -- `from 2243/4 - 2743/4` [gbacw BV Initial Deployment]; `within the mrda`
  -- [battle_of_buena_vista 5.4]; `from 5814-7020`, two hexes of other columns: the road
  -- between them [rough_and_ready RP Victory]
  + ((K "from" + K "inside" + K "within" + K "in") * target)
    / function(t) return node("inside", { target = t }) end
  -- `where <predicate>`: a Lua predicate the scenario registers
  + (K "where" * tok("a predicate name", Cp() * C(idch ^ 1)))
    / function(pos, name) return node("where", { pos = pos, name = name }) end

local quals = Ct(qual ^ 0)

-- An empty list, a new table each match.
local NONE = Ct(P(true))

local function filtered(pos, classes_, quals_)
  return node("select", { pos = pos, classes = classes_, quals = quals_ })
end

local alt =
  -- `Anywhere` [gbacw BV Initial Deployment]; `anywhere south of and including the 5100 row`
  (tok("'anywhere'", Cp() * ci "anywhere" * -wordch) * NONE * quals) / filtered
  -- `Any hex` [rough_and_ready RP], `Any above hex`, `any Level 2 hex within one of 3246`,
  -- `In any Level 1 hex from 2243/4 - 2743/4` [gbacw BV]
  + (K "in" ^ -1 * tok("'any'", Cp() * ci "any" * -wordch) * (classes + NONE) * noun * quals)
    / filtered
  -- qualifiers alone: `south of and including the 5100 row`, `W/i 1 hex of 1729`
  + (sp * Cp() * NONE * Ct(qual ^ 1)) / filtered
  -- `with Lombardini`: where a unit (or a command's units) is [battle_of_buena_vista 3.0]
  + (K "with" * tok("a unit id", Cp() * C(idch ^ 1)))
    / function(pos, u) return node("with", { pos = pos, id = u }) end
  -- `predicate <name>`: every hex a Lua predicate accepts
  + (K "predicate" * tok("a predicate name", Cp() * C(idch ^ 1)))
    / function(pos, name) return node("predicate", { pos = pos, name = name }) end
  -- `place rancho`, `box reserve`, `edge west-road`, `space saltillo/G`: a name of one kind
  + ((K "place" * Cc("place") + K "box" * Cc("box") + K "edge" * Cc("edge")
      + K "space" * Cc("space")) * sp * mark("a name") * Cp() * C(idch ^ 1))
    / function(kind, pos, name) return node("typed", { pos = pos, kind = kind, name = name }) end
  -- `the north map edge` [rough_and_ready E1], `east-road edge`
  + (K "the" ^ -1 * sp * Cp() * (Ct(dir_p) + names) * K "map" ^ -1 * K "edge")
    / function(pos, words) return node("edge", { pos = pos, words = words }) end
  -- `saltillo/G`: a track space [battle_of_buena_vista 3.0, 10.2]
  + (tok("a name", Cp() * C(letter * wordch ^ 0)) * P "/" * mark("a track space")
      * C(wordch ^ 1))
    / function(pos, t, s) return node("space", { pos = pos, track = t, space = s }) end
  + hexterm
  -- a bare name: `G` [battle_of_buena_vista 3.0], `Buena Vista` [battle_of_buena_vista 9.8]
  + nameref

local sep = tok("','", P ",") * K "or" ^ -1 + tok("';'", P ";") + K "or"

local END = tok("'.'", P ".") ^ -1 * tok("the end of the text", P(-1))

local grammar_hexes = Ct(alt * (sep * alt) ^ 0) * END

-- }====================================================================================

-- {====================================================================================
-- The grammar of a set of hexsides (context "hexside"): `2438-9`, `3741-3842`, `2944/3045`,
-- `2243/4` [rough_and_ready RS 5.15, 5.17; gbacw MO 7.14], and `any <feature> hexside`.
-- =====================================================================================

local side_item =
  (label_p * sp * (P "/" + dash) * sp * mark("the second hex (digits)") * C(digit ^ 1))
    / function(pos, a, tail) return node("side", { pos = pos, label = a, tail = tail }) end
  + (K "any" * sp * Cp() * names * sidenoun)
    / function(pos, words) return node("sides_of", { pos = pos, words = words }) end

local grammar_hexside = Ct(side_item * (sep * side_item) ^ 0) * END

-- }====================================================================================

-- {====================================================================================
-- Parsing and refusals.
-- =====================================================================================

-- The column (in characters, from 1) of byte position pos of text.
local function column(text, pos)
  local _, n = text:sub(1, pos - 1):gsub("[^\128-\191]", "")
  return n + 1
end

local function refusal(text, origin, pos, why)
  local where = ""
  if origin and origin.file then
    where = origin.file .. ":" .. tostring(origin.line or "?") .. ": "
  end
  return where .. "placement spec '" .. text .. "', column " .. column(text, pos) .. ": " .. why
end

local function sorted_keys(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out)
  return out
end

-- "a, b or c"
local function either(list)
  if #list == 1 then return list[1] end
  return table.concat(list, ", ", 1, #list - 1) .. " or " .. list[#list]
end

-- Groups of expectations that read better as one phrase, when all their members are there.
local QUALIFIER = { "'adjacent'", "'from'", "'in'", "'inside'", "'the'", "'w/i'", "'where'",
  "'with'", "'within'", DIRECTION }
local GROUPS = {
  { phrase = "a hex label, a name or a phrase such as 'any hex' (docs/placement.md)",
    members = { "'any'", "'anywhere'", "'box'", "'edge'", "'place'", "'predicate'",
      "'space'", "a hex label", "a name" }, also = QUALIFIER },
  { phrase = "a qualifier (within, w/i, adjacent to, with, from, in, inside, where, "
      .. "<direction> of, the <n> row)", members = QUALIFIER },
}

local function expectations(set)
  for _, g in ipairs(GROUPS) do
    local all = true
    for _, list in ipairs({ g.members, g.also or {} }) do
      for _, m in ipairs(list) do
        if not set[m] then all = false end
      end
    end
    if all then
      for _, list in ipairs({ g.members, g.also or {} }) do
        for _, m in ipairs(list) do set[m] = nil end
      end
      set[g.phrase] = true
    end
  end
  return either(sorted_keys(set))
end

local function found(text, pos)
  if pos > #text then return "the end of the text" end
  local w = text:match("^[%w_/'-]+", pos) or text:match("^[^\128-\191][\128-\191]*", pos)
  return "'" .. w .. "'"
end

-- Raised inside evaluation and validation, caught by the public functions.
local Fail = {}
Fail.__index = Fail
local function fail(pos, why)
  error(setmetatable({ pos = pos, why = why }, Fail), 0)
end

-- Runs f(...) and turns a Fail into nil, message; other errors go on up.
local function guard(text, origin, f, ...)
  local ok, res = pcall(f, ...)
  if ok then return res end
  if getmetatable(res) == Fail then return nil, refusal(text, origin, res.pos, res.why) end
  error(res, 0)
end

-- The largest radius of `within N of`: wider is no placement any rulebook makes.
local MAX_WITHIN = 99

-- Half a label's length: the width of one part.
local function half(s)
  return math.floor(#s / 2)
end

local function check_label(pos, s)
  if #s ~= 4 and #s ~= 6 then
    fail(pos, "'" .. s .. "' is not a hex label (4 or 6 digits, XXYY or XXXYYY)")
  end
end

-- The label whose last digits are `tail` (`3014`, `5` -> `3015`).
local function complete(pos, s, tail, what)
  if #tail > #s then
    fail(pos, what .. " '" .. s .. "-" .. tail .. "': the end has more digits than the hex")
  end
  return s:sub(1, #s - #tail) .. tail
end

-- Syntax-level checks that need no map: label widths, ranges that stay in one column and
-- run forwards, pairs of two hexes, blocks over the same rows.
local validate
local function validate_hexterm(n)
  if n.op == "hex" then
    check_label(n.pos, n.label)
  elseif n.op == "range" then
    check_label(n.pos, n.label)
    local last = complete(n.pos, n.label, n.tail, "range")
    local h = half(n.label)
    if last:sub(1, h) ~= n.label:sub(1, h) then
      fail(n.pos, "range " .. n.label .. "-" .. n.tail .. " leaves column " .. n.label:sub(1, h)
        .. " (a range is XXYY-ZZ: rows YY to ZZ of column XX)")
    end
    if last <= n.label then
      fail(n.pos, "range " .. n.label .. "-" .. n.tail .. " does not run forwards ("
        .. n.label .. " to " .. last .. ")")
    end
    n.last = last
  elseif n.op == "pair" then
    check_label(n.pos, n.label)
    n.second = complete(n.pos, n.label, n.tail, "pair")
    if n.second == n.label then
      fail(n.pos, "pair " .. n.label .. "/" .. n.tail .. " names one hex twice")
    end
  elseif n.op == "block" then
    validate_hexterm(n.from)
    validate_hexterm(n.to)
    local a, b = n.from, n.to
    local h = half(a.label)
    local rows = function(p)
      local r1, r2 = p.label:sub(h + 1), p.second:sub(h + 1)
      if r1 > r2 then r1, r2 = r2, r1 end
      return r1, r2
    end
    local a1, a2 = rows(a)
    local b1, b2 = rows(b)
    if #b.label ~= #a.label or a1 ~= b1 or a2 ~= b2 or a.label:sub(1, h) ~= a.second:sub(1, h)
        or b.label:sub(1, h) ~= b.second:sub(1, h) then
      fail(n.pos, "block " .. a.label .. "/" .. a.tail .. " - " .. b.label .. "/" .. b.tail
        .. ": both ends must be pairs of one column over the same rows")
    end
    if b.label:sub(1, h) < a.label:sub(1, h) then
      fail(n.pos, "block " .. a.label .. "/" .. a.tail .. " - " .. b.label .. "/" .. b.tail
        .. " does not run forwards")
    end
    n.rows = { a1, a2 }
    n.columns = { a.label:sub(1, h), b.label:sub(1, h) }
  end
end

validate = function(n)
  local op = n.op
  if op == "hex" or op == "range" or op == "pair" or op == "block" then
    validate_hexterm(n)
  elseif op == "select" then
    for _, q in ipairs(n.quals) do validate(q) end
  elseif op == "inside" and n.target.op == "range" and #n.target.tail == #n.target.label
      and n.target.tail:sub(1, half(n.target.label)) ~= n.target.label:sub(1,
        half(n.target.label)) then
    -- `from 5814-7020`: two hexes in other columns, the road between them
    local t = n.target
    check_label(t.pos, t.label)
    n.target = node("route", { pos = t.pos, from = t.label, to = t.tail })
  elseif op == "within" or op == "adjacent" or op == "inside" then
    if op == "within" and n.n > MAX_WITHIN then
      fail(n.pos, "within " .. n.n .. ": at most " .. MAX_WITHIN .. " hexes")
    end
    validate(n.target)
  elseif op == "side" then
    check_label(n.pos, n.label)
    n.second = complete(n.pos, n.label, n.tail, "hexside")
    if n.second == n.label then
      fail(n.pos, "hexside " .. n.label .. "/" .. n.tail .. " names one hex twice")
    end
  end
end

local CONTEXTS = { hexes = grammar_hexes, hexside = grammar_hexside }

local Spec = {}
Spec.__index = Spec
Spec.__tostring = function(s) return "placement spec '" .. s.text .. "'" end

--- Parses a placement spec.
-- @tparam string text the spec, e.g. `"3014-5"` or `"Any above hex"`
-- @tparam[opt] table opts `{context = "hexes" | "hexside", origin = {file =, line =}}`;
--   context defaults to "hexes"; origin, when the text comes from a file, prefixes refusals
-- @treturn[1] table the spec: `{text =, context =, origin =, items = {node, ...}}` (an
--   abstract syntax tree, docs/placement.md), for `evaluate`
-- @treturn[2] nil
-- @treturn[2] string why, as `[file:line: ]placement spec '<text>', column <c>: <why>`
-- @raise on a text that is not a string or an unknown context or option (misuse)
function M.parse(text, opts)
  opts = opts or {}
  if type(text) ~= "string" then
    error("bad argument #1 to 'parse' (string expected, got " .. type(text) .. ")", 2)
  end
  for _, k in ipairs(sorted_keys(opts)) do
    if k ~= "context" and k ~= "origin" then
      error("bad option '" .. tostring(k) .. "' to 'parse' (known: context, origin)", 2)
    end
  end
  local context = opts.context or "hexes"
  local grammar = CONTEXTS[context]
  if not grammar then
    error("bad option 'context' to 'parse' (hexes or hexside expected, got "
      .. tostring(context) .. ")", 2)
  end
  local origin = opts.origin
  if text:match("^[ \t]*$") then
    return nil, refusal(text, origin, 1, "the spec is empty")
  end
  local st = { far = 0, expected = {} }
  local items = lpeg.match(grammar, text, 1, st)
  if not items then
    return nil, refusal(text, origin, st.far, "expected " .. expectations(st.expected)
      .. ", found " .. found(text, st.far))
  end
  local spec = setmetatable({ text = text, context = context, origin = origin, items = items },
    Spec)
  local ok, why = guard(text, origin, function()
    for _, n in ipairs(items) do validate(n) end
    return true
  end)
  if not ok then return nil, why end
  return spec
end

-- }====================================================================================

-- {====================================================================================
-- Evaluation on a map.
-- =====================================================================================

local function norm(s)
  return (s:lower():gsub("[%s_%-]+", "-"))
end

local function words_text(words)
  return table.concat(words, " ")
end

local DRAWN = { top = 0, right = 1, bottom = 2, left = 3 }
local COMPASS = { north = 0, east = 1, south = 2, west = 3 }
local OPPOSITE = { north = "south", south = "north", east = "west", west = "east" }

-- The environment of one evaluation: the map, its grid, its hexes, the caller's context.
local function new_env(map, ctx)
  local info = map:info()
  local hexes = map:hexes()
  if #hexes == 0 then error("placement: the map has no hexes", 3) end
  local digits = info.digits or half(hexes[1])
  local grid = require("volley.core").hex.grid{ layout = info.layout, parity = info.parity,
                                                digits = digits }
  local on = {}
  for _, h in ipairs(hexes) do on[h] = true end
  return { map = map, info = info, hexes = hexes, on = on, grid = grid, digits = digits,
           ctx = ctx or {}, cache = {} }
end

local function bounds_text(env)
  local c, r = env.info.columns, env.info.rows
  local w = env.digits
  local f = "%0" .. w .. "d"
  return "columns " .. f:format(c[1]) .. "-" .. f:format(c[2]) .. ", rows " .. f:format(r[1])
    .. "-" .. f:format(r[2])
end

local function on_map(env, pos, label)
  if #label ~= 2 * env.digits then
    fail(pos, "'" .. label .. "' is not a hex label of this map (" .. 2 * env.digits
      .. " digits)")
  end
  if not env.on[label] then
    fail(pos, "hex " .. label .. " is not on the map (" .. bounds_text(env) .. ")")
  end
  return label
end

-- A location set: hexes, track spaces ("track/space"), boxes, each a lookup table; `order`
-- lists the locations an explicit spec names, as written.
local function new_set()
  return { hex = {}, space = {}, box = {} }
end

local function hexes_of(list)
  local s = new_set()
  for _, h in ipairs(list) do s.hex[h] = true end
  return s
end

local function label_of(env, col, row)
  local f = "%0" .. env.digits .. "d"
  return f:format(col) .. f:format(row)
end

local function part(env, label, which)
  if which == "first" then return tonumber(label:sub(1, env.digits)) end
  return tonumber(label:sub(env.digits + 1))
end

-- Explicit hexes, in written order.
local function explicit_hexes(env, n)
  local out = {}
  if n.op == "hex" then
    out[1] = on_map(env, n.pos, n.label)
  elseif n.op == "range" then
    local h = half(n.label)
    local col = n.label:sub(1, h)
    for row = tonumber(n.label:sub(h + 1)), tonumber(n.last:sub(h + 1)) do
      out[#out + 1] = on_map(env, n.pos, col .. ("%0" .. h .. "d"):format(row))
    end
  elseif n.op == "pair" then
    out[1] = on_map(env, n.pos, n.label)
    out[2] = on_map(env, n.pos, n.second)
    if not env.grid:adjacent(out[1], out[2]) then
      fail(n.pos, "pair " .. n.label .. "/" .. n.tail .. ": " .. n.label .. " and " .. n.second
        .. " are not adjacent")
    end
  elseif n.op == "block" then
    explicit_hexes(env, n.from)
    explicit_hexes(env, n.to)
    for col = tonumber(n.columns[1]), tonumber(n.columns[2]) do
      for row = tonumber(n.rows[1]), tonumber(n.rows[2]) do
        out[#out + 1] = on_map(env, n.pos, label_of(env, col, row))
      end
    end
  end
  return out
end

-- Names of the map, normalized, each with what it is.
local function name_index(env)
  if env.cache.names then return env.cache.names end
  local map, idx = env.map, {}
  local function add(key, what, value)
    local k = norm(key)
    idx[k] = idx[k] or {}
    local list = idx[k]
    list[#list + 1] = { what = what, value = value }
  end
  for _, p in ipairs(map:places()) do add(p, "place", p) end
  for _, e in ipairs(map:edges()) do add(e, "edge", e) end
  for _, b in ipairs(map:boxes()) do add(b, "box", b) end
  for _, t in ipairs(map:tracks()) do
    for _, s in ipairs(map:track(t).spaces) do add(s, "space", t .. "/" .. s) end
  end
  env.cache.names = idx
  return idx
end

local function set_of_named(env, what, value)
  local s = new_set()
  if what == "place" then
    for _, h in ipairs(env.map:place(value)) do s.hex[h] = true end
  elseif what == "edge" then
    for _, h in ipairs(env.map:edge(value)) do s.hex[h] = true end
  elseif what == "box" then
    s.box[value] = true
  elseif what == "space" then
    s.space[value] = true
  end
  return s
end

local function resolve_name(env, pos, text, only)
  local found_ = name_index(env)[norm(text)] or {}
  local hits = {}
  for _, f in ipairs(found_) do
    if not only or f.what == only then hits[#hits + 1] = f end
  end
  if #hits == 0 then
    if only then fail(pos, "no " .. only .. " '" .. text .. "' on this map") end
    fail(pos, "no place, edge, box or track space '" .. text .. "' on this map")
  end
  if #hits > 1 then
    local list = {}
    for i, f in ipairs(hits) do list[i] = f.what .. " " .. f.value end
    fail(pos, "'" .. text .. "' is ambiguous: " .. either(list))
  end
  return set_of_named(env, hits[1].what, hits[1].value), hits[1]
end

local function space_set(env, pos, track, space)
  for _, t in ipairs(env.map:tracks()) do
    if norm(t) == norm(track) then
      for _, s in ipairs(env.map:track(t).spaces) do
        if norm(s) == norm(space) then
          local set = new_set()
          set.space[t .. "/" .. s] = true
          return set, t .. "/" .. s
        end
      end
      fail(pos, "track " .. t .. " has no space '" .. space .. "'")
    end
  end
  fail(pos, "no track '" .. track .. "' on this map")
end

local function terrain_ids(env, kind)
  local key = "terrain." .. kind
  if env.cache[key] then return env.cache[key] end
  local list = {}
  for _, tid in ipairs(env.map:terrain_types(kind)) do
    local t = env.map:terrain_type(tid, kind)
    list[#list + 1] = { id = tid, name = t and t.name or tid }
  end
  env.cache[key] = list
  return list
end

local function find_type(env, kind, text)
  local k = norm(text)
  for _, t in ipairs(terrain_ids(env, kind)) do
    if norm(t.id) == k or norm(t.name) == k then return t.id end
  end
  return nil
end

-- The roads a phrase names: "Road" (every road of kind road), "Chihuahua Road" (road.chihuahua).
local function roads_named(env, pos, words)
  local keys = env.map:roads()
  local kind = norm(words[#words])
  local rest = {}
  for i = 1, #words - 1 do rest[i] = words[i] end
  local want = #rest > 0 and (kind .. "." .. norm(words_text(rest))) or nil
  local out = {}
  for _, key in ipairs(keys) do
    local k = norm(key)
    local kkind = k:match("^[^.]*")
    if (want and k == want) or (not want and kkind == kind) or k == norm(words_text(words)) then
      out[#out + 1] = key
    end
  end
  if #out == 0 then
    fail(pos, "no road '" .. words_text(words) .. "' on this map (roads: "
      .. (#keys > 0 and table.concat(keys, ", ") or "none") .. ")")
  end
  return out
end

local function road_hexes(env, keys)
  local s = {}
  for _, key in ipairs(keys) do
    for _, h in ipairs(env.map:road(key).hexes) do s[h] = true end
  end
  return s
end

-- `any <name> hex`: a hex terrain type (its id or name), a place, or a road kind.
local function class_hexes(env, pos, words)
  local text = words_text(words)
  local tid = find_type(env, "hex", text)
  local out = {}
  if tid then
    for _, h in ipairs(env.hexes) do
      if env.map:terrain(h) == tid then out[h] = true end
    end
    return out
  end
  for _, p in ipairs(env.map:places()) do
    if norm(p) == norm(text) then
      for _, h in ipairs(env.map:place(p)) do out[h] = true end
      return out
    end
  end
  for _, rk in ipairs(terrain_ids(env, "road")) do
    if norm(rk.id) == norm(text) or norm(rk.name) == norm(text) then
      local keys = {}
      for _, key in ipairs(env.map:roads()) do
        if norm(key):match("^[^.]*") == norm(rk.id) then keys[#keys + 1] = key end
      end
      return road_hexes(env, keys)
    end
  end
  local hint = ""
  if find_type(env, "hexside", text) then
    hint = " (" .. text .. " is a hexside feature: write 'any hex with a " .. text
      .. " hexside')"
  end
  fail(pos, "no terrain, place or road kind '" .. text .. "' on this map" .. hint)
end

local function hexside_feature(env, pos, words)
  local text = words_text(words)
  local fid = find_type(env, "hexside", text)
  if not fid then
    fail(pos, "no hexside feature '" .. text .. "' on this map")
  end
  return fid
end

local function has(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

-- Each hexside of the map (both hexes on it) once, as a, b in label order, with f(a, b).
local function each_hexside(env, f)
  for _, a in ipairs(env.hexes) do
    for _, b in ipairs(env.grid:neighbors(a)) do
      if type(b) == "string" and env.on[b] and a < b then f(a, b) end
    end
  end
end

-- Which hexes of `env` compare how to row `n` going `dir`: returns a test on labels.
local function row_test(env, pos, row_text, dir, including)
  local which = env.info.text_row or "second"
  local d = env.digits
  local n
  if #row_text == d then
    n = tonumber(row_text)
  elseif #row_text == 2 * d then
    local a, b = row_text:sub(1, d), row_text:sub(d + 1)
    local zeros = ("0"):rep(d)
    if which == "first" and b == zeros then n = tonumber(a)
    elseif which == "second" and a == zeros then n = tonumber(b) end
  end
  if not n then
    local x = ((which == "first") and "X" or "Y"):rep(d)
    fail(pos, "'" .. row_text .. "' is not a row of this map (its rows are the " .. which
      .. " label part: " .. x .. " or " .. (which == "first" and x .. ("0"):rep(d)
      or ("0"):rep(d) .. x) .. ")")
  end
  local lo, hi
  if which == "first" then lo, hi = env.info.columns[1], env.info.columns[2]
  else lo, hi = env.info.rows[1], env.info.rows[2] end
  if n < lo or n > hi then
    fail(pos, "row " .. row_text .. " is not on this map (rows, the " .. which
      .. " label part, " .. lo .. "-" .. hi .. ")")
  end
  if not dir then
    return function(h) return part(env, h, which) == n end
  end
  -- The row part grows toward the drawn right edge (first) or bottom edge (second).
  local grows = which == "first" and DRAWN.right or DRAWN.bottom
  local edge = (DRAWN[env.info.north or "top"] + COMPASS[dir]) % 4
  local sign
  if edge == grows then sign = 1
  elseif edge == (grows + 2) % 4 then sign = -1
  else
    fail(pos, "on this map the rows (the " .. which .. " label part) run from "
      .. ((dir == "north" or dir == "south") and "north to south" or "east to west")
      .. ", so nothing is " .. dir .. " of one")
  end
  return function(h)
    local v = (part(env, h, which) - n) * sign
    return v > 0 or (including and v == 0)
  end
end

-- The hexes on the `dir` side of the roads `keys`: those reached from the map's `dir` edge
-- without crossing a road hex. Refused when that reaches the opposite edge too.
local function side_of_road(env, pos, dir, words)
  local keys = roads_named(env, pos, words)
  local road = road_hexes(env, keys)
  local start = env.map:edge(dir) or {}
  local seen, queue, head = {}, {}, 1
  for _, h in ipairs(start) do
    if not road[h] and not seen[h] then seen[h] = true; queue[#queue + 1] = h end
  end
  while head <= #queue do
    local h = queue[head]
    head = head + 1
    for _, n in ipairs(env.grid:neighbors(h)) do
      if type(n) == "string" and env.on[n] and not road[n] and not seen[n] then
        seen[n] = true
        queue[#queue + 1] = n
      end
    end
  end
  for _, h in ipairs(env.map:edge(OPPOSITE[dir]) or {}) do
    if seen[h] then
      fail(pos, "the " .. words_text(words) .. " does not divide the map: its " .. dir
        .. " and " .. OPPOSITE[dir] .. " sides meet (at " .. h .. ")")
    end
  end
  return seen
end

-- The hexes of the shortest route along the map's roads from a to b (every road kind; each
-- step a road link of [roads]), ties going to the neighbour first in label order.
local function road_route(env, n)
  local a, b = on_map(env, n.pos, n.from), on_map(env, n.pos, n.to)
  local links = {}
  for _, key in ipairs(env.map:roads()) do
    local path = env.map:road(key).hexes
    for i = 2, #path do
      local x, y = path[i - 1], path[i]
      links[x] = links[x] or {}
      links[y] = links[y] or {}
      links[x][#links[x] + 1] = y
      links[y][#links[y] + 1] = x
    end
  end
  local from, queue, head = { [a] = a }, { a }, 1
  while head <= #queue and not from[b] do
    local h = queue[head]
    head = head + 1
    local next_ = links[h] or {}
    table.sort(next_)
    for _, y in ipairs(next_) do
      if not from[y] then from[y] = h; queue[#queue + 1] = y end
    end
  end
  if not from[b] then
    fail(n.pos, "no road runs from " .. a .. " to " .. b)
  end
  local s = new_set()
  local h = b
  while h ~= a do s.hex[h] = true; h = from[h] end
  s.hex[a] = true
  return s
end

local ev

local function target_hexes(env, t)
  local s = ev(env, t)
  local list = sorted_keys(s.hex)
  if #list == 0 then fail(t.pos, "names no hex of this map") end
  return list
end

-- A qualifier as a test on hex labels.
local function qual_test(env, q)
  local op = q.op
  if op == "within" or op == "adjacent" then
    local ts = target_hexes(env, q.target)
    local near, inner = {}, {}
    for _, t in ipairs(ts) do
      inner[t] = true
      for _, h in ipairs(env.grid:range(t, op == "within" and q.n or 1)) do near[h] = true end
    end
    if op == "adjacent" then
      return function(h) return near[h] and not inner[h] end
    end
    return function(h) return near[h] == true end
  elseif op == "with_side" then
    local fid = hexside_feature(env, q.pos, q.words)
    local hit = {}
    each_hexside(env, function(a, b)
      if has(env.map:hexside(a, b), fid) then hit[a] = true; hit[b] = true end
    end)
    return function(h) return hit[h] == true end
  elseif op == "dir_row" then
    return row_test(env, q.pos, q.row, q.dir, q.including)
  elseif op == "row" then
    return row_test(env, q.pos, q.row, q.dir, true)
  elseif op == "dir_road" then
    local side = side_of_road(env, q.pos, q.dir, q.words)
    return function(h) return side[h] == true end
  elseif op == "inside" then
    local s = ev(env, q.target).hex
    return function(h) return s[h] == true end
  elseif op == "where" then
    local preds = env.ctx.predicates or {}
    local f = preds[q.name]
    if type(f) ~= "function" then
      fail(q.pos, "no predicate '" .. q.name .. "' (the scenario registers its predicates)")
    end
    return function(h)
      local ok, res = pcall(f, h, env.map)
      if not ok then fail(q.pos, "predicate '" .. q.name .. "' failed: " .. tostring(res)) end
      return res and true or false
    end
  end
  error("placement: unknown qualifier " .. tostring(op))
end

local function above_set(env, pos)
  local above = env.ctx.above
  if type(above) ~= "table" then
    fail(pos, "'above' needs the locations of the lines above (none given)")
  end
  local s = {}
  for _, h in ipairs(above) do
    if env.on[h] then s[h] = true end
  end
  return s
end

local function class_set(env, c)
  if c.op == "above" then return above_set(env, c.pos) end
  if c.op == "level" then
    local out = {}
    local extra = c.words and class_hexes(env, c.pos, c.words)
    for _, h in ipairs(env.hexes) do
      local _, halves = env.map:elevation(h)
      if halves == 2 * c.level and (not extra or extra[h]) then out[h] = true end
    end
    return out
  end
  return class_hexes(env, c.pos, c.words)
end

local function merge(into, s)
  for k in pairs(s.hex) do into.hex[k] = true end
  for k in pairs(s.space) do into.space[k] = true end
  for k in pairs(s.box) do into.box[k] = true end
end

ev = function(env, n)
  local op = n.op
  if op == "hex" or op == "range" or op == "pair" or op == "block" then
    local list = explicit_hexes(env, n)
    local s = hexes_of(list)
    s.order, s.explicit = list, true
    return s
  elseif op == "select" then
    local base
    if #n.classes == 0 then
      base = env.on
    else
      base = {}
      for _, c in ipairs(n.classes) do
        for h in pairs(class_set(env, c)) do base[h] = true end
      end
    end
    local tests = {}
    for i, q in ipairs(n.quals) do tests[i] = qual_test(env, q) end
    local s = new_set()
    for _, h in ipairs(env.hexes) do
      if base[h] then
        local ok = true
        for _, t in ipairs(tests) do
          if not t(h) then ok = false; break end
        end
        if ok then s.hex[h] = true end
      end
    end
    return s
  elseif op == "name" then
    local s, hit = resolve_name(env, n.pos, words_text(n.words))
    if hit.what == "space" then s.order, s.explicit = { hit.value }, true end
    return s
  elseif op == "typed" then
    if n.kind == "space" then
      local t, sp_ = n.name:match("^([^/]+)/(.+)$")
      local s, v
      if t then s, v = space_set(env, n.pos, t, sp_)
      else
        local hit
        s, hit = resolve_name(env, n.pos, n.name, "space")
        v = hit.value
      end
      s.order, s.explicit = { v }, true
      return s
    end
    return (resolve_name(env, n.pos, n.name, n.kind))
  elseif op == "edge" then
    return (resolve_name(env, n.pos, words_text(n.words), "edge"))
  elseif op == "space" then
    local s, v = space_set(env, n.pos, n.track, n.space)
    s.order, s.explicit = { v }, true
    return s
  elseif op == "with" then
    local locate = env.ctx.locate
    if type(locate) ~= "function" then
      fail(n.pos, "'with " .. n.id .. "' needs the units' locations (none given)")
    end
    local list = locate(n.id)
    if type(list) ~= "table" or #list == 0 then
      fail(n.pos, "no unit '" .. n.id .. "' is placed yet")
    end
    local s = new_set()
    for _, loc in ipairs(list) do
      if env.on[loc] then s.hex[loc] = true
      elseif loc:find("/", 1, true) then s.space[loc] = true
      else s.box[loc] = true end
    end
    return s
  elseif op == "route" then
    return road_route(env, n)
  elseif op == "predicate" then
    local t = qual_test(env, { op = "where", pos = n.pos, name = n.name })
    local s = new_set()
    for _, h in ipairs(env.hexes) do
      if t(h) then s.hex[h] = true end
    end
    return s
  end
  error("placement: unknown node " .. tostring(op))
end

-- Track spaces in track order (tracks by name, spaces as declared).
local function space_rank(env)
  local rank, i = {}, 0
  local tracks = env.map:tracks()
  table.sort(tracks)
  for _, t in ipairs(tracks) do
    for _, s in ipairs(env.map:track(t).spaces) do
      i = i + 1
      rank[t .. "/" .. s] = i
    end
  end
  return rank
end

local function eval_hexes(spec, env)
  local all = new_set()
  local order, explicit, seen = {}, true, {}
  for _, n in ipairs(spec.items) do
    local s = ev(env, n)
    merge(all, s)
    if s.explicit then
      for _, loc in ipairs(s.order) do
        if seen[loc] then fail(n.pos, loc .. " is named twice") end
        seen[loc] = true
        order[#order + 1] = loc
      end
    else
      explicit = false
    end
  end
  local rank = space_rank(env)
  local spaces = sorted_keys(all.space)
  table.sort(spaces, function(a, b) return rank[a] < rank[b] end)
  local set = { context = "hexes", hexes = sorted_keys(all.hex), spaces = spaces,
                boxes = sorted_keys(all.box), explicit = explicit }
  if explicit then set.order = order end
  if #set.hexes + #set.spaces + #set.boxes == 0 then
    fail(spec.items[1].pos, "names no location on this map")
  end
  return set
end

local function eval_hexside(spec, env)
  local found_ = {}
  for _, n in ipairs(spec.items) do
    if n.op == "side" then
      local a, b = on_map(env, n.pos, n.label), on_map(env, n.pos, n.second)
      if not env.grid:adjacent(a, b) then
        fail(n.pos, "hexside " .. n.label .. "/" .. n.tail .. ": " .. a .. " and " .. b
          .. " are not adjacent")
      end
      found_[env.grid:hexside(a, b)] = true
    else
      local fid = hexside_feature(env, n.pos, n.words)
      local any = false
      each_hexside(env, function(a, b)
        if has(env.map:hexside(a, b), fid) then
          found_[env.grid:hexside(a, b)] = true
          any = true
        end
      end)
      if not any then fail(n.pos, "no " .. fid .. " hexside on this map") end
    end
  end
  return { context = "hexside", hexsides = sorted_keys(found_) }
end

--- Evaluates a spec on a map.
-- @tparam table spec from `parse`
-- @param map a `volley.core.map`, or any object with the methods docs/placement.md lists
-- @tparam[opt] table ctx `{above = {location, ...}, locate = function(id) -> {location, ...},
--   predicates = {name = function(label, map) -> boolean}}`: what `above`, `with` and
--   `where`/`predicate` need
-- @treturn[1] table the set: for context "hexes" `{context =, hexes = {labels in label
--   order}, spaces = {"track/space" in track order}, boxes = {ids, sorted}, explicit =,
--   order = (explicit specs only) {locations as written}}`; for "hexside"
--   `{context =, hexsides = {ids "a/b", sorted}}`
-- @treturn[2] nil
-- @treturn[2] string why, as `parse` words it (a hex off the map, an unknown name, ...)
function M.evaluate(spec, map, ctx)
  if getmetatable(spec) ~= Spec then
    error("bad argument #1 to 'evaluate' (placement spec expected, got " .. type(spec) .. ")",
      2)
  end
  local env = new_env(map, ctx)
  return guard(spec.text, spec.origin, spec.context == "hexside" and eval_hexside or eval_hexes,
    spec, env)
end

--- Parses and evaluates in one call.
-- @tparam string text
-- @param map
-- @tparam[opt] table ctx as for `evaluate`
-- @tparam[opt] table opts as for `parse`
-- @treturn[1] table the set
-- @treturn[2] nil
-- @treturn[2] string why
function M.compile(text, map, ctx, opts)
  local spec, why = M.parse(text, opts)
  if not spec then return nil, why end
  return M.evaluate(spec, map, ctx)
end

--- The locations of a set as one list: hexes (label order), then track spaces, then boxes.
-- @tparam table set from `evaluate`
-- @treturn {string,...}
function M.locations(set)
  local out = {}
  for _, k in ipairs({ "hexes", "spaces", "boxes" }) do
    for _, v in ipairs(set[k] or {}) do out[#out + 1] = v end
  end
  return out
end

-- }====================================================================================

-- {====================================================================================
-- Set-up: fixed or a choice.
-- =====================================================================================

local function leader_test(leaders)
  if leaders == nil then return function() return false end end
  if type(leaders) == "function" then return leaders end
  local s = {}
  for k, v in pairs(leaders) do
    if type(k) == "number" then s[v] = true else s[k] = v and true or nil end
  end
  return function(u) return s[u] == true end
end

local function prompt_for(units, options)
  local who = units[1]
  if #units == 2 then who = units[1] .. " and " .. units[2]
  elseif #units > 2 then who = units[1] .. " and " .. (#units - 1) .. " more" end
  if #options <= 4 then
    return "set up " .. who .. ": " .. either(options)
  end
  return "set up " .. who .. ": one of " .. #options .. " locations"
end

--- Places units by a set: what is fixed, and what must be asked.
--
-- The rule (docs/placement.md "Set-up"): a set of one location places every unit there; an
-- explicit spec (hexes, ranges, lists, pairs, blocks, track spaces) naming as many locations
-- as it has counters (units that are not leaders) places counter i at its i-th location as
-- written, and each leader chooses among those locations; anything else leaves each unit a
-- choice among the set's locations in canonical order (with `together`, one choice for all
-- of them: [rough_and_ready RS Mexican Deployment] puts all units of a type in one hex).
-- Choice k defaults to location ((k - 1) mod n) + 1 of its n options, so bots and
-- `volley render` spread a group across the set deterministically.
-- @tparam table set from `evaluate` (context "hexes")
-- @tparam {string,...} units the unit ids of the set-up line, in order
-- @tparam[opt] table opts `{leaders = {id, ...} | {[id] = true} | function(id) -> boolean,
--   together = boolean, rule = "[<system> <case>]" (required when a choice arises: the
--   request cites it), kind = "place" (the request's kind)}`
-- @treturn table `{fixed = boolean, placements = {{unit =, at =}, ...},
--   choices = {{units = {id, ...}, options = {...}, default =, request = <an ask request>},
--   ...}}`, both in the order of `units`: place each choice's units where its answer says
-- @raise on misuse: no units, a set of hexsides, a choice without opts.rule
function M.setup(set, units, opts)
  opts = opts or {}
  if type(set) ~= "table" or set.context ~= "hexes" then
    error("bad argument #1 to 'setup' (a set of locations expected)", 2)
  end
  if type(units) ~= "table" or #units == 0 then
    error("bad argument #2 to 'setup' (a list of unit ids expected)", 2)
  end
  local is_leader = leader_test(opts.leaders)
  local locs = M.locations(set)
  local plan = { fixed = true, placements = {}, choices = {} }
  local function place(unit, at)
    plan.placements[#plan.placements + 1] = { unit = unit, at = at }
  end
  local function choose(who)
    if type(opts.rule) ~= "string" then
      error("setup: placing " .. who[1] .. " is a choice and needs opts.rule (the case that "
        .. "lets the player choose)", 3)
    end
    local k = #plan.choices + 1
    local default = locs[(k - 1) % #locs + 1]
    plan.fixed = false
    plan.choices[k] = { units = who, options = locs, default = default,
                        request = { kind = opts.kind or "place", prompt = prompt_for(who, locs),
                                    options = locs, default = default, rule = opts.rule } }
  end
  if #locs == 1 then
    for _, u in ipairs(units) do place(u, locs[1]) end
    return plan
  end
  if opts.together then
    local who = {}
    for i, u in ipairs(units) do who[i] = u end
    choose(who)
    return plan
  end
  local counters = 0
  for _, u in ipairs(units) do
    if not is_leader(u) then counters = counters + 1 end
  end
  if set.explicit and counters == #set.order then
    local k = 0
    for _, u in ipairs(units) do
      if is_leader(u) then
        choose({ u })
      else
        k = k + 1
        place(u, set.order[k])
      end
    end
    return plan
  end
  for _, u in ipairs(units) do choose({ u }) end
  return plan
end

--- Splits a `[setup.<side>]` value, `<spec> | <unit id> ...` (DESIGN.md Part B).
-- @tparam string value e.g. `"3014-5 | 5US-1 5US-2 Twiggs"`
-- @treturn[1] string the spec text, trimmed
-- @treturn[1] {string,...} the unit ids
-- @treturn[2] nil
-- @treturn[2] string why (no '|', no spec, no unit)
function M.split_line(value)
  local spec, rest = value:match("^([^|]*)|(.*)$")
  if not spec then return nil, "expected '<placement spec> | <unit ids>'" end
  spec = spec:match("^%s*(.-)%s*$")
  if spec == "" then return nil, "no placement spec before '|'" end
  if rest:find("|", 1, true) then return nil, "more than one '|'" end
  local ids = {}
  for u in rest:gmatch("%S+") do ids[#ids + 1] = u end
  if #ids == 0 then return nil, "no unit ids after '|'" end
  return spec, ids
end

-- }====================================================================================

return M
