--- What the sandbox specs share on the host's side: an engine-owned state under small per-call
-- limits, and calls into a harness module that runs inside it (tests/spec/support/*_harness).
-- @module support.sandbox_host

local core = require "volley.core"
local unpack = require("volley.compat").unpack

local M = {}

--- The call memory of every sandbox spec's state: 4 MiB.
M.CALL_MEM = 4 * 1024 * 1024

--- The message of a memory overrun at that limit.
M.MEM_MSG = "memory budget exceeded (4194304 bytes)"

--- A host for a harness module: `{INSTR, INSTR_MSG, new_state(extra), call(st, fn, ...)}`.
-- @tparam string harness the module's name (in tests/spec/support)
-- @tparam integer instr the instruction budget of a call
-- @treturn table
function M.new(harness, instr)
  local h = { INSTR = instr,
              INSTR_MSG = "instruction budget exceeded (" .. instr .. " instructions)" }
  --- An engine-owned state with the budgets, and `extra`'s options over them.
  function h.new_state(extra)
    local opts = { instr = instr, call_mem = M.CALL_MEM, time = 20000,
                   modules = { "tests/spec/support" } }
    for k, v in pairs(extra or {}) do opts[k] = v end
    return core.new_state(opts)
  end
  --- harness[fn](...) in st; raises what it raised, returns what it returned.
  function h.call(st, fn, ...)
    local r = { st:call(harness, fn, ...) }
    assert(r[1], type(r[2]) == "table" and tostring(r[2].msg) or tostring(r[2]))
    return unpack(r, 2)
  end
  return h
end

return M
