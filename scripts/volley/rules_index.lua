--- `rules <case>` at the prompt: the project's one-line summary of a rule case and where it
-- is implemented (docs/shell.md "The prompt").
--
-- The summaries are data: `scripts/systems/<id>/rules.ini`, one `[rules]` section, a key per
-- case (`4.2 = ...`, battle cases `PA 5.16 = ...`). Where a case is implemented is found, not
-- written down: every `[<id> <case>]` citation in `scripts/systems/<id>/**.lua` on the data
-- path, as `file:line`, the way `grep -rn '\[demo 4.2\]' scripts/systems/demo` finds them.
-- Runs in the program's host state (it reads files).
-- @module volley.rules_index

local core = require "volley.core"

local M = {}

-- The Lua files of a folder (relative to the first data root that has it), recursively, in
-- bytewise order of their paths.
local function lua_files(rel)
  local out = {}
  local function walk(dir, shown)
    local entries = core.scenario.list_dir(dir) or {}
    local names = {}
    for _, e in ipairs(entries) do names[#names + 1] = e end
    table.sort(names, function(a, b) return a.name < b.name end)
    for _, e in ipairs(names) do
      if e.kind == "dir" then
        walk(dir .. "/" .. e.name, shown .. "/" .. e.name)
      elseif e.name:match("%.lua$") then
        out[#out + 1] = { file = dir .. "/" .. e.name, shown = shown .. "/" .. e.name }
      end
    end
  end
  for _, root in ipairs(core.data_path()) do
    local dir = root:gsub("/+$", "") .. "/" .. rel
    if core.scenario.list_dir(dir) then
      walk(dir, rel)
      return out
    end
  end
  return out
end

--- The summaries of a system: case -> line.
-- @tparam string system
-- @treturn table
function M.summaries(system)
  local out = {}
  local path = core.find("scripts/systems/" .. system .. "/rules.ini")
  local f = path and io.open(path, "r")
  if not f then return out end
  for line in f:lines() do
    local k, v = line:match("^([^;=%[][^=]-)%s*=%s*(.-)%s*$")
    if k then out[k] = v end
  end
  f:close()
  return out
end

--- Where the case is cited in the system's scripts.
-- @treturn {string,...} "scripts/systems/demo/movement.lua:88"
function M.citations(system, case)
  local tag = "[" .. system .. " " .. case .. "]"
  local out = {}
  for _, e in ipairs(lua_files("scripts/systems/" .. system)) do
    local f = io.open(e.file, "r")
    if f then
      local n = 0
      for line in f:lines() do
        n = n + 1
        if line:find(tag, 1, true) then out[#out + 1] = e.shown .. ":" .. n end
      end
      f:close()
    end
  end
  return out
end

--- `rules <case>` or `rules <system> <case>`.
-- @tparam string system the game's system
-- @tparam {string,...} args the words after `rules`
-- @treturn ?{string,...} the lines
-- @treturn ?string why not
function M.lookup(system, args)
  local case = args[1]
  if #args == 2 then
    if args[1] ~= system then case = args[1] .. " " .. args[2] else case = args[2] end
  end
  local summary = M.summaries(system)[case]
  local cited = M.citations(system, case)
  if not summary and #cited == 0 then
    return nil, "no case [" .. system .. " " .. case .. "] in the summaries (scripts/systems/"
      .. system .. "/rules.ini) or the scripts"
  end
  local out = { "[" .. system .. " " .. case .. "] " .. (summary or "(no summary yet)") }
  out[#out + 1] = #cited > 0 and ("implemented at " .. table.concat(cited, " "))
    or "cited in no script"
  return out
end

return M
