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

local M = {}

--- The points every system has, whatever it declares.
M.RUNTIME_POINTS = {
  { name = "sequence.step", kinds = { "observe", "replace" },
    when = "each step of the sequence of play; replace to skip it or add work around it",
    fields = { "step", "path" } },
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

--- The full catalogue of a system: the runtime's points and the system's own.
-- @tparam table sys a system table
-- @treturn table a list of point declarations
function M.catalogue(sys)
  local out = {}
  for _, p in ipairs(M.RUNTIME_POINTS) do out[#out + 1] = p end
  for _, p in ipairs(sys.points) do out[#out + 1] = p end
  return out
end

--- A fresh hook registry for a system, sources credited to "system" until the loader
-- changes them.
-- @tparam table sys
-- @treturn volley.hooks.Registry
function M.registry(sys)
  return hooks.new(M.catalogue(sys))
end

--- The text `volley hooks <id>` prints: one point a line (`<noun>.<event> <kinds> <when>`),
-- sorted by name; then each point's context fields.
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
  return table.concat(out, "\n") .. "\n"
end

return M
