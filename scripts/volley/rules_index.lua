--- `rules <case>` at the prompt: the project's one-line summary of a rule case and where it
-- is implemented (docs/shell.md "The prompt").
--
-- The summaries are data: `scripts/systems/<id>/rules.ini`, one `[rules]` section, a key per
-- case written the way the scripts cite it (docs/formats.md "rules.ini"): `3.11 = ...`,
-- `E15 = ...`, `PA 5.16 = ...`, `PA Initial Deployment = ...`; a value `@<case>` makes the key
-- another name of that case (`PA Victory = @PA 8.0`). Where a case is implemented is found,
-- not written down: every `[<id> ...]` citation that names the case, in the system's Lua files
-- (`scripts/systems/<id>/**.lua`) and in the scenarios' Lua and INI files (`scenarios/**`),
-- as `file:line`. A citation may name several cases (`[rough_and_ready 3.11, 3.22-3.23, 4.1]`):
-- see `parse`. Runs in the program's host state (it reads files).
-- @module volley.rules_index

local M = {}

-- volley.core only where files are found on the data path: `parse`, `read` and `covers`
-- also run in a plain interpreter (tests/tools/rules_cited.lua).
local function core() return require "volley.core" end

local function trim(s) return (s:gsub("%s+", " "):match("^ ?(.-) ?$")) end

local function split(s, sep)
  local out = {}
  for piece in (s .. sep):gmatch("([^" .. sep .. "]*)" .. sep) do out[#out + 1] = trim(piece) end
  return out
end

--- A system id as a file name may hold it (no `/`, no `..`).
-- @tparam string id
-- @treturn boolean
function M.is_id(id)
  return type(id) == "string" and id:match("^[%w_%-]+$") ~= nil
end

--- The cases of a rules.ini file, in the file's order.
-- @tparam string path
-- @treturn ?{{case=string,summary=string,alias=?string,line=number},...} nil when the file
--   cannot be read
function M.read(path)
  local f = io.open(path, "r")
  if not f then return nil end
  local out, n = {}, 0
  for line in f:lines() do
    n = n + 1
    line = line:gsub("\r$", "")
    -- a key starts the line (an indented line would continue the key above: none here)
    local k, v = line:match("^([^%s;#=%[][^=]-)%s*=%s*(.-)%s*$")
    if k then
      v = v:gsub("%s;.*$", "")                            -- an inline comment, as libinih
      local e = { case = trim(k), summary = v, line = n }
      local alias = v:match("^@%s*(.-)%s*$")
      if alias then e.alias = trim(alias) end
      out[#out + 1] = e
    end
  end
  f:close()
  return out
end

--- The cases of a system (its `scripts/systems/<id>/rules.ini` on the data path).
-- @tparam string system
-- @treturn {table,...} as `read`; empty when the system has no rules.ini
function M.cases(system)
  if not M.is_id(system) then return {} end
  local path = core().find("scripts/systems/" .. system .. "/rules.ini")
  return path and M.read(path) or {}
end

--- The summaries of a system: case -> line (an alias's line is `@<case>`).
-- @tparam string system
-- @treturn table
function M.summaries(system)
  local out = {}
  for _, e in ipairs(M.cases(system)) do out[e.case] = e.summary end
  return out
end

-- A case's parts: battle code ("PA" or nil) and the rest ("3.0", "Initial Deployment").
local function code_of(case)
  local c, r = case:match("^(%u%u+) (.+)$")
  if c and not c:match("^E%d") then return c, r end
  return nil, case
end

local function dec(s)
  local i, f = s:match("^(%d+)%.(%d+)$")
  if i then return tonumber(i), f end
  return nil
end

-- a <= b for rule numbers as decimals: 3.0 < 3.1 < 3.11 < 3.2 < 3.23 < 4.0
local function dec_le(a, b)
  local ai, af = dec(a)
  local bi, bf = dec(b)
  if ai ~= bi then return ai < bi end
  local w = math.max(#af, #bf)
  return (af .. ("0"):rep(w - #af)) <= (bf .. ("0"):rep(w - #bf))
end

-- The case an item names, without its battle code: a rule number with a note after it
-- ("6.25 design note") is the number; anything else is the words themselves.
local function item_case(rest)
  return rest:match("^(%d+%.%d+) %l[%l ]*$") or rest
end

--- The cases one citation names: the text between its brackets, `<system> <items>`, with
-- `;` before each further system (`rough_and_ready RS 5.15, 5.17; gbacw MO 7.14`). Items are
-- separated by `,`: a case (`3.11`, `E15`, `PA 3.0`, `PA Initial Deployment`, `6.25 design
-- note` = 6.25), a range of numbers (`3.11-3.23`: each case from the first to the last and
-- the last one's own cases, so `6.1-6.2` holds 6.25), a section (`5.x`: every 5.*). A battle
-- code carries on to the numbered items after it (`RS 5.15, 5.17` = RS 5.15 and RS 5.17),
-- never to an errata id; a code alone before another battle's named item shares its words
-- (`PA, RP Initial Deployment`), else it names the battle's section (`RP`). Text holding
-- `"`, `<`, `\` or `%` is a template, not a citation: it names nothing.
-- @tparam string body
-- @treturn {{system=string,case=?string,from=?string,to=?string,section=?string},...}
function M.parse(body)
  local out = {}
  if body:find('["<\\%%]') then return out end
  for _, part in ipairs(split(body, ";")) do
    local system, rest = part:match("^([%w_%-]+) (.+)$")
    if system then
      local code, bare = nil, {}
      local function add(e)
        e.system = system
        out[#out + 1] = e
      end
      for _, item in ipairs(split(rest, ",")) do
        local c, r = code_of(item)
        if item:match("^%u%u+$") and not item:match("^E%d") then
          bare[#bare + 1] = item
          c, r = nil, nil
        elseif c then
          for _, b in ipairs(bare) do
            add({ case = dec(r) and b or (b .. " " .. item_case(r)) })
          end
          bare = {}
          code = c
        else
          for _, b in ipairs(bare) do add({ case = b }) end
          bare = {}
          if r:match("^E%d+") then c = nil else c = code end
        end
        if r and r ~= "" then
          local prefix = c and (c .. " ") or ""
          local lo, hi = r:match("^(%d+%.%d+) ?%- ?(%d+%.%d+)$")
          local elo, ehi = r:match("^E(%d+) ?%- ?E?(%d+)$")
          local sec = r:match("^(%d+)%.x$")
          if lo then
            add({ from = prefix .. lo, to = prefix .. hi })
          elseif elo then
            add({ from = "E" .. elo, to = "E" .. ehi })
          elseif sec then
            add({ section = prefix .. sec })
          else
            add({ case = prefix .. item_case(r) })
          end
        end
      end
      for _, b in ipairs(bare) do add({ case = b }) end
    end
  end
  return out
end

--- Whether a parsed citation entry names the case (exactly, case-insensitively; in its range;
-- in its section).
-- @tparam table e an entry of `parse`
-- @tparam string case
-- @treturn boolean
function M.covers(e, case)
  if e.case then return e.case:lower() == case:lower() end
  local c, r = code_of(case)
  if e.section then
    local sc, sr = code_of(e.section)
    return sc == c and r:match("^(%d+)%.") == sr
  end
  local fc, fr = code_of(e.from)
  local _, tr = code_of(e.to)
  if fc ~= c then return false end
  local en, fn, tn = r:match("^E(%d+)$"), fr:match("^E(%d+)$"), tr:match("^E(%d+)$")
  if en and fn and tn then
    return tonumber(fn) <= tonumber(en) and tonumber(en) <= tonumber(tn)
  end
  if not (dec(r) and dec(fr) and dec(tr)) then return false end
  if dec_le(fr, r) and dec_le(r, tr) then return true end
  local ti, tf = dec(tr)
  local ri, rf = dec(r)
  return ri == ti and (tf == "0" or rf:sub(1, #tf) == tf)
end

-- The files of a folder (relative to the first data root that has it), recursively, in
-- bytewise order of their paths, whose names end in one of `suffixes`.
local function files(rel, suffixes)
  local out = {}
  local list_dir = core().scenario.list_dir
  local function walk(dir, shown)
    local names = {}
    for _, e in ipairs(list_dir(dir) or {}) do names[#names + 1] = e end
    table.sort(names, function(a, b) return a.name < b.name end)
    for _, e in ipairs(names) do
      if e.kind == "dir" then
        walk(dir .. "/" .. e.name, shown .. "/" .. e.name)
      else
        for _, s in ipairs(suffixes) do
          if e.name:sub(-#s) == s then
            out[#out + 1] = { file = dir .. "/" .. e.name, shown = shown .. "/" .. e.name }
            break
          end
        end
      end
    end
  end
  for _, root in ipairs(core().data_path()) do
    local dir = root:gsub("/+$", "") .. "/" .. rel
    if list_dir(dir) then
      walk(dir, rel)
      return out
    end
  end
  return out
end

--- Where the cases are cited: the system's Lua files, then the scenarios' Lua and INI files.
-- @tparam string system
-- @tparam {string,...} names the case and its other names
-- @treturn {string,...} "scripts/systems/demo/movement.lua:88"
function M.citations(system, names)
  if type(names) == "string" then names = { names } end
  local out = {}
  if not M.is_id(system) then return out end
  local open = "[" .. system .. " "
  local list = files("scripts/systems/" .. system, { ".lua" })
  for _, e in ipairs(files("scenarios", { ".lua", ".ini" })) do list[#list + 1] = e end
  for _, e in ipairs(list) do
    local f = io.open(e.file, "r")
    if f then
      local n = 0
      for line in f:lines() do
        n = n + 1
        local hit = false
        if line:find(open, 1, true) then
          for body in line:gmatch("%[([^%]]*)%]") do
            for _, c in ipairs(M.parse(body)) do
              if c.system == system then
                for _, name in ipairs(names) do
                  if M.covers(c, name) then hit = true end
                end
              end
            end
          end
        end
        if hit then out[#out + 1] = e.shown .. ":" .. n end
      end
      f:close()
    end
  end
  return out
end

-- The longest common prefix of two strings, case-insensitively.
local function common(a, b)
  a, b = a:lower(), b:lower()
  local n = 0
  while n < #a and n < #b and a:sub(n + 1, n + 1) == b:sub(n + 1, n + 1) do n = n + 1 end
  return n
end

local MAX_NEAREST = 12

-- The cases nearest to an unknown one: those sharing its longest prefix (at least one
-- character), in the file's order.
local function nearest(cases, case)
  local best, out = 0, {}
  for _, e in ipairs(cases) do
    local n = common(e.case, case)
    if n > best then best, out = n, {} end
    if n == best and n > 0 then out[#out + 1] = e.case end
  end
  if #out > MAX_NEAREST then
    local more = #out - MAX_NEAREST
    for k = #out, MAX_NEAREST + 1, -1 do out[k] = nil end
    out[#out + 1] = "and " .. more .. " more"
  end
  return out
end

local function is_system(id)
  return M.is_id(id) and (core().find("scripts/systems/" .. id .. "/init.lua") ~= nil
    or core().find("scripts/systems/" .. id .. "/rules.ini") ~= nil)
end

--- `rules <case>` or `rules <system> <case>`: the case's summary and its citations. A case
-- is one word or several (`PA Initial Deployment`), matched case-insensitively; the whole may
-- be given as a citation (`rules [rough_and_ready PA 3.0]`). A first word naming a system on
-- the data path (`scripts/systems/<id>/`) chooses that system.
-- @tparam string system the game's system
-- @tparam {string,...} args the words after `rules`
-- @treturn ?{string,...} the lines
-- @treturn ?string why not
function M.lookup(system, args)
  local text = trim(table.concat(args, " "))
  text = text:match("^%[(.*)%]$") or text
  local w1, rest = text:match("^(%S+) (.+)$")
  if w1 and is_system(w1) then
    system, text = w1, rest
  elseif is_system(text) then
    return nil, "rules " .. text .. " <case>: which case? (rules " .. text .. " "
      .. ((M.cases(text)[1] or {}).case or "1.0") .. ")"
  end
  local cases = M.cases(system)
  local entry
  for _, e in ipairs(cases) do
    if e.case:lower() == text:lower() then entry = e end
  end
  local case = entry and entry.case or text
  local names, target = { case }, entry
  if entry and entry.alias then
    names[2] = entry.alias
    target = nil
    for _, e in ipairs(cases) do
      if e.case:lower() == entry.alias:lower() then target = e end
    end
  elseif entry then
    for _, e in ipairs(cases) do                      -- the case's other names
      if e.alias and e.alias:lower() == case:lower() then names[#names + 1] = e.case end
    end
  end
  local cited = M.citations(system, names)
  local tag = "[" .. tostring(system) .. " " .. case .. "]"
  if not entry and #cited == 0 then
    local why = "no case " .. tag .. " in the summaries (scripts/systems/" .. tostring(system)
      .. "/rules.ini) or the scripts"
    local near = nearest(cases, case)
    if #near > 0 then why = why .. "; nearest: " .. table.concat(near, ", ") end
    return nil, why
  end
  local line = tag .. " "
  if entry and entry.alias then
    line = line .. "= [" .. system .. " " .. entry.alias .. "] "
  end
  line = line .. (target and target.summary or "(no summary yet)")
  return { line, #cited > 0 and ("implemented at " .. table.concat(cited, " "))
    or "cited in no script" }
end

return M
