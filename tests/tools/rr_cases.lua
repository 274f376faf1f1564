--- Checks that every case of Rough & Ready's standard rules and of Palo Alto in the digest's
-- inventory (/work/shared/notes/rough_and_ready.md sections 3.1, 3.2 and 3.6) is cited by a
-- procedure and by a spec, and has a summary for the prompt's `rules <case>`
-- (scripts/systems/rough_and_ready/rules.ini). Every row of the inventory is accounted for:
-- checked (the lists below), pending (`M.PENDING`: another helper is building it; printed,
-- never failed), left out with its reason (`M.LEFT_OUT`: no mechanic, a heading, an example)
-- or later (`M.LATER`: it belongs to Resaca de la Palma, Rio Sacramento or no battle at all).
--
-- A procedure is a Lua file of scripts/systems/rough_and_ready/ (the hook catalogue
-- points.lua left out: it names the cases a point belongs to), a Lua file of Palo Alto's
-- scripts, or -- for a rule that is data alone -- an INI file of the system's charts
-- (charts/rough_and_ready/) or of the battle (scenarios/rough-and-ready/palo-alto/): the
-- data the procedures read is where such a rule is honoured (E1's orientation is the map's
-- `north`, PA 5.18's single level the map's missing `[elevation]`, E4 the 18-pounder's row of
-- the range chart). The summaries file rules.ini cites nothing and is not read. A spec is a
-- `_spec.lua` of tests/spec/systems/rough_and_ready/ or tests/spec/scenarios/ (Palo Alto's).
--
-- A citation is read as the prompt reads it (`volley.rules_index.parse`), and a case counts
-- as cited only where it is named on its own (`[rough_and_ready 4.23]`, `[rough_and_ready
-- 3.22, E15]`, `[rough_and_ready RS 5.15, 5.17]` = RS 5.15 and RS 5.17), never inside a range
-- (`3.11-3.23`) or a section (`5.x`). A case's other names are rules.ini's aliases
-- (`PA-Setup = @PA Initial Deployment`): citing either name cites the case.
--
-- Run from the top of the tree: `lua5.4 tests/tools/rr_cases.lua [digest]` prints one line
-- per uncited case (`4.24 procedure`, `3.0 test`, `2.5 summary`), per inventory row no list
-- accounts for (`4.9 not in the inventory lists`) and per pending case (`6.44 pending
-- (charge2): procedure test`), then the counts; it exits 1 on an uncited case or an
-- unaccounted row. tests/spec/systems/rough_and_ready/cases_spec.lua runs it through
-- `check()` and `unaccounted()`.

package.path = "scripts/?.lua;" .. package.path
local index = require "volley.rules_index"

local M = {}

M.DIGEST = os.getenv("VOLLEY_RR_DIGEST") or "/work/shared/notes/rough_and_ready.md"

M.PROCEDURES = "scripts/systems/rough_and_ready"
M.DATA = { "charts/rough_and_ready" }
M.BATTLE = { "scenarios/rough-and-ready/palo-alto", "scenarios/rough-and-ready/palo-alto/options" }
M.TESTS = { "tests/spec/systems/rough_and_ready", "tests/spec/scenarios" }
M.RULES = "scripts/systems/rough_and_ready/rules.ini"

--- Components and terms (2.x): the unit, leader and marker kinds, the die, Adjusted Morale.
M.BASICS = { "2.1", "2.2", "2.21", "2.22", "2.23", "2.3", "2.5" }

--- Activation, command, movement, stacking, facing and victory: 3.x, 4.x, 5.1-5.3, 8.0, with
-- the errata that change them. The digest's 4.1a-c and 8.0a-d are paragraphs of 4.1 and 8.0.
M.CASES = { "3.0", "3.11", "3.12", "3.13", "3.21", "3.22", "3.23", "4.1", "4.21", "4.22",
            "4.23", "4.24", "4.25", "4.26", "4.27", "4.28",
            "5.11", "5.12", "5.13", "5.14", "5.15",
            "5.21", "5.22", "5.23", "5.24", "5.25", "5.26", "5.27", "5.28",
            "5.31", "5.32", "5.33", "5.34",
            "8.0", "E6", "E10", "E11", "E12", "E15" }

--- Fire, Hits, Disorder and Rally (#23): 6.11-6.18, 6.21-6.25, 6.51-6.54, 6.61-6.64,
-- 6.81-6.84, the 18-pounder's errata E4 and the howitzer's E13 (6.2's paragraph is a case,
-- the artillery tables' rule).
M.FIRE = { "6.11", "6.12", "6.13", "6.14", "6.15", "6.16", "6.17", "6.18",
           "6.2", "6.21", "6.22", "6.23", "6.24", "6.25",
           "6.51", "6.52", "6.53", "6.54", "6.61", "6.62", "6.63", "6.64",
           "6.81", "6.82", "6.83", "6.84", "E4", "E13" }

--- Shock and Retreat (#24): 6.31-6.39, 6.71-6.76 and the Commitment timing of E18.
M.SHOCK = { "6.31", "6.32", "6.33", "6.34", "6.35", "6.36", "6.37", "6.38", "6.39",
            "6.71", "6.72", "6.73", "6.74", "6.75", "6.76", "E18" }

--- Cavalry charges (#24 point 2), as far as they are built: 6.41-6.46 (6.47 with the wagons).
M.CHARGE = { "6.41", "6.42", "6.43", "6.44", "6.45", "6.46" }

--- Squares (#24 point 3): 5.4, 5.41-5.45 and the errata E3 (one regiment).
M.SQUARES = { "5.4", "5.41", "5.42", "5.43", "5.44", "5.45", "E3" }

--- Wagons and pre-shock withdrawal (#24 points 2-3): 7.0 (the digest's 7.0a-e), 6.47.
M.WAGONS = { "7.0", "6.47" }

--- Palo Alto: its set-up, reinforcements, special rules, options, victory, balance and
-- chart, with the errata that belong to it (E1 the map's orientation, E5 the chart's note h,
-- E7/E19 the 5th US, E8/E9 the grass fire). Their procedures may be the system's or the
-- battle's own files (`M.BATTLE`).
M.PA = { "PA-Setup", "PA-Reinf", "PA 3.0", "PA 5.16", "PA 5.18", "PA 6.17", "PA 6.25",
         "PA 6.42", "PA-Opt1", "PA-Opt2", "PA 8.0", "PA-Bal", "PA-TEC",
         "E1", "E5", "E7", "E8", "E9", "E19" }

--- Every checked case, in the lists' order.
M.ALL = {}
local LISTS = { M.BASICS, M.CASES, M.FIRE, M.SHOCK, M.CHARGE, M.SQUARES, M.WAGONS, M.PA }
for _, list in ipairs(LISTS) do
  for _, c in ipairs(list) do M.ALL[#M.ALL + 1] = c end
end

--- Cases other helpers of #24 are building now: printed with what they still lack, never a
-- failure. Move a case to its list once it is cited.
M.PENDING = {
}

--- Inventory rows that are no rule, each with why.
M.LEFT_OUT = {
  { "1.0", "[INFO] the introduction: no mechanic" },
  { "2.0", "[INFO] the box's contents: no mechanic" },
  { "2.4", "[INFO] the scale: no mechanic (the order of battle's strengths note it)" },
  { "2.6", "[INFO] where to send questions: no mechanic" },
  { "3.1", "a heading: its rules are 3.11-3.13" },
  { "3.2", "a heading: its rules are 3.21-3.23" },
  { "3.23-Ex", "the Resaca activation example: T-RR-01 (tests/tools/rr_examples.lua)" },
  { "4.0", "[INFO] a heading with a historical note" },
  { "4.2", "a heading: its rules are 4.21-4.28" },
  { "5.0", "a heading: its rules are 5.11-5.45" },
  { "5.1", "a heading: its rules are 5.11-5.15" },
  { "5.2", "a heading: its rules are 5.21-5.28" },
  { "5.3", "a heading: its rules are 5.31-5.34" },
  { "6.0", "a heading naming the two kinds of combat that 6.1-6.2 and 6.3 rule" },
  { "6.1", "a heading: its rules are 6.11-6.18" },
  { "6.3", "a heading: its rules are 6.31-6.39" },
  { "6.4", "a heading: its rules are 6.41-6.47" },
  { "6.5", "a heading saying what Hits stand for: its rules are 6.51-6.54" },
  { "6.6", "a heading: its rules are 6.61-6.64" },
  { "6.7", "a heading: its rules are 6.71-6.76" },
  { "6.8", "a heading: its rules are 6.81-6.84" },
}

--- Inventory rows of later battles (every `RP ...` and `RS ...` row of sections 3.3-3.4 is
-- one too) and of none.
M.LATER = {
  { "E2", "Resaca de la Palma (its map's compass)" },
  { "E14", "no battle: El Brazito has no scenario (its chart heading is ignored)" },
  { "E16", "no battle: El Brazito's 2-pounder and LaClede Rangers are unused (ruling A44)" },
  { "E17", "Resaca de la Palma (the cost of entering or leaving a resaca)" },
}

-- The digest's name of a row as the lists name it: `PA [3.0]` is `PA 3.0`, `4.1a` is 4.1.
function M.normal(ref)
  ref = ref:gsub("[%[%]%(%)]", "")
  ref = ref:match("^(%d+%.%d+)%l$") or ref
  return ref
end

--- The refs of the digest's inventory (sections 3.1-3.4 and 3.6), normalised, in order.
function M.inventory(text)
  local out, on = {}, false
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    local sec = line:match("^###? (%d+%.?%d*)")
    if sec then on = (sec == "3.1" or sec == "3.2" or sec == "3.3" or sec == "3.4"
                      or sec == "3.6") end
    local ref = on and line:match("^|%s*([^|]-)%s*|")
    if ref and ref ~= "Ref" and not ref:match("^%-") then out[#out + 1] = M.normal(ref) end
  end
  return out
end

local function set_of(pairs_list)
  local s = {}
  for _, p in ipairs(pairs_list) do s[p[1]] = p[2] end
  return s
end

--- The inventory rows no list accounts for: `"<ref> not in the inventory lists"`.
function M.unaccounted(text)
  local known = {}
  for _, c in ipairs(M.ALL) do known[c] = true end
  for _, t in ipairs({ set_of(M.PENDING), set_of(M.LEFT_OUT), set_of(M.LATER) }) do
    for k in pairs(t) do known[k] = true end
  end
  local out, seen = {}, {}
  for _, ref in ipairs(M.inventory(text)) do
    if not known[ref] and not ref:match("^RP") and not ref:match("^RS") and not seen[ref] then
      seen[ref] = true
      out[#out + 1] = ref .. " not in the inventory lists"
    end
  end
  return out
end

--- The cases a text cites on its own, as a set of names as cited.
function M.cited(text, into)
  into = into or {}
  -- a citation broken over comment lines reads as one line
  text = text:gsub("\n%s*%-%-+%s*", " "):gsub("\n%s*;+%s*", " ")
  for body in text:gmatch("%[([^%]]*)%]") do
    for _, c in ipairs(index.parse(body)) do
      if c.system == "rough_and_ready" and c.case then into[c.case] = true end
    end
  end
  return into
end

local function files(dir, suffixes)
  local p = assert(io.popen("ls " .. dir .. " 2>/dev/null"))
  local out = {}
  for name in p:lines() do
    for _, suffix in ipairs(suffixes) do
      if name:sub(-#suffix) == suffix and name ~= "points.lua" and name ~= "rules.ini" then
        out[#out + 1] = dir .. "/" .. name
        break
      end
    end
  end
  p:close()
  table.sort(out)
  return out
end

local function cited_in(list)
  local set = {}
  for _, path in ipairs(list) do
    local f = assert(io.open(path, "r"))
    M.cited(f:read("*a"), set)
    f:close()
  end
  return set
end

-- The names of the cases: lower-cased, an alias read as its case.
local function names(root)
  local alias = {}
  for _, e in ipairs(index.read(root .. M.RULES) or {}) do
    alias[e.case:lower()] = (e.alias or e.case):lower()
  end
  return function(case) return alias[case:lower()] or case:lower() end, alias
end

local function canon_set(set, name)
  local out = {}
  for c in pairs(set) do out[name(c)] = true end
  return out
end

-- What each case lacks: case -> list of "procedure", "test", "summary".
local function lacks(root)
  root = root and (root .. "/") or ""
  local list = files(root .. M.PROCEDURES, { ".lua" })
  for _, dir in ipairs(M.DATA) do
    for _, f in ipairs(files(root .. dir, { ".ini" })) do list[#list + 1] = f end
  end
  for _, dir in ipairs(M.BATTLE) do
    for _, f in ipairs(files(root .. dir, { ".lua", ".ini" })) do list[#list + 1] = f end
  end
  local tlist = {}
  for _, dir in ipairs(M.TESTS) do
    for _, f in ipairs(files(root .. dir, { "_spec.lua" })) do tlist[#tlist + 1] = f end
  end
  local name, summaries = names(root)
  local procs = canon_set(cited_in(list), name)
  local tests = canon_set(cited_in(tlist), name)
  return function(c)
    local out = {}
    if not procs[name(c)] then out[#out + 1] = "procedure" end
    if not tests[name(c)] then out[#out + 1] = "test" end
    if not summaries[c:lower()] then out[#out + 1] = "summary" end
    return out
  end
end

--- The uncited checked cases: a list of `"<case> procedure"`, `"<case> test"` and
-- `"<case> summary"` (no rules.ini line), in the lists' order.
function M.check(root)
  local lack = lacks(root)
  local out = {}
  for _, c in ipairs(M.ALL) do
    for _, what in ipairs(lack(c)) do out[#out + 1] = c .. " " .. what end
  end
  return out
end

--- The pending cases and what each still lacks: `"6.44 pending (charge2): procedure test"`,
-- or `"... : cited"` once it lacks nothing.
function M.pending(root)
  local lack = lacks(root)
  local out = {}
  for _, p in ipairs(M.PENDING) do
    local l = lack(p[1])
    out[#out + 1] = p[1] .. " pending (" .. p[2] .. "): "
      .. (#l == 0 and "cited, move it to its list" or table.concat(l, " "))
  end
  return out
end

if arg and arg[0] and arg[0]:match("rr_cases%.lua$") then
  local missing = M.check()
  for _, m in ipairs(missing) do print(m) end
  local f = io.open(arg[1] or M.DIGEST, "r")
  local unacc = {}
  if f then
    unacc = M.unaccounted(f:read("*a"))
    f:close()
  else
    print("(the digest " .. (arg[1] or M.DIGEST) .. " cannot be read: rows not accounted)")
  end
  for _, m in ipairs(unacc) do print(m) end
  for _, m in ipairs(M.pending()) do print(m) end
  print(string.format("%d checked, %d pending, %d left out, %d later (and every RP and RS "
    .. "row); %d gaps", #M.ALL, #M.PENDING, #M.LEFT_OUT, #M.LATER, #missing + #unacc))
  os.exit((#missing + #unacc) == 0 and 0 or 1)
end

return M
