--- A trusted module sandbox_vm_spec loads inside an engine-owned state (new_state's
-- `modules` option): it plays the runtime's part for the attacks on the VM's edges -- a
-- sequence step whose replace handler may run its default inside a coroutine of its own while
-- the default fires another point, handlers of two scripts, a script's own coroutines handed
-- to the runtime -- and returns plain pictures of what happened.
local sandbox = require "volley.sandbox"
local hooks = require "volley.hooks"

local H = {}

local CATALOGUE = {
  { name = "sequence.step", kinds = { "observe", "replace" }, when = "a step of the sequence" },
  { name = "turn.start", kinds = { "observe" }, when = "a turn begins" },
  { name = "fire.drm", kinds = { "modify" }, when = "a fire roll's modifiers are gathered" },
}

-- The API each script gets: hooks credited to its path, and a shared table to pass things
-- between scripts through the runtime (as a context would).
local function api_for(path, registry, shared)
  return {
    on = function(point, fn, opts)
      registry:on(point, sandbox.guard({ point = point, source = path }, fn), opts)
    end,
    shared = shared,
  }
end

local function load_all(scripts, registry, shared)
  local envs = {}
  for _, s in ipairs(scripts) do
    registry:set_source(s.path)
    local ok, env = sandbox.run(s.code, s.path, { api = api_for(s.path, registry, shared) })
    if not ok then error(env, 0) end
    envs[s.path] = env
  end
  return envs
end

-- What a failed call or error leaves: one line.
local function describe(e)
  if e == nil then return nil end
  return sandbox.format(e)
end

--- The shape of a game's step, twice: the runner's step goes through `sequence.step`
-- (replace), and the step's own procedure fires `turn.start` and then `fire.drm`; the whole
-- turn runs in a trusted coroutine as the game's does. `scripts` is a list of
-- `{path =, code =}`. Then a benign script runs a loop of `benign` instructions (a fresh call
-- must have its whole budget), twice. Returns plain data: each turn's outcome, whether a
-- call is still armed, the benign script's outcome, and the scripts' telling globals.
function H.steps(scripts, benign)
  local registry = hooks.new(CATALOGUE)
  local shared = setmetatable({}, {})      -- (an API table with a metatable is not copied)
  local envs = load_all(scripts, registry, shared)
  local out = { turns = {} }
  for turn = 1, 2 do
    local co = coroutine.create(function()
      return registry:replace("sequence.step", { step = "start", turn = turn }, function()
        registry:fire("turn.start", { turn = turn })
        registry:modify("fire.drm", { turn = turn }, {})
        return "default ran"
      end)
    end)
    local ok, r = coroutine.resume(co)
    out.turns[turn] = { ok = ok, result = ok and tostring(r) or describe(r),
                        status = coroutine.status(co) }
  end
  out.armed = sandbox.armed()
  local loop = ("local n = 0 for i = 1, %d do n = n + i end return n"):format(benign or 1000)
  out.benign = "ok"
  for _ = 1, 2 do                          -- together, more than one call's budget
    local ok, err = sandbox.run(loop, "mods/benign.lua")
    if not ok then out.benign = describe(err) end
  end
  out.globals = {}
  for path, env in pairs(envs) do
    local g = {}
    for _, k in ipairs({ "seen", "status", "resumed", "yieldable", "later" }) do
      local v = rawget(env, k)
      if v ~= nil then g[k] = tostring(v) end
    end
    out.globals[path] = g
  end
  return out
end

--- Loads `code` as mods/co.lua, whose top level returns a coroutine it created, and has
-- trusted code resume it with the trusted globals' coroutine.resume: whether that was
-- refused, and the message.
function H.trusted_resume(code)
  local ok, _, co = sandbox.run(code, "mods/co.lua")
  assert(ok, "the script did not load")
  local rok, msg = pcall(coroutine.resume, co)
  return { ok = rok, msg = tostring(msg), status = coroutine.status(co) }
end

--- Runs `code` as a chunk (one call) and returns the outcome with the script's globals named
-- in `names` (what its handlers managed to set before they were stopped).
function H.run_globals(code, names)
  local fn, env = sandbox.load(code, "mods/evil.lua")
  if not fn then return { ok = false, err = describe(env) } end
  local ok, err = sandbox.call({ point = "load", source = "mods/evil.lua" }, fn)
  local g = {}
  for _, k in ipairs(names or {}) do
    local v = rawget(env, k)
    if v ~= nil then g[k] = tostring(v) end
  end
  return { ok = ok, err = not ok and err or nil, globals = g, armed = sandbox.armed(),
           last = sandbox.last() }
end

--- Sets the budgets of later calls.
function H.limits(t)
  return sandbox.limits(t)
end

return H
