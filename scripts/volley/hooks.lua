--- The hook registry: rule procedures fire named sequence-of-play points, and the system,
-- the battle and mods register handlers on them (DESIGN.md principle 6 and Part B "Hooks,
-- requests and modifiers").
--
-- A registry is made from a system's catalogue of points. Each point is named
-- `<noun>.<event>` and says which kinds of handler it accepts:
--
-- * `observe` handlers see the context and change nothing the rule reads back;
-- * `modify` handlers add modifiers to the list the rule passes (`mods:add(v, label, rule)`)
--   or change the context fields the point documents;
-- * a `replace` handler does the step instead of the rule's own procedure.
--
-- Order is deterministic: lower priority first, ties in registration order (system, then
-- battle, then mods in command-line order). Among replace handlers the highest priority
-- wins; a tie goes to the last registered. Dispatch is plain Lua, so a handler may `ask`
-- (which yields): C never calls a handler.
-- @module volley.hooks

local modifiers = require "volley.modifiers"
local sandbox = require "volley.sandbox"

local M = {}

--- The largest handler priority either way (docs/modding.md "Hooks"): room for any order a
-- rule or mod needs, and no infinities.
M.MAX_PRIORITY = 1000000

local KINDS = { observe = true, modify = true, replace = true }
local KIND_ORDER = { "observe", "modify", "replace" }

local Registry = {}
Registry.__index = Registry

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

local function check_point_name(name)
  if type(name) ~= "string" or not name:match("^[a-z][a-z_]*%.[a-z][a-z_]*$") then
    error(string.format("bad hook point name %s (expected '<noun>.<event>')",
      type(name) == "string" and ("'" .. name .. "'") or type(name)), 3)
  end
end

--- A context field's declaration as `{name =, type =, meaning =}`: a catalogue gives a field
-- as `{name, type, meaning}` (the typed form every system's catalogue uses) or as a bare
-- name (type "any", no meaning).
-- @treturn ?table nil for a malformed declaration
function M.field(fd)
  if type(fd) == "string" then return { name = fd, type = "any", meaning = "" } end
  if type(fd) ~= "table" then return nil end
  local name, ty, meaning = fd[1] or fd.name, fd[2] or fd.type, fd[3] or fd.meaning
  if type(name) ~= "string" or type(ty) ~= "string" or type(meaning) ~= "string" then
    return nil
  end
  return { name = name, type = ty, meaning = meaning }
end

--- Makes a registry from a catalogue of points.
-- @tparam table catalogue a list of point declarations, each
--   `{name = "<noun>.<event>", kinds = {"observe", "modify", ...}, when = "text",
--   fields = {{"unit", "unit", "the unit moving"}, ...}, actions = {"roll", ...} | "all"}`;
--   `kinds` defaults to `{"observe"}`; a field may be a bare name; `actions`, what a script's
--   handler may do there (volley.script_api), defaults to none (it reads and logs)
-- @treturn Registry
-- @tparam[opt] table opts `{system = id, not_fired = {name, ...}}`: the shared points
--   (volley.points) the system does not fire, whose registrations are refused saying so
-- @raise on a malformed declaration or a point declared twice
function M.new(catalogue, opts)
  opts = opts or {}
  local self = setmetatable({ points = {}, handlers = {}, serial = 0, source = "system",
                              system = opts.system, not_fired = {} }, Registry)
  for _, name in ipairs(opts.not_fired or {}) do self.not_fired[name] = true end
  for i, p in ipairs(catalogue or {}) do
    if type(p) ~= "table" then
      error("bad hook catalogue entry #" .. i .. " (table expected)", 2)
    end
    check_point_name(p.name)
    if self.points[p.name] then error("hook point '" .. p.name .. "' declared twice", 2) end
    local kinds = {}
    for _, k in ipairs(p.kinds or { "observe" }) do
      if not KINDS[k] then
        error("bad kind '" .. tostring(k) .. "' for hook point '" .. p.name
          .. "' (known: observe, modify, replace)", 2)
      end
      kinds[k] = true
    end
    local names, info = {}, {}
    for j, fd in ipairs(p.fields or {}) do
      local f = M.field(fd)
      if not f then
        error("bad context field #" .. j .. " of hook point '" .. p.name .. "' (a name, or "
          .. "{name, type, meaning} expected)", 2)
      end
      names[#names + 1] = f.name
      info[#info + 1] = f
    end
    local actions = p.actions
    if actions ~= nil and actions ~= "all" and type(actions) ~= "table" then
      error("bad actions of hook point '" .. p.name .. "' (a list or \"all\" expected)", 2)
    end
    self.points[p.name] = { name = p.name, kinds = kinds, when = p.when or "",
                            fields = names, field_info = info, actions = actions }
    self.handlers[p.name] = {}
  end
  return self
end

--- Sets the source that later registrations are credited to ("system", "battle", or a mod
-- path). The loader calls this; scripts cannot set a handler's source themselves.
-- @tparam string source
function Registry:set_source(source)
  assert(type(source) == "string", "source must be a string")
  self.source = source
end

--- The point names in sorted order.
-- @treturn {string,...}
function Registry:point_names()
  return sorted_keys(self.points)
end

--- The catalogue, one line a point: `<noun>.<event> <kinds> <when>`, kinds joined by
-- commas in the order observe, modify, replace; then the context fields, indented.
-- @treturn string
function Registry:catalogue()
  local out = {}
  for _, name in ipairs(self:point_names()) do
    local p = self.points[name]
    local kinds = {}
    for _, k in ipairs(KIND_ORDER) do
      if p.kinds[k] then kinds[#kinds + 1] = k end
    end
    out[#out + 1] = name .. " " .. table.concat(kinds, ",") .. " " .. p.when
  end
  return table.concat(out, "\n") .. (#out > 0 and "\n" or "")
end

--- Registers a handler.
-- @tparam string point a declared point
-- @tparam function fn called as `fn(ctx, ...)` (see `fire`, `modify`, `replace`)
-- @tparam[opt] table opts `{kind = "observe"|"modify"|"replace", priority = integer}`;
--   kind defaults to "observe", priority to 0
-- @raise on an unknown point (the message lists the known ones), a shared point the system
--   does not fire (volley.points; the message says so), a kind the point does not
--   accept, an unknown option key, or a priority that is not an integer from -MAX_PRIORITY to
--   MAX_PRIORITY
function Registry:on(point, fn, opts)
  if type(point) == "string" and not self.points[point] and self.not_fired[point] then
    error(string.format("hook point '%s' is a shared point %s does not fire (volley hooks %s "
      .. "lists it as not fired)", point, self.system or "this system", self.system or "<id>"), 2)
  end
  if type(point) ~= "string" or not self.points[point] then
    error(string.format("unknown hook point %s (known: %s)",
      type(point) == "string" and ("'" .. point .. "'") or tostring(point),
      table.concat(self:point_names(), ", ")), 2)
  end
  if type(fn) ~= "function" then
    error("bad argument #2 to 'on' (function expected, got " .. type(fn) .. ")", 2)
  end
  opts = opts or {}
  if type(opts) ~= "table" then
    error("bad argument #3 to 'on' (table expected, got " .. type(opts) .. ")", 2)
  end
  for _, k in ipairs(sorted_keys(opts)) do
    if k ~= "kind" and k ~= "priority" then
      error("unknown option '" .. tostring(k) .. "' to 'on' (known: kind, priority)", 2)
    end
  end
  local kind = opts.kind or "observe"
  if not KINDS[kind] then
    error("bad kind '" .. tostring(kind) .. "' (known: observe, modify, replace)", 2)
  end
  if not self.points[point].kinds[kind] then
    error("hook point '" .. point .. "' does not accept " .. kind .. " handlers", 2)
  end
  local priority = opts.priority or 0
  if type(priority) ~= "number" or priority ~= math.floor(priority) then
    error("bad priority " .. modifiers.shown(priority) .. " for '" .. point
      .. "' (integer expected)", 2)
  end
  if priority < -M.MAX_PRIORITY or priority > M.MAX_PRIORITY then
    error("bad priority " .. modifiers.shown(priority) .. " for '" .. point
      .. "' (an integer from -" .. M.MAX_PRIORITY .. " to " .. M.MAX_PRIORITY .. " expected)", 2)
  end
  self.serial = self.serial + 1
  local list = self.handlers[point]
  list[#list + 1] = { fn = fn, kind = kind, priority = priority, source = self.source,
                      serial = self.serial }
  table.sort(list, function(a, b)
    if a.priority ~= b.priority then return a.priority < b.priority end
    return a.serial < b.serial
  end)
end

--- A mark of the registrations so far: `drop_after(mark)` takes back every handler registered
-- after it (the session marks the registry before a game's scripts load, so that it can
-- load them again: docs/runtime.md "Disposable script worlds").
-- @treturn integer
function Registry:mark()
  return self.serial
end

--- Takes back every handler registered after `mark` and numbers the next registrations from
-- it again, so that the same scripts registering again get the same places in every point's
-- order (ties run in registration order). Call it only between firings.
-- @tparam integer mark a value of `mark()`
-- @raise when a handler of the system's own was registered after the mark (it would be lost)
function Registry:drop_after(mark)
  for _, name in ipairs(self:point_names()) do
    local kept = {}
    for _, h in ipairs(self.handlers[name]) do
      if h.serial <= mark then
        kept[#kept + 1] = h
      elseif h.source == "system" then
        error("hooks: a system handler of '" .. name .. "' was registered after the scripts", 2)
      end
    end
    self.handlers[name] = kept
  end
  self.serial = mark
  self.last = nil
end

--- The handlers of a point of one kind, in run order, as `{source=, priority=}` records.
-- @tparam string point
-- @tparam string kind
-- @treturn table
function Registry:handlers_of(point, kind)
  local out = {}
  for _, h in ipairs(self.handlers[point] or {}) do
    if h.kind == kind then out[#out + 1] = { source = h.source, priority = h.priority } end
  end
  return out
end

-- Notes a handler about to run when a script gave it (its source is not "system"): what
-- `last_script` answers.
function Registry:note(h, point)
  if h.source ~= "system" then
    self.last = { source = h.source, point = point, kind = h.kind }
  end
end

--- The last handler a script gave (source "battle" or a mod's path) that ran since
-- `forget_script`, or nil: a runtime names it when system code fails after it (a runaway
-- sequence, a context a modify handler corrupted), since the failure may be the script's.
-- @treturn ?table `{source =, point =, kind =}` (a copy)
function Registry:last_script()
  local l = self.last
  return l and { source = l.source, point = l.point, kind = l.kind } or nil
end

--- Forgets the last script handler (the session calls it at each step boundary).
function Registry:forget_script()
  self.last = nil
end

-- The handlers of a fired point, copied: a handler registered while the point fires
-- does not run in this firing (nor grow the list being walked).
local function check_fired(self, point)
  if not self.points[point] then
    error("fired an undeclared hook point '" .. tostring(point) .. "'", 3)
  end
  local copy = {}
  for i, h in ipairs(self.handlers[point]) do copy[i] = h end
  return copy
end

--- Runs the observe handlers of a point in order with `(ctx, ...)`.
-- @tparam string point
-- @param ctx the point's context
function Registry:fire(point, ctx, ...)
  for _, h in ipairs(check_fired(self, point)) do
    if h.kind == "observe" then
      self:note(h, point)
      h.fn(ctx, ...)
    end
  end
end

--- Runs the modify handlers of a point in order with `(ctx, mods, ...)`; the list is also
-- `ctx.mods` (when ctx is a table without one). When mods has
-- `set_source` (a `volley.modifiers` list), each handler's additions are credited to that
-- handler's source, and the list's own source is restored afterwards.
-- @tparam string point
-- @param ctx the point's context
-- @param mods the modifier list the rule will total
function Registry:modify(point, ctx, mods, ...)
  local list = check_fired(self, point)
  local credit = type(mods) == "table" and type(mods.set_source) == "function"
  local own = credit and mods.source
  if type(ctx) == "table" and ctx.mods == nil then ctx.mods = mods end   -- also as ctx.mods
  for _, h in ipairs(list) do
    if h.kind == "modify" then
      if credit then mods:set_source(h.source) end
      self:note(h, point)
      h.fn(ctx, mods, ...)
    end
  end
  if credit then mods:set_source(own) end
end

--- Does a step through the winning replace handler, or through `default` when none is
-- registered. The handler is called as `fn(ctx, default, ...)`, so it may still call the
-- rule's own procedure. Returns what the chosen function returns.
-- @tparam string point
-- @param ctx the point's context
-- @tparam function default the rule's own procedure, called as `default(ctx, ...)`
function Registry:replace(point, ctx, default, ...)
  local winner
  for _, h in ipairs(check_fired(self, point)) do
    -- in run order: a higher priority, or an equal one registered later, wins
    if h.kind == "replace" then winner = h end
  end
  if winner then
    self:note(winner, point)
    if winner.source ~= "system" then
      -- a script's handler may run the rule's procedure under pcall: a failure in it (a
      -- nested handler's, or the procedure's own) still fails the handler's whole call
      default = sandbox.atomic_fn(default)
    end
    return winner.fn(ctx, default, ...)
  end
  return default(ctx, ...)
end

return M
