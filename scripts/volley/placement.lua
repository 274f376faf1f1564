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

local evaluate = require "volley.placement.evaluate"

local Fail, fail, sorted_keys, either, half =
  evaluate.Fail, evaluate.fail, evaluate.sorted_keys, evaluate.either, evaluate.half

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
    or text:sub(pos, pos)   -- a stray continuation byte (text that is not UTF-8)
  return "'" .. w .. "'"
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
-- Evaluation on a map (volley.placement.evaluate does the work).
-- =====================================================================================

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
  return guard(spec.text, spec.origin, evaluate.run, spec, map, ctx)
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

--- The prompt of a set-up choice: "set up Twiggs: 3014 or 3015", "set up A1 and 2 more: one
-- of 12 locations".
-- @tparam {string,...} units
-- @tparam {string,...} options
-- @treturn string
local function prompt_for(units, options)
  local who = units[1]
  if #units == 2 then who = units[1] .. " and " .. units[2]
  elseif #units > 2 then who = units[1] .. " and " .. (#units - 1) .. " more" end
  if #options <= 4 then
    return "set up " .. who .. ": " .. either(options)
  end
  return "set up " .. who .. ": one of " .. #options .. " locations"
end

M.prompt = prompt_for

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

--- Splits a facing off a set-up line's spec: `<spec> facing <word>` (docs/placement.md
-- "Facing at set-up"; `facing` in any case, the word one of DESIGN.md's facing words).
-- @tparam string spec e.g. `"3014-5 facing N/NE"`
-- @treturn[1] string the spec without the facing, trimmed
-- @treturn[1] ?string the facing word, or nil when the spec gives none
-- @treturn[2] nil
-- @treturn[2] string why ("no placement spec before 'facing'", "no facing after 'facing'")
function M.split_facing(spec)
  local low = spec:lower()
  local at = low:find("%f[%w]facing%f[^%w]")
  if not at then return spec, nil end
  local head = spec:sub(1, at - 1):match("^%s*(.-)%s*$")
  local word = spec:sub(at + 6):match("^%s*(.-)%s*$")
  if head == "" then return nil, "no placement spec before 'facing'" end
  if word == "" then return nil, "no facing after 'facing'" end
  return head, word
end

--- Splits a default off a set-up line's spec: `<spec> default <location>` (docs/placement.md
-- "The default": the designer's default of the line's choices, in place of the spread one).
-- @tparam string spec e.g. `"1318-9 default 1319"` (any `facing` already split off)
-- @treturn[1] string the spec without the default, trimmed
-- @treturn[1] ?string the location named, or nil when the spec gives none
-- @treturn[2] nil
-- @treturn[2] string why ("no placement spec before 'default'", "no location after
--   'default'", "'default' names one location")
function M.split_default(spec)
  local low = spec:lower()
  local at = low:find("%f[%w]default%f[^%w]")
  if not at then return spec, nil end
  local head = spec:sub(1, at - 1):match("^%s*(.-)%s*$")
  local loc = spec:sub(at + 7):match("^%s*(.-)%s*$")
  if head == "" then return nil, "no placement spec before 'default'" end
  if loc == "" then return nil, "no location after 'default'" end
  if loc:find("%s") then return nil, "'default' names one location, not '" .. loc .. "'" end
  return head, loc
end

-- }====================================================================================

return M
