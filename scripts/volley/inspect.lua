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

local cli = require "volley.cli"

local function usage(cmd, msg)
  local _, status = cli.usage(cmd, msg)
  return status
end

-- The one operand of a subcommand read by volley.cli: the scenario, or nil and the exit
-- status (--help: 0).
local function target_of(cmd, f)
  if #f.args ~= 1 then return nil, usage(cmd, "give one scenario id or path") end
  if f.args[1] == "" then return nil, usage(cmd, "an empty scenario name") end
  if f.args[1]:sub(1, 1) == "-" then
    return nil, usage(cmd, "unknown option '" .. f.args[1] .. "'")
  end
  return f.args[1]
end

-- The scenario of `volley <cmd> <id|path>` (sources, options), or nil and the exit status.
local function scenario_arg(cmd, args)
  local f, status = cli.parse(cmd, args)
  if not f then return nil, status end
  return target_of(cmd, f)
end

-- A loader's message with a leading "map: " or "charts: " dropped when a file:line follows,
-- so every error reads "file:line: message".
local function plain(msg)
  msg = tostring(msg)
  return (msg:gsub("^[%a ]+: (%S+:%d+: )", "%1"))
end

--- The description of an option file: its first line when that is a Lua comment, without
-- the dashes (`-- Grass fires: ...` gives `Grass fires: ...`); nil when the file does not
-- open with a comment (or cannot be read). `whole`: the comment's whole first paragraph on
-- one line (its lines up to an empty comment line), for the prompt's `options`.
-- @tparam string path
-- @tparam[opt] boolean whole
-- @treturn ?string
function M.description(path, whole)
  local f = io.open(path, "r")
  if not f then return nil end
  local first = f:read("*l")
  local text = first and first:match("^%s*%-%-+%s*(.-)%s*$")
  if not text or text == "" or text:match("^%[=*%[") then
    f:close()
    return nil
  end
  if whole then
    -- the leading comment's first paragraph: up to a comment line with nothing on it, or
    -- the first line that is no comment
    local parts = { text }
    for line in f:lines() do
      local more = line:match("^%s*%-%-+%s*(.-)%s*$")
      if not more or more == "" or more:match("^luacheck:") then break end
      parts[#parts + 1] = more
    end
    text = table.concat(parts, " ")
  end
  f:close()
  return text
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

-- check's arguments: the scenario, then --mod FILE (repeated), --other-vm PATH and --json.
-- Returns target, mods, other, json, or nil and the exit status.
local function check_args(args)
  local f, status = cli.parse("check", args)
  if not f then return nil, status end
  if f.other_vm and #f.mod == 0 then return nil, usage("check", "--other-vm is for --mod") end
  local target
  target, status = target_of("check", f)
  if not target then return nil, status end
  return target, f.mod, f.other_vm, f.json
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
  local target, status = scenario_arg("sources", args)
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

--- `volley options <id|path>`. Returns the exit status.
function M.options_main(args)
  local target, status = scenario_arg("options", args)
  if not target then return status end
  local scenario = require "volley.scenario"
  local sc, err = scenario.read(target)
  if not sc then
    io.stderr:write("volley options: ", tostring(err), "\n")
    return 1
  end
  for _, o in ipairs(sc.options) do
    local path = sc.paths.options[o.name]
    local d = M.description(path, true)
    io.stdout:write(o.name, " ", M.short(path), d and (" -- " .. d) or "", "\n")
  end
  return 0
end

-- }====================================================================================

return M
