--- The shared hook vocabulary (issue 35 point 6; docs/runtime.md "Hook points"): the points
-- every rule system has, under one name each, with one meaning and the context fields every
-- system gives there, typed. A system's catalogue (its `points`) declares a shared point by
-- its name: it then fires it at the moment said here, with at least the shared fields (the
-- same names, the same types), the kinds of handler and the actions listed here (it may add
-- fields, kinds and actions of its own). A shared point a system's catalogue leaves out is
-- one it does not fire (Rough & Ready has no turns): `volley hooks` lists it as "not fired
-- by this system", and registering a handler there is refused with that reason.
--
-- `volley.systems` checks each system's catalogue against this one when it builds the
-- registry, so a system cannot fire a shared name with another meaning's context.
-- @module volley.points

local M = {}

local O, MOD, R = "observe", "modify", "replace"
local ALL = "all"
-- where a move is under way: a handler may roll, ask, mark, flag and end the game
local MOVE = { "ask", "declare_result", "roll", "set_flag", "set_marker" }
-- in the middle of a roll's total: roll, mark or flag, no more
local DRM = { "roll", "set_flag", "set_marker" }

local function p(name, kinds, when, fields, actions)
  return { name = name, kinds = kinds, when = when, fields = fields, actions = actions }
end

--- The shared points in the order docs/runtime.md gives them: `{name, kinds (the least a
-- system offers), when, fields ({name, type, meaning}, the least a system gives), actions
-- (the least a script's handler may do there; "all": every action of volley.script_api and
-- the system's own)}`. The first, `setup.start`, is fired by the runtime in every system
-- (volley.game's `ask_setup`; volley.systems adds it to every catalogue).
M.SHARED = {
  p("setup.start", { O }, "once, before the first set-up request (a choice asked before "
    .. "any side sets up: a secret entry)", {}, { "ask", "roll", "set_flag", "set_marker" }),
  p("game.start", { O }, "once, before the first turn or activation",
    { { "first", "side", "the side that plays first" } }, ALL),
  p("game.end", { O }, "once, when the game is decided (a winner, or a draw)",
    { { "winner", "string", "the side that won, or \"draw\"" },
      { "reason", "string", "why the game ended" } }, {}),
  p("turn.start", { O }, "at the start of each turn",
    { { "turn", "integer", "the turn beginning, from 1" } }, ALL),
  p("turn.end", { O }, "at the end of each turn, before its victory check",
    { { "turn", "integer", "the turn ending" } }, ALL),
  p("activation.start", { O }, "a side's formation, leader or units are activated",
    { { "side", "side", "the side whose activation it is" },
      { "n", "integer", "the activation's number in the game" } }, ALL),
  p("activation.end", { O }, "an activation is over",
    { { "side", "side", "the side whose activation it was" },
      { "n", "integer", "the activation's number in the game" } }, ALL),
  p("movement.enter", { O }, "a moving unit has entered a hex (each hex of a move, volley.walk)",
    { { "unit", "unit", "the unit moving" }, { "from", "hex", "the hex it left" },
      { "to", "hex", "the hex it entered" }, { "cost", "integer", "the MP this step cost" } },
    MOVE),
  p("movement.leave", { O }, "a moving unit is about to leave a hex for the next (volley.walk)",
    { { "unit", "unit", "the unit moving" }, { "from", "hex", "the hex it leaves" },
      { "to", "hex", "the hex it enters next" } }, MOVE),
  p("movement.stop", { O }, "a move has ended, wherever and however (volley.walk)",
    { { "unit", "unit", "the unit that moved" }, { "hex", "hex", "where it stopped" },
      { "entered", "hexes", "the hexes it entered, in order" },
      { "cost", "integer", "the MP it spent" },
      { "why", "string", "arrived, cut (a step became illegal), or what stopped it" } }, MOVE),
  p("fire.drm", { MOD }, "a fire roll's modifiers are assembled, before the roll",
    { { "firers", "units", "the units firing" },
      { "mods", "modifiers", "the roll's modifiers: mods:add(value, label, rule)" } }, DRM),
  p("fire.resolved", { O }, "a fire's result has been applied",
    { { "firers", "units", "the units that fired" },
      { "result", "string", "the result, in the system's words" } }, ALL),
  p("shock.drm", { MOD }, "a shock (close combat) roll's modifiers are assembled",
    { { "attackers", "units", "the attacking units" },
      { "defenders", "units", "the defending units" },
      { "mods", "modifiers", "the roll's modifiers: mods:add(value, label, rule)" } }, DRM),
  p("shock.resolved", { O }, "a shock's rolls are read and its losses applied",
    { { "attackers", "units", "the attacking units" },
      { "defenders", "units", "the defending units" } }, ALL),
  p("retreat.apply", { O }, "the loser of a combat retreats",
    { { "units", "units", "the units retreating" },
      { "from", "hex", "the hex they retreat from" } }, ALL),
  p("rally.attempt", { O }, "a unit tries to rally",
    { { "unit", "unit", "the unit rallying" } }, ALL),
  p("victory.check", { O, R }, "the system checks whether the game is decided; replace to "
    .. "check otherwise", {}, ALL),
  -- the scenario's schedule (volley.schedule; docs/runtime.md "Schedules")
  p("schedule.event", { O }, "at the start of a turn, after turn.start: an event its [turns] "
    .. "line names, in the order listed",
    { { "turn", "integer", "the turn beginning" },
      { "event", "string", "the event's name" },
      { "light", "string", "the turn's light: dawn, day, dusk or night" },
      { "time", "string", "the turn's time (HHMM), or nil" } }, ALL),
  p("reinforcement.due", { O, MOD }, "a reinforcement of the schedule is due, before it is "
    .. "placed; modify to delay it, divert it or keep it out",
    { { "side", "side", "the side it belongs to" },
      { "key", "string", "its key in [reinforcements.<SIDE>]" },
      { "units", "units", "its units not yet arrived" },
      { "turn", "integer", "the turn it is due" },
      { "where", "string", "its entry (a placement spec); set it to divert" },
      { "blocked", "boolean", "every entry location holds an enemy unit" },
      { "enter", "boolean", "whether it enters now (its condition holds); set it" },
      { "delay", "integer", "0; set it to delay the arrival that many turns" },
      { "orders", "string", "the orders its line names (orders <word>), or nil" },
      { "formation", "string", "the formation its line names (formation <word>), or nil" } },
    { "roll", "set_flag", "set_marker" }),
  p("reinforcement.arrive", { O }, "a reinforcement of the schedule has been placed",
    { { "side", "side", "the side it belongs to" },
      { "key", "string", "its key in [reinforcements.<SIDE>]" },
      { "units", "units", "the units that arrived" },
      { "at", "hex", "where they were placed" },
      { "turn", "integer", "the turn they arrived" },
      { "orders", "string", "the orders its line names, or nil" },
      { "formation", "string", "the formation its line names, or nil" } }, ALL),
}

local BY_NAME = {}
for _, sp in ipairs(M.SHARED) do BY_NAME[sp.name] = sp end

--- The shared point of that name, or nil.
-- @tparam string name
-- @treturn ?table
function M.shared(name)
  return BY_NAME[name]
end

--- A system's catalogue entry for a shared point it fires as documented here: a fresh copy
-- of the shared declaration (kinds, fields, actions), its `when` the system's own words
-- when given.
-- @tparam string name a shared point's name
-- @tparam[opt] string when
-- @treturn table
-- @raise if no shared point has that name
function M.declare(name, when)
  local sp = BY_NAME[name]
  if not sp then error("no shared hook point '" .. tostring(name) .. "'", 2) end
  local kinds, fields = {}, {}
  for i, k in ipairs(sp.kinds) do kinds[i] = k end
  for i, f in ipairs(sp.fields) do fields[i] = { f[1], f[2], f[3] } end
  local actions = sp.actions
  if type(actions) == "table" then
    actions = {}
    for i, a in ipairs(sp.actions) do actions[i] = a end
  end
  return { name = name, kinds = kinds, when = when or sp.when, fields = fields,
           actions = actions }
end

local function field_of(fd)
  if type(fd) == "string" then return fd, "any" end
  if type(fd) ~= "table" then return nil end
  return fd[1] or fd.name, fd[2] or fd.type
end

local function has(list, x)
  for _, y in ipairs(list or {}) do if y == x then return true end end
  return false
end

--- Checks a system's point declaration against the shared point of its name (if any): the
-- shared fields present with their types, the kinds and actions offered.
-- @tparam string system the system's id (for the message)
-- @tparam table decl the declaration (volley.hooks.new's form)
-- @raise "system 'x': shared hook point 'p' ..." naming what is missing
function M.check(system, decl)
  local sp = BY_NAME[decl.name]
  if not sp then return end
  local function bad(what)
    error("system '" .. system .. "': shared hook point '" .. decl.name .. "' " .. what
      .. " (docs/runtime.md \"Hook points\")", 0)
  end
  local types = {}
  for _, fd in ipairs(decl.fields or {}) do
    local name, ty = field_of(fd)
    if name then types[name] = ty end
  end
  for _, f in ipairs(sp.fields) do
    if types[f[1]] == nil then bad("lacks the shared field '" .. f[1] .. "'") end
    if types[f[1]] ~= f[2] then
      bad("types '" .. f[1] .. "' " .. tostring(types[f[1]]) .. ", not " .. f[2])
    end
  end
  for _, k in ipairs(sp.kinds) do
    if not has(decl.kinds or { "observe" }, k) then bad("does not take " .. k .. " handlers") end
  end
  if sp.actions == "all" then
    if decl.actions ~= "all" then bad("must allow every action (\"all\")") end
  elseif decl.actions ~= "all" then
    for _, a in ipairs(sp.actions) do
      if not has(decl.actions, a) then bad("does not allow " .. a) end
    end
  end
end

--- The shared points a catalogue does not declare (the ones its system does not fire), in
-- docs order.
-- @tparam table catalogue a list of point declarations
-- @treturn {string,...}
function M.not_fired(catalogue)
  local declared = {}
  for _, d in ipairs(catalogue) do declared[d.name] = true end
  local out = {}
  for _, sp in ipairs(M.SHARED) do
    if not declared[sp.name] then out[#out + 1] = sp.name end
  end
  return out
end

return M
