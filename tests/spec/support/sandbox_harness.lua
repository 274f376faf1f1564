--- A trusted module the sandbox specs load inside an engine-owned state (new_state's
-- `modules` option): it plays the runtime's part -- a store, a hook registry, a script API,
-- loading a mod, firing its hooks under `ask` -- and returns plain pictures of what happened,
-- which the specs compare on the host side.
local core = require "volley.core"
local sandbox = require "volley.sandbox"
local hooks = require "volley.hooks"
local ask = require "volley.ask"
local modifiers = require "volley.modifiers"

local H = {}

local CATALOGUE = {
  { name = "turn.start", kinds = { "observe" }, when = "a turn begins" },
  { name = "fire.drm", kinds = { "modify" }, when = "a fire roll's modifiers are gathered" },
  { name = "activation.roll", kinds = { "replace" }, when = "a command's activation roll" },
}

local store

local function the_store()
  if not store then
    store = assert(core.state.new{ schema = "charts/rough_and_ready/units.ini",
                                   oob = "tests/data/oob/rough_and_ready.ini" })
  end
  return store
end

-- A value of the vars as plain data: tables copied, ids and the rest as their text.
local function plain(v)
  if type(v) ~= "table" then return tostring(v) end
  local out = {}
  for k, x in pairs(v) do out[k] = plain(x) end
  return out
end

local function vars_picture(vars)
  local out = {}
  for _, k in ipairs(vars:keys()) do out[k] = plain(vars:get(k)) end
  return out
end

--- A plain picture of the store: every unit's location, facing, values and markers, and the
-- vars. Equal pictures: the store is unchanged.
function H.picture()
  local st = the_store()
  local out = { units = {}, vars = vars_picture(st:vars()) }
  for _, id in ipairs(st:units{}) do
    local where = { st:where(id) }
    local values = {}
    for k, v in pairs(st:values(id)) do values[k] = tostring(v) end
    out.units[id] = { where = where, facing = st:facing(id) or "none", values = values,
                      markers = st:markers(id) }
  end
  return out
end

-- The API a script gets: game.vars through set/get, placing a unit, hooks, ask. Each script
-- gets its own (its path is the source of everything it registers).
local function api_for(path, registry)
  local st = the_store()
  local vars = st:vars()
  return {
    set = function(k, v) vars[k] = v end,
    get = function(k) return vars[k] end,
    place = function(unit, hex) return st:place(unit, hex) end,
    on = function(point, fn, opts)
      local guarded = sandbox.guard({ point = point, source = path }, fn)
      if type(opts) == "table" and opts.kind == "modify" then
        registry:on(point, function(ctx, mods, ...)  -- the script gets a facade of the list
          return guarded(ctx, sandbox.facade(mods, { "add", "total" }), ...)
        end, opts)
      else
        registry:on(point, guarded, opts)
      end
    end,
    ask = function(side, request)
      return ask.ask(side, request)
    end,
    vars = vars,
    list = modifiers.new(path),
  }
end

local function fire(registry)
  registry:fire("turn.start", { turn = 1 })
  local list = modifiers.new("system")
  registry:modify("fire.drm", { range = 2 }, list)
  local rolled = registry:replace("activation.roll", { command = "garland" },
    function() return "rolled" end)
  return { mods = list:list(), rolled = rolled }
end

local function answer_first(_, request)
  return ask.legal(request)[1]
end

--- Loads `code` as the mod at `path` inside a transaction on the store, then fires its hooks
-- in a coroutine driven by ask.drive (answering with the first legal option). Then a benign
-- mod sets a var. Returns plain data: ok, the error object, the store before and after the
-- attempt, what the hooks gave, and the benign mod's result.
function H.attempt(code, path)
  path = path or "mods/evil.lua"
  local st = the_store()
  local before = H.picture()
  local registry = hooks.new(CATALOGUE)
  registry:set_source(path)
  local ok, result = sandbox.transaction(st, function()
    local loaded, err = sandbox.run(code, path, { api = api_for(path, registry) })
    if not loaded then error(err, 0) end
    st:vars().touched = 1                  -- a change the transaction must undo on failure
    return ask.drive(coroutine.create(function() return fire(registry) end), answer_first)
  end)
  local after = H.picture()
  local benign_registry = hooks.new(CATALOGUE)
  benign_registry:set_source("mods/benign.lua")
  local bok, benign = sandbox.transaction(st, function()
    local loaded, err, value = sandbox.run("volley.set('benign', 7) return volley.get('benign')",
      "mods/benign.lua", { api = api_for("mods/benign.lua", benign_registry) })
    if not loaded then error(err, 0) end
    local _, _, upper = sandbox.run("return ('ok'):upper()", "mods/benign.lua")
    return { value, upper, fire(benign_registry).rolled }
  end)
  return { ok = ok, err = not ok and result or nil, result = ok and result or nil,
           before = before, after = after,
           benign = bok and benign or sandbox.format(benign), armed = sandbox.armed() }
end

local function drop_env(ok, env_or_err, ...)
  if ok then return true, ... end
  return false, env_or_err
end

--- Runs code as a chunk and returns true and everything it returned, or false and its error
-- object.
function H.run(code, path)
  return drop_env(sandbox.run(code, path or "x.lua"))
end

--- Loads code as a chunk and calls it with the arguments (one call).
function H.eval(code, ...)
  local fn, err = sandbox.load(code, "eval.lua")
  if not fn then return false, err end
  return sandbox.call({ point = "eval", source = "eval.lua" }, fn, ...)
end

--- Yields something that is not an ask (for the host-driving specs).
function H.bad_yield()
  coroutine.yield("not", "an", "ask")
end

--- Returns a function (not plain data).
function H.give_function()
  return print or H.give_function
end

--- Two mods: `a` then `b`; then calls a's function `check` (a global of a) and returns it.
function H.two_mods(a, b)
  local ok, env_a = sandbox.run(a, "mods/a.lua", { api = { n = 1, t = { x = 1 } } })
  assert(ok, env_a)
  local okb, err = sandbox.run(b, "mods/b.lua", { api = { n = 1, t = { x = 1 } } })
  return { b_ok = okb, b_err = not okb and err or nil,
           a = { select(2, sandbox.call({ point = "check", source = "mods/a.lua" }, env_a.check)) } }
end

--- Calls a function a script returned without guarding it (a runtime bug the stray budget
-- catches): returns the pcall results.
function H.unguarded(code)
  local ok, _, fn = sandbox.run(code, "mods/stray.lua")
  assert(ok)
  local r = { pcall(fn) }
  return { r[1], sandbox.format(r[2]) }
end

--- A game's shape for the host-driving specs: fires turn.start (whose handlers may ask) in
-- the spawned coroutine and returns the modifiers of a fire roll.
function H.game(code, path)
  path = path or "mods/evil.lua"
  local registry = hooks.new(CATALOGUE)
  registry:set_source(path)
  local ok, err = sandbox.run(code, path, { api = api_for(path, registry) })
  if not ok then error(err, 0) end
  local r = fire(registry)
  return r.mods, sandbox.last()
end

--- Runs code, then calls the function it returned from trusted code, outside any call (as
-- the runtime would call a chunk a script's load gave it): pcall's results.
function H.call_later(code)
  local ok, _, fn = sandbox.run(code, "mods/later.lua")
  assert(ok)
  return pcall(fn)
end

--- Runs code and returns what sandbox.last() says of the call.
function H.run_last(code)
  sandbox.run(code, "x.lua")
  return sandbox.last()
end

--- string.find run by trusted code (outside any call), protected.
function H.trusted_find(s, p)
  return pcall(string.find, s, p)
end

--- Returns its arguments (plain data crossing both ways).
function H.echo(...)
  return ...
end

--- The digits at the start of s, through lpeg (loaded by the privileged require).
function H.lpeg_digits(s)
  local lpeg = require "lpeg"
  return lpeg.match(lpeg.C(lpeg.R("09") ^ 1), s)
end

--- Which of these names the trusted globals have, sorted.
function H.globals()
  local names = { "io", "os", "debug", "package", "load", "loadstring", "dofile", "loadfile",
                  "print", "require", "getfenv", "setfenv", "newproxy", "module", "jit",
                  "coroutine", "string", "table", "math", "collectgarbage", "setmetatable" }
  local out = {}
  for _, n in ipairs(names) do
    if rawget(_G, n) ~= nil then out[#out + 1] = n end
  end
  table.sort(out)
  return out, string.dump == nil, math.random == nil
end

--- Sets the budgets of later calls.
function H.limits(t)
  return sandbox.limits(t)
end

return H
