--- `volley check`, `volley sources` and `volley options`: what a scenario is made of, without
-- playing it (DESIGN.md Part B "The command line"; docs/shell.md).
--
-- The program calls `check_main(args)`, `sources_main(args)` or `options_main(args)` with
-- the arguments after the subcommand and exits with what they return (0, 1, or 2 for
-- usage). `check` loads the game in an engine-owned state as `volley play` does
-- (`check_in_state` runs there); `sources` and `options` only read data files and run no
-- script, so they work in the program's own state.
-- @module volley.inspect

local M = {}

local function usage(cmd, msg)
  io.stderr:write("volley ", cmd, ": ", msg, "\nusage: volley ", cmd, " <id|path>",
    cmd == "check" and " [--mod FILE]... [--other-vm PATH] [--json]" or "", "\n")
  return 2
end

-- The one argument of a subcommand: the scenario, or nil and the exit status (--help: 0).
local function target_of(cmd, args, help)
  if #args == 1 and (args[1] == "--help" or args[1] == "-h") then
    io.stdout:write(help)
    return nil, 0
  end
  if #args ~= 1 then return nil, usage(cmd, "give one scenario id or path") end
  if args[1] == "" then return nil, usage(cmd, "an empty scenario name") end
  if args[1]:sub(1, 1) == "-" then return nil, usage(cmd, "unknown option '" .. args[1] .. "'") end
  return args[1]
end

-- A loader's message with a leading "map: " or "charts: " dropped when a file:line follows,
-- so every error reads "file:line: message".
local function plain(msg)
  msg = tostring(msg)
  return (msg:gsub("^[%a ]+: (%S+:%d+: )", "%1"))
end

--- The description of an option file: its first line when that is a Lua comment, without
-- the dashes (`-- Grass fires: ...` gives `Grass fires: ...`); nil when the file does not
-- open with a comment (or cannot be read).
-- @tparam string path
-- @treturn ?string
function M.description(path)
  local f = io.open(path, "r")
  if not f then return nil end
  local first = f:read("*l")
  f:close()
  local text = first and first:match("^%s*%-%-+%s*(.-)%s*$")
  if text and text ~= "" and not text:match("^%[=*%[") then return text end
  return nil
end

-- {====================================================================================
-- volley check
-- =====================================================================================

--- Checks a scenario inside an engine-owned state (call it there with `state:call`): reads
-- it, opens the game with every option (map, order of battle, movement tables, sides,
-- parameters, the set-up plan), checks the chart tables, loads the battle's rules.lua and
-- each option's script into the sandbox, places the set-up at its defaults, and counts the
-- provisional values.
-- @tparam string target an id or a path
-- @tparam[opt] {string,...} mods `--mod` files, loaded after the options as `volley play`
--   loads them (each credited to its path); an unknown hook point is named with the nearest
--   known ones (volley.modcheck)
-- @treturn table `{errors = {"file:line: message", ...}, warnings = {...}, provisional = n,
--   options = {{name =, path =}, ...}}` (the host reads the options' files for their
--   descriptions: the state has no io)
function M.check_in_state(target, mods)
  local scenario = require "volley.scenario"
  local game_mod = require "volley.game"
  local session = require "volley.session"
  local errors, warnings = {}, {}
  local result = { errors = errors, warnings = warnings, provisional = 0, options = {} }
  local sc, err = scenario.read(target)
  if not sc then
    errors[1] = plain(err)
    return result
  end
  local all = {}
  for _, o in ipairs(sc.options) do all[#all + 1] = o.name end
  local ok, g = pcall(game_mod.open, target, { seed = 1, options = all })
  if not ok then
    errors[1] = plain(g)
    return result
  end
  ok, err = pcall(g.charts, g)
  if not ok then errors[#errors + 1] = plain(err) end
  -- the game's shared modules (volley.shared): each listed one read and compiled, so a module
  -- no script of this battle requires yet is checked too
  local sandbox = require "volley.sandbox"
  local modules, why = require("volley.shared").files(g)
  for _, m in ipairs(modules or {}) do
    local text, e = sandbox.read(m.file, "battle")
    if text then text, e = sandbox.load(text, m.file, { source = "battle" }) end
    if not text then errors[#errors + 1] = plain(sandbox.format(e)) end
  end
  if not modules then errors[#errors + 1] = plain(why) end
  for _, r in ipairs(g.scenario.paths.rules_list or { g.scenario.paths.rules }) do
    ok, err = pcall(session.load_script, g, r, "battle")
    if not ok and plain(err) ~= errors[#errors] then errors[#errors + 1] = plain(err) end
  end
  for _, o in ipairs(g.options or {}) do
    ok, err = pcall(session.load_script, g, o.path, "battle")
    if not ok and plain(err) ~= errors[#errors] then errors[#errors + 1] = plain(err) end
    result.options[#result.options + 1] = { name = o.name, path = o.path }
  end
  for _, path in ipairs(mods or {}) do
    ok, err = pcall(session.load_script, g, path, path)
    if not ok then
      errors[#errors + 1] = require("volley.modcheck").explain(plain(err), g.scenario.system)
    end
  end
  ok, err = pcall(g.setup_defaults, g)
  if not ok then errors[#errors + 1] = plain(err) end
  if sc.max_decisions == nil then
    local at = sc.at.title or sc.at.system
    warnings[#warnings + 1] = at.file .. ":" .. at.line .. ": [scenario] has no max_decisions: "
      .. "bot games are capped at the engine's 10000 decisions"
  end
  result.provisional = #scenario.provisional{ sc = g.scenario, map = g.map, store = g.store,
                                              move = g.move }
  return result
end

local function plural(n, word)
  return n .. " " .. word .. "s"
end

--- The summary line of `volley check`, always plural:
-- `N errors, M warnings, P provisional values`.
function M.summary(n, m, p)
  return plural(n, "error") .. ", " .. plural(m, "warning") .. ", "
    .. plural(p, "provisional value")
end

M.CHECK_HELP = [[
usage: volley check <id|path> [--mod FILE]... [--other-vm PATH] [--json]

Validates a scenario's data and scripts as `volley play` loads them: scenario.ini, the map,
the order of battle, the movement and chart tables, the parameters, the set-up, the battle's
rules.lua and every option's script (in the sandbox). Prints each error as
`file:line: message` and each warning as `file:line: warning: message`, then the summary
  N errors, M warnings, P provisional values
--mod FILE (again for more): the mods loaded after them, as volley play --mod loads them (an
unknown hook point named with the nearest known ones); then, when they load, the determinism
check: a game of at most 300 decisions with random bots (seed 1) played with the mods,
replayed from its journal here and by the other VM's program (--other-vm PATH, else
build-luajit/volley or build/volley beside this program's folder), every answer's state
hash compared (`diverged at answer N: ...` is an error).
--json: the same as one line of JSON, {"event":"check","v":1,...} (docs/shell.md).
Exit status: 0 no errors, 1 errors, 2 usage (docs/shell.md).
]]

-- check's arguments: the scenario, then --mod FILE (repeated), --other-vm PATH and --json.
-- Returns target, mods, other, json, or nil and the exit status.
local function check_args(args)
  local rest, mods, other, json = {}, {}, nil, false
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--json" then
      if json then return nil, usage("check", "--json given twice") end
      json = true
      i = i + 1
    elseif a == "--mod" or a == "--other-vm" then
      local v = args[i + 1]
      if v == nil or v == "" then return nil, usage("check", a .. " needs a file") end
      if a == "--mod" then
        mods[#mods + 1] = v
      elseif other then
        return nil, usage("check", "--other-vm given twice")
      else
        other = v
      end
      i = i + 2
    else
      rest[#rest + 1] = a
      i = i + 1
    end
  end
  if other and #mods == 0 then return nil, usage("check", "--other-vm is for --mod") end
  local target, status = target_of("check", rest, M.CHECK_HELP)
  if not target then return nil, status end
  return target, mods, other, json
end

-- A message as check's JSON gives it: `{file =, line =, message =}` for "file:line: message",
-- else `{message =}`.
local function located(text)
  local file, line, msg = text:match("^(%S-):(%d+): (.*)$")
  if file then return { file = file, line = tonumber(line), message = msg } end
  return { message = text }
end

-- check's result as one JSON line (docs/shell.md "volley check").
local function check_json(target, r, lines, mod_errors)
  local json = require "volley.json"
  local errors, warnings = {}, {}
  for _, e in ipairs(r.errors) do errors[#errors + 1] = located(e) end
  for _, e in ipairs(mod_errors) do errors[#errors + 1] = located(e) end
  for _, w in ipairs(r.warnings) do warnings[#warnings + 1] = located(w) end
  io.stdout:write(json.encode{ event = "check", v = json.V, scenario = target,
    errors = errors, warnings = warnings, provisional = r.provisional,
    determinism = lines, ok = #errors == 0 }, "\n")
  return #errors > 0 and 1 or 0
end

--- `volley check <id|path> [--mod FILE]... [--other-vm PATH]`. Returns the exit status.
-- @tparam {string,...} args
-- @tparam[opt] table env `{program = this program's path}` (the other VM's is looked for
--   beside it)
function M.check_main(args, env)
  local target, mods, other, json = check_args(args)
  if not target then return mods end
  local core = require "volley.core"
  local st = core.new_state{}
  local ok, r = st:require("volley.inspect")
  if ok then ok, r = st:call("volley.inspect", "check_in_state", target, mods) end
  st:close()
  if not ok then
    r = { errors = { plain(type(r) == "table" and (r.msg or "?") or r) }, warnings = {},
          provisional = 0 }
  end
  for _, o in ipairs(r.options or {}) do
    if not M.description(o.path) then
      r.warnings[#r.warnings + 1] = o.path .. ":1: option " .. o.name .. " has no description "
        .. "(its first line, a comment, says what it does; volley options prints it)"
    end
  end
  local lines, errors, mod_errors = {}, 0, {}
  if #mods > 0 and #r.errors == 0 then
    local d = require("volley.modcheck").determinism(target, mods,
      { other = other, program = env and env.program })
    for _, w in ipairs(d.warnings) do r.warnings[#r.warnings + 1] = w end
    lines = d.lines   -- what it did and its errors, in order, after the others
    errors = #d.errors
    mod_errors = d.errors
  end
  if json then return check_json(target, r, lines, mod_errors) end
  for _, e in ipairs(r.errors) do io.stdout:write(e, "\n") end
  for _, l in ipairs(lines) do io.stdout:write(l, "\n") end
  for _, w in ipairs(r.warnings) do
    io.stdout:write((w:gsub("^(%S+:%d+: )", "%1warning: ")), "\n")
  end
  errors = errors + #r.errors
  io.stdout:write(M.summary(errors, #r.warnings, r.provisional), "\n")
  return errors > 0 and 1 or 0
end

-- }====================================================================================

-- {====================================================================================
-- volley sources, volley options
-- =====================================================================================

M.SOURCES_HELP = [[
usage: volley sources <id|path>

One line per value the scenario's data marks provisional (estimated or designed, not given
by the rulebooks), sorted by file, line and key:
  provisional <layer> <file>:<line> <key> = <value> -- <reason>
layer is system or scenario (docs/shell.md). Exit status: 0, 1 when the scenario's data
does not load, 2 usage.
]]

--- A file's name under the data root that holds it (`charts/demo/fire.ini`), so what is
-- printed does not depend on where volley is installed; other paths as they are.
-- @tparam string path
-- @treturn string
function M.short(path)
  local core = require "volley.core"
  for _, root in ipairs(core.data_path()) do
    local prefix = root:gsub("/+$", "") .. "/"
    if path:sub(1, #prefix) == prefix then return path:sub(#prefix + 1) end
  end
  return path
end

--- The line of one provisional record.
-- @tparam table p `{layer =, file =, line =, key =, value =, reason =}`
-- @treturn string `provisional <layer> <file>:<line> <key> = <value> -- <reason>`
function M.source_line(p)
  return "provisional " .. p.layer .. " " .. M.short(tostring(p.file)) .. ":"
    .. tostring(p.line) .. " "
    .. p.key .. " = " .. p.value .. " -- " .. p.reason
end

--- `volley sources <id|path>`. Returns the exit status.
function M.sources_main(args)
  local target, status = target_of("sources", args, M.SOURCES_HELP)
  if not target then return status end
  local scenario = require "volley.scenario"
  local sc, err = scenario.read(target)
  local parts
  if sc then parts, err = scenario.load_data(sc) end
  if not parts then
    io.stderr:write("volley sources: ", tostring(err), "\n")
    return 1
  end
  for _, p in ipairs(scenario.provisional(parts)) do io.stdout:write(M.source_line(p), "\n") end
  parts.move:close()
  parts.store:close()
  parts.map:close()
  return 0
end

M.OPTIONS_HELP = [[
usage: volley options <id|path>

The scenario's options (its [options] section), one a line in the order given there:
  <name> <file> -- <description>
the description being the first line of the option's Lua file when it is a comment
(without one, the line ends after the file). Play with one: volley play <id> --option NAME.
Exit status: 0, 1 when the scenario does not load, 2 usage (docs/shell.md).
]]

--- `volley options <id|path>`. Returns the exit status.
function M.options_main(args)
  local target, status = target_of("options", args, M.OPTIONS_HELP)
  if not target then return status end
  local scenario = require "volley.scenario"
  local sc, err = scenario.read(target)
  if not sc then
    io.stderr:write("volley options: ", tostring(err), "\n")
    return 1
  end
  for _, o in ipairs(sc.options) do
    local path = sc.paths.options[o.name]
    local d = M.description(path)
    io.stdout:write(o.name, " ", M.short(path), d and (" -- " .. d) or "", "\n")
  end
  return 0
end

-- }====================================================================================

return M
