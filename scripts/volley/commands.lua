--- The command language: what a player types to answer the pending request (DESIGN.md Part B
-- "The command line", "Decisions", "Ids and names"; docs/shell.md "The command language").
--
-- One line, one command. `interpret(line, pending, names)` turns a line into what the driver
-- does with it, without knowing where lines come from (a `--script` file, standard input,
-- the prompt): it answers the pending request, prints something, or refuses. It reads the
-- line through one lpeg grammar (`M.grammar`, from the rows of `M.SYNTAX`; `M.parse` gives
-- what it read, and completion and `help` use the same words), then does what the command
-- does. Command words and the rule systems' answer words are read in any letter case
-- (`MOVE`, `Default`); names, hexes and answers keep their own. In short:
--
--     line    := blank | "#" text | command
--     command := "move" name hex {hex} [facing...] a move request: the unit to the last hex,
--                                           through the hexes before it (an explicit path);
--                                           a facing word after them goes to the rules as typed
--              | "pass" | "done"            those answers
--              | "default" ["all"]          the pending request's default answer (all: every
--                                           set-up request's, the driver decides)
--              | "answers" | "?"            the legal answers now (answers nothing)
--              | "options"                  the game's optional rules (the driver shows them)
--              | "help" [word]              the commands, or one (answers nothing)
--              | "undo"                     take back the last answer (the driver decides)
--              | "clear"                    clear the screen (the driver, at a terminal)
--              | "dice" "force" face {face} test mode: the next rolls come out as given
--              | "quit"                     stop here
--              | query {word}               map, svg, show, los, reach, log, rules, sources,
--                                           hash, reload, lua, save, load (`M.QUERIES`)
--              | word {word}                an answer: one of the legal answers, or a name
--                                           that resolves to one (its words as typed)
--
-- Names (DESIGN.md "Ids and names"): an exact id first, then a hex label (the one unit of the
-- side to act standing there), then a track space (`saltillo/G`, or `G` when one track has
-- it), then a unique prefix of an id. A move request's answer is `<unit> <hex>` with the
-- cheapest path implied, or `<unit> <hex> <hex> ... <hex>` with an explicit one (the rules'
-- validator decides whether they take it). Other answers are matched against the legal
-- answers: exactly, then `yes`/`no` for booleans, integers, names, then a unique prefix of
-- one of them (completing the last word typed, never adding a word: `charge` is refused
-- where `charge May` is the answer); anything else goes to the rules as typed, and their
-- refusal comes back.
-- @module volley.commands

local M = {}

--- The commands and their help lines, in the order `help` lists them.
M.HELP = {
  { "move", "move <unit> <hex>... [<facing>]",
    "answer a move request: the unit to the last hex (the cheapest path), or along the "
      .. "hexes given; a facing after the hexes answers the facing asked next (move 5US-1 "
      .. "3013 NE/SE); <unit>+<unit> or the stack's hex moves a stack, each unit in turn "
      .. "(where the rules take it: Rough & Ready)" },
  { "pass", "pass", "the answer pass" },
  { "done", "done", "the answer done (a side ends its moves)" },
  { "default", "default [all]", "the pending request's default answer (? shows it): "
      .. "set-up places a unit where the scenario's default set-up would; default all: every "
      .. "set-up request of yours from here on, up to the first request after the set-up" },
  { "face", "face [<unit>] <dir>", "answer a facing request (the unit it asks about may be "
      .. "named): a word of its options (a hexside N NE SE S SW NW, a vertex N/NE; E and W on "
      .. "flat-top maps), or toward <hex> (a hexside) or toward <hex>/<hex> (a vertex). The "
      .. "words name the map as drawn: N is up the page, whatever the compass (the map's "
      .. "header says where north is)" },
  { "fire", "fire [<unit> <hex>]", "answer a fire request (fire <unit> <hex>); alone, the "
      .. "answer fire: at a move request the activated units fire next (a fire request "
      .. "follows), at a reaction the unit fires (Rough & Ready: rules 6.11)" },
  { "shock", "shock [<unit> <hex>]", "answer a shock request (shock <unit>[+<unit>] <hex>); "
      .. "alone, the answer shock: at a move request the shock step begins (Rough & Ready: "
      .. "rules 6.31). Any other request kind is answered the same way: <kind> <args>" },
  { "activate", "activate <command|hex>", "answer an activate request: nominate a command "
      .. "(or a hex of independents) and roll to activate it, or, after the opponent passed, "
      .. "any command without a roll (Rough & Ready: rules 3.11, 3.22, 4.1); at a "
      .. "free_activation request (the opponent's roll failed), any command without a roll "
      .. "(rules 3.23)" },
  { "answers", "answers, ?", "the legal answers now (answers nothing)" },
  { "options", "options", "the game's optional rules, each on or off, and how to turn one "
      .. "on (volley play <id> --option NAME; volley options <id>)" },
  { "map", "map [<hex> [<radius>] | all | <way> [<n>]]", "the map in the terminal, as your "
      .. "view sees it: centred on the action, on a hex, or the hexes within a radius; <way> "
      .. "left, right, up or down pans n hexes (4); all: the whole map at two characters a hex; "
      .. "--width <n>: the columns to fit" },
  { "svg", "svg <file>", "the map as an SVG picture, written to the file" },
  { "show", "show <hex|unit|leader|command|space>", "what stands there, or what it is" },
  { "los", "los <hex> <hex>", "line of sight between two hexes, and why" },
  { "reach", "reach <unit>", "the hexes a unit can reach now, with their cost in MP" },
  { "log", "log [<n>] [rolls]", "the last n lines of the game's story; rolls: with the "
      .. "dice" },
  { "hash", "hash", "the state hash now, as volley replay prints it (a side's view: its view "
      .. "hash)" },
  { "rules", "rules <case>", "the project's one-line summary of a rule case and where it is "
      .. "implemented (rules 4.2, rules demo 4.2)" },
  { "sources", "sources", "the scenario's provisional values and why" },
  { "reload", "reload", "re-read the scenario's files and scripts, replay the game to here" },
  { "lua", "lua <expr>", "evaluate a Lua expression, sandboxed and read-only (game.units, "
      .. "game.vars)" },
  { "save", "save <file>", "write the game so far to a save file" },
  { "load", "load <file>", "replay a save file and go on from where it stopped" },
  { "help", "help [<command>]", "the commands, or one of them" },
  { "undo", "undo", "take back the last answer (of a side without a bot)" },
  { "dice", "dice force <face>...", "test mode: the next rolls come out as given" },
  { "clear", "clear", "clear the screen (Ctrl-L too)" },
  { "quit", "quit", "stop here (with --save the game is saved); leave volley" },
  { "<answer>", "<answer>", "any legal answer as `?` lists it, or a name that resolves "
      .. "to one: an id, a hex label, a track space, a unique prefix" },
}

--- The answer words that are not commands, and their help lines (`help <word>`): the
-- runtime's own here; a rule system adds its words when its game is loaded (`M.extend`,
-- from the system's `words`: Rough & Ready's `charge`, `rally` ...,
-- scripts/systems/rough_and_ready/words.lua), before these.
M.ANSWER_HELP = {
  { "yes", "yes, no", "the answers of a yes-or-no request (true and false too)" },
  { "no", "yes, no", "the answers of a yes-or-no request (true and false too)" },
}

--- The kinds of request and what answers them (`help <kind>` whether or not one is
-- pending): the runtime's set-up here; a rule system adds its own (`M.extend`).
M.KIND_HELP = {
  { "place", "place <hex>", "set-up: where a unit the printed set-up leaves to a choice "
      .. "stands (default: the scenario's default set-up)" },
}

--- The commands that answer nothing and ask the game (the driver runs them): name ->
-- `{min args, max args (nil: any), usage}`.
-- @field QUERIES
M.QUERIES = {
  map = { 0, 4, "map [<hex> [<radius>] | all | <way> [<n>]] [--width <n>]" },
  svg = { 1, 1, "svg <file>" },
  show = { 1, 1, "show <hex|unit|leader|command|space>" },
  los = { 2, 2, "los <hex> <hex>" },
  reach = { 1, 1, "reach <unit>" },
  log = { 0, 2, "log [<n>] [rolls]" },
  rules = { 1, nil, "rules <case> (rules 4.2, rules demo 4.2, rules PA Initial Deployment)" },
  sources = { 0, 0, "sources takes no arguments" },
  hash = { 0, 0, "hash takes no arguments" },
  reload = { 0, 0, "reload takes no arguments" },
  lua = { 1, nil, "lua <expr>" },
  options = { 0, 0, "options takes no arguments" },
  save = { 1, 1, "save <file>" },
  load = { 1, 1, "load <file>" },
}

--- The action words of the rule systems: `<word> <args>` answers a request of that kind.
M.ACTIONS = { face = true, fire = true, shock = true }

--- The request kinds a word answers besides the kind of its own name (`<kind> <args>`): none
-- of the runtime's; a rule system adds its own (`M.extend`: Rough & Ready's `activate X`
-- answers its `free_activation` request as it does `activate`, taking what a bare `X`
-- takes; docs/rough_and_ready.md "The requests").
M.KIND_WORDS = {}

--- The first words of a move request's answers that are not units, for `option_lines`
-- without names: `done` and `pass`; a rule system adds its own (`M.extend`: Rough & Ready's
-- `face <unit> <vertex>`, `charge <unit>`, `square <hex>`, `unsquare <unit>` ...).
M.MOVE_VERBS = { done = true, pass = true }

-- The tables as the runtime gives them, before any system's words (`M.reset`).
local BASE = {}
for _, k in ipairs({ "ANSWER_HELP", "KIND_HELP", "KIND_WORDS", "MOVE_VERBS", "ACTIONS" }) do
  local copy = {}
  for key, v in pairs(M[k]) do copy[key] = v end
  BASE[k] = copy
end

local words = require("volley.list").words

local function with_rule(text, pending)
  if pending and pending.rule then return text .. " " .. pending.rule end
  return text
end

local function refuse(text, pending)
  return { kind = "refused", why = with_rule(text, pending) }
end

-- Whether the pending request is about unit `u`: its `unit` field, or the unit's id standing
-- as a word in its prompt ("set up 5US-1: ...", "face 5US-1: ...").
local function about(pending, u)
  if pending.unit == u then return true end
  local text = " " .. tostring(pending.prompt or "") .. " "
  local at = 1
  while true do
    local i, j = text:find(u, at, true)
    if not i then return false end
    local before, after = text:sub(i - 1, i - 1), text:sub(j + 1, j + 1)
    if not before:match("[%w_./-]") and not after:match("[%w_./-]") then return true end
    at = j + 1
  end
end

-- The vertex aliases of DESIGN.md "Ids and names" on the map's layout (`names.layout`):
-- E and W on flat-top maps, N and S on pointy-top ones (all four when the layout is not known).
local function aliases(names)
  if names.layout == "flat-top" then return { E = "NE/SE", W = "SW/NW" } end
  if names.layout == "pointy-top" then return { N = "NW/NE", S = "SE/SW" } end
  return { E = "NE/SE", W = "SW/NW", N = "NW/NE", S = "SE/SW" }
end

-- `toward <hex>` or `toward <hex>/<hex>` at word k of `w` (DESIGN.md Part B "Ids and names"),
-- read for `unit` by the host (`names.facing`, volley.queries.facing): `w` with the two words
-- replaced by the facing word they name there; `w` itself when word k is not `toward`; nil
-- and why when it names nothing, or a hexside where the request takes only vertices.
local function read_toward(w, k, unit, names, pending)
  if not w[k] or w[k]:lower() ~= "toward" then return w end
  if #w ~= k + 1 then return nil, "toward <hex> or toward <hex>/<hex>: one word after toward" end
  if not names.facing then return nil, "toward cannot be read here: give the facing word" end
  for _, u in ipairs(names.units or {}) do
    if u.id == unit and u.at then
      for h in w[k + 1]:gmatch("[^/]+") do
        if h == u.at then
          return nil, "toward " .. w[k + 1] .. ": " .. h .. " is " .. unit .. "'s own hex; "
            .. "toward names a neighbour (or the vertex between two)"
        end
      end
    end
  end
  local word, what = names.facing(unit, "toward " .. w[k + 1])
  if not word then return nil, what end
  local out = {}
  for i = 1, k - 1 do out[i] = w[i] end
  out[k] = word
  if what == "hexside" then
    -- a hexside where the answers are vertices (GBACW, Rough & Ready): say so. The facings
    -- answered are the answers' last words after the words typed before `toward` (`face
    -- 3US-1 N/NE` at a move request), or the one-word answers (a face request's).
    local prefix = table.concat(out, " ", 1, k - 1) .. " "
    local offered, vertices = false, false
    for _, o in ipairs(pending and pending.options or {}) do
      local t = tostring(o)
      local tail
      if k > 1 and t:sub(1, #prefix) == prefix then
        tail = t:sub(#prefix + 1)
      elseif not t:find(" ", 1, true) then
        tail = t
      end
      if tail then
        offered = offered or tail == word
        vertices = vertices or tail:find("^%u+/%u+$") ~= nil
      end
    end
    if vertices and not offered then
      return nil, "toward " .. w[k + 1] .. " names the hexside " .. word .. " of " .. unit
        .. "'s hex, and " .. unit .. " faces a vertex: toward <hex>/<hex> names the vertex "
        .. "between two of its neighbours"
    end
  end
  return out
end

-- Whether a request is answered with a facing: a `face` request, or one whose answers are
-- facing words (a hexside `NE`, a vertex `N/NE`).
local function facing_request(pending)
  if pending.kind == "face" then return true end
  for _, o in ipairs(pending.options or {}) do
    local t = tostring(o)
    if t:match("^[NSEW]+/[NSEW]+$") or t:match("^[NSEW][EW]?$") then return true end
  end
  return false
end

-- The unit a request is about (its `unit`, or the one unit of the side its prompt names),
-- for a bare `toward <hex>` answer; nil when none or several.
local function request_unit(pending, names)
  if pending.unit then return pending.unit end
  local found
  for _, u in ipairs(names.units or {}) do
    if u.side == pending.side and about(pending, u.id) then
      if found then return nil end
      found = u.id
    end
  end
  return found
end

-- The legal answer `<verb> <unit> <word>...` of the pending request that the words `w` name
-- (the unit resolved as a name, a last word E/W/N/S read as its vertex), or nil.
local function action_option(pending, w, names, side)
  local set = {}
  for _, o in ipairs(pending.options or {}) do set[tostring(o)] = o end
  local parts = {}
  for k = 1, #w do parts[k] = w[k] end
  local u = M.unit(names, parts[2], side)
  if u then parts[2] = u end
  local text = table.concat(parts, " ")
  if set[text] ~= nil then return set[text] end
  if #parts > 2 then
    -- a facing in any letter case (`n/ne`), or E/W (N/S) for its vertex
    local last = parts[#parts]:upper()
    local alias = aliases(names)[last]
    for _, word in ipairs({ last, alias }) do
      parts[#parts] = word
      text = table.concat(parts, " ")
      if set[text] ~= nil then return set[text] end
    end
  end
  return nil
end

-- Why `<verb> <unit> <word>...` is not one of the pending request's answers, when the
-- request offers that verb (`face 3US-1 W` to a move request where 3US-1 faces SW/NW
-- already): the words it takes for that unit, or the units it takes; nil when the request
-- offers no answer beginning with the verb.
local function action_refusal(pending, w, names, side)
  local u = M.unit(names, w[2], side) or w[2]
  local mine, units, have = {}, {}, {}
  for _, o in ipairs(pending.options or {}) do
    local ow = words(tostring(o))
    if ow[1] == w[1] and #ow >= 3 then
      if ow[2] == u then
        mine[#mine + 1] = table.concat(ow, " ", 3)
      elseif not have[ow[2]] then
        have[ow[2]] = true
        units[#units + 1] = ow[2]
      end
    end
  end
  local typed = table.concat(w, " ")
  if #mine > 0 then
    local alias = aliases(names)[w[#w]:upper()]
    return "'" .. typed .. "' is not a legal answer now" .. (alias and (" (" .. w[#w]:upper()
      .. " is " .. alias .. ")") or "") .. ": " .. w[1] .. " " .. u .. " takes "
      .. table.concat(mine, ", ")
  elseif #units > 0 then
    return "'" .. typed .. "' is not a legal answer now: " .. w[1] .. " takes "
      .. table.concat(units, ", ")
  end
  return nil
end

local function sorted_copy(list)
  local out = {}
  for i, v in ipairs(list) do out[i] = v end
  table.sort(out)
  return out
end

-- The units of `side` standing at location `at` (a hex label or a qualified space).
local function units_at(names, side, at)
  local out = {}
  for _, u in ipairs(names.units or {}) do
    if u.at == at and (side == nil or u.side == side) then out[#out + 1] = u.id end
  end
  return out
end

local function is_hex(names, label)
  if names.hex_set == nil then
    local set = {}
    for _, h in ipairs(names.hexes or {}) do set[h] = true end
    names.hex_set = set
  end
  return names.hex_set[label] == true
end

--- A track space named `name`: `track/space` exactly, or `space` when one track has it.
-- @treturn ?string the qualified space
-- @treturn ?string why not ("G is a space of 2 tracks (a/G, b/G): qualify it")
function M.space(names, name)
  local found = {}
  for _, s in ipairs(names.spaces or {}) do
    if s == name then return s end
    if s:match("^[^/]+/(.*)$") == name then found[#found + 1] = s end
  end
  if #found == 1 then return found[1] end
  if #found > 1 then
    return nil, name .. " is a space of " .. #found .. " tracks (" .. table.concat(found, ", ")
      .. "): qualify it"
  end
  return nil
end

--- Resolves a unit or leader named by a player (DESIGN.md "Ids and names"): an exact id,
-- then a hex label or a track space where one unit of `side` stands, then a unique prefix
-- of an id.
-- @tparam table names `{units = {{id =, side =, at =}, ...}, hexes = {...}, spaces = {...}}`
-- @tparam string name
-- @tparam ?string side the side to act (for a hex or a space)
-- @treturn ?string the id
-- @treturn ?string why not
function M.unit(names, name, side)
  for _, u in ipairs(names.units or {}) do
    if u.id == name then return u.id end
  end
  local at = is_hex(names, name) and name or M.space(names, name)
  if at then
    local here = units_at(names, side, at)
    if #here == 1 then return here[1] end
    if #here == 0 then return nil, "no unit of " .. tostring(side) .. " at " .. at end
    return nil, #here .. " units of " .. tostring(side) .. " at " .. at .. " ("
      .. table.concat(here, ", ") .. "): name one"
  end
  local found = {}
  for _, u in ipairs(names.units or {}) do
    if u.id:sub(1, #name) == name then found[#found + 1] = u.id end
  end
  if #found == 1 then return found[1] end
  if #found > 1 then
    return nil, "'" .. name .. "' is ambiguous (" .. table.concat(sorted_copy(found), ", ") .. ")"
  end
  return nil, "no unit or leader '" .. name .. "'"
end

--- Resolves a location named by a player: a hex label, else a track space.
-- @treturn ?string the label or qualified space
-- @treturn ?string why not
function M.location(names, name)
  if is_hex(names, name) then return name end
  local s, why = M.space(names, name)
  if s then return s end
  return nil, why or ("'" .. name .. "' is not a hex of the map or a track space")
end

-- `<prefix> <rest>` where the prefix names exactly the units of one legal answer
-- `<u1>+<u2>... <rest>`: the units of `names` whose ids begin with the prefix and then a
-- separator (`-`, `.`, `_`, `/`), two or more, and that answer's units are those, none
-- missing and none more (a battery's guns: `C3US 1516` for `C3US-1+C3US-2+C3US-3+C3US-4
-- 1516`). Nil when no answer or two answers fit (a group never guesses between answers).
local function group_answer(text, legal, names)
  local prefix, rest = text:match("^(%S+)%s+(%S.-)%s*$")
  if not prefix or prefix:find("+", 1, true) then return nil end
  local named, n = {}, 0
  for _, u in ipairs(names.units or {}) do
    if u.id:sub(1, #prefix) == prefix and u.id:sub(#prefix + 1, #prefix + 1):match("^[-._/]$")
        and not named[u.id] then
      named[u.id], n = true, n + 1
    end
  end
  if n < 2 then return nil end
  local found
  for _, v in ipairs(legal) do
    local first, r = tostring(v):match("^(%S+%+%S+) (.+)$")
    if first and r == rest then
      local members, all = 0, true
      for x in first:gmatch("[^+]+") do
        members = members + 1
        all = all and named[x] == true
      end
      if all and members == n then
        if found then return nil end
        found = v
      end
    end
  end
  return found
end

-- The command the leader named by `text` leads (`names.commands`), when the request's
-- answers are commands (one of them is a command's id): the one of his commands that is an
-- answer, else the first he leads, for the rules to say why it may not go (`activate Taylor`:
-- an Overall Commander's army). Nil when `text` names no leader of a command.
local function led_command(text, legal, names, side)
  if not names.commands or #names.commands == 0 then return nil end
  local set, takes = {}, false
  for _, v in ipairs(legal) do set[tostring(v)] = v end
  for _, c in ipairs(names.commands) do takes = takes or set[c.id] ~= nil end
  if not takes then return nil end
  local u = M.unit(names, text, side)
  if not u then return nil end
  local first
  for _, c in ipairs(names.commands) do
    for _, l in ipairs(c.leaders or {}) do
      if l == u then
        if set[c.id] ~= nil then return set[c.id] end
        first = first or c.id
      end
    end
  end
  return first
end

-- An answer typed for a request other than a move: matched to the legal answers.
local function match_answer(text, pending, names, side)
  local legal = pending.options or {}
  for _, v in ipairs(legal) do
    if tostring(v) == text then return v end
  end
  local lower = text:lower()
  local bools = { yes = true, no = false, ["true"] = true, ["false"] = false }
  if bools[lower] ~= nil then
    for _, v in ipairs(legal) do
      if v == bools[lower] then return v end
    end
  end
  -- the vertex aliases of DESIGN.md "Ids and names": E and W on flat-top maps, N and S on
  -- pointy-top ones, when the vertex they stand for is a legal answer
  local alias = aliases(names)[text:upper()]
  if alias then
    for _, v in ipairs(legal) do
      if v == alias then return v end
    end
  end
  if text:match("^-?%d+$") then
    for _, v in ipairs(legal) do
      if type(v) == "number" and v == tonumber(text) then return v end
    end
  end
  if not text:find("%s") then
    -- a name: a unit at a hex or space, or an unqualified track space, that is an option
    local set = {}
    for _, v in ipairs(legal) do set[tostring(v)] = v end
    local u = M.unit(names, text, side)
    if u and set[u] ~= nil then return set[u] end
    local s = M.space(names, text)
    if s and set[s] ~= nil then return set[s] end
    -- a leader for the command he leads (`activate Taylor`, `Twiggs`)
    local c = led_command(text, legal, names, side)
    if c ~= nil then return c end
  end
  local group = group_answer(text, legal, names)
  if group ~= nil then return group end
  local found = {}
  for _, v in ipairs(legal) do
    if type(v) == "string" and v:sub(1, #text) == text then found[#found + 1] = v end
  end
  if #found == 1 then
    -- a hexside word is not the start of a vertex: `NE` where the answers are vertices
    if text:upper():match("^[NSEW][EW]?$") and found[1]:match("^[NSEW]+/[NSEW]+$") then
      return nil, "'" .. text .. "' names a hexside, and the answers are vertices: type the "
        .. "vertex whole (" .. found[1] .. ")"
    end
    -- a prefix completes the last word typed, never adds one: `charge` alone does not stand
    -- for `charge May` (an answer that rolls dice is not committed on a guess)
    if #words(found[1]) > #words(text) then
      return nil, "'" .. text .. "' leaves out a word: the answer is '" .. found[1]
        .. "' (type it whole)"
    end
    return found[1]
  end
  if #found > 1 then
    return nil, "'" .. text .. "' is ambiguous (" .. table.concat(found, ", ", 1,
      math.min(#found, 8)) .. (#found > 8 and ", ..." or "") .. ")"
  end
  return text   -- as typed: the rules' validator, or their refusal, decides
end

--- How many answers a grouped line of `?` shows before `... (+N more)`.
M.GROUP_AT_MOST = 12

-- The notes of a pending request (`pending.notes`: a list parallel to its options, or a
-- function giving one, asked only here), or nil.
local function notes_of(pending)
  local notes = pending.notes
  if type(notes) == "function" then notes = notes() end
  if type(notes) ~= "table" then return nil end
  return notes
end

-- A group's items (`{text =, note =}`) on one line, at most M.GROUP_AT_MOST of them, a run
-- of items with the same note followed by it once (`2916 2917 (1 MP) 2915 (2 MP)`), then how
-- many more (and, when given, where to see them all).
local function group_items(items, more)
  local n = math.min(#items, M.GROUP_AT_MOST)
  local parts = {}
  for k = 1, n do
    local it = items[k]
    parts[#parts + 1] = it.text
    if it.note and (k == n or items[k + 1].note ~= it.note) then
      parts[#parts + 1] = "(" .. it.note .. ")"
    end
  end
  local text = table.concat(parts, " ")
  if #items <= n then return text end
  return text .. " ... (+" .. (#items - n) .. " more" .. (more and (": " .. more) or "") .. ")"
end

-- The first word's units of an answer that joins units with `+` (or names one) before
-- something else, or nil.
local function set_units(v, is_unit)
  if type(v) ~= "string" then return nil end
  local w = words(v)
  if #w < 2 then return nil end
  local units = {}
  for u in w[1]:gmatch("[^+]+") do
    if not is_unit(u) then return nil end
    units[#units + 1] = u
  end
  if #units == 0 then return nil end
  return units, table.concat(w, " ", 2)
end

--- The legal answers of a request as lines for a person, each as it is typed, grouped so a
-- long list stays short: a move request's `<unit> <hex>` answers by unit (`move A1 0102 0104
-- ...`: `move A1 0102` or `move A1 0104`), its `<verb> <unit> <word>` answers by verb and
-- unit (`face A1 N/NE NE/SE`); in a request where units join with `+` (guns combining their
-- fire), the answers `<unit>[+<unit>...] <rest>` by the units that join (`C3US-1 C3US-2
-- (alone or joined by +, 3 answers): 1423`); every other answer on its own line. A group
-- shows at most `M.GROUP_AT_MOST` answers and how many more (`reach <unit>` lists a unit's
-- every hex). When the request says what its answers cost or cause (`pending.notes`, its
-- `tell`), it is shown after its answer, once after a run of answers with the same one
-- (`0102 0104 (1 MP) 0203 (2 MP)`; `0402  (a Hit: ...)`). A last line
-- says how to read a group.
-- @tparam table pending `{side =, kind =, rule =, options =, default =, notes =}` (`notes`:
--   a list parallel to the options, or a function giving it)
-- @tparam ?table names what names resolve against (`interpret`'s): a first word is grouped
--   as a unit when it is one (without names: unless it is a verb of `M.MOVE_VERBS`)
-- @treturn {string,...}
function M.option_lines(pending, names)
  local out = { "legal answers to " .. pending.kind .. " " .. tostring(pending.rule) .. ":" }
  local ids
  if names and names.units then
    ids = {}
    for _, u in ipairs(names.units) do ids[u.id] = true end
  end
  local function is_unit(w)
    if ids then return ids[w] == true end
    return not M.MOVE_VERBS[w]
  end
  local options = pending.options or {}
  local notes = notes_of(pending)
  local function note_of(i)
    local note = notes and notes[i]
    if type(note) ~= "string" or note == "" then return nil end
    return note
  end
  -- units joined by `+` in some answer: the units that ever join make one family
  local family = {}
  local function root(u)
    while family[u] and family[u] ~= u do u = family[u] end
    return u
  end
  local joins = false
  for _, v in ipairs(options) do
    local units = type(v) == "string" and v:find("+", 1, true) and set_units(v, is_unit)
    if units and #units > 1 then
      joins = true
      for _, u in ipairs(units) do family[u] = family[u] or u end
      for k = 2, #units do
        local a, b = root(units[1]), root(units[k])
        if a ~= b then family[b] = a end
      end
    end
  end
  local order, groups = {}, {}
  local example, set_example
  for i, v in ipairs(options) do
    local head, rest, units, more = nil, nil, nil, nil
    if joins then
      local rest_text
      units, rest_text = set_units(v, is_unit)
      if units then
        head, rest = "set " .. root(units[1]), rest_text
        if #units > 1 and not set_example then set_example = v end
      end
    end
    if not head and pending.kind == "move" and type(v) == "string" then
      local w = words(v)
      local unit = #w >= 2 and (ids and ids[w[1]] or (not ids and not M.MOVE_VERBS[w[1]]))
      if unit then
        head, rest, more = "move " .. w[1], table.concat(w, " ", 2), "reach " .. w[1]
      elseif #w >= 3 then
        head, rest = w[1] .. " " .. w[2], table.concat(w, " ", 3)
      end
    end
    if head then
      local gr = groups[head]
      if not gr then
        gr = { items = {}, seen = {}, units = {}, has = {}, n = 0, more = more }
        groups[head] = gr
        order[#order + 1] = { head = head }
      end
      gr.n = gr.n + 1
      if not gr.seen[rest] then
        gr.seen[rest] = true
        gr.items[#gr.items + 1] = { text = rest, note = note_of(i) }
      end
      for _, u in ipairs(units or {}) do
        if not gr.has[u] then gr.has[u], gr.units[#gr.units + 1] = true, u end
      end
      if not units and gr.n == 2 and not example then
        example = head .. " " .. gr.items[1].text
      end
    else
      local note = note_of(i)
      order[#order + 1] = { value = tostring(v) .. (note and ("  (" .. note .. ")") or "") }
    end
  end
  for _, o in ipairs(order) do
    local gr = o.head and groups[o.head]
    if gr and o.head:sub(1, 4) == "set " then
      local k = #gr.units
      local label = table.concat(gr.units, " ")
      if k > 1 then
        label = label .. " (alone or joined by +, " .. gr.n .. " answers)"
      end
      out[#out + 1] = "  " .. label .. ": " .. group_items(gr.items)
    elseif gr then
      out[#out + 1] = "  " .. o.head .. " " .. group_items(gr.items, gr.more)
    else
      out[#out + 1] = "  " .. o.value
    end
  end
  if example then
    out[#out + 1] = "  (a line is one answer for each hex or facing after its unit: "
      .. example .. ")"
  end
  if set_example then
    out[#out + 1] = "  (units that fire together join with + in one answer: " .. set_example
      .. ")"
  end
  if pending.default ~= nil then out[#out + 1] = "default: " .. tostring(pending.default) end
  return out
end

-- A request's rule as help names it: its cases, without the system's name
-- (`[demo 4.2]` -> `4.2`; `[bv 5.2-A4] [bv E-5.2]` -> `5.2-A4, E-5.2`).
local function rule_cases(rule)
  local r = tostring(rule):gsub("%]%s+%[%S+%s+", ", ")
  return (r:gsub("^%[%S+ ", ""):gsub("%]$", ""))
end

--- The help lines: every command, or one.
-- @tparam ?string word a command's name
-- @tparam[opt] table pending the pending request
-- @tparam[opt] table names as `M.interpret`'s: its `north` (the drawn edge that is the
--   compass north, `volley.queries.names`) makes `help face` say where north is on this map
-- @treturn ?{string,...}
-- @treturn ?string why not ("no command 'x' (help lists them)")
function M.help_lines(word, pending, names)
  local out = {}
  for _, h in ipairs(M.HELP) do
    if word == nil or h[1] == word or (word == "?" and h[1] == "answers") then
      out[#out + 1] = string.format("  %-30s %s", h[2], h[3])
    end
  end
  local north = names and names.north
  if word == "face" and type(north) == "string" and north:match("^%a+$") then
    out[#out + 1] = string.format("  %-30s %s", "", "on this map: north at the " .. north
      .. (north == "top" and "" or ", and N is still up the page") .. " (as the map's header "
      .. "says)")
  end
  if word ~= nil and #out == 0 then
    for _, h in ipairs(M.ANSWER_HELP) do
      if h[1] == word then out[#out + 1] = string.format("  %-30s %s", h[2], h[3]) end
    end
  end
  if word ~= nil and #out == 0 and not (pending and word == pending.kind) then
    -- a request's kind when none of that kind is pending (the pending one says more, below)
    for _, h in ipairs(M.KIND_HELP) do
      if h[1] == word then
        out[#out + 1] = string.format("  %-30s %s", h[2], "the " .. word .. " request: "
          .. h[3])
      end
    end
  end
  if word ~= nil and #out == 0 and pending then
    -- the pending request's kind, or the first word of one of its answers
    local example
    for _, o in ipairs(pending.options or {}) do
      local first = tostring(o):match("^(%S+)")
      if first == word and not example then example = tostring(o) end
    end
    if word == pending.kind then
      out[#out + 1] = string.format("  %-30s %s", word .. " <answer>", "answer the pending "
        .. word .. " request (" .. tostring(pending.prompt) .. "); ? lists its answers; "
        .. "the rule: rules " .. rule_cases(pending.rule))
    elseif example then
      out[#out + 1] = string.format("  %-30s %s", example, "an answer to the pending "
        .. pending.kind .. " request (? lists them); the rule: rules "
        .. rule_cases(pending.rule))
    end
  end
  if #out == 0 then return nil, "no command '" .. word .. "' (help lists them)" end
  if word == nil then
    table.insert(out, 1, "commands (move, face, fire, shock, activate, pass, done and <answer> "
      .. "answer the pending request; the others answer nothing):")
    out[#out + 1] = "answer words (help <word>): " .. table.concat(M.answer_words(), ", ")
      .. "; help <kind> explains the pending request"
    out[#out + 1] = "names: an exact id, a hex label (the one unit of the side to act there), a "
      .. "track space, a unique prefix of an id"
  end
  return out
end

-- {====================================================================================
-- A mistyped first word
-- =====================================================================================

-- The edit distance of two words (Levenshtein with adjacent transpositions: `mvoe` is one
-- from `move`), or `cap + 1` once it is over `cap`.
local function distance(a, b, cap)
  if math.abs(#a - #b) > cap then return cap + 1 end
  local prev2, prev = nil, {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    local best = i
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      local d = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
      if prev2 and i > 1 and j > 1 and a:sub(i, i) == b:sub(j - 1, j - 1)
          and a:sub(i - 1, i - 1) == b:sub(j, j) then
        d = math.min(d, prev2[j - 2] + 1)
      end
      cur[j] = d
      if d < best then best = d end
    end
    if best > cap then return cap + 1 end
    prev2, prev = prev, cur
  end
  return prev[#b]
end

-- The commands a line may begin with whatever is asked (`help` lists them).
local function command_words()
  local out = {}
  for _, h in ipairs(M.HELP) do
    if h[1]:match("^%a+$") then out[#out + 1] = h[1] end
  end
  return out
end

-- Whether a first word means something here: a command or answer word, the request's kind,
-- the first word of one of its answers, a unit, leader, hex or space, a number, a facing.
local function known_first(word, pending, names, side)
  local lower = word:lower()
  for _, c in ipairs(command_words()) do
    if c == lower then return true end
  end
  for _, h in ipairs(M.ANSWER_HELP) do
    if h[1] == lower then return true end
  end
  if M.QUERIES[lower] or M.KIND_WORDS[lower] or lower == "toward" or lower == "true"
      or lower == "false" or word == pending.kind or word:match("^[%d%-]")
      or word:upper():match("^[NSEW/]+$") then
    return true
  end
  for _, o in ipairs(pending.options or {}) do
    local first = tostring(o):match("^(%S+)")
    if first == word or (first and first:sub(1, #word) == word) then return true end
  end
  if M.unit(names, word, side) or is_hex(names, word) or M.space(names, word) then
    return true
  end
  for _, u in ipairs(names.units or {}) do            -- an ambiguous prefix is a name too
    if u.id:sub(1, #word) == word then return true end
  end
  return false
end

-- The one word nearest to an unknown first word of three letters or more, among the commands
-- and the words of the pending request (its kind, the word that answers it too, the first
-- words of its answers), or nil: within one edit (two for words of five letters or more),
-- and no other as near.
local function nearest(word, pending, names, side)
  if #word < 3 or known_first(word, pending, names, side) then return nil end
  local cands, seen = {}, {}
  local function add(c)
    if c and not seen[c] then seen[c], cands[#cands + 1] = true, c end
  end
  for _, c in ipairs(command_words()) do add(c) end
  add(pending.kind)
  for k, kinds in pairs(M.KIND_WORDS) do
    if kinds[pending.kind] then add(k) end
  end
  for _, o in ipairs(pending.options or {}) do
    if type(o) == "boolean" then
      add(o and "yes" or "no")
    else
      add(tostring(o):match("^(%S+)"))
    end
  end
  table.sort(cands)
  local cap = #word >= 5 and 2 or 1
  local best, best_d, tie = nil, cap + 1, false
  for _, c in ipairs(cands) do
    local d = distance(word:lower(), c:lower(), cap)
    if d < best_d then
      best, best_d, tie = c, d, false
    elseif d == best_d and d <= cap then
      tie = true
    end
  end
  if best and best_d <= cap and not tie then return best end
  return nil
end

-- }====================================================================================

-- {====================================================================================
-- The grammar: every command word and its arguments, in one lpeg pattern
-- =====================================================================================

local lpeg = require "lpeg"
local P, S, R, C, Ct, Cc = lpeg.P, lpeg.S, lpeg.R, lpeg.C, lpeg.Ct, lpeg.Cc

local blank = S " \t\r\n\v\f"
local sp = blank ^ 0
local edge = #blank + -1                           -- where a word ends
local word = (1 - blank) ^ 1

-- A word in any letter case (`MOVE`, `Move`, `move`); a word of other characters (`?`) as is.
local function ci(w)
  local p = P(true)
  for ch in w:gmatch(".") do
    p = p * (ch:match("%a") and S(ch:lower() .. ch:upper()) or P(ch))
  end
  return p * edge
end

-- The argument patterns: each is blanks and then its words, captured as strings.
local any = blank ^ 1 * C(word)                     -- a name, a hex, a file: any word
local function lit(w) return blank ^ 1 * ci(w) * Cc(w) end   -- that word, in any case
local face = blank ^ 1 * C(R "09" * R "09" ^ -2) * edge      -- a die face: 1 to 3 digits
local none = P(true)
local function upto(n, p) return n == 0 and none or p ^ -n end   -- (p ^ -0 is p ^ 0)
local function some(p) return p ^ 1 end
local function many(p) return p ^ 0 end
local function opt(p) return p ^ -1 end

--- The command language, one row a command word: `{word, args, why, cmd =, alias =,
-- answers =, bad =, otherwise =}`. `args` is the lpeg pattern of its arguments (capturing
-- them); `why` the refusal when they do not fit (`%s` the word); `cmd` what `parse` calls it
-- (`query` for the commands `volley.play.query` runs; the word itself when absent); `alias`
-- another spelling (`?`); `answers` when it answers the pending request (it needs one);
-- `bad` a pattern that captures the one argument that does not fit and its message;
-- `otherwise` what the line is when the arguments do not fit (`answer`: a line like
-- `default foo` is an answer as typed). The words the rule systems add (`M.extend`) come
-- after these rows as answers; any other first word begins an answer (`parse` gives its words
-- as typed, the rules decide).
M.SYNTAX = {
  { "answers", none, "%s takes no arguments", alias = "?" },
  { "options", none, "options takes no arguments", cmd = "query" },
  { "help", opt(any), "help takes at most one command" },
  { "quit", none, "quit takes no arguments" },
  { "undo", none, "undo takes no arguments" },
  { "clear", none, "clear takes no arguments" },
  { "dice", lit "force" * some(face), "dice force <face>... (test mode)",
    bad = (lit "force" * many(face)) / 0 * blank ^ 1 * (C(word) / function(w)
      return "dice force: '" .. w .. "' is not a die face"
    end) },
  { "move", any * some(any), "move <unit> <hex> [<hex>...]: give a unit and a hex",
    answers = true },
  { "default", opt(lit "all"), nil, answers = true, otherwise = "answer" },
  { "pass", none, "pass takes no arguments", answers = true },
  { "done", none, "done takes no arguments", answers = true },
}
for _, verb in ipairs({ "map", "svg", "show", "los", "reach", "log", "rules", "sources", "hash",
                        "reload", "lua", "save", "load" }) do
  local q = M.QUERIES[verb]
  local args = q[2] and upto(q[2], any) or many(any)
  for _ = 1, q[1] do args = any * args end
  M.SYNTAX[#M.SYNTAX + 1] = { verb, args, q[3], cmd = "query" }
end

-- The answer words: the action words, the words of `M.KIND_WORDS`, the rule systems' answer
-- words and the kinds of their requests (`M.ANSWER_HELP`, `M.KIND_HELP`), sorted.
local function answer_words()
  local set, out = {}, {}
  local function add(w)
    if w:match("^[%a_]+$") and not set[w] then set[w], out[#out + 1] = true, w end
  end
  for w in pairs(M.ACTIONS) do add(w) end
  for w in pairs(M.KIND_WORDS) do add(w) end
  for _, h in ipairs(M.ANSWER_HELP) do add(h[1]) end
  for _, h in ipairs(M.KIND_HELP) do add(h[1]) end
  table.sort(out)
  return out
end

-- The line's parts after a row's word matched: `{cmd =, word =, args =}`, or with `error`.
local function build(row)
  local name = row.cmd or row[1]
  local function ok(args)
    return { cmd = name, word = row[1], args = args }
  end
  local function bad(why)
    return { cmd = name, word = row[1], error = why }
  end
  local head = ci(row[1])
  if row.alias then head = head + ci(row.alias) end
  local p = head * (Ct(row[2]) * sp * -1 / ok)
  if row.bad then p = p + head * (row.bad / bad) end
  if row.otherwise then return p end
  return p + C(head) * P(1) ^ 0 / function(typed)
    return bad(row[3] and row[3]:format(typed:lower()) or nil)
  end
end

-- The grammar: a blank line or a comment, one of `M.SYNTAX`'s commands, or an answer (its
-- first word canonical when it is an answer word, `FIRE` as `fire`).
local function grammar()
  local skip = sp * (P "#" * P(1) ^ 0 + -1) * Cc({ cmd = "skip" })
  local command = P(false)
  for _, row in ipairs(M.SYNTAX) do command = command + build(row) end
  local known = P(false)
  for _, w in ipairs(answer_words()) do known = known + ci(w) * Cc(w) end
  local first = known + C(word)
  local answer = Ct(first * many(any)) * sp * -1 / function(w)
    return { cmd = "answer", args = w }
  end
  return skip + sp * (command + answer)
end

--- The grammar as an lpeg pattern: a line (without its newline) to its command table (see
-- `M.parse`). Rebuilt by `M.extend`.
M.grammar = grammar()

--- Reads one line through the grammar, without a game: which command it is and its
-- arguments as typed (a command word, an answer word, in any letter case; names, hexes and
-- answers exactly as typed).
-- @tparam string line without its newline
-- @treturn[1] table `{cmd =, args = {...}, word =, rest =}`: `cmd` is `skip` (blank or a
--   comment), a command word of `M.SYNTAX` (`answers`, `help`, `quit`, `undo`, `clear`,
--   `dice`, `move`, `default`, `pass`, `done`), `query` (`word` says which: `options`, `map`,
--   ...) or `answer` (the line's words, its first canonical when it is an answer word);
--   `rest` the text after the first word
-- @treturn[2] nil
-- @treturn[2] string why the arguments do not fit (`quit takes no arguments`)
-- @treturn[2] table the command table, with its `error`
function M.parse(line)
  local c = lpeg.match(M.grammar, tostring(line or ""))
  local out = {}
  for k, v in pairs(c) do out[k] = v end
  out.rest = tostring(line or ""):match("^%s*%S+%s*(.-)%s*$")
  if out.error then return nil, out.error, out end
  if out.cmd == "default" and out.args[1] == "all" then out.cmd = "default_all" end
  return out
end

--- Adds a rule system's words to the command language (and rebuilds `M.grammar`): the
-- host calls it with the system's `words` when a game is loaded (volley.queries.words;
-- Rough & Ready's are scripts/systems/rough_and_ready/words.lua). `answers` (`{word, usage,
-- help}` rows for `help <word>`, named in help's footer), `kinds` (its requests' kinds, the
-- same rows, for `help <kind>`), `kind_words` (a word -> the set of kinds it answers,
-- `M.KIND_WORDS`), `actions` (words that answer a request of their own name when another one
-- is pending, `M.ACTIONS`), `move_verbs` (`M.MOVE_VERBS`). A word already known is not added
-- twice. Each becomes a word of the grammar, read in any letter case.
-- @tparam table w the words
-- @raise "system words: ..." when a part is not of that shape (a word is letters and `_`)
function M.extend(w)
  local function bad(what) error("system words: " .. what, 0) end
  if type(w) ~= "table" then bad("a table of answers, kinds, kind_words, actions, move_verbs") end
  local function word_ok(x) return type(x) == "string" and x:match("^[%a_]+$") ~= nil end
  local function rows(into, list, name)
    if list == nil then return end
    if type(list) ~= "table" then bad(name .. " must be a list of {word, usage, help}") end
    local have, at = {}, #into + 1
    for _, h in ipairs(into) do have[h[1]] = true end
    -- the system's answer words before the runtime's yes and no (help's footer keeps them last)
    if into == M.ANSWER_HELP then
      for i, h in ipairs(into) do
        if h[1] == BASE.ANSWER_HELP[1][1] then at = i break end
      end
    end
    for i, h in ipairs(list) do
      if type(h) ~= "table" or not word_ok(h[1]) or type(h[2]) ~= "string"
          or type(h[3]) ~= "string" then
        bad(name .. "[" .. i .. "] must be {word, usage, help}, the word letters and _")
      end
      if not have[h[1]] then
        table.insert(into, at, { h[1], h[2], h[3] })
        have[h[1]], at = true, at + 1
      end
    end
  end
  local function set(into, list, name)
    if list == nil then return end
    if type(list) ~= "table" then bad(name .. " must be a set of words") end
    local keys = {}
    for k in pairs(list) do
      if not word_ok(k) then bad(name .. ": '" .. tostring(k) .. "' is not a word") end
      keys[#keys + 1] = k
    end
    table.sort(keys)
    for _, k in ipairs(keys) do into(k, list[k]) end
  end
  rows(M.ANSWER_HELP, w.answers, "answers")
  rows(M.KIND_HELP, w.kinds, "kinds")
  set(function(k, v)
    if type(v) ~= "table" then bad("kind_words." .. k .. " must be a set of kinds") end
    local kinds = {}
    for kind in pairs(v) do
      if not word_ok(kind) then
        bad("kind_words." .. k .. ": '" .. tostring(kind) .. "' is not a kind")
      end
      kinds[kind] = true
    end
    M.KIND_WORDS[k] = M.KIND_WORDS[k] or kinds
  end, w.kind_words, "kind_words")
  set(function(k) M.ACTIONS[k] = true end, w.actions, "actions")
  set(function(k) M.MOVE_VERBS[k] = true end, w.move_verbs, "move_verbs")
  M.grammar = grammar()
end

--- Puts the command language back as the runtime gives it, without any system's words (the
-- host calls it before `M.extend` when another game is loaded in place of the one played).
function M.reset()
  for k, base in pairs(BASE) do
    local t = {}
    for key, v in pairs(base) do t[key] = v end
    M[k] = t
  end
  M.grammar = grammar()
end

--- The answer words `help` names in its footer: the system's (`M.extend`), then the runtime's
-- `yes` and `no`, each once, in `M.ANSWER_HELP`'s order.
-- @treturn {string,...}
function M.answer_words()
  local out, seen = {}, {}
  for _, h in ipairs(M.ANSWER_HELP) do
    if not seen[h[1]] then seen[h[1]], out[#out + 1] = true, h[1] end
  end
  return out
end

--- The command words a line may begin with, whatever is asked (completion, help, a fuzz
-- harness): `M.SYNTAX`'s in its order, then the action words and the words of `M.KIND_WORDS`
-- (`face`, `fire`, `shock`, `activate`), sorted.
-- @treturn {string,...}
function M.command_words()
  local out, seen, more = {}, {}, {}
  for _, row in ipairs(M.SYNTAX) do out[#out + 1], seen[row[1]] = row[1], true end
  for w in pairs(M.ACTIONS) do more[#more + 1] = w end
  for w in pairs(M.KIND_WORDS) do
    if not M.ACTIONS[w] then more[#more + 1] = w end
  end
  table.sort(more)
  for _, w in ipairs(more) do
    if not seen[w] then out[#out + 1], seen[w] = w, true end
  end
  return out
end

--- A first word as the grammar reads it: a command or answer word in lower case (`MOVE` is
-- `move`), any other word as typed (a unit's id, a hex, the words of an answer).
-- @tparam string w
-- @treturn string
function M.canonical(w)
  local lower = tostring(w):lower()
  for _, c in ipairs(M.command_words()) do
    if c == lower then return c end
  end
  for _, c in ipairs(answer_words()) do
    if c == lower then return c end
  end
  return w
end

-- }====================================================================================

-- {====================================================================================
-- What each command does with the pending request
-- =====================================================================================

-- `toward <hex>[/<hex>]` as the answer's first words: the facing it names for the unit the
-- request is about, in place of the two words; nil and the refusal when it names none.
local function bare_toward(w, pending, names)
  local side = pending.side
  if not facing_request(pending) then
    for _, o in ipairs(pending.options or {}) do
      if tostring(o):find("^face ") then
        return nil, refuse("toward <hex>: type face <unit> toward <hex> to turn a unit", pending)
      end
    end
    return nil, refuse("toward names a facing; " .. side .. " is asked " .. pending.kind, pending)
  end
  local u = request_unit(pending, names)
  if not u then
    return nil, refuse("toward <hex>: this request names no one unit; type <unit> toward <hex>",
      pending)
  end
  local out, why = read_toward(w, 1, u, names, pending)
  if not out then return nil, refuse(why, pending) end
  return out
end

-- An action word of another kind than the request's with its arguments (`face 4US-1 SW/NW`
-- to a move request that offers turning in place): that answer, with its unit resolved and
-- E/W read, or the refusal.
local function action(w, pending, names)
  local side, verb = pending.side, w[1]
  if w[3] and w[3]:lower() == "toward" then
    -- `face 3US-1 toward 3016/3116`: the facing that names for the unit
    local u, why = M.unit(names, w[2], side)
    if not u then return refuse(why, pending) end
    w[2] = u
    w, why = read_toward(w, 3, u, names, pending)
    if not w then return refuse(why, pending) end
  end
  local v = action_option(pending, w, names, side)
  if v ~= nil then return { kind = "answer", value = v } end
  local why = action_refusal(pending, w, names, side)
  if why then return refuse(why, pending) end
  for _, o in ipairs(pending.options or {}) do
    if o == verb then
      -- the bare word is an answer here (Rough & Ready's fire and shock): it opens the
      -- request the rest answers
      return refuse(verb .. " first (an answer of this " .. pending.kind .. " request), then "
        .. table.concat(w, " ", 2) .. " at the " .. verb .. " request that follows", pending)
    end
  end
  return refuse(verb .. " answers a " .. verb .. " request; " .. side .. " is asked "
    .. pending.kind, pending)
end

-- `<kind> <args>`: the first word a unit when it names one, the rest as typed; one word is
-- taken as it would be alone (`activate 1115` is the hex of independents, not the unit
-- standing there), and words that are an answer as typed are that answer.
local function kind_answer(w, pending, names)
  local side = pending.side
  local rest = {}
  for k = 2, #w do rest[#rest + 1] = w[k] end
  local typed = table.concat(rest, " ")
  for _, o in ipairs(pending.options or {}) do
    if tostring(o) == typed then return { kind = "answer", value = o } end
  end
  if #rest == 1 then
    local value, why = match_answer(typed, pending, names, side)
    if value == nil then return refuse(why, pending) end
    local near = value == typed and nearest(typed, pending, names, side)
    if near then
      return refuse("'" .. typed .. "' is not an answer or a unit here; did you mean '"
        .. near .. "'?", pending)
    end
    return { kind = "answer", value = value }
  end
  local u = M.unit(names, rest[1], side)
  if u then rest[1] = u end
  local not_its = u and ("this " .. pending.kind .. " request is not " .. u .. "'s: "
    .. tostring(pending.prompt))
  if rest[2] and rest[2]:lower() == "toward" then
    -- `face 5US-1 toward 3122/3223` at 5US-1's face request: the facing that names for it
    local why
    if not u then
      local _, unknown = M.unit(names, rest[1], side)
      return refuse(unknown, pending)
    end
    if not about(pending, u) then return refuse(not_its, pending) end
    rest, why = read_toward(rest, 2, u, names, pending)
    if not rest then return refuse(why, pending) end
  end
  local text = table.concat(rest, " ")
  local legal = false
  for _, o in ipairs(pending.options or {}) do legal = legal or tostring(o) == text end
  if u and #rest > 1 and not legal and #(pending.options or {}) > 0 then
    -- `face 5US-1 SW/NW` when the request is 5US-1's facing: the answer is `SW/NW`
    if not about(pending, u) then return refuse(not_its, pending) end
    text = table.concat(rest, " ", 2)
  end
  local value, why = match_answer(text, pending, names, side)
  if value == nil then return refuse(why, pending) end
  return { kind = "answer", value = value }
end

-- A facing word after a move's path (`move A1 0505 NE`): the words from there on go to the
-- rules as typed, which take or refuse a move that turns as it ends.
local function facing_word(w)
  return w:lower() == "toward" or w:upper():match("^[NSEW][EW]?$") ~= nil
    or w:upper():match("^[NSEW][EW]?/[NSEW][EW]?$") ~= nil
end

-- Each command that answers the pending request (`M.SYNTAX`'s `answers`, and `answer`):
-- `function(c, pending, names)` -> what `interpret` returns. `pending` is never nil here.
local ANSWERING = {}

function ANSWERING.move(c, pending, names)
  local side = pending.side
  if pending.kind ~= "move" then
    return refuse("move answers a move request; " .. side .. " is asked " .. pending.kind,
      pending)
  end
  if c.error then return refuse(c.error, pending) end
  local a = c.args
  local unit, why = M.unit(names, a[1], side)
  if not unit then return refuse(why, pending) end
  local path = {}
  for k = 2, #a do
    if k > 2 and facing_word(a[k]) then
      path[#path + 1] = table.concat(a, " ", k)      -- the rules read the rest
      break
    end
    local at
    at, why = M.location(names, a[k])
    if not at then
      -- a two-hex counter's position, `<head>/<tail>` (Battle of Buena Vista's brigades, as
      -- its move request lists them): each half a hex of the map
      local head, tail = a[k]:match("^([^/]+)/([^/]+)$")
      if head and is_hex(names, head) and is_hex(names, tail) then
        at = a[k]
      elseif head then
        local bad = is_hex(names, head) and tail or head
        why = "'" .. bad .. "' (in " .. a[k] .. ") is not a hex of the map"
      end
    end
    if not at then return refuse(why, pending) end
    path[#path + 1] = at
  end
  return { kind = "answer", value = unit .. " " .. table.concat(path, " ") }
end

function ANSWERING.default_all(_, pending)
  -- the driver knows whether the set-up is on (value nil: this request has no default)
  return { kind = "default_all", value = pending.default }
end

function ANSWERING.default(_, pending, names)
  for _, o in ipairs(pending.options or {}) do
    if o == "default" then
      return ANSWERING.answer({ cmd = "answer", args = { "default" } }, pending, names)
    end
  end
  if pending.default == nil then return refuse("this request has no default", pending) end
  return { kind = "answer", value = pending.default }
end

function ANSWERING.pass(c, pending)
  if c.error then return refuse(c.error, pending) end
  return { kind = "answer", value = c.cmd }
end
ANSWERING.done = ANSWERING.pass

-- Any other line: an answer (`<kind> <args>`, an action, `toward`, or words to match).
function ANSWERING.answer(c, pending, names)
  local side = pending.side
  local w = {}
  for k, x in ipairs(c.args) do w[k] = x end
  local verb = w[1]
  if verb == pending.kind and w[2] and w[2]:lower() == "toward" then
    table.remove(w, 1)          -- `face toward <hex>/<hex>` at a face request: `toward ...`
    verb = w[1]
  end
  if w[1]:lower() == "toward" then
    local refusal
    w, refusal = bare_toward(w, pending, names)
    if not w then return refusal end
    verb = w[1]
  end
  -- `<kind> <args>`: the word of the request's kind, or a word that answers it too
  local kind_word = verb == pending.kind
    or (M.KIND_WORDS[verb] ~= nil and M.KIND_WORDS[verb][pending.kind] == true)
  if M.KIND_WORDS[verb] and not kind_word and #w > 1 then
    local kinds = {}
    for k in pairs(M.KIND_WORDS[verb]) do kinds[#kinds + 1] = k end
    table.sort(kinds)
    return refuse(verb .. " answers the " .. table.concat(kinds, " and the ") .. " requests; "
      .. side .. " is asked " .. pending.kind, pending)
  end
  if M.ACTIONS[verb] and verb ~= pending.kind and #w > 1 then
    return action(w, pending, names)
  end
  if kind_word and verb ~= "move" and #w > 1 then return kind_answer(w, pending, names) end
  local text = table.concat(w, " ")
  local value, why = match_answer(text, pending, names, side)
  if value == nil then return refuse(why, pending) end
  if value == text then
    -- sent as typed (no legal answer matched): a first word that means nothing here and is
    -- one edit from a command or answer word is a typo, told before the rules refuse it
    local legal = false
    for _, o in ipairs(pending.options or {}) do legal = legal or o == value end
    -- (not a `+`-joined set of units: the rules read its order, volley.ask's canonical)
    local near = not legal and not w[1]:find("+", 1, true) and nearest(w[1], pending, names, side)
    if near then
      return refuse("'" .. w[1] .. "' is not a command or a unit here; did you mean '" .. near
        .. "'?", pending)
    end
  end
  return { kind = "answer", value = value }
end

-- The commands that answer nothing: `function(c, pending, names)` -> what `interpret`
-- returns (`c` has no `error`: `interpret` refused it before).
local TELLING = {
  answers = function(_, pending, names)
    if not pending then return { kind = "print", lines = { "nothing is asked now" } } end
    return { kind = "print", lines = M.option_lines(pending, names) }
  end,
  help = function(c, pending, names)
    local w = c.args[1]
    if w then w = M.canonical(w) end
    local lines, why = M.help_lines(w, pending, names)
    if not lines then return refuse(why, nil) end
    return { kind = "print", lines = lines }
  end,
  quit = function() return { kind = "quit" } end,
  undo = function() return { kind = "undo" } end,
  clear = function() return { kind = "clear" } end,
  dice = function(c)
    local faces = {}
    for k = 2, #c.args do faces[#faces + 1] = math.floor(tonumber(c.args[k])) end
    return { kind = "dice", faces = faces }
  end,
  query = function(c)
    return { kind = "query", verb = c.word, args = c.args, rest = c.rest }
  end,
}

-- }====================================================================================

--- Interprets one line: reads it through the grammar (`M.parse`), then does what its command
-- does with the pending request.
-- @tparam string line as typed, without its newline
-- @tparam ?table pending the pending request `{side =, kind =, prompt =, rule =, options =,
--   default =}` (nil when none is pending)
-- @tparam table names what names resolve against (`volley.session.names`): `{units = {{id =,
--   side =, at =}, ...}, hexes = {...}, spaces = {...}}`
-- @treturn table one of
--   `{kind = "skip"}` (blank or a comment),
--   `{kind = "answer", value = v}` (the canonical answer to send),
--   `{kind = "print", lines = {...}}` (answers, help: answers nothing),
--   `{kind = "query", verb =, args =, rest =}` (options, map, show, ...: the driver runs it),
--   `{kind = "refused", why = "... [rule]"}`,
--   `{kind = "undo"}`, `{kind = "quit"}`, `{kind = "clear"}`, `{kind = "dice", faces = {...}}`,
--   `{kind = "default_all", value = v}` (the default, and the driver answers the set-up's
--   next requests with theirs)
function M.interpret(line, pending, names)
  names = names or {}
  local c, why, bad = M.parse(line)
  c = c or bad
  if c.cmd == "skip" then return { kind = "skip" } end
  if c.cmd == "answer" and c.args[1] ~= words(line)[1] then
    -- an answer word in another letter case, unless the word typed is a unit's id
    for _, u in ipairs(names.units or {}) do
      if u.id == words(line)[1] then c.args[1] = u.id end
    end
  end
  local tell = TELLING[c.cmd]
  if tell then
    if why then return refuse(why, nil) end
    return tell(c, pending, names)
  end
  if not pending then return refuse("nothing is asked now", nil) end
  return ANSWERING[c.cmd](c, pending, names)
end

return M
