--- The sandbox of scenario and mod scripts (DESIGN.md principles 8 and 9; docs/modding.md).
--
-- A game's whole Lua world lives in one engine-owned state (`volley.core.new_state`): the
-- trusted runtime, loaded by the privileged `require` from scripts/, and the untrusted
-- chunks -- a battle's rules.lua, its options/*.lua, the mods -- which this module loads.
-- Each chunk gets an environment of its own, built from an allow-list (never a copy of the
-- runtime's globals), so one mod cannot clear another's globals; it is loaded as text with the
-- JIT off, under a name the script cannot choose ("=<path>"), which is how the count hook
-- tells script code from trusted code.
--
-- Every entry into untrusted code goes through `call`: the chunk's top-level run, each hook
-- call, validator, enumerator and bot callback (wrap them with `guard`), and every chunk the
-- sandboxed `load` returns. A call runs under an instruction budget and a memory budget
-- (growth of the state during the call); nested calls share the outer one; a call that asks
-- (yields) keeps its budget for when it goes on. Once over budget, a script is stopped again
-- at every instruction, so a `pcall` cannot swallow the error. A failed call returns an error
-- object `{msg, file, line, point, source, budget}` (plain data: it can cross to the host).
--
-- This module works only inside an engine-owned state: elsewhere its functions raise.
-- @module volley.sandbox

local core = require "volley.core"

local C = core.sandbox
local enter, leave, handler, armed = C.enter, C.leave, C.handler, C.armed

local M = {}

local calls = 0   -- calls into untrusted code made in this state so far (not game state)

--- How many calls into untrusted code (`call`, hence `guard` and the sandboxed `load`'s
-- chunks) this state has made: a script's own Lua state -- its locals, upvalues and globals --
-- can change only during one, so a session that sees the count unchanged knows no script
-- world was touched (volley.session: script worlds rebuilt when dirty, queries put back;
-- docs/runtime.md "Disposable script worlds").
-- @treturn integer
function M.calls()
  return calls
end

--- Runs `fn(...)` as one call into untrusted code.
-- @tparam table where `{point = "fire.drm", source = "mods/evil.lua"}`: the hook point (or
--   "load", "validate", "enumerate", "bot", ...) and who wrote the code (system, battle, or
--   a mod's path); `file` is used when no script frame can be found
-- @tparam function fn
-- @treturn[1] boolean true
-- @return[1] what fn returned
-- @treturn[2] boolean false
-- @treturn[2] table the error object `{msg, file, line, point, source, budget}`; `budget` is
--   "instructions", "memory" or "time" when a budget ended the call
function M.call(where, fn, ...)
  calls = calls + 1
  local level = enter(fn)
  return leave(where, level, xpcall(fn, handler, ...))
end

local function rethrow(ok, ...)
  if ok then return ... end
  error((...), 0)
end

local failable, fail = C.failable, C.fail

local function atomic_done(ok, ...)
  if ok then return ... end
  local e = (...)
  if failable() then fail(M.error_of(e)) end
  error(e, 0)
end

--- Runs `fn(...)`, trusted code a script called (a system procedure behind the script API,
-- such as `ctx.game.hit`, or the `default` a replace handler is given), so that its failure
-- fails the script's whole call: the script's `pcall` may catch the error but not go on, as
-- after a spent budget, and the call reports that first failure (docs/runtime.md "A failure
-- cannot be caught and carried on"). Check a call's arguments before it, where a script may
-- catch a refusal and go on. Outside a call it is a plain call.
-- @tparam function fn
-- @return what fn returns
-- @raise what fn raises
function M.atomic(fn, ...)
  return atomic_done(pcall(fn, ...))
end

--- A function that runs `fn` through `atomic` each time it is called.
-- @tparam function fn
-- @treturn function
function M.atomic_fn(fn)
  return function(...)
    return atomic_done(pcall(fn, ...))
  end
end

--- The text of a number as scripts' `tostring` gives it, the same on Lua 5.4 and LuaJIT:
-- every digit of a whole number ("5" for 10/2), 14 significant digits otherwise, "nan",
-- "inf", "-inf" (docs/modding.md "Determinism").
-- @function number_text
M.number_text = C.number_text

--- A function that runs `fn` through `call` each time it is called and raises the error
-- object when it fails. Use it for every function a script hands the runtime (hook
-- handlers, enumerators, validators, bots) before the runtime calls it.
-- @tparam table where as for `call`
-- @tparam function fn
-- @treturn function
function M.guard(where, fn)
  if type(fn) ~= "function" then
    error("bad argument #2 to 'guard' (function expected, got " .. type(fn) .. ")", 2)
  end
  return function(...)
    return rethrow(M.call(where, fn, ...))
  end
end

-- Copies a script's API table: plain tables (without a metatable) are copied, so a script
-- that changes its `volley` table changes only its own; functions and objects with a
-- metatable are shared (give each script its own objects when they hold state).
local function copy_api(t, depth)
  if depth > 16 then error("the script API is nested too deeply (a cycle?)", 3) end
  local out = {}
  for k, v in pairs(t) do
    if type(v) == "table" and getmetatable(v) == nil then v = copy_api(v, depth + 1) end
    out[k] = v
  end
  return out
end

-- Lua's short form of a chunk name "=<name>": at most 59 bytes (LUA_IDSIZE - 1).
local function short_name(name)
  return name:sub(1, 59)
end

-- The sandboxed load of the environment env, owned by the script at path.
local function make_load(env, path, source)
  local where = { point = "load", source = source }
  return function(chunk, _, mode, e)
    if type(chunk) ~= "string" then
      error("load: only text chunks (strings) can be loaded", 2)
    end
    if mode ~= nil and mode ~= "t" then
      error("load: mode must be \"t\" (binary chunks are not allowed)", 2)
    end
    if e ~= nil and type(e) ~= "table" then
      error("load: the environment must be a table", 2)
    end
    local fn, msg = C.load(chunk, path .. " (load)", e or env)
    if not fn then return nil, msg end
    return function(...)
      if armed() then return fn(...) end
      return rethrow(M.call(where, fn, ...))
    end
  end
end

--- A fresh environment for one chunk: the allow-list (docs/modding.md "Limits"), a
-- sandboxed `load` whose chunks get this same environment (or one the script gives), and
-- the script API as `volley`.
-- @tparam[opt] table opts `{path = "mods/evil.lua", source = "mods/evil.lua",
--   api = table | function(path) -> table}`
-- @treturn table
function M.env(opts)
  opts = opts or {}
  local path = opts.path or "(script)"
  local env = C.env()
  env.load = make_load(env, path, opts.source or path)
  local api = opts.api
  if type(api) == "function" then api = api(path) end
  if api ~= nil then
    if type(api) ~= "table" then error("the script API must be a table", 2) end
    env.volley = copy_api(api, 1)
  end
  return env
end

local function load_error(msg, path, source)
  local prefix = short_name(path) .. ":"
  local line, rest
  if msg:sub(1, #prefix) == prefix then
    line, rest = msg:sub(#prefix + 1):match("^(%d+): (.*)$")
  end
  return C.error_object{ msg = rest or msg, file = path, line = line and tonumber(line),
                         point = "load", source = source }
end

--- Loads a script's text.
-- @tparam string text Lua source (a binary chunk is refused)
-- @tparam string path the script's path: its chunk name in every message
-- @tparam[opt] table opts as for `env`, or `{env = table}` to load into a given environment
-- @treturn[1] function the chunk (run it with `call`)
-- @treturn[1] table its environment
-- @treturn[2] nil
-- @treturn[2] table the error object (point "load")
function M.load(text, path, opts)
  opts = opts or {}
  local source = opts.source or path
  local env = opts.env or M.env{ path = path, source = source, api = opts.api }
  local fn, msg = C.load(text, path, env)
  if not fn then return nil, load_error(msg, path, source) end
  return fn, env
end

--- Loads a script file (the runtime's way to read rules.lua, options and mods: scripts
-- themselves have no file access).
-- @tparam string path
-- @tparam[opt] table opts as for `load`
-- @return as `load`
function M.loadfile(path, opts)
  local text, err = M.read(path, opts and opts.source)
  if not text then return nil, err end
  return M.load(text, path, opts)
end

--- Reads a script file's text, as `loadfile` does (at most one chunk's size).
-- @tparam string path
-- @tparam[opt] string source who wrote it (system, battle, or the mod's path; default path)
-- @treturn[1] string the text
-- @treturn[2] nil
-- @treturn[2] table the error object (point "load")
function M.read(path, source)
  local text, msg = C.read(path)
  if not text then
    return nil, C.error_object{ msg = msg, file = path, point = "load", source = source or path }
  end
  return text
end

--- Loads a script and runs its top level as a call at point "load".
-- @tparam string text
-- @tparam string path
-- @tparam[opt] table opts as for `load`
-- @treturn[1] boolean true
-- @treturn[1] table the script's environment
-- @return[1] what the chunk returned
-- @treturn[2] boolean false
-- @treturn[2] table the error object
function M.run(text, path, opts)
  local fn, env = M.load(text, path, opts)
  if not fn then return false, env end
  return (function(ok, ...)
    if not ok then return false, ... end
    return true, env, ...
  end)(M.call({ point = "load", source = (opts and opts.source) or path }, fn))
end

--- Whether v is an error object made by `call` (a script cannot forge one).
-- @function is_error
M.is_error = C.is_error

--- Makes an error object for an error the runtime reports itself (an illegal change, a
-- refused answer): `{msg=, file=, line=, point=, source=, budget=}`.
-- @function error_object
M.error_object = C.error_object

--- The error object of any error value: error objects as they are; a string
-- "file:line: msg" split into its parts; anything else described.
-- @param e
-- @treturn table
function M.error_of(e)
  if C.is_error(e) then return e end
  if type(e) == "string" then
    local file, line, msg = e:match("^([^:\n]*):(%d+): (.*)$")
    if file then
      return C.error_object{ msg = msg, file = file, line = tonumber(line) }
    end
    return C.error_object{ msg = e }
  end
  return C.error_object{ msg = "(error object is a " .. type(e) .. " value)" }
end

--- One line for an error object: `file:line: msg (point, source)`.
-- @tparam table e
-- @treturn string
function M.format(e)
  e = M.error_of(e)
  local out = e.msg or "?"
  if e.file then out = e.file .. ":" .. (e.line and (e.line .. ":") or "") .. " " .. out end
  local ctx = {}
  if e.point then ctx[#ctx + 1] = e.point end
  if e.source then ctx[#ctx + 1] = e.source end
  if #ctx > 0 then out = out .. " (" .. table.concat(ctx, ", ") .. ")" end
  return out
end

local function finish(store, snap, ok, ...)
  if ok then
    snap:close()
    return true, ...
  end
  store:restore(snap)
  snap:close()
  return false, M.error_of((...))
end

--- Runs `fn(...)` as a transaction on a state store (DESIGN.md principle 8): on any error the
-- store is restored exactly as it was. fn may ask (yield).
-- @param store a `volley.core.state` store
-- @tparam function fn
-- @treturn[1] boolean true
-- @return[1] what fn returned
-- @treturn[2] boolean false
-- @treturn[2] table the error object
function M.transaction(store, fn, ...)
  local snap = store:copy()
  return finish(store, snap, pcall(fn, ...))
end

--- A table of bound methods of `obj`: what a script gets instead of a runtime object, so it
-- can call the methods but not reach or change the object's fields (`mods.source`, ...).
-- @param obj
-- @tparam {string,...} methods
-- @treturn table
function M.facade(obj, methods)
  local out = {}
  for _, name in ipairs(methods) do
    local method = obj[name]
    if type(method) ~= "function" then
      error("facade: '" .. tostring(name) .. "' is not a method", 2)
    end
    out[name] = function(_, ...) return method(obj, ...) end
  end
  return out
end

--- Sets the budgets of later calls and returns the previous ones:
-- `{instr = instructions, mem = bytes of growth, time = milliseconds}` (0 = none).
-- @function limits
M.limits = C.limits

--- `{instr=, mem=}` used by the last call that ended.
-- @function last
M.last = C.last

--- Whether a call is running.
-- @function armed
M.armed = C.armed

--- Whether the running coroutine is one a script created (the runtime refuses `ask` there).
-- @function in_script_coroutine
M.in_script_coroutine = C.in_script_coroutine

--- coroutine.resume for trusted drivers: a coroutine that yields inside a call takes the
-- call with it (the same as the trusted globals' coroutine.resume).
-- @function resume
M.resume = C.resume

return M
