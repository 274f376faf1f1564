--- Rule systems: finding a system's module and building its hook registry.
--
-- A system lives in scripts/systems/<id>/ and its init.lua returns a table:
--
-- * `id` (string, `[a-z0-9_]+`) and `title`;
-- * `points`: the catalogue of its hook points (see `volley.hooks.new`), each
--   `{name = "<noun>.<event>", kinds = {...}, when = "...", fields = {...}}`;
-- * `sequence`: `function(game) -> node`, its sequence of play (see `volley.runner`);
-- * `los` (optional): `function(game, from, to) -> clear, why`, the line of sight its rules
--   see between two hexes (the units in the way as they count them), `why` as
--   `volley.core.los`'s `check` gives it; the prompt's `los` in a game asks it on the store
--   the viewer sees (volley.queries.los). Without it, `los` is the terrain's line.
--
-- The runtime adds its own points to every system's catalogue (`RUNTIME_POINTS`).
-- @module volley.systems

local hooks = require "volley.hooks"
local shared = require "volley.points"

local M = {}

--- The points every system has, whatever it declares.
M.RUNTIME_POINTS = {
  { name = "sequence.step", kinds = { "observe", "replace" },
    when = "each step of the sequence of play; replace to skip it or add work around it",
    fields = { { "step", "string", "the step's name (\"movement\")" },
               { "path", "string", "where it is in the sequence (\"turn 2/phase 1/movement\")" } },
    actions = "all" },
  -- the shared point before the set-up (volley.points), fired by `Game:ask_setup`
  shared.declare("setup.start"),
}

local function check_id(id)
  if type(id) ~= "string" or not id:match("^[a-z0-9_]+$") then
    error("bad system id " .. (type(id) == "string" and ("'" .. id .. "'") or type(id))
      .. " (expected [a-z0-9_]+)", 3)
  end
end

--- Loads a system's definition.
-- @tparam string id the system id ("rough_and_ready", "demo")
-- @treturn table the system table
-- @raise if the id is malformed, the module is missing, or its table lacks id, points or
--   sequence, or names another id
function M.load(id)
  check_id(id)
  if not require("volley.core").find("scripts/systems/" .. id .. "/init.lua") then
    error("unknown system '" .. id .. "' (no scripts/systems/" .. id
      .. "/init.lua on the data path)", 0)
  end
  local ok, sys = pcall(require, "systems." .. id)
  if not ok then
    error("cannot load system '" .. id .. "': " .. tostring(sys), 2)
  end
  if type(sys) ~= "table" or sys.id ~= id then
    error("system '" .. id .. "': scripts/systems/" .. id
      .. "/init.lua must return a table whose id is '" .. id .. "'", 2)
  end
  if type(sys.points) ~= "table" or type(sys.sequence) ~= "function" then
    error("system '" .. id .. "': its table needs points (a list) and sequence (a function)", 2)
  end
  return sys
end

--- The full catalogue of a system: the runtime's points and the system's own, each of the
-- shared points it declares checked against the shared vocabulary (volley.points).
-- @tparam table sys a system table
-- @treturn table a list of point declarations
-- @raise when a shared point lacks a shared field, kind or action
function M.catalogue(sys)
  local out = {}
  for _, p in ipairs(M.RUNTIME_POINTS) do out[#out + 1] = p end
  for _, p in ipairs(sys.points) do
    if type(p) == "table" then shared.check(sys.id, p) end
    out[#out + 1] = p
  end
  return out
end

--- A fresh hook registry for a system, sources credited to "system" until the loader
-- changes them.
-- @tparam table sys
-- @treturn volley.hooks.Registry
function M.registry(sys)
  local cat = M.catalogue(sys)
  return hooks.new(cat, { system = sys.id, not_fired = shared.not_fired(cat) })
end

--- What `volley hooks <id> --json` gives, and the text's last part: the system's points in
-- name order, each with its kinds, when, the actions a script's handler may take there
-- (volley.script_api: "all" spelled out; `log` and the reads are everywhere) and every context
-- field typed and described, `game` (ctx.game) last.
-- @tparam string id
-- @treturn table `{system =, title =, api_version =, points = {{name =, kinds =, when =,
--   actions =, fields = {{name =, type =, meaning =}, ...}, shared =}, ...}, not_fired =}`:
--   `shared` whether the point is one of the shared vocabulary (volley.points), `not_fired`
--   the shared points the system does not fire, sorted
function M.describe(id)
  local sys = M.load(id)
  local reg = M.registry(sys)
  local script_api = require "volley.script_api"
  local own = sys.script_api and require(sys.script_api) or {}
  local every = {}
  for _, a in ipairs(script_api.ACTIONS) do every[#every + 1] = a end
  local extra = {}
  for a in pairs(own.actions or {}) do extra[#extra + 1] = a end
  table.sort(extra)
  for _, a in ipairs(extra) do every[#every + 1] = a end
  local points = {}
  for _, name in ipairs(reg:point_names()) do
    local pt = reg.points[name]
    local kinds = {}
    for _, k in ipairs({ "observe", "modify", "replace" }) do
      if pt.kinds[k] then kinds[#kinds + 1] = k end
    end
    local actions = {}
    for _, a in ipairs(pt.actions == "all" and every or pt.actions or {}) do
      actions[#actions + 1] = a
    end
    table.sort(actions)
    local fields, has_game = {}, false
    for _, f in ipairs(pt.field_info) do
      fields[#fields + 1] = { name = f.name, type = f.type, meaning = f.meaning }
      has_game = has_game or f.name == "game"
    end
    if not has_game then
      fields[#fields + 1] = { name = "game", type = "game",
                              meaning = "the read-only game (ctx.game, volley.script_api)" }
    end
    points[#points + 1] = { name = name, kinds = kinds, when = pt.when, actions = actions,
                            fields = fields, shared = shared.shared(name) ~= nil }
  end
  local not_fired = {}
  for name in pairs(reg.not_fired) do not_fired[#not_fired + 1] = name end
  table.sort(not_fired)
  return { system = sys.id, title = sys.title, api_version = script_api.VERSION,
           points = points, not_fired = not_fired }
end

--- The text `volley hooks <id>` prints: one point a line (`<noun>.<event> <kinds> <when>`),
-- sorted by name; then each point's context fields; then the shared points (volley.points),
-- each said fired or "not fired by this system"; then each point's context typed and
-- described with what a handler may do there (`describe`).
-- @tparam string id
-- @treturn string
function M.catalogue_text(id)
  local sys = M.load(id)
  local reg = M.registry(sys)
  local out = { reg:catalogue() .. "\ncontext fields:" }
  for _, name in ipairs(reg:point_names()) do
    local fields = reg.points[name].fields
    out[#out + 1] = "  " .. name .. ": " .. (#fields > 0 and table.concat(fields, ", ") or "-")
  end
  out[#out + 1] = "\nshared points (the same name and context in every system: docs/runtime.md "
    .. "\"Hook points\"):"
  for _, sp in ipairs(shared.SHARED) do
    out[#out + 1] = string.format("  %-20s %s", sp.name,
      reg.not_fired[sp.name] and "not fired by this system" or "fired")
  end
  local d = M.describe(id)
  out[#out + 1] = "\ncontexts (script API version " .. d.api_version .. "; every handler "
    .. "reads the game through ctx.game and may log; it may also do what `may` lists):"
  for _, pt in ipairs(d.points) do
    out[#out + 1] = pt.name .. " (" .. table.concat(pt.kinds, ",") .. ")"
    out[#out + 1] = "  may: " .. (#pt.actions > 0 and table.concat(pt.actions, ", ")
      or "read only")
    for _, f in ipairs(pt.fields) do
      out[#out + 1] = string.format("  %-12s %-9s %s", f.name, f.type, f.meaning)
    end
  end
  return table.concat(out, "\n") .. "\n"
end

--- `volley hooks <system-id> [--json]` (shell/cmd_hooks.c checks the id and calls this):
-- the text, or one JSON object (`volley.json`) of `describe`. Returns the exit status.
-- @tparam string id
-- @tparam boolean json
-- @treturn integer
function M.hooks_main(id, json)
  if json then
    local d = M.describe(id)
    d.event, d.v = "hooks", require("volley.json").V
    io.stdout:write(require("volley.json").encode(d), "\n")
  else
    io.stdout:write(M.catalogue_text(id))
  end
  return 0
end

return M
