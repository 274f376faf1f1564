--- A trusted module sandbox_det_spec loads inside an engine-owned state (new_state's
-- `modules` option): it plays the runtime's part for what scripts can reach that would differ
-- between processes or VMs, and for a failure one script's pcall would swallow -- a step whose
-- replace handler may run its default under pcall while the default fires a point, and a
-- system procedure behind the script API (`proc`, as `ctx.game.hit` is) -- and returns plain
-- pictures of what happened.
local sandbox = require "volley.sandbox"
local hooks = require "volley.hooks"

local H = {}

-- (on a main without them -- to see the spec fail there -- the plain equivalents)
local number_text = sandbox.number_text or tostring
local atomic = sandbox.atomic or function(fn, ...) return fn(...) end

local CATALOGUE = {
  { name = "sequence.step", kinds = { "observe", "replace" }, when = "a step of the sequence" },
  { name = "turn.start", kinds = { "observe" }, when = "a turn begins" },
  { name = "unit.hit", kinds = { "observe" }, when = "the procedure behind api.proc runs" },
}

-- A value as plain text, numbers as scripts write them (the same on both VMs).
local function text(v)
  if type(v) == "number" then return number_text(v) end
  if type(v) == "table" and sandbox.is_error(v) then return "error: " .. sandbox.format(v) end
  return tostring(v)
end

--- Runs `code` as mods/evil.lua (one call) and returns the outcome and the globals named in
-- `names`, as text.
function H.run(code, names)
  local fn, env = sandbox.load(code, "mods/evil.lua")
  if not fn then return { ok = false, err = sandbox.format(env), armed = sandbox.armed() } end
  local ok, err = sandbox.call({ point = "load", source = "mods/evil.lua" }, fn)
  local g = {}
  for _, k in ipairs(names or {}) do
    local v = rawget(env, k)
    if v ~= nil then g[k] = text(v) end
  end
  return { ok = ok, err = not ok and sandbox.format(err) or nil, globals = g,
           armed = sandbox.armed() }
end

--- Runs `code` as a chunk of its own and returns its first result as text (the spec compares
-- them across states, each with its own string hash seed on Lua 5.4).
function H.value(code)
  local ok, env, v = sandbox.run(code, "mods/evil.lua")
  if not ok then return "failed: " .. sandbox.format(env) end
  return text(v)
end

--- The shape of a game's step with a script API: the step goes through `sequence.step`
-- (replace), its procedure fires `turn.start` then appends "step done" to the log; the
-- scripts' `volley.proc(x)` is a system procedure behind the API -- its argument is checked
-- first (a refusal a script may catch), then, as one procedure (`sandbox.atomic`), it fires
-- `unit.hit`, fails when x is "bug", and logs x. Each step runs in a trusted coroutine as the
-- game's does, its outcome taken as a transaction would. Returns each step's outcome, the
-- log, whether a call is left armed, and the scripts' telling globals.
function H.steps(scripts, turns)
  local registry = hooks.new(CATALOGUE)
  local log = {}
  local envs = {}
  for _, s in ipairs(scripts) do
    registry:set_source(s.path)
    local api = {
      on = function(point, fn, opts)
        registry:on(point, sandbox.guard({ point = point, source = s.path }, fn), opts)
      end,
      proc = function(x)
        if type(x) ~= "string" then error("proc: x must be a string", 2) end
        return atomic(function()
          registry:fire("unit.hit", { x = x })
          if x == "bug" then error("systems/x.lua:7: the procedure broke", 0) end
          log[#log + 1] = "proc " .. x
          return "done " .. x
        end)
      end,
    }
    local ok, env = sandbox.run(s.code, s.path, { api = api })
    if not ok then error(sandbox.format(env), 0) end
    envs[s.path] = env
  end
  registry:set_source("system")
  local out = { turns = {} }
  for turn = 1, turns or 1 do
    local co = coroutine.create(function()
      return registry:replace("sequence.step", { step = "start", turn = turn }, function()
        registry:fire("turn.start", { turn = turn })
        log[#log + 1] = "step done"
        return "default ran"
      end)
    end)
    local ok, r = coroutine.resume(co)
    out.turns[turn] = ok and ("ok " .. text(r)) or ("failed " .. sandbox.format(r))
  end
  out.log = table.concat(log, "; ")
  out.armed = sandbox.armed()
  out.globals = {}
  for path, env in pairs(envs) do
    local g = {}
    for _, k in ipairs({ "caught", "after", "seen", "text" }) do
      local v = rawget(env, k)
      if v ~= nil then g[k] = text(v) end
    end
    out.globals[path] = g
  end
  return out
end

--- An error object and its text through tostring (the metatable error objects carry).
function H.error_text()
  local e = sandbox.error_object{ msg = "boom", file = "mods/b.lua", line = 3,
                                  point = "unit.eliminated", source = "mods/b.lua" }
  return { tostring = tostring(e), format = sandbox.format(e),
           bare = tostring(sandbox.error_object{ msg = "bare" }) }
end

--- Sets the budgets of later calls.
function H.limits(t)
  return sandbox.limits(t)
end

return H
