--- Lists the rule cases that scripts/ and scenarios/ cite and that have no summary in their
-- system's `scripts/systems/<id>/rules.ini` (the summaries `rules <case>` prints at the
-- prompt; docs/formats.md "rules.ini"), and every line of a rules.ini that breaks its form
-- (an INI line of 199 bytes or more, a key over 49 bytes or with `:`, a duplicate key, a ` ;`
-- that libinih would cut the summary at, an empty summary, an alias to no case).
-- Citations are read as `volley.rules_index.parse` reads them: `[rough_and_ready 3.11,
-- 3.22-3.23, PA Initial Deployment]` needs 3.11, 3.22, 3.23 and PA Initial Deployment; a
-- range needs both its ends, `5.x` some 5.* case. Systems without a rules.ini are not
-- checked.
--
-- Run from the top of the tree: `lua5.4 tests/tools/rules_cited.lua` prints one line per
-- problem (`scenarios/rough-and-ready/palo-alto/rules.lua:12: [rough_and_ready PA 9.9] has no
-- summary in scripts/systems/rough_and_ready/rules.ini`) and exits 1 if there is any;
-- tests/spec/volley/rules_index_spec.lua runs it through `check()`.

package.path = "scripts/?.lua;" .. package.path
local index = require "volley.rules_index"

local M = {}

M.ROOTS = { "scripts", "scenarios" }

local function rules_ini(system, base)
  return (base and (base .. "/") or "") .. "scripts/systems/" .. system .. "/rules.ini"
end

--- The problems of one rules.ini file.
-- @tparam string path
-- @treturn {string,...}
function M.check_file(path)
  local out = {}
  local f = io.open(path, "r")
  if not f then return { path .. ": cannot be read" } end
  local n = 0
  for line in f:lines() do
    n = n + 1
    if #line >= 199 then
      out[#out + 1] = path .. ":" .. n .. ": line too long (" .. #line .. " bytes; at most 198)"
    end
    if line:match("^%s+%S") then
      out[#out + 1] = path .. ":" .. n .. ": an indented line would continue the key above"
    end
    local v = line:match("^[^%s;#=%[][^=]-=%s*(.-)%s*$")
    if v and v:find("%s;") then
      out[#out + 1] = path .. ":" .. n .. ": ' ;' starts a comment: libinih cuts the summary"
    end
  end
  f:close()
  local seen = {}
  local entries = index.read(path)
  for _, e in ipairs(entries) do
    local at = path .. ":" .. e.line .. ": "
    if #e.case > 49 then out[#out + 1] = at .. "key '" .. e.case .. "' over 49 bytes" end
    if e.case:find(":", 1, true) then out[#out + 1] = at .. "key '" .. e.case .. "' holds ':'" end
    if e.summary == "" then out[#out + 1] = at .. "no summary for '" .. e.case .. "'" end
    if seen[e.case:lower()] then
      out[#out + 1] = at .. "duplicate key '" .. e.case .. "' (first at line "
        .. seen[e.case:lower()].line .. ")"
    else
      seen[e.case:lower()] = e
    end
  end
  for _, e in ipairs(entries) do
    if e.alias then
      local t = seen[e.alias:lower()]
      if not t or t.alias or t.case ~= e.alias then
        out[#out + 1] = path .. ":" .. e.line .. ": '" .. e.case .. "' is another name of '"
          .. e.alias .. "', which is no case with a summary"
      end
    end
  end
  return out
end

--- Whether the cases have what a parsed citation entry names.
-- @tparam table keys case -> true
-- @tparam {string,...} list the cases in order
-- @tparam table c an entry of `rules_index.parse`
-- @treturn ?string the missing case
function M.missing(keys, list, c)
  if c.case then return not keys[c.case] and c.case or nil end
  if c.from then
    if not keys[c.from] then return c.from end
    if not keys[c.to] then return c.to end
    return nil
  end
  for _, k in ipairs(list) do
    if index.covers(c, k) then return nil end
  end
  return c.section .. ".x"
end

--- Every problem: each cited case without a summary, and each form error of
-- the rules.ini files of the systems cited.
-- @tparam[opt] {string,...} roots the folders to read (M.ROOTS)
-- @tparam[opt] string base the folder holding `scripts/systems/` (the current one)
-- @treturn {string,...}
function M.check(roots, base)
  local out = {}
  local systems = {}
  local function system(id)
    if systems[id] == nil then
      local entries = index.read(rules_ini(id, base))
      if entries then
        local keys, list = {}, {}
        for _, e in ipairs(entries) do
          keys[e.case] = true
          list[#list + 1] = e.case
        end
        systems[id] = { keys = keys, list = list }
        for _, p in ipairs(M.check_file(rules_ini(id, base))) do out[#out + 1] = p end
      else
        systems[id] = false
      end
    end
    return systems[id]
  end
  local p = assert(io.popen("LC_ALL=C find " .. table.concat(roots or M.ROOTS, " ")
    .. " -type f | LC_ALL=C sort"))
  local paths = {}
  for path in p:lines() do paths[#paths + 1] = path end
  p:close()
  for _, path in ipairs(paths) do
    local f = io.open(path, "r")
    if f then
      local n = 0
      for line in f:lines() do
        n = n + 1
        for body in line:gmatch("%[([^%]]*)%]") do
          for _, c in ipairs(index.parse(body)) do
            local s = index.is_id(c.system) and system(c.system)
            local gap = s and M.missing(s.keys, s.list, c)
            if gap then
              out[#out + 1] = path .. ":" .. n .. ": [" .. c.system .. " " .. gap
                .. "] has no summary in " .. rules_ini(c.system, base)
            end
          end
        end
      end
      f:close()
    end
  end
  return out
end

if arg and arg[0] and arg[0]:match("rules_cited%.lua$") then
  local problems = M.check()
  for _, line in ipairs(problems) do print(line) end
  os.exit(#problems == 0 and 0 or 1)
end

return M
