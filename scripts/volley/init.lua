--- The volley rules runtime: hooks, the sequence-of-play runner, `ask`, modifiers, the
-- chart-result and placement grammars, the sandbox and the bots, built on the C module
-- `volley.core`. This is the runtime's entry point; its parts arrive with their issues
-- (see docs/ and ../shared/DESIGN.md Part A).
-- @module volley

local core = require "volley.core"
local compat = require "volley.compat"

local M = {}

--- The C module `volley.core` (hex, map, dice, state, ... as their issues add them).
M.core = core

--- The dialect facts of the VM running this runtime (see `volley.compat`).
M.compat = compat

--- volley's version, e.g. "0.1.0".
M.version = core.version

--- Creates an engine-owned Lua state, where a game's runtime and scripts run
-- (docs/build.md "Engine-owned Lua states").
-- @tparam[opt] table budgets `{mem = bytes, instr = VM instructions per call, call_mem =
--   bytes per call, time = ms per call, modules = {dir, ...}, cpath = string}`; 0 = none
-- @return a `volley.vm` userdata with `run`, `require`, `call`, `spawn`, `memory`, `gc`
--   and `close`
-- @raise on an unknown option key or a negative budget
function M.new_state(budgets)
  return core.new_state(budgets)
end

return M
