--- A game in play: the map, the state store, the movement tables, the dice and the hook
-- registry of one rule system, and the sequence of play that runs over them.
--
-- What a rule procedure is handed as `game`:
--
-- * `game.map` (`volley.core.map`), `game.store` (`volley.core.state`), `game.vars` (the
--   store's `game.vars`), `game.move` (`volley.core.move`), `game.hooks` (the registry);
-- * `game:sides()`, `game:enemy(side)`, `game:unit_info(id)` (a unit's fixed facts, kept);
-- * `game:ask(side, request)` (see `volley.ask`);
-- * `game:roll(kind, reason, rule)`: a die from the engine's dice (`"d6"`, `"d10"`, `"2d6"`);
-- * `game:log(text)`: a line of the game's narrative.
--
-- All state the rules keep lives in the store (units, stacks, markers) and in `game.vars`
-- (DESIGN.md principle 2); nothing here keeps game state in Lua.
-- @module volley.game

local core = require "volley.core"
local ask = require "volley.ask"
local control = require "volley.control"
local runner = require "volley.runner"
local systems = require "volley.systems"

local M = {}

local Game = {}
Game.__index = Game

local function fail(what, err)
  error(what .. ": " .. tostring(err), 0)
end

--- Checks a game's parameters against what its system declares (`sys.params`, a list of
-- `{name, min, max, default, rule}`) and fills in the defaults.
-- @tparam table sys the system table
-- @tparam table given name -> integer; a value may carry its origin in `at[name]`
--   (`{file=, line=}`) for the message
-- @treturn ?table the parameters
-- @treturn ?string "<file>:<line>: unknown parameter 'turn' for system demo (known: turns)",
--   "...: parameter turns = 0 is out of range (1-99) [demo 4.1]"
function M.check_params(sys, given, at)
  local decl, known = {}, {}
  for _, p in ipairs(sys.params or {}) do
    decl[p.name] = p
    known[#known + 1] = p.name
  end
  local names = {}
  for k in pairs(given) do names[#names + 1] = tostring(k) end
  table.sort(names)
  local out = {}
  for _, k in ipairs(names) do
    local where = at and at[k] and (at[k].file .. ":" .. at[k].line .. ": ") or ""
    local p, v = decl[k], given[k]
    if not p then
      return nil, where .. "unknown parameter '" .. k .. "' for system " .. sys.id .. " (known: "
        .. (#known > 0 and table.concat(known, ", ") or "none") .. ")"
    end
    if type(v) ~= "number" or v ~= math.floor(v) or (p.min and v < p.min)
        or (p.max and v > p.max) then
      return nil, where .. "parameter " .. k .. " = " .. tostring(v) .. " is out of range ("
        .. tostring(p.min) .. "-" .. tostring(p.max) .. ") " .. (p.rule or "")
    end
    out[k] = v
  end
  for _, p in ipairs(sys.params or {}) do
    if out[p.name] == nil then out[p.name] = p.default end
  end
  return out
end

--- Opens a game.
-- @tparam table opts `{system = id, map = path, oob = path, seed = integer,
--   params = {name = value}, terrain = path | false, terrain_root = dir}`; params are the
--   scenario's parameters (e.g. `turns`); terrain the scenario's terrain layer when it is not
--   the terrain.ini beside the map (false: none), kept inside terrain_root
-- @treturn Game
-- @raise naming the file and line of a broken map or order of battle, or a bad system
function M.new(opts)
  local sys = systems.load(opts.system)
  local map, err = core.map.load(opts.map, opts.terrain ~= nil
    and { terrain = opts.terrain, root = opts.terrain_root } or nil)
  if not map then fail("map", err) end
  local schema = core.find("charts/" .. opts.system .. "/units.ini")
  if not schema then
    fail("system " .. opts.system, "charts/" .. opts.system .. "/units.ini not found")
  end
  local store
  store, err = core.state.new{ schema = schema, oob = opts.oob, map = map }
  if not store then fail("order of battle", err) end
  local mv
  mv, err = core.move.load(map)
  if not mv then fail("movement", err) end
  local params, perr = M.check_params(sys, opts.params or {})
  if not params then error(perr, 0) end
  store:seed(opts.seed or 1)
  local self = setmetatable({
    system = sys,
    map = map,
    store = store,
    vars = store:vars(),
    move = mv,
    dice = store:dice(),
    hooks = systems.registry(sys),
    params = params,
    narrative = {},
    roll_records = {},   -- chart rolls by roll number, for the roll events (not game state)
    roll_at = {},        -- by roll number, the narrative's length when it was rolled (the
                         -- transcript prints rolls among the lines; not game state)
  }, Game)
  return self
end

local OPEN_OPTIONS = { seed = true, params = true, options = true, predicates = true,
                      roots = true }

--- Opens a game from a scenario (docs/scenarios.md): reads scenario.ini (and what it is laid
-- over: its base, the scenario it extends),
-- loads the map, the order of battle and the system as `new` does, checks the sides,
-- places the units its set-up lines fix, and keeps the choices for the runtime to ask.
--
-- Besides what `new` gives, the game has `game.scenario` (the description of
-- `volley.scenario.read`: id, file, title, sides, first, max_decisions, paths ...),
-- `game.stacking` and `game.common_facing` (the system's stacking test and its rule that
-- stacked units face alike, at set-up: `volley.placement_setup`),
-- `game.max_decisions` (`[scenario] max_decisions`, or nil: the default cap of DESIGN.md
-- "Decisions"), `game.victory` (`{[side] = {name = value}}`), `game.options` (the options
-- asked for, `{{name =, path =}, ...}`: their scripts are the sandbox's to run), `game.setup`
-- (`{placements = {...}, choices = {...}}`; see `Game:setup_defaults` and `Game:ask_setup`).
-- @tparam string what a scenario id or path
-- @tparam[opt] table opts `{seed = integer, params = {name = integer} (overrides of the
--   scenario's [params]), options = {name, ...}, predicates = {name = function} (for
--   `where` specs), roots = {dir, ...} (scenario roots instead of the data path)}`
-- @treturn Game
-- @raise "file:line: message" for anything wrong with the scenario or its files
function M.open(what, opts)
  opts = opts or {}
  local keys = {}
  for k in pairs(opts) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if not OPEN_OPTIONS[k] then
      error("bad option '" .. k .. "' to 'open' (known: options, params, predicates, roots, seed)",
        2)
    end
  end
  local scenario = require "volley.scenario"
  local sc, err = scenario.read(what, { roots = opts.roots })
  if not sc then error(err, 0) end
  local params
  params, err = scenario.params(sc, opts.params)
  if not params then error(err, 0) end
  local options
  options, err = scenario.options(sc, opts.options)
  if not options then error(err, 0) end
  local at = {}
  for _, p in ipairs(sc.params) do at[p.name] = { file = p.file, line = p.line } end
  -- `[turns] last` is the game length: the system's `turns` parameter, when it has one,
  -- unless the caller sets it (docs/runtime.md "Schedules")
  local sys_turns = false
  for _, p in ipairs(systems.load(sc.system).params or {}) do
    if p.name == "turns" then sys_turns = true end
  end
  for _, l in ipairs(sc.turns) do
    if sys_turns and l.key == "last" and (opts.params or {}).turns == nil then
      params.turns = tonumber(l.text)
      at.turns = { file = l.file, line = l.line }
    end
  end
  local checked
  checked, err = M.check_params(systems.load(sc.system), params, at)
  if not checked then error(err, 0) end
  local self = M.new{ system = sc.system, map = sc.paths.map, oob = sc.paths.oob,
                      seed = opts.seed, params = checked, terrain = sc.paths.terrain,
                      terrain_root = sc.paths.roots.terrain }
  local ok
  ok, err = scenario.check_sides(sc, self.store)
  if not ok then error(err, 0) end
  local setup_rules = require "volley.placement_setup"
  self.stacking = setup_rules.stacking(sc.system)
  self.common_facing = setup_rules.common_facing(sc.system)
  local plan
  plan, err = scenario.setup(sc, self.map, self.store, {
    predicates = opts.predicates,
    check = function(unit, loc, kind) return setup_rules.check(self, unit, loc, kind) end,
  })
  if not plan then error(err, 0) end
  -- the schedule: the turn track, the game length and the reinforcements (volley.schedule)
  local schedule = require "volley.schedule"
  local sch
  sch, err = schedule.read(sc)
  if not sch then error(err, 0) end
  ok, err = schedule.check(sch, sc, self.store, self.map, opts.predicates)
  if not ok then error(err, 0) end
  ok, err = schedule.check_system(sch, sc, self.system)
  if not ok then error(err, 0) end
  self.schedule = sch
  self.scenario = sc
  self.max_decisions = sc.max_decisions
  self.victory = scenario.victory(sc)
  self.options = options
  self.setup = plan
  -- the start state, over the set-up's fixed placements, before the sequence of play
  -- (docs/scenarios.md "Start states")
  if sc.paths.start then
    ok, err = require("volley.start_state").apply(self, sc.paths.start)
    if not ok then error(err, 0) end
  end
  -- the system's own checks of what the scenario gives (`sys.check_scenario`, docs/runtime.md):
  -- a value inherited through `extends` that the scenario's own map cannot take is reported
  -- at its key, by `volley check` too, not at the point of play that first reads it
  if type(self.system.check_scenario) == "function" then
    ok, err = self.system.check_scenario(self)
    if not ok then error(err, 0) end
  end
  return self
end

--- Places every unit the set-up left to a choice at the choice's default, and faces every
-- unit whose line gave no facing at the default facing (docs/placement.md "The default",
-- "Facing at set-up"): what `volley render` draws. The defaults honour the system's
-- stacking limits (`game.stacking`, from `volley.placement_setup.stacking`).
-- @raise "<file>:<line>: no location of this line can take ... now: <why>"
function Game:setup_defaults()
  require("volley.placement_setup").run(self, function(_, request) return request.default end)
end

--- Fires `setup.start` (the shared point before the set-up, docs/runtime.md "Hook points":
-- a battle's rules may ask a side there, a secret request among others), then asks each
-- set-up choice of its side (`game:ask`, so call it inside the coroutine that answers
-- requests, before `run`) and places the units where the answer says; then asks the
-- facing of every unit that faces and whose line gave none. A choice offers only the
-- locations the system's stacking test still allows.
function Game:ask_setup()
  self.in_setup = true     -- the host's `default all` answers these requests (not state)
  self.hooks:fire("setup.start", {})
  require("volley.placement_setup").run(self, function(side, request)
    return self:ask(side, request)
  end)
  self.in_setup = nil
end

--- The sides in `[sides] order`.
-- @treturn {string,...}
function Game:sides()
  return self.store:sides()
end

--- The side that plays first: the scenario's `[sides] first`, else the first of the order.
-- @treturn string
function Game:first_side()
  return self.scenario and self.scenario.first or self:sides()[1]
end

--- The side that is not `side` (two-sided games).
-- @tparam string side
-- @treturn string
function Game:enemy(side)
  local sides = self:sides()
  return sides[1] == side and sides[2] or sides[1]
end

--- What the order of battle says of a unit or leader, which no play changes: the `id`,
-- `name`, `side`, `type`, `kind`, `classes`, `command`, `source` and `provisional` of
-- `store:unit` (not `attached` nor `hidden`, which change: ask `store:unit` for those). The
-- roster is fixed once loaded (docs/state.md), so one table a unit is kept on the game object
-- (not state): callers read it, never change it. The rules ask this at every step (a move
-- request's stacking tests ask it for every unit near every mover), where a fresh
-- `store:unit` table each time was a fifth of a Palo Alto decision's CPU time.
-- @tparam string id
-- @treturn table
-- @raise as `store:unit` does for an id the store does not know
function Game:unit_info(id)
  local kept = self.unit_infos
  if not kept then
    kept = {}
    self.unit_infos = kept
  end
  local info = kept[id]
  if info then return info end
  info = self.store:unit(id)
  info.attached, info.hidden = nil, nil
  kept[id] = info
  return info
end

--- Asks a side (yields to whoever answers; see `volley.ask`).
-- Before it, the places occupied now are recorded as passed through (volley.control
-- `settle`: nothing when the game keeps no passage).
function Game:ask(side, request) -- luacheck: no unused args
  control.settle(self)
  local value = ask.ask(side, request)
  require("volley.secret").answered(self, side, request, value)   -- a secret request's
  return value
end

--- Raises when the game answers a query (`volley.session.query`: `reach`, `los`, a view...):
-- a query never rolls nor changes the game (DESIGN.md principle 12), so the rules a query runs
-- -- a script's `movement.cost` handler -- may read the game but not roll or write.
-- `self.querying` is the query's table (or nil); a game seen through a view (a table whose
-- fields fall back to the game's) finds the same one.
-- @tparam string what what was tried: "roll dice", "change the game (game.set_marker)"
-- @raise "a query cannot <what>"
function Game:not_in_query(what)
  local q = self.querying
  if q then
    q.refused = true
    error("a query cannot " .. what, 0)
  end
end

--- Rolls a die of the engine's dice.
-- @tparam string kind "d6", "d10" or "2d6"
-- @tparam string reason what the roll is for
-- @tparam string rule the case, e.g. "[demo 5.2]"
-- @treturn integer the natural result
-- @raise when a forced face does not fit the die, naming where the face was forced
--   (`self.force_origin`, "--dice" or "FILE:LINE: dice force"):
--   "--dice: face 9 is out of range for d6 (1-6)"; "a query cannot roll dice" in a query
--   (`not_in_query`)
local function roll(self, kind, reason, rule)
  if kind == "d6" then return self.dice:d6(reason, rule) end
  if kind == "d10" then return self.dice:d10(reason, rule) end
  if kind == "2d6" then return (self.dice:two_d6(reason, rule)) end
  error("bad die kind '" .. tostring(kind) .. "' (known: d6, d10, 2d6)", 3)
end

function Game:roll(kind, reason, rule)
  self:not_in_query("roll dice")
  if #self.dice:pending() == 0 then
    local v = roll(self, kind, reason, rule)
    self.roll_at[self.dice:count()] = #self.narrative
    return v
  end
  local ok, v = pcall(roll, self, kind, reason, rule)
  if ok then
    self.roll_at[self.dice:count()] = #self.narrative
    return v
  end
  local msg = tostring(v):gsub("^[^\n]-:%d+: ", ""):gsub("^forced value ", "face ")
  error((self.force_origin or "forced dice") .. ": " .. msg, 0)
end

--- The system's chart tables with the scenario's charts layer over them (`volley.charts`:
-- its charts/, or the layer it inherits or names), loaded on first use.
-- @treturn volley.charts
-- @raise naming the file and line of a broken chart
function Game:charts()
  if not self.chart_set then
    local charts = require "volley.charts"
    local paths = self.scenario and self.scenario.paths
    local set, err
    if paths then
      set, err = charts.load(self.system.id, paths.roots.charts, paths.charts or nil)
    else
      set, err = charts.load(self.system.id)
    end
    if not set then error("charts: " .. tostring(err), 0) end
    self.chart_set = set
  end
  return self.chart_set
end

--- Rolls on a chart (DESIGN.md principle 7): the table's die, plus the modifiers, looked up
-- in the table. The roll is recorded whole for the `roll` event (die, natural result, each
-- modifier with its label, rule and source, total, chart, row and column, result).
-- @tparam string chart the table's name ("fire")
-- @tparam volley.modifiers mods the modifiers, already through their modify hook
-- @tparam string reason what the roll is for ("B1 fires at A1")
-- @tparam string rule the case of the roll
-- @tparam[opt] table pick what the table's columns need (`value`, `against`, `name`, ...)
-- @treturn table the parsed result (see docs/charts.md)
-- @treturn table the record of the roll
function Game:chart_roll(chart, mods, reason, rule, pick)
  local set = self:charts()
  local info = assert(set:info(chart))
  local natural = self:roll(info.die, reason, rule)
  local total = natural + mods:total()
  local q = { roll = total }
  for k, v in pairs(pick or {}) do q[k] = v end
  local found, err = set:lookup(chart, q)
  if not found then error(chart .. ": " .. tostring(err), 0) end
  local record = { n = self.dice:count(), die = info.die, natural = natural,
                   modifiers = mods:list(), total = total, chart = chart,
                   row = found.row_label, column = found.column_label, result = found.cell,
                   provisional = found.provisional or nil, reason = reason, rule = rule }
  self.roll_records[record.n] = record
  return found.result, record
end

--- Adds a line to the game's narrative (what a player reads in `log`).
-- @tparam string text
-- Controls and bytes that are not UTF-8 (a script's text) become U+FFFD: a line cannot forge
-- another, nor send a terminal escape.
function Game:log(text)
  self.narrative[#self.narrative + 1] = core.text.clean(tostring(text))
end

--- Runs the system's sequence of play to its end. Call inside the coroutine that answers
-- requests (`volley.ask.drive`, the shell, a bot). At every step boundary the runner's
-- cursor is written into the store (so it is hashed, saved and snapshotted with the rest of
-- the state) before `on_boundary(cursor, path)` is called; when the sequence ends the
-- store's cursor says `done`.
-- @tparam[opt] table opts `{resume = true}` continues from the cursor held by the store (a
--   state restored at a step boundary) instead of starting; `on_boundary` as above
function Game:run(opts)
  opts = opts or {}
  local store = self.store
  local cursor
  if opts.resume then
    local saved = store:cursor()
    if saved.done then return end
    cursor = saved.frames
  end
  -- The set-up choices come first, as a step of their own, so a game saved during set-up
  -- resumes there too; then the system's sequence of play.
  local root = runner.phase("", {
    runner.step("setup", function(game) game:ask_setup() end),
    self.system.sequence(self),
  })
  local r = runner.new(root, {
    cursor = cursor,
    hooks = self.hooks,
    on_boundary = function(frames, path)
      store:set_cursor{ frames = frames, path = path }
      if opts.on_boundary then opts.on_boundary(frames, path) end
    end,
  })
  r:run(self)
  store:set_cursor{ done = true }
end

return M
