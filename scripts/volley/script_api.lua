--- The script API every rule system shares (docs/modding.md "The script API"): the read-only
-- `ctx.game` a script's handler finds in the context of every hook point, whatever the
-- system, and the actions a point allows. A battle's special rule or a mod reads the game --
-- sides, the turn or activation under way, units and their values and markers, hexes,
-- terrain, stacks, leaders, commands, the narrative so far -- and, where the point's
-- catalogue entry allows it (`actions`), rolls, asks, hits, sets a marker or a flag, moves,
-- eliminates, declares the game's result, and does the system's own actions
-- (Rough & Ready's `intermission`). It never needs the system's internals.
--
-- The runtime writes what is the same everywhere; a system adds only its own part, a table
-- named by its init.lua (`script_api = "systems.<id>.script_api"`) with:
--
-- * `die`: the die `roll` rolls when none is named ("d10", "d6"); `dice`, the dice it may name;
-- * `now(game)`: the turn or activation under way, as plain data (`{turn = 2, side = "A"}`,
--   `{activation = 12, side = "US", ...}`);
-- * `system_markers`: the markers the system keeps itself (a script reads them, never sets
--   them: Hits go through `hit`);
-- * `hit(game, unit, why)`, `eliminate(game, unit, why)`, `move(game, unit, hex, why)`: the
--   system's procedures (`move` checked by the system's stacking first);
-- * `reads`, `actions`: the system's own functions, `name = function(game, ...)` (a read
--   anywhere; an action where a point allows it by name);
-- * `result_levels` (optional): the victory levels a declared result may name.
--
-- A point's catalogue entry says which actions its handlers may take: `actions = {"roll",
-- "ask", ...}` or `"all"`; none: the handler only reads (and logs). An action a point does not
-- allow raises `game.hit: not allowed at fire.drm (it allows: roll, set_flag, set_marker)`.
-- In a query (docs/runtime.md "Queries") no action runs: `a query cannot roll dice`, `a query
-- cannot change the game (game.hit)`.
-- @module volley.script_api

local control = require "volley.control"
local core = require "volley.core"
local sandbox = require "volley.sandbox"
local secret = require "volley.secret"

local M = {}

--- The API's version (`volley.api_version`): bumped when a function or field a script may
-- use is removed, renamed or changes its meaning (docs/modding.md "api_version"); adding one
-- does not bump it.
M.VERSION = 1

--- The actions every system has; a point's catalogue entry allows some of them (and the
-- system's own, by name).
M.ACTIONS = { "roll", "ask", "hit", "set_marker", "set_flag", "move", "eliminate",
              "declare_result" }

--- The longest text a script may hand the API (a reason, a rule, a narrative line, a why).
M.MAX_TEXT = 4096

--- The longest name of a flag, a marker or a victory level.
M.MAX_NAME = 64

-- An argument refused: the message alone (no place of the runtime's; the sandbox names the
-- script's line when it is not caught).
local function fail(name, msg)
  error("game." .. name .. ": " .. msg, 0)
end

local function shown(v)
  if type(v) == "string" then
    if #v > 40 then v = v:sub(1, 40) .. "..." end
    return "'" .. core.text.clean(v) .. "'"
  end
  if type(v) == "number" then return sandbox.number_text(v) end
  return "a " .. type(v)
end

--- Checks a text argument: a non-empty string of at most MAX_TEXT bytes.
function M.check_text(name, what, s)
  if type(s) ~= "string" or s == "" then
    fail(name, what .. " must be a non-empty string", 2)
  end
  if #s > M.MAX_TEXT then
    fail(name, what .. " is " .. #s .. " bytes long (at most " .. M.MAX_TEXT .. ")", 2)
  end
end

local function check_name(name, what, s)
  if type(s) ~= "string" or not s:match("^[%w_]+$") or #s > M.MAX_NAME then
    fail(name, what .. " must be a word of letters, digits and _ (at most " .. M.MAX_NAME
      .. " bytes), not " .. shown(s), 2)
  end
end

local function check_unit(game, name, unit)
  if type(unit) ~= "string" or #unit > 255 or not pcall(game.store.unit, game.store, unit) then
    fail(name, "no unit " .. shown(unit), 2)
  end
end

--- Checks a unit argument: raises "game.<name>: no unit '<u>'" (for a system's own functions).
function M.check_unit(game, name, unit)
  check_unit(game, name, unit)
end

local function check_hex(game, name, hex)
  if type(hex) ~= "string" or #hex > 16 then fail(name, "no hex " .. shown(hex), 2) end
  local ok, on = pcall(game.map.contains, game.map, hex)
  if not ok or not on then fail(name, "no hex " .. shown(hex) .. " on the map", 2) end
end

local function check_side(game, name, side)
  for _, s in ipairs(game:sides()) do
    if s == side then return end
  end
  fail(name, "no side " .. shown(side) .. " (sides: " .. table.concat(game:sides(), " ") .. ")", 2)
end

-- A script's table as the API reads it: plain (no metatable: nothing of the script's runs
-- when trusted code reads it), with only the keys `known` (a set), read raw.
local function plain(name, what, t, known)
  if type(t) ~= "table" then fail(name, what .. " must be a table, not " .. shown(t), 3) end
  if getmetatable(t) ~= nil then
    fail(name, what .. " must be a plain table (it has a metatable)", 3)
  end
  local bad = {}
  for k in next, t do
    if not (type(k) == "string" and known[k]) then bad[#bad + 1] = shown(k) end
    if #bad > 8 then break end
  end
  if #bad > 0 then
    table.sort(bad)
    local names = {}
    for k in pairs(known) do names[#names + 1] = k end
    table.sort(names)
    fail(name, "unknown key " .. bad[1] .. " in " .. what .. " (known: "
      .. table.concat(names, ", ") .. ")", 3)
  end
  return t
end

-- The keys a chart lookup reads (volley.core.chart's `lookup`).
local CHART_PICK = { name = true, header = true, column = true, value = true, against = true,
                     roll = true, shift = true }

local function copy(v, depth)
  if type(v) ~= "table" then return v end
  if (depth or 0) > 16 then return nil end
  local out = {}
  for k, x in pairs(v) do out[k] = copy(x, (depth or 0) + 1) end
  return out
end

local function set_of(list)
  local out = {}
  for _, v in ipairs(list or {}) do out[v] = true end
  return out
end

--- The system's part of the script API (`sys.script_api`, a module name), or an empty one.
function M.system_part(game)
  local name = game.system.script_api
  local part = name and require(name) or {}
  return part
end

--- The visibility of a narrative line (`log`'s second argument): nil for every viewer, or a
-- sorted list of the sides that see it (the referee sees everything).
-- @raise "game.log: ..." for anything but "all", a side, or a list of sides
function M.visibility(game, name, vis)
  if vis == nil or vis == "all" then return nil end
  if type(vis) == "string" then
    check_side(game, name, vis)
    return { vis }
  end
  if type(vis) ~= "table" then
    fail(name, "the visibility must be \"all\", a side or a list of sides, not " .. shown(vis), 2)
  end
  if getmetatable(vis) ~= nil then
    fail(name, "the visibility must be a plain list (it has a metatable)", 2)
  end
  local sides, seen = {}, {}
  local n = #game:sides()
  for k, v in next, vis do
    if type(k) ~= "number" or k < 1 or k > n or k ~= math.floor(k) then
      fail(name, "the visibility must be a list of at most " .. n .. " sides", 2)
    end
    check_side(game, name, v)
    if not seen[v] then
      seen[v] = true
      sides[#sides + 1] = v
    end
  end
  table.sort(sides)
  if #sides == 0 then fail(name, "the visibility lists no side", 2) end
  return sides
end

--- Adds a narrative line that only `to` (a list of sides, or nil for all) see: the game's
-- `log`, with the line's visibility kept beside it (`game.narrative_to`, by line number).
function M.log(game, text, to)
  game:log(text)
  if to then
    game.narrative_to = game.narrative_to or {}
    game.narrative_to[#game.narrative] = to
  end
end

-- The result a script declares: `{winner = side | "draw", level = word, why = text}` checked.
local RESULT_KEYS = { winner = true, level = true, why = true }

local function check_result(game, part, r)
  plain("declare_result", "the result", r, RESULT_KEYS)
  local winner, level, why = rawget(r, "winner"), rawget(r, "level"), rawget(r, "why")
  if winner ~= "draw" then
    if type(winner) ~= "string" then
      fail("declare_result", "winner must be a side or \"draw\", not " .. shown(winner), 3)
    end
    check_side(game, "declare_result", winner)
  end
  if level ~= nil then
    check_name("declare_result", "level", level)
    if part.result_levels and not set_of(part.result_levels)[level] then
      fail("declare_result", "no victory level '" .. level .. "' in " .. game.system.id
        .. " (levels: " .. table.concat(part.result_levels, ", ") .. ")", 3)
    end
  end
  M.check_text("declare_result", "why", why)
  return { winner = winner, level = level, why = core.text.clean(why) }
end

--- Declares the game's result for the system's victory procedure to apply at its next check
-- (`game.vars.declared`): the procedure ends the game with it (`M.apply_declared`).
function M.declare(game, result)
  if game.vars.winner ~= nil then
    fail("declare_result", "the game is over already (" .. tostring(game.vars.winner) .. ")", 3)
  end
  local d = game.vars.declared
  if d ~= nil then
    fail("declare_result", "a result is declared already (" .. tostring(d.winner) .. ": "
      .. tostring(d.why) .. ")", 3)
  end
  game.vars.declared = result
  game:log("result declared: " .. (result.winner == "draw" and "a draw" or (result.winner
    .. " wins")) .. (result.level and (" (" .. result.level .. ")") or "") .. ": "
    .. result.why)
end

--- For a system's victory procedure: when a result was declared, ends the game with it
-- (`game.vars.winner`, `reason`, `level`) and returns true.
-- @treturn boolean whether a declared result ended the game
function M.apply_declared(game)
  local d = game.vars.declared
  if d == nil or game.vars.winner ~= nil then return false end
  game.vars.winner = d.winner
  game.vars.reason = d.why
  if d.level then game.vars.level = d.level end
  game:log("the game ends as declared: " .. (d.winner == "draw" and "a draw" or (d.winner
    .. " wins")) .. (d.level and (" (" .. d.level .. ")") or "") .. ": " .. d.why)
  return true
end

-- The functions, each `f(...)` (called with a dot: `ctx.game.roll(...)`), for game `game`
-- at point `point` (nil: trusted code, every action), `ask` the asking function of the
-- script (its requests' functions run in its sandbox).
local function build(game, point, allowed, ask)
  local part = M.system_part(game)
  local api = {}
  local sysm = part.system_markers or {}

  local function may(name, what, as)
    game:not_in_query(what or ("change the game (game." .. name .. ")"))
    -- a script's ctx.game acts only inside a handler of its own point (the innermost running,
    -- volley.session's `game.hook_stack`): one kept in an upvalue from a point that allows
    -- more cannot act at a later point that allows less (docs/robustness.md)
    local stack = game.hook_stack
    local now = stack and stack[#stack]
    if point and now ~= point then
      fail(name, "this ctx.game is " .. point .. "'s: it acts only in a handler of " .. point
        .. " (now " .. (now == "ask" and "in a request's function" or now and ("at " .. now)
        or "outside every handler") .. "; use the ctx.game the handler receives)", 3)
    end
    if allowed and not allowed[as or name] then
      local list = {}
      for k in pairs(allowed) do list[#list + 1] = k end
      table.sort(list)
      fail(name, "not allowed at " .. point .. (as and (" (it goes with " .. as .. ")") or "")
        .. " (it allows: "
        .. (#list > 0 and table.concat(list, ", ") or "reading and log only") .. ")", 3)
    end
  end

  -- reads ---------------------------------------------------------------------------------

  --- sides() -> the sides in order; enemy(side) -> the other side.
  function api.sides()
    return copy(game:sides())
  end
  function api.enemy(side)
    check_side(game, "enemy", side)
    return game:enemy(side)
  end

  --- param(name) -> the game's parameter `name` (an integer: the scenario's `[params]` or the
  -- system's default), or nil when the system declares none of that name.
  function api.param(name)
    M.check_text("param", "the name", name)
    local v = (game.params or {})[name]
    if type(v) == "number" then return v end
    return nil
  end

  --- now() -> the turn or activation under way, as the system tells it.
  function api.now()
    return part.now and copy(part.now(game)) or {}
  end

  --- side(u), type(u), kind(u), name(u): a unit's fixed facts.
  function api.side(unit)
    check_unit(game, "side", unit)
    return game:unit_info(unit).side
  end
  function api.type(unit)
    check_unit(game, "type", unit)
    local info = game:unit_info(unit)
    return info.type or info.kind
  end
  function api.kind(unit)
    check_unit(game, "kind", unit)
    return game:unit_info(unit).kind
  end
  function api.name(unit)
    check_unit(game, "name", unit)
    return game:unit_info(unit).name
  end

  --- value(u, field): a unit's value from the order of battle (as it stands now).
  function api.value(unit, field)
    check_unit(game, "value", unit)
    M.check_text("value", "the field", field)
    local ok, v = pcall(game.store.get, game.store, unit, field)
    if not ok then fail("value", "no field " .. shown(field) .. " of " .. unit) end
    return v
  end

  --- hex(u) -> its hex or nil; where(u) -> "hex", "eliminated", "set_aside", ... and the hex.
  function api.hex(unit)
    check_unit(game, "hex", unit)
    local kind, at = game.store:where(unit)
    if kind == "hex" then return at end
    return nil
  end
  function api.where(unit)
    check_unit(game, "where", unit)
    return game.store:where(unit)
  end
  function api.facing(unit)
    check_unit(game, "facing", unit)
    return game.store:facing(unit)
  end

  --- marker(u, name) -> its count (0 when absent); markers(u) -> {name = count}.
  function api.marker(unit, name)
    check_unit(game, "marker", unit)
    M.check_text("marker", "the marker", name)
    local ok, n = pcall(game.store.marker, game.store, unit, name)
    if not ok then fail("marker", "no marker " .. shown(name) .. " in the units chart") end
    return n
  end
  function api.markers(unit)
    check_unit(game, "markers", unit)
    return copy(game.store:markers(unit))
  end

  --- unit(u) -> everything above at once, a copy.
  function api.unit(unit)
    check_unit(game, "unit", unit)
    local info = game:unit_info(unit)
    local classes = {}
    for c in pairs(info.classes or {}) do classes[#classes + 1] = c end
    table.sort(classes)
    local kind, at = game.store:where(unit)
    return { id = unit, name = info.name, side = info.side, type = info.type, kind = info.kind,
             classes = classes, command = info.command, where = kind,
             hex = kind == "hex" and at or nil, facing = game.store:facing(unit),
             markers = copy(game.store:markers(unit)), values = copy(game.store:values(unit)),
             hidden = game.store:unit(unit).hidden or false }
  end

  local UNIT_FILTER = { side = true, class = true, type = true, hex = true, where = true }
  --- units{side=, class=, type=, hex=, where=} -> unit and leader ids, id order.
  function api.units(filter)
    filter = filter or {}
    plain("units", "the filter", filter, UNIT_FILTER)
    local f = {}
    for _, k in ipairs({ "side", "class", "type", "hex", "where" }) do
      local v = rawget(filter, k)
      if v ~= nil and (type(v) ~= "string" or #v > 64) then
        fail("units", "filter." .. k .. " must be a word, not " .. shown(v))
      end
      f[k] = v
    end
    if f.side then check_side(game, "units", f.side) end
    if f.hex then check_hex(game, "units", f.hex) end
    local ok, list = pcall(game.store.units, game.store, { side = f.side, class = f.class,
                                                           type = f.type })
    if not ok then fail("units", core.text.clean(tostring(list):gsub("^[^\n]-:%d+: ", ""))) end
    local out = {}
    for _, u in ipairs(list) do
      local kind, at = game.store:where(u)
      if (not f.hex or at == f.hex) and (not f.where or kind == f.where) then
        out[#out + 1] = u
      end
    end
    return out
  end

  --- stack(hex) -> the units in a hex, top first.
  function api.stack(hex)
    check_hex(game, "stack", hex)
    return copy(game.store:stack(hex))
  end

  --- hexes() -> every hex of the map; on_map(hex); terrain(hex); hexside(a, b);
  -- neighbors(hex); distance(a, b).
  function api.hexes()
    return game.map:hexes()
  end
  function api.on_map(hex)
    if type(hex) ~= "string" or #hex > 16 then return false end
    local ok, on = pcall(game.map.contains, game.map, hex)
    return ok and on or false
  end
  function api.terrain(hex)
    check_hex(game, "terrain", hex)
    return game.map:terrain(hex)
  end
  local function grid()
    if not game.script_grid then
      local info, first = game.map:info(), game.map:hexes()[1]
      game.script_grid = core.hex.grid{ layout = info.layout, parity = info.parity,
                                        digits = #first / 2 }
    end
    return game.script_grid
  end
  function api.neighbors(hex)
    check_hex(game, "neighbors", hex)
    local out = {}
    for _, h in ipairs(grid():neighbors(hex)) do
      if type(h) == "string" and game.map:contains(h) then out[#out + 1] = h end
    end
    table.sort(out)
    return out
  end
  function api.distance(a, b)
    check_hex(game, "distance", a)
    check_hex(game, "distance", b)
    return grid():distance(a, b)
  end
  function api.hexside(a, b)
    check_hex(game, "hexside", a)
    check_hex(game, "hexside", b)
    local ok, features, roads = pcall(game.map.hexside, game.map, a, b)
    if not ok then fail("hexside", a .. " and " .. b .. " are not adjacent") end
    return { features = features, roads = roads }
  end

  --- elevation(hex) -> its level (an integer); place(name) -> the hexes of a map.ini place
  -- (label order; empty for a name the map does not have); chart(name, pick) -> the cell
  -- of a chart table, parsed (`{drm = -1}`), or nil and why.
  function api.elevation(hex)
    check_hex(game, "elevation", hex)
    return (game.map:elevation(hex))
  end
  function api.place(name)
    if type(name) ~= "string" or #name > M.MAX_NAME or not name:match("^[%w_%-%.]+$") then
      fail("place", "a place's name must be a word (letters, digits, _ - .), not " .. shown(name))
    end
    local ok, hexes = pcall(game.map.place, game.map, name)
    if not ok or type(hexes) ~= "table" then return {} end
    local out = copy(hexes)
    table.sort(out)
    return out
  end
  function api.chart(name, pick)
    check_name("chart", "a chart table's name", name)
    local t = plain("chart", "pick", pick, CHART_PICK)
    local p = {}
    for k in pairs(CHART_PICK) do
      local v = rawget(t, k)
      local whole = type(v) == "number" and v == math.floor(v)
      if v ~= nil and type(v) ~= "string" and not whole then
        fail("chart", "pick." .. k .. " must be a string or a whole number, not " .. shown(v))
      end
      p[k] = v
    end
    local found, err = game:charts():lookup(name, p)
    if not found then return nil, core.text.clean(tostring(err)) end
    return copy(found.result)
  end

  --- controller(hex) -> the side controlling the hex (volley.control: its occupant, or the
  -- side that last passed through it when the game keeps passage), "contested", or nil.
  function api.controller(hex)
    check_hex(game, "controller", hex)
    return control.of(game, hex)
  end

  --- leaders(side) -> leader ids; commands(side) -> command ids; command(id) -> its facts.
  function api.leaders(side)
    check_side(game, "leaders", side)
    return copy(game.store:leaders(side))
  end
  function api.commands(side)
    if side ~= nil then check_side(game, "commands", side) end
    return copy(game.store:commands{ side = side })
  end
  function api.command(id)
    if type(id) ~= "string" or #id > 255 or not pcall(game.store.command, game.store, id) then
      fail("command", "no command " .. shown(id))
    end
    local c = game.store:command(id)
    return { id = id, name = c.name, side = c.side, level = c.level, parent = c.parent,
             leaders = copy(c.leaders or {}), subcommands = copy(c.subcommands or {}),
             units = copy(game.store:units_of(id, {})) }
  end

  --- lines([n]) -> the last n lines of the narrative (all without n), as the referee reads it.
  function api.lines(n)
    local all = game.narrative
    if n ~= nil and (type(n) ~= "number" or n < 0 or n ~= math.floor(n)) then
      fail("lines", "n must be a whole number 0 or more, not " .. shown(n))
    end
    local from = n and math.max(1, #all - n + 1) or 1
    local out = {}
    for i = from, #all do out[#out + 1] = all[i] end
    return out
  end

  --- flag(name): the battle's own scalar, kept in the state.
  function api.flag(name)
    M.check_text("flag", "the name", name)
    return game.vars:get("battle", name)
  end

  --- secret(side, name) -> a side's secret (volley.secret): its value and whether it has
  -- been revealed, or nil. The rules read every side's: the view filter keeps each from
  -- the other sides.
  function api.secret(side, name)
    check_side(game, "secret", side)
    local why = secret.why_not(game, side, name)
    if why then fail("secret", why) end
    return secret.get(game, side, name)
  end

  --- secrets(side) -> the names of a side's secrets not yet revealed, sorted.
  function api.secrets(side)
    check_side(game, "secrets", side)
    return secret.names(game, side)
  end

  --- result() -> the result declared or decided, or nil.
  function api.result()
    local v = game.vars
    if v.winner ~= nil then
      return { winner = v.winner, level = v.level, why = v.reason, over = true }
    end
    local d = v.declared
    if d ~= nil then return { winner = d.winner, level = d.level, why = d.why, over = false } end
    return nil
  end

  -- actions -------------------------------------------------------------------------------

  --- roll(reason, rule [, die]) -> the natural result, from the engine's dice, recorded.
  function api.roll(reason, rule, die)
    may("roll", "roll dice")
    M.check_text("roll", "the reason", reason)
    M.check_text("roll", "the rule", rule)
    die = die or part.die or "d6"
    if not set_of(part.dice or { part.die or "d6" })[die] then
      fail("roll", "no die " .. shown(die) .. " in " .. game.system.id .. " (dice: "
        .. table.concat(part.dice or { part.die or "d6" }, ", ") .. ")")
    end
    return game:roll(die, core.text.clean(reason), core.text.clean(rule))
  end

  --- ask(side, request) -> the answer (as volley.ask).
  function api.ask(side, request)
    may("ask", "ask")
    return ask(side, request)
  end

  --- set_marker(u, name, n): a battle's marker (not the system's).
  function api.set_marker(unit, name, n)
    may("set_marker")
    check_unit(game, "set_marker", unit)
    M.check_text("set_marker", "the marker", name)
    if sysm[name] then
      fail("set_marker", "'" .. name .. "' is the system's marker (Hits go through game.hit)")
    end
    if type(n) ~= "number" or n < 0 or math.floor(n) ~= n or n > 1000000 then
      fail("set_marker", "the count must be a whole number 0 or more")
    end
    local ok, err = pcall(game.store.set_marker, game.store, unit, name, n)
    if not ok then
      err = tostring(err)
      if err:find("unknown marker", 1, true) then
        fail("set_marker", "no marker " .. shown(name) .. " in the units chart")
      end
      fail("set_marker", core.text.clean((err:gsub("^[^\n]-:%d+: ", ""))))
    end
  end

  --- set_flag(name, v): keeps a string, number or boolean (nil clears) in the state.
  function api.set_flag(name, value)
    may("set_flag")
    M.check_text("set_flag", "the name", name)
    if #name > M.MAX_NAME then
      fail("set_flag", "the name is " .. #name .. " bytes long (at most " .. M.MAX_NAME .. ")")
    end
    local t = type(value)
    if value ~= nil and t ~= "string" and t ~= "number" and t ~= "boolean" then
      fail("set_flag", "a flag holds a string, a number or a boolean")
    end
    if t == "string" and #value > M.MAX_TEXT then
      fail("set_flag", "the value is " .. #value .. " bytes long (at most " .. M.MAX_TEXT .. ")")
    end
    if t == "number" and (value ~= value or value == math.huge or value == -math.huge) then
      fail("set_flag", "the value must be a finite number")
    end
    if t == "number" and value ~= math.floor(value) then
      fail("set_flag", "a number a flag holds is whole (the state holds integers only)")
    end
    local b = game.vars.battle or {}
    b[name] = value
    local ok, err = pcall(function() game.vars.battle = b end)
    if not ok then
      fail("set_flag", core.text.clean(tostring(err):gsub("^[^\n]-:%d+: ", "")))
    end
  end

  --- set_secret(side, name, value): keeps a value only `side` (and the referee) sees
  -- (nil forgets it); allowed where set_flag is.
  function api.set_secret(side, name, value)
    may("set_secret", nil, "set_flag")
    local why = secret.why_not(game, side, name, value)
    if why then fail("set_secret", why) end
    secret.set(game, side, name, value)
  end

  --- reveal(side, name [, why]) -> the value: a side's secret shown to every side, an event
  -- (a narrative line for all, the JSON `reveal`; undo strict keeps what came before it);
  -- allowed where set_flag is.
  function api.reveal(side, name, why)
    may("reveal", nil, "set_flag")
    local bad = secret.why_not(game, side, name)
    if bad then fail("reveal", bad) end
    if why ~= nil then M.check_text("reveal", "the reason", why) end
    local v, revealed = secret.get(game, side, name)
    if v == nil or revealed then
      fail("reveal", side .. " has no secret '" .. name .. "'"
        .. (revealed and " (revealed already)" or ""))
    end
    return secret.reveal(game, side, name, why)
  end

  --- reveal_unit(unit [, why]): a unit hidden from the other sides (a set-up line's
  -- `hidden`, docs/shell.md "Views") shown to every side from now on: its hidden flag
  -- cleared, a narrative line for every view (`<unit> is revealed in <hex> (<why>)`), the
  -- game's `reveal` called (undo strict: the answers before it stand); allowed where
  -- set_flag is. A unit not hidden is refused.
  function api.reveal_unit(unit, why)
    may("reveal_unit", nil, "set_flag")
    check_unit(game, "reveal_unit", unit)
    if why ~= nil then M.check_text("reveal_unit", "the reason", why) end
    if not game.store:unit(unit).hidden then fail("reveal_unit", unit .. " is not hidden") end
    game.store:set_hidden(unit, false)
    local kind, at = game.store:where(unit)
    game:log(unit .. " is revealed" .. (kind == "hex" and (" in " .. at) or "")
      .. (why and (" (" .. core.text.clean(tostring(why)) .. ")") or ""))
    -- the narrative before this line stays as it was seen: lines naming it unseen
    -- (volley.view `line_at`; not state: a replay or undo makes it again)
    game.narrative_unhidden = game.narrative_unhidden or {}
    game.narrative_unhidden[unit] = #game.narrative
    if game.reveal then game:reveal(unit) end
  end

  --- log(text [, visibility]): a narrative line; visibility "all" (default), a side, or a
  -- list of sides (and the referee) who see it.
  function api.log(text, visibility)
    game:not_in_query("change the game (game.log)")
    M.check_text("log", "the text", text)
    M.log(game, text, M.visibility(game, "log", visibility))
  end

  --- hit(u, why) -> whether the unit was eliminated (the system's Hits).
  function api.hit(unit, why)
    may("hit")
    check_unit(game, "hit", unit)
    M.check_text("hit", "the reason", why)
    if not part.hit then fail("hit", game.system.id .. " has no hits") end
    return sandbox.atomic(part.hit, game, unit, core.text.clean(why))
  end

  --- eliminate(u, why): the system's elimination.
  function api.eliminate(unit, why)
    may("eliminate")
    check_unit(game, "eliminate", unit)
    M.check_text("eliminate", "the reason", why)
    if game.store:where(unit) ~= "hex" then fail("eliminate", unit .. " is not on the map") end
    return sandbox.atomic(part.eliminate, game, unit, core.text.clean(why))
  end

  --- move(u, hex, why): places a unit on the map in another hex, within the system's
  -- stacking limits (no path, no cost: a rule's displacement, not a move).
  function api.move(unit, hex, why)
    may("move")
    check_unit(game, "move", unit)
    check_hex(game, "move", hex)
    M.check_text("move", "the reason", why)
    if game.store:where(unit) ~= "hex" then fail("move", unit .. " is not on the map") end
    local _, at = game.store:where(unit)
    if at == hex then fail("move", unit .. " is in " .. hex .. " already") end
    local ok, why_not = (game.stacking or function() return true end)(game, unit, hex)
    if not ok then fail("move", unit .. " cannot stand in " .. hex .. ": " .. tostring(why_not)) end
    return sandbox.atomic(part.move or M.move, game, unit, hex, core.text.clean(why))
  end

  --- declare_result{winner =, level =, why =}: the game's result, applied by the system's
  -- victory procedure at its next check.
  function api.declare_result(result)
    may("declare_result")
    M.declare(game, check_result(game, part, result))
  end

  -- the system's own reads and actions
  for name, f in pairs(part.reads or {}) do
    api[name] = function(...) return f(game, ...) end
  end
  for name, f in pairs(part.actions or {}) do
    api[name] = function(...)
      may(name)
      return f(game, ...)
    end
  end
  return api
end

local function readonly(api)
  return setmetatable({}, {
    __index = api,
    __newindex = function(_, k) error("ctx.game is read-only ('" .. tostring(k) .. "')", 2) end,
    __metatable = false,
  })
end

--- The actions a point allows: a set, from its catalogue entry's `actions` ("all": every
-- action the runtime and the system have).
function M.allowed(game, point)
  local p = game.hooks.points[point]
  local decl = p and p.actions
  local out = {}
  if decl == "all" then
    for _, a in ipairs(M.ACTIONS) do out[a] = true end
    for a in pairs(M.system_part(game).actions or {}) do out[a] = true end
  else
    for _, a in ipairs(decl or {}) do out[a] = true end
  end
  return out
end

--- The read-only `ctx.game` of a script's handler at `point` (made once per game, point and
-- script; not state). `ask` is the script's own `volley.ask`.
function M.for_point(game, point, source, ask)
  game.script_apis = game.script_apis or {}
  local key = point .. "\0" .. source
  local p = game.script_apis[key]
  if p then return p end
  p = readonly(build(game, point, M.allowed(game, point), ask))
  game.script_apis[key] = p
  return p
end

--- The `ctx.game` of trusted code (system procedures, specs): every action allowed.
function M.of(game)
  local p = game.script_api_all
  if p then return p end
  p = readonly(build(game, nil, nil, function(side, request) return game:ask(side, request) end))
  game.script_api_all = p
  return p
end

--- Every function name of the API a system's scripts get, sorted (docs, `volley hooks`).
function M.names(game)
  local out = {}
  for k in pairs(build(game, nil, nil, function() end)) do out[#out + 1] = k end
  table.sort(out)
  return out
end

--- A rule's displacement as most systems make it (a system's part may give its own `move`):
-- the unit placed in `hex`, its facing kept, told in the narrative.
function M.move(game, unit, hex, why)
  local _, from = game.store:where(unit)
  assert(game.store:place(unit, hex))
  game:log(unit .. " is moved " .. from .. " -> " .. hex .. ": " .. why)
end

return M
