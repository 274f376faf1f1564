--- The rule-case checker of every rule system: reads a digest's inventory of rule cases
-- (../shared/notes/<digest>.md, the rows of its section 3) and says of each row, one line
-- each, `checked`, `pending <issue>`, `left out: <why>` or what it lacks (`no procedure`,
-- `no test`, `no summary`). docs/cases.md is its page.
--
-- What a system's rows are and who delivers them is data, one file per system:
-- tests/tools/cases/<system>.ini (the digest it reads, its sections, how a row's ref names a
-- case, where the system's procedures and tests are, the rows left out with why, and the
-- rows an open issue will deliver, by the issue's title up to its colon). The checker never
-- asks the issue tracker.
--
-- A row is `checked` when its case is cited on its own (`volley.rules_index.parse`: never
-- inside a range `3.11-3.23` nor a section `5.x`) by a procedure -- a Lua file of
-- scripts/systems/<system>/ (its hook catalogue points.lua apart), a Lua or INI file of the
-- system's battles (scenarios/<family>/), or for a rule that is data alone an INI file of
-- charts/<system>/ -- and by a test -- a spec of tests/spec/systems/<system>/ or of
-- tests/spec/scenarios/, or a program test of tests/shell/ -- and has a summary in
-- scripts/systems/<system>/rules.ini (whose `@` aliases are other names of a case). Else a
-- row is `left out` or `pending` as the data file says, and otherwise it reports what it
-- lacks: that is a failure.
--
-- Run from the top of the tree: `lua5.4 tests/tools/cases.lua <digest>`, the digest a path
-- (`../shared/notes/gringo.md`), a digest name (`gringo`) or a system id (`gbacw`); it prints
-- a line per row, then the counts, and exits 1 on a row that lacks something or a data file
-- that disagrees with the digest. tests/spec/tools/cases_spec.lua runs it on all four.

local lpeg = require "lpeg"
package.path = "scripts/?.lua;" .. package.path
local index = require "volley.rules_index"

local P, R, S, C, Cg, Ct = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Cg, lpeg.Ct

local M = {}

M.NOTES = os.getenv("VOLLEY_NOTES") or "/work/shared/notes"
M.DATA = "tests/tools/cases"
--- The systems with a data file, in the order the spec reports them.
M.SYSTEMS = { "rough_and_ready", "battle_of_buena_vista", "gbacw", "spi_gbacw" }

-- {=========================================================================================
-- The case ids: one grammar for a digest's refs, the data file's selectors and the counts.
--
--   id       <- code? number? tail       `PA 6.42`, `6.31`, `4.1a`, `E10`, `E-2.3a`, `A24`,
--                                         `PA-Setup`, `BV.VIC`, `JC 30.2`, `10.3.1`, `3.23-Ex`
--   code     <- upper+ sep?               a battle (PA, RS), errata (E), addenda (ADD) ...
--   number   <- digits ('.' digits)*
--   range    <- id '-' code? number       `6.31-6.39`, `E1-E19`, `PA 3.0-8.0`, `E-2.3-7.5`
--                                         (from the first to the last and the last's own:
--                                         `13.0-13.1` holds 13.15, as a citation's range)
--   family   <- (!'*' .)+ '*'             every id that begins so: `RP*`, `E-R*`
-- }=========================================================================================

local digits = R"09"^1
local upper = R"AZ"
local number = C(digits * (P"." * digits)^0)
local sep = S" -."
local code = C(upper^1) * sep^-1
local tail = C(P(1)^0)

local id = Ct(Cg(code, "code")^-1 * Cg(number, "num")^-1 * Cg(tail, "tail"))
local id_num = Ct(Cg(code, "code")^-1 * Cg(number, "num")) * -1
local range = Ct(Cg(Ct(Cg(code, "code")^-1 * Cg(number, "num")), "lo") * P"-"
                 * Cg(Ct(Cg(code, "code")^-1 * Cg(number, "num")), "hi")) * -1
local family = Ct(Cg(C((P(1) - P"*")^1), "family") * P"*") * -1

--- An id's parts: `{code=, num=, tail=}` (`tail` "" when none).
-- @tparam string s
-- @treturn table
function M.id(s)
  local t = id:match(s)
  -- a code glued to a word is no code: `Setup` after `PA-` is the tail; `TN` is a tail too
  if t.code and not t.num and t.tail == "" then t = { tail = s } end
  return t
end

--- A case number's levels as the SPI series numbers its cases and the checkers group them
-- (`[spi_gbacw 1.0]`'s "Read this first"): the major section, the primary case and the
-- secondary case, one digit each after the point (`6.53` is section 6, primary 5, secondary 3;
-- `6.5` has no secondary; `6.0` is the section's own heading, primary 0).
-- @tparam string num "6.53"
-- @treturn ?table `{section=, primary=, secondary=}` (numbers, `secondary` absent when none)
function M.levels(num)
  local major, p, s = tostring(num):match("^(%d+)%.(%d)(%d?)$")
  if not major then return nil end
  return { section = tonumber(major), primary = tonumber(p),
           secondary = s ~= "" and tonumber(s) or nil }
end

-- Rule numbers in order: 3.0 < 3.1 < 3.11 < 3.2 < 3.23 < 4.0 < 10.3 < 10.3.1 < 10.31.
local function num_le(a, b)
  local ai, af, ar = a:match("^(%d+)%.?(%d*)(.*)$")
  local bi, bf, br = b:match("^(%d+)%.?(%d*)(.*)$")
  if tonumber(ai) ~= tonumber(bi) then return tonumber(ai) < tonumber(bi) end
  local w = math.max(#af, #bf)
  af, bf = af .. ("0"):rep(w - #af), bf .. ("0"):rep(w - #bf)
  if af ~= bf then return af < bf end
  if ar == "" or br == "" then return ar == "" end
  return num_le(ar:sub(2), br:sub(2))
end

--- A selector of the data file: an exact id, a range or a family.
-- @tparam string s
-- @treturn table `{exact=string}`, `{lo=,hi=}` or `{family=}`, with `text`
function M.selector(s)
  local f = family:match(s)
  if f then return { family = f.family, text = s } end
  local r = range:match(s)
  -- `E1-E19` and `6.31-6.39`; `E-2.3` is one id, and so is `5.2-A1` (two codes)
  if r and not id_num:match(s) and (not r.hi.code or r.hi.code == r.lo.code) then
    r.hi.code = r.hi.code or r.lo.code
    return { lo = r.lo, hi = r.hi, text = s }
  end
  return { exact = s, text = s }
end

--- Whether a selector takes a row's id (`row.id`, the ref as the digest writes it, and
-- `row.case`, the case it is a paragraph of).
function M.takes(sel, row)
  if sel.exact then return sel.exact == row.id or sel.exact == row.case end
  if sel.family then return row.id:sub(1, #sel.family) == sel.family end
  local t = M.id(row.id)
  if t.code ~= sel.lo.code or not t.num then return false end
  if not num_le(sel.lo.num, t.num) then return false end
  if num_le(t.num, sel.hi.num) then return true end
  -- as a citation's range reads (volley.rules_index.covers): the last one's own cases too,
  -- `13.0-13.1` holds 13.15 and `5.0-6.0` all of 6
  local hi_int, hi_frac = sel.hi.num:match("^(%d+)%.?(.*)$")
  local int, frac = t.num:match("^(%d+)%.?(.*)$")
  return int == hi_int and (hi_frac == "0" or frac:sub(1, #hi_frac) == hi_frac)
end

-- {=========================================================================================
-- The data file: an INI file read in order (a key may repeat).
-- }=========================================================================================

--- The lines of a data file: `{section=, key=, value=, line=}` in order.
-- @tparam string path
-- @treturn ?table nil and why when the file cannot be read or breaks the form
function M.read_ini(path)
  local f = io.open(path, "r")
  if not f then return nil, path .. ": cannot be read" end
  local out, section, n = {}, nil, 0
  for line in f:lines() do
    n = n + 1
    line = line:gsub("\r$", "")
    local header = line:match("^%[(.-)%]%s*$")
    local k, v = line:match("^([^=:]-)%s*=%s*(.-)%s*$")
    if header then
      section = header
    elseif k and section and not k:match("^%s*[;#]") then
      v = v:gsub("%s+;.*$", "")                    -- an inline comment, as libinih
      out[#out + 1] = { section = section, key = k, value = v, line = n }
    elseif not (line:match("^%s*$") or line:match("^%s*[;#]")) then -- not a comment or blank
      f:close()
      return nil, path .. ":" .. n .. ": not `key = value` in a section"
    end
  end
  f:close()
  return out
end

local function words(s)
  local out = {}
  for w in s:gmatch("%S+") do out[#out + 1] = w end
  return out
end

--- A system's data file, read: `{system=, digest=, sections=, paragraphs=, codes=,
-- addendum=, battles=, entries=, issues=}`.
-- @tparam string path
-- @treturn ?table nil and why
function M.config(path)
  local lines, err = M.read_ini(path)
  if not lines then return nil, err end
  local conf = { sections = {}, codes = {}, battles = {}, entries = {}, issues = {},
                 path = path }
  for _, l in ipairs(lines) do
    local where = path .. ":" .. l.line .. ": "
    if l.section == "digest" then
      if l.key == "system" then conf.system = l.value
      elseif l.key == "file" then conf.digest = l.value
      elseif l.key == "sections" then conf.sections = words(l.value)
      elseif l.key == "paragraphs" then conf.paragraphs = (l.value == "yes")
      elseif l.key == "addendum" then conf.addendum = l.value
      elseif l.key == "battles" then conf.battles = words(l.value)
      elseif l.key:match("^code ") then
        local lo, hi = l.key:match("^code (%d+)%-(%d+)$")
        if not lo then return nil, where .. "`code <from>-<to> = <CODE>`" end
        conf.codes[#conf.codes + 1] = { lo = tonumber(lo), hi = tonumber(hi), code = l.value }
      else
        return nil, where .. "unknown key " .. l.key
      end
    elseif l.section == "issues" then
      conf.issues[l.key] = tonumber(l.value)
    elseif l.section == "left out" then
      conf.entries[#conf.entries + 1] = { sel = M.selector(l.key), status = "left out",
                                          text = l.value, line = l.line }
    elseif l.section == "pending" then
      if not conf.issues[l.key] then
        return nil, where .. "`" .. l.key .. "` is not in [issues]"
      end
      for s in (l.value .. ", "):gmatch("(.-), ") do
        conf.entries[#conf.entries + 1] = { sel = M.selector(s), status = "pending",
                                            text = l.key, line = l.line }
      end
    else
      return nil, where .. "unknown section [" .. tostring(l.section) .. "]"
    end
  end
  if not conf.system or not conf.digest then
    return nil, path .. ": [digest] needs `system` and `file`"
  end
  -- they become paths the checker lists with find(1): plain names only
  if not index.is_id(conf.system) or not conf.digest:match("^[%w_%-]+%.md$") then
    return nil, path .. ": [digest] `system` and `file` must be plain names"
  end
  for _, dir in ipairs(conf.battles) do
    if not dir:match("^[%w_%-/%.]+$") or dir:find("..", 1, true) then
      return nil, path .. ": [digest] `battles` must be plain paths inside the tree"
    end
  end
  return conf
end

-- {=========================================================================================
-- The digest's inventory.
-- }=========================================================================================

--- A digest ref as the system names the case: brackets and parentheses dropped (`PA [3.0]`
-- is `PA 3.0`, `RS (3.1)` `RS 3.1`), an addendum row `[5.2 Add.]` under its code
-- (`ADD 5.2`), a numbered row in a `code` range under that code (`[30.2]` `JC 30.2`).
-- @treturn string id, string case (the id, or with `paragraphs` the case `4.1a` is part of)
function M.normal(conf, ref)
  local add = ref:match("^%[?(%d+%.%d+) Add%.%]?$")
  if add and conf.addendum then return conf.addendum .. " " .. add, conf.addendum .. " " .. add end
  ref = ref:gsub("[%[%]%(%)]", "")
  local int = ref:match("^(%d+)%.%d+$")
  for _, c in ipairs(conf.codes) do
    if int and tonumber(int) >= c.lo and tonumber(int) <= c.hi then ref = c.code .. " " .. ref end
  end
  local case = conf.paragraphs and ref:match("^(%d+%.%d+)%l$") or ref
  return ref, case
end

--- The rows of a digest's inventory, in order: `{ref=, id=, case=, line=}`. A row is a table
-- row (`| 3.11 | ...`, the header row and its rule apart) or a top-level bullet
-- (`- [5.2 Add.] ...`) of one of the data file's sections.
-- @tparam table conf
-- @tparam string text
-- @treturn table
function M.rows(conf, text)
  local want = {}
  for _, s in ipairs(conf.sections) do want[s] = true end
  local out, on = {}, false
  local lines = {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  for i, line in ipairs(lines) do
    local sec = line:match("^##+ (%d+%.?%d*)")
    if sec then on = want[sec] or false end
    local ref
    if on then
      ref = line:match("^|%s*([^|]-)%s*|")
      local next_line = lines[i + 1] or ""
      if ref and (ref:match("^%-+$") or next_line:match("^|%s*%-%-%-")) then ref = nil end
      ref = ref or line:match("^%- (%[[^%]]+%])")
    end
    if ref and ref ~= "" then
      local rid, case = M.normal(conf, ref)
      out[#out + 1] = { ref = ref, id = rid, case = case, line = i }
    end
  end
  return out
end

-- {=========================================================================================
-- Citations.
-- }=========================================================================================

--- The cases a text cites on its own for a system, as a set of names as cited.
-- @tparam string system
-- @tparam string text
-- @tparam ?table into
function M.cited(system, text, into)
  into = into or {}
  -- a citation broken over comment lines reads as one line
  text = text:gsub("\n%s*%-%-+%s*", " "):gsub("\n%s*;+%s*", " "):gsub("\n%s*#+%s*", " ")
  for body in text:gmatch("%[([^%]]*)%]") do
    for _, c in ipairs(index.parse(body)) do
      if c.system == system and c.case then into[c.case] = true end
    end
  end
  return into
end

-- The files under a folder, recursively, whose names end in one of `suffixes`, sorted.
local function files(dir, suffixes, skip)
  local p = assert(io.popen("find '" .. dir .. "' -type f 2>/dev/null"))
  local out = {}
  for path in p:lines() do
    local name = path:match("[^/]+$")
    for _, suffix in ipairs(suffixes) do
      if name:sub(-#suffix) == suffix and not (skip and skip[name]) then
        out[#out + 1] = path
        break
      end
    end
  end
  p:close()
  table.sort(out)
  return out
end

local function cited_in(system, list)
  local set = {}
  for _, path in ipairs(list) do
    local f = assert(io.open(path, "r"))
    M.cited(system, f:read("*a"), set)
    f:close()
  end
  return set
end

--- Where a system's procedures, tests and summaries are, under `root` ("" or "dir/").
function M.places(conf, root)
  root = root or ""
  local sys = conf.system
  local procs = files(root .. "scripts/systems/" .. sys, { ".lua" }, { ["points.lua"] = true })
  for _, f in ipairs(files(root .. "charts/" .. sys, { ".ini" })) do procs[#procs + 1] = f end
  for _, dir in ipairs(conf.battles) do
    for _, f in ipairs(files(root .. dir, { ".lua", ".ini" })) do procs[#procs + 1] = f end
  end
  local tests = files(root .. "tests/spec/systems/" .. sys, { "_spec.lua" })
  for _, f in ipairs(files(root .. "tests/spec/scenarios", { "_spec.lua" })) do
    tests[#tests + 1] = f
  end
  for _, f in ipairs(files(root .. "tests/shell", { ".sh" })) do tests[#tests + 1] = f end
  return procs, tests, root .. "scripts/systems/" .. sys .. "/rules.ini"
end

--- What a system's cases lack: a function case -> list of "no procedure", "no test",
-- "no summary".
function M.lacks(conf, root)
  local procs, tests, rules = M.places(conf, root)
  local alias = {}
  for _, e in ipairs(index.read(rules) or {}) do
    alias[e.case:lower()] = (e.alias or e.case):lower()
  end
  local function name(c) return alias[c:lower()] or c:lower() end
  local function canon(set)
    local out = {}
    for c in pairs(set) do out[name(c)] = true end
    return out
  end
  local p = canon(cited_in(conf.system, procs))
  local t = canon(cited_in(conf.system, tests))
  return function(c)
    local out = {}
    if not p[name(c)] then out[#out + 1] = "no procedure" end
    if not t[name(c)] then out[#out + 1] = "no test" end
    if not alias[c:lower()] then out[#out + 1] = "no summary" end
    return out
  end
end

-- {=========================================================================================
-- The report.
-- }=========================================================================================

-- The data file's entry for a row: an exact selector anywhere beats a range or a family;
-- among those, the first in the file.
local function entry_of(conf, row)
  for _, e in ipairs(conf.entries) do
    if e.sel.exact and M.takes(e.sel, row) then return e end
  end
  for _, e in ipairs(conf.entries) do
    if not e.sel.exact and M.takes(e.sel, row) then return e end
  end
end

--- The report of a digest: a list of `{row=, status=, text=, lacks=}` (status `checked`,
-- `pending`, `left out` or `missing`), the counts, and the data file's problems (a selector
-- that takes no row).
-- @tparam table conf
-- @tparam string text the digest
-- @tparam ?string root
function M.report(conf, text, root)
  local rows = M.rows(conf, text)
  local lack = M.lacks(conf, root)
  local out, counts = {}, { checked = 0, pending = 0, ["left out"] = 0, missing = 0,
                            rows = #rows }
  local used = {}
  for _, row in ipairs(rows) do
    local e = entry_of(conf, row)
    local l = lack(row.case)
    local r = { row = row }
    if e and e.status == "left out" then
      r.status, r.text = "left out", e.text
    elseif #l == 0 then
      r.status = "checked"
    elseif e then
      r.status, r.text = "pending", e.text
    else
      r.status, r.lacks = "missing", l
    end
    if e then used[e] = true end
    counts[r.status] = counts[r.status] + 1
    out[#out + 1] = r
  end
  local problems = {}
  for _, e in ipairs(conf.entries) do
    if not used[e] then
      local takes = false
      for _, row in ipairs(rows) do
        if M.takes(e.sel, row) then takes = true end
      end
      problems[#problems + 1] = conf.path .. ":" .. e.line .. ": " .. e.sel.text
        .. (takes and " takes no row that an earlier line or an id does not take first"
            or " is no row of the digest")
    end
  end
  if #rows == 0 then problems[#problems + 1] = conf.path .. ": the digest yields no row" end
  return out, counts, problems
end

--- A report line: `4.24 checked`, `RP 4.25 pending Rough & Ready VI`, `1.0 left out: ...`,
-- `6.47 no procedure, no test`.
function M.line(r)
  local head = r.row.id
  if r.status == "checked" then return head .. " checked" end
  if r.status == "pending" then return head .. " pending " .. r.text end
  if r.status == "left out" then return head .. " left out: " .. r.text end
  return head .. " " .. table.concat(r.lacks, ", ")
end

--- The data file of a digest given as a path, a digest name or a system id.
-- @treturn ?table conf, string digest path; or nil and why
function M.find(arg1)
  local stem = arg1:match("([^/]+)%.md$") or arg1
  for _, sys in ipairs(M.SYSTEMS) do
    local conf, err = M.config(M.DATA .. "/" .. sys .. ".ini")
    if not conf then return nil, err end
    if sys == arg1 or conf.digest == stem .. ".md" then
      local path = arg1:match("%.md$") and arg1 or (M.NOTES .. "/" .. conf.digest)
      return conf, path
    end
  end
  return nil, "cases: no data file in " .. M.DATA .. " reads " .. arg1
end

--- Runs the checker as the command line does: the lines it prints and its exit status.
function M.run(arg1, root)
  local conf, path = M.find(arg1 or "rough_and_ready")
  if not conf then return { path }, 1 end
  local f = io.open(path, "r")
  if not f then return { "cases: the digest " .. path .. " cannot be read" }, 1 end
  local text = f:read("*a")
  f:close()
  local report, counts, problems = M.report(conf, text, root)
  local lines = {}
  for _, r in ipairs(report) do lines[#lines + 1] = M.line(r) end
  for _, p in ipairs(problems) do lines[#lines + 1] = p end
  lines[#lines + 1] = string.format("%s: %d rows, %d checked, %d pending, %d left out, "
    .. "%d missing", conf.system, counts.rows, counts.checked, counts.pending,
    counts["left out"], counts.missing)
  return lines, (counts.missing + #problems == 0) and 0 or 1
end

if arg and arg[0] and arg[0]:match("cases%.lua$") then
  local lines, status = M.run(arg[1])
  for _, l in ipairs(lines) do print(l) end
  os.exit(status)
end

return M
