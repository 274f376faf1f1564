--- Schedules as data (issue 35, point 2; docs/formats.md "scenario.ini", docs/runtime.md
-- "Schedules"): a scenario's turn track and game length (`[turns]`) and its reinforcements
-- (`[reinforcements.<SIDE>]`).
--
-- The scenario reader (engine/src/scenario.c) admits the sections, checks their keys (a turn
-- number or `last`; a short key), the sides they name and the game length against `[params]
-- turns`, and keeps each line as written with its file and line. This module reads the values
-- with small lpeg grammars and refuses a bad one at its file and line:
--
--     [turns]
--     last = 9
--     1 = 0800 day
--     16 = 1800 night events night_start, clear_pins
--
--     [reinforcements.US]
--     shields = turn 5 at 3944 if not occupied | 1/3 1/4 orders march formation column
--                 [gbacw 9.71]
--
-- A turn line: `[<HHMM>] [day|dawn|dusk|night] [events <name>, ...]`, at least one part. An
-- arrival: `turn <n>[-<m>] at <placement spec> [if <condition> [else turn <k>]] | <unit ids>
-- [orders <word>] [formation <word>] [<system> <case>]`; the spec is docs/placement.md's,
-- the condition
--
--     cond := conj {"or" conj}     conj := unary {"and" unary}
--     unary := "not" unary | "(" cond ")" | atom
--     atom := "occupied" | "enemy adjacent" | ("var" | "param") <name> <op> <integer>
--     op := "<" | "<=" | "=" | "!=" | ">=" | ">"
--
-- Nothing here depends on pairs() order: turns and arrivals are lists in file order.
-- @module volley.schedule

local lpeg = require "lpeg"
local placement = require "volley.placement"
local secret = require "volley.secret"

local P, R, S, C, Ct, Cc, V = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Ct, lpeg.Cc, lpeg.V

local M = {}

--- The light words of a turn line, in the order of a day.
M.LIGHTS = { "dawn", "day", "dusk", "night" }

local LIGHT = {}
for _, w in ipairs(M.LIGHTS) do LIGHT[w] = true end

local sp = S " \t" ^ 0
local digit = R "09"
local namech = R("az", "09") + P "_"
local name = C(R "az" * namech ^ 0)
local int = C(P "-" ^ -1 * digit ^ 1) / tonumber

local function K(w) return sp * P(w) * -namech end

-- A turn line.
local time = sp * C(digit * digit * digit * digit) * -digit
local light = sp * C(R "az" ^ 1)
local events = K "events" * Ct(sp * name * (sp * P "," * sp * name) ^ 0)

-- Reads a turn line's text: {time =, light =, events = {...}} or nil, why.
local function read_turn(text)
  local rest = text
  local out = { events = {} }
  local t, after = lpeg.match(time * lpeg.Cp(), rest)
  if t then
    local hh, mm = tonumber(t:sub(1, 2)), tonumber(t:sub(3, 4))
    if hh > 23 or mm > 59 then return nil, "time '" .. t .. "' is not HHMM (0000 to 2359)" end
    out.time, rest = t, rest:sub(after)
  end
  local ev_at = lpeg.match(sp * #P "events" * lpeg.Cp(), rest)
  if not ev_at then
    local w, a2 = lpeg.match(light * lpeg.Cp(), rest)
    if w then
      if not LIGHT[w] then
        return nil, "'" .. w .. "' is not a light word (" .. table.concat(M.LIGHTS, ", ") .. ")"
      end
      out.light, rest = w, rest:sub(a2)
    end
  end
  local ev, a3 = lpeg.match(events * lpeg.Cp(), rest)
  if ev then out.events, rest = ev, rest:sub(a3) end
  if not rest:match("^%s*$") then
    return nil, "expected [<HHMM>] [" .. table.concat(M.LIGHTS, "|")
      .. "] [events <name>, ...], found '" .. rest:match("^%s*(.-)%s*$") .. "'"
  end
  if not out.time and not out.light and #out.events == 0 then
    return nil, "a turn line gives a time, a light word or events"
  end
  return out
end

-- The condition grammar.
local op = sp * C(P "<=" + P ">=" + P "!=" + P "<" + P ">" + P "=")
local cond_g = P {
  "cond",
  cond = Ct(Cc "or" * V "conj" * (K "or" * V "conj") ^ 1) + V "conj",
  conj = Ct(Cc "and" * V "unary" * (K "and" * V "unary") ^ 1) + V "unary",
  unary = Ct(Cc "not" * K "not" * V "unary") + sp * P "(" * V "cond" * sp * P ")" + V "atom",
  atom = Ct(Cc "occupied" * K "occupied")
    + Ct(Cc "enemy_adjacent" * K "enemy" * K "adjacent")
    + Ct(sp * C(P "var" + P "param") * -namech * sp * name * op * sp * int),
}
local cond_all = cond_g * sp * -1

--- Parses a condition.
-- @tparam string text e.g. `"not occupied and var mexican_posture = 2"`
-- @treturn[1] table the tree: `{"or", a, b, ...}`, `{"and", ...}`, `{"not", a}`,
--   `{"occupied"}`, `{"enemy_adjacent"}`, `{"var"|"param", name, op, integer}`
-- @treturn[2] nil
-- @treturn[2] string why
function M.condition(text)
  local t = lpeg.match(cond_all, text)
  if not t then return nil, "condition '" .. text .. "' is not understood (occupied, enemy "
    .. "adjacent, var|param <name> <op> <integer>, with not, and, or, parentheses)" end
  return t
end

local CMP = {
  ["<"] = function(a, b) return a < b end, ["<="] = function(a, b) return a <= b end,
  ["="] = function(a, b) return a == b end, ["!="] = function(a, b) return a ~= b end,
  [">="] = function(a, b) return a >= b end, [">"] = function(a, b) return a > b end,
}

--- Whether a condition holds.
-- @tparam table c from `condition`
-- @tparam table env `{occupied = function() -> bool, enemy_adjacent = function() -> bool,
--   var = function(name) -> integer|nil, param = function(name) -> integer|nil}`
-- @treturn boolean
function M.holds(c, env)
  local k = c[1]
  if k == "or" then
    for i = 2, #c do if M.holds(c[i], env) then return true end end
    return false
  elseif k == "and" then
    for i = 2, #c do if not M.holds(c[i], env) then return false end end
    return true
  elseif k == "not" then
    return not M.holds(c[2], env)
  elseif k == "occupied" or k == "enemy_adjacent" then
    return env[k]() and true or false
  end
  local v = env[k](c[2])
  return v ~= nil and CMP[c[3]](v, c[4])
end

-- Splits the rule `[<system> <case>]` off the end of a text.
local function split_rule(text)
  local head, rule = text:match("^(.-)%s*(%[[^%]]*%])%s*$")
  if head then return head, rule end
  return text, nil
end

-- Reads an arrival's text: the arrival or nil, why.
local function read_arrival(text, origin)
  local body, rule = split_rule(text)
  local left, right = body:match("^([^|]*)|(.*)$")
  if not left then return nil, "expected 'turn <n> at <placement spec> | <unit ids>'" end
  if right:find("|", 1, true) then return nil, "more than one '|'" end
  local a = { rule = rule }
  local n, m, rest = left:match("^%s*turn%s+(%d+)%s*%-%s*(%d+)%s+(.*)$")
  if not n then n, rest = left:match("^%s*turn%s+(%d+)%s+(.*)$") end
  if not n then return nil, "expected 'turn <n>' or 'turn <n>-<m>' first" end
  a.turn, a.upto = tonumber(n), tonumber(m or n)
  if a.turn < 1 or a.upto < a.turn then
    return nil, "turn " .. n .. (m and ("-" .. m) or "") .. " is not a turn or a window"
  end
  local where = rest:match("^at%s+(.*)$")
  if not where then return nil, "expected 'at <placement spec>' after the turn" end
  local at_if = (" " .. where):find("%sif%s")
  if not at_if and (" " .. where):find("%selse%s+turn") then
    return nil, "'else turn <k>' follows an 'if <condition>'"
  end
  if at_if then
    local ctext = where:sub(at_if + 2):match("^%s*(.-)%s*$")
    local cond_text, k = ctext:match("^(.-)%s+else%s+turn%s+(%d+)$")
    if cond_text then
      a.otherwise, ctext = tonumber(k), cond_text
      if a.otherwise <= a.upto then
        return nil, "else turn " .. k .. " is not after the window (turn " .. a.upto .. ")"
      end
    elseif ctext:find("%f[%w]else%f[%W]") then
      return nil, "expected 'else turn <k>' at the end of the condition"
    end
    local c, why = M.condition(ctext)
    if not c then return nil, why end
    a.condition, a.condition_text = c, ctext
    where = where:sub(1, at_if - 1)
  end
  where = where:match("^%s*(.-)%s*$")
  local spec, default = placement.split_default(where)
  if not spec then return nil, default end
  local parsed, why = placement.parse(spec, { origin = origin })
  if not parsed then return nil, why, true end
  a.where, a.default = spec, default
  a.units = {}
  local words = {}
  for w in right:gmatch("%S+") do words[#words + 1] = w end
  local i = 1
  while i <= #words do
    local w = words[i]
    if w == "orders" or w == "formation" then
      if not words[i + 1] then return nil, "no word after '" .. w .. "'" end
      if a[w] then return nil, "'" .. w .. "' given twice" end
      a[w] = words[i + 1]
      i = i + 2
    else
      if a.orders or a.formation then
        return nil, "unit '" .. w .. "' after orders or formation"
      end
      a.units[#a.units + 1] = w
      i = i + 1
    end
  end
  if #a.units == 0 then return nil, "no unit ids after '|'" end
  return a
end

--- Reads a scenario's schedule (the `turns` and `reinforcements` lists of
-- `volley.core.scenario.load`).
-- @tparam table sc the scenario as loaded
-- @treturn[1] table `{last = n|nil, turns = {[n] = {time =, light =, events = {...}, file =,
--   line =}}, track = {n, ...} (the turn numbers with a line, ascending), arrivals =
--   {{side =, key =, turn =, upto =, where =, default =, condition =, condition_text =,
--   otherwise =, units = {...}, orders =, formation =, rule =, file =, line =}, ...}}`
--   (arrivals in [sides] order, then file order; `otherwise`, the turn of `else turn <k>`)
-- @treturn[2] nil
-- @treturn[2] string why, as `<file>:<line>: ...`
function M.read(sc)
  local out = { turns = {}, track = {}, arrivals = {} }
  for _, l in ipairs(sc.turns or {}) do
    if l.key == "last" then
      out.last = tonumber(l.text)
    else
      local t, why = read_turn(l.text)
      if not t then return nil, l.file .. ":" .. l.line .. ": [turns] " .. l.key .. ": " .. why end
      t.file, t.line = l.file, l.line
      out.turns[tonumber(l.key)] = t
      out.track[#out.track + 1] = tonumber(l.key)
    end
  end
  table.sort(out.track)
  local last = out.last
  if not last then
    for _, p in ipairs(sc.params or {}) do if p.name == "turns" then last = p.value end end
  end
  local seen = {}
  for _, l in ipairs(sc.reinforcements or {}) do
    local where = l.file .. ":" .. l.line .. ": "
    local a, why, whole = read_arrival(l.text, { file = l.file, line = l.line })
    if not a then
      return nil, whole and why or (where .. "reinforcement " .. l.key .. ": " .. why)
    end
    if last and (a.otherwise or a.upto) > last then
      return nil, where .. "reinforcement " .. l.key .. ": turn " .. (a.otherwise or a.upto)
        .. " is after the last turn (" .. last .. ")"
    end
    for _, u in ipairs(a.units) do
      if seen[u] then
        return nil, where .. "unit " .. u .. " arrives twice (first at line " .. seen[u] .. ")"
      end
      seen[u] = l.line
    end
    a.side, a.key, a.file, a.line = l.side, l.key, l.file, l.line
    out.arrivals[#out.arrivals + 1] = a
  end
  return out
end

--- Checks a schedule against its game: every arriving unit is in the order of battle, of
-- the side whose section names it, and not set up by a `[setup.<SIDE>]` line; every entry
-- spec names locations of the map.
-- @tparam table sch from `read`
-- @tparam table sc the scenario as loaded
-- @param store the game's store
-- @param map the game's map
-- @tparam[opt] table predicates for `where` specs
-- @treturn[1] true
-- @treturn[2] nil
-- @treturn[2] string why, as `<file>:<line>: ...`
function M.check(sch, sc, store, map, predicates)
  local set_up = {}
  for _, l in ipairs(sc.setup or {}) do
    local text = split_rule(l.text)
    local _, ids = placement.split_line(text)
    if type(ids) == "table" then
      for _, u in ipairs(ids) do set_up[u] = set_up[u] or l.line end
    end
  end
  for _, a in ipairs(sch.arrivals) do
    local where = a.file .. ":" .. a.line .. ": "
    for _, u in ipairs(a.units) do
      local known, unit = pcall(store.unit, store, u)
      if not known then
        return nil, where .. "unit '" .. u .. "' is not in the order of battle (" .. sc.oob .. ")"
      end
      if unit.side ~= a.side then
        return nil, where .. "unit " .. u .. " is side " .. unit.side .. "'s, not " .. a.side
          .. "'s"
      end
      if set_up[u] then
        return nil, where .. "unit " .. u .. " arrives but is set up at line " .. set_up[u]
      end
    end
    local set, why = placement.compile(a.where, map, { above = {}, predicates = predicates },
      { origin = { file = a.file, line = a.line } })
    if not set then return nil, why end
    if #placement.locations(set) == 0 then
      return nil, where .. "reinforcement " .. a.key .. ": '" .. a.where .. "' names no location"
    end
  end
  return true
end

--- The entry an arrival's side chose in advance, in secret (docs/runtime.md "Secrets"):
-- its secret `entry_<key>` (volley.secret; a secret request's answer, or a script's
-- `set_secret`) when that is one of the arrival's entry locations and not yet revealed; nil
-- otherwise (the side is asked when the units arrive).
function M.chosen(game, a, locs)
  local key = "entry_" .. a.key
  if secret.why_not(game, a.side, key) then return nil end
  local v, revealed = secret.get(game, a.side, key)
  if v == nil or revealed then return nil end
  for _, h in ipairs(locs) do
    if h == v then return v end
  end
  return nil
end

-- The key of an arrival in `game.vars.arrivals`: `<side>.<key>`.
local function id_of(a)
  return a.side .. "." .. a.key
end

-- The units of an arrival and the names it is told by: `A road (A4)`.
local function named(a, units)
  return a.side .. " " .. a.key .. " (" .. table.concat(units, " ") .. ")"
end

-- The entry locations of a spec, in label order; nil, why when the spec names none.
local function entry(game, a, where)
  local set, why = placement.compile(where, game.map, { above = {} },
    { origin = { file = a.file, line = a.line } })
  if not set then return nil, why end
  local locs = placement.locations(set)
  if #locs == 0 then return nil, "'" .. where .. "' names no location" end
  return set, locs
end

-- The words of a condition, at an arrival's entry locations.
local function env_of(game, a, locs)
  local store = game.store
  local function enemy_at(h)
    for _, u in ipairs(store:stack(h)) do
      if store:unit(u).side ~= a.side then return true end
    end
    return false
  end
  return {
    enemy_at = enemy_at,
    occupied = function()
      for _, h in ipairs(locs) do if not enemy_at(h) then return false end end
      return true
    end,
    enemy_adjacent = function()
      local grid = require("volley.placement_setup").grid(game.map)
      for _, h in ipairs(locs) do
        if enemy_at(h) then return true end
        for _, n in ipairs(grid:neighbors(h)) do
          if type(n) == "string" and game.map:contains(n) and enemy_at(n) then return true end
        end
      end
      return false
    end,
    var = function(n) return game.vars[n] end,
    param = function(n) return (game.params or {})[n] end,
  }
end

-- What the handlers of `reinforcement.due` left in its context, checked (a script's
-- handler sets these fields): the delay (whole turns from 0), the entry spec and whether
-- it enters.
local function read_due(game, a, ctx)
  local delay, where, enter = rawget(ctx, "delay"), rawget(ctx, "where"), rawget(ctx, "enter")
  local function bad(what)
    error("reinforcement.due " .. named(a, ctx.units) .. ": " .. what, 0)
  end
  if type(delay) ~= "number" or delay ~= math.floor(delay) or delay < 0 or delay > 999 then
    bad("ctx.delay must be a whole number of turns from 0 to 999, not " .. tostring(delay))
  end
  if type(where) ~= "string" or #where > 1000 then
    bad("ctx.where must be a placement spec (docs/placement.md)")
  end
  if type(enter) ~= "boolean" then bad("ctx.enter must be true or false") end
  local set, locs = entry(game, a, where)
  if not set then bad("ctx.where: " .. locs) end
  return delay, where, enter, set, locs
end

-- Whether a point is in the system's catalogue.
local function declared(hooks, point)
  return hooks ~= nil and hooks.points ~= nil and hooks.points[point] ~= nil
end

--- Checks a schedule against its rule system: a system without turns (`turns = false` in
-- its init.lua, Rough & Ready) takes no `[turns]` line, and its arrivals all come at turn 1,
-- the opening.
-- @tparam table sch from `read`
-- @tparam table sc the scenario as loaded
-- @tparam table system the system's table
-- @treturn[1] true
-- @treturn[2] nil
-- @treturn[2] string why, as `<file>:<line>: ...`
function M.check_system(sch, sc, system)
  if system.turns ~= false then return true end
  local l = (sc.turns or {})[1]
  if l then
    return nil, l.file .. ":" .. l.line .. ": [turns]: " .. system.id .. " has no turns "
      .. "(its reinforcements come at turn 1, the opening)"
  end
  for _, a in ipairs(sch.arrivals) do
    if a.upto > 1 or a.otherwise then
      return nil, a.file .. ":" .. a.line .. ": reinforcement " .. a.key .. ": " .. system.id
        .. " has no turns: an arrival comes at turn 1, the opening"
    end
  end
  return true
end

--- Brings in the arrivals due at a turn (docs/runtime.md "Schedules"). An arrival is due
-- at each turn of its window (`turn n-m`, the condition checked each time), at its `else
-- turn <k>` when it has not come by then (without its condition), and at the turn a
-- system delayed it to (the condition checked again); the units of it still on no location
-- (`store:where` "none") are what comes. For each due arrival, in schedule order:
--
-- 1. `reinforcement.due` (modify handlers, then observe), ctx `{side =, key =, units =
--    {...}, turn =, where = <spec>, orders =, formation =, blocked = <every entry location
--    holds an enemy unit>, enter = <its condition holds>, delay = 0}`: a modify handler may
--    set `enter` (bring it in, or keep it out), `where` (divert it to another placement
--    spec) and `delay` (whole turns: it is due again at turn + delay, at the `where` then
--    set; kept in `game.vars.arrivals`, so a save, an undo and the hash carry it);
-- 2. with no delay and `enter` true, the units are placed together on the spec as set-up
--    places a line (docs/placement.md "Set-up"): one location places them; several ask the
--    arrival's side, the request citing the arrival's rule (the default: the spec's
--    `default`, else its first location in label order);
-- 3. `reinforcement.arrive`, ctx `{side =, key =, units =, at =, turn =, orders =,
--    formation =}`.
--
-- An arrival kept out at the last turn it is due does not come. The condition's words:
-- `occupied`, every entry location holds a unit of another side; `enemy adjacent`, a unit
-- of another side is on or beside an entry location; `var <name>`, `game.vars[name]`;
-- `param <name>`, `game.params[name]`. A point the system's catalogue does not declare is
-- not fired.
-- @param game the game (its `schedule`, `store`, `map`, `vars`, `params`, `ask`, `log`)
-- @tparam integer turn
-- @param[opt] hooks the system's registry (`game.hooks`); nil: no point is fired
-- @treturn {table,...} the contexts of the arrivals that came, in order
function M.arrive(game, turn, hooks)
  local came = {}
  local sch = game.schedule
  if not sch or #sch.arrivals == 0 then return came end
  local store = game.store
  local delays = game.vars.arrivals or {}
  for _, a in ipairs(M.due(sch, turn, delays)) do
    local off = {}
    for _, u in ipairs(a.units) do
      if store:where(u) == "none" then off[#off + 1] = u end
    end
    if #off > 0 then
      local id = id_of(a)
      local d = delays[id]
      local again = d ~= nil and d.turn == turn
      local where = again and d.where or a.where
      local set, locs = entry(game, a, where)
      if not set then error(locs, 0) end
      local env = env_of(game, a, locs)
      local forced = a.otherwise == turn and not again
      local ctx = { side = a.side, key = a.key, units = off, turn = turn, where = where,
                    orders = a.orders, formation = a.formation, blocked = env.occupied(),
                    enter = forced or not a.condition or M.holds(a.condition, env),
                    delay = 0 }
      if declared(hooks, "reinforcement.due") then
        hooks:modify("reinforcement.due", ctx)
        hooks:fire("reinforcement.due", ctx)
      end
      local delay, enter
      delay, where, enter, set, locs = read_due(game, a, ctx)
      -- never onto an enemy: the entry hexes an enemy unit holds are left out
      local open, hexes = {}, {}
      for _, h in ipairs(locs) do
        if not env.enemy_at(h) then open[#open + 1] = h end
      end
      for _, h in ipairs(set.hexes or {}) do
        if not env.enemy_at(h) then hexes[#hexes + 1] = h end
      end
      if delay > 0 then
        delays[id] = { turn = turn + delay, where = where }
        game.vars.arrivals = delays
        game:log(named(a, off) .. " is delayed to turn " .. (turn + delay) .. " (at " .. where
          .. ")")
      elseif not enter then
        game:log(named(a, off) .. " does not arrive at turn " .. turn
          .. (a.condition_text and (": " .. a.condition_text .. " does not hold") or ""))
      elseif #open == 0 then
        game:log(named(a, off) .. " cannot arrive at turn " .. turn .. ": an enemy holds "
          .. where)
      else
        local at = open[1]
        local default = where == a.where and a.default
        for _, h in ipairs(open) do if h == default then at = h end end
        local chosen = #open > 1 and M.chosen(game, a, open)
        if chosen then
          at = chosen                          -- chosen in advance, in secret: now shown
          secret.reveal(game, a.side, "entry_" .. a.key, "the reinforcement arrives "
            .. (a.rule or ""))
        elseif #open > 1 then
          local free = {}
          for k, v in pairs(set) do free[k] = v end
          free.hexes = hexes
          local plan = placement.setup(free, off, { together = true, kind = "place",
            rule = a.rule or "[schedule " .. a.key .. "]" })
          local choice = plan.choices[1]
          if choice then
            choice.request.default = at
            at = game:ask(a.side, choice.request)
          end
        end
        for _, u in ipairs(off) do assert(store:place(u, at)) end
        game:log(named(a, off) .. " arrives at " .. at .. (a.rule and (" " .. a.rule) or ""))
        local arrived = { side = a.side, key = a.key, units = off, at = at, turn = turn,
                          orders = a.orders, formation = a.formation }
        if declared(hooks, "reinforcement.arrive") then
          hooks:fire("reinforcement.arrive", arrived)
        end
        came[#came + 1] = arrived
      end
    end
  end
  return came
end

--- Fires the events of a turn's line (`[turns] <n> = ... events a, b`), in the order
-- listed, as `schedule.event` with ctx `{turn =, event =, light =, time =}` (time nil when
-- the line gives none).
-- @param game the game (its `schedule`)
-- @tparam integer turn
-- @param[opt] hooks the system's registry; nil: no point is fired
-- @treturn {table,...} the contexts, in order
function M.events(game, turn, hooks)
  local out = {}
  local sch = game.schedule
  local t = sch and sch.turns[turn]
  if not t then return out end
  for _, e in ipairs(t.events) do
    local ctx = { turn = turn, event = e, light = M.light(sch, turn), time = t.time }
    if declared(hooks, "schedule.event") then hooks:fire("schedule.event", ctx) end
    out[#out + 1] = ctx
  end
  return out
end

--- A turn's start as the schedule has it, for a system with turns to call after its
-- `turn.start`: the turn's track line in the narrative (`turn 4 of 5, 1700 dusk: rain`,
-- when the scenario has a `[turns]` track), its events (`events`), then the arrivals due
-- (`arrive`).
-- @param game
-- @tparam integer turn
-- @param[opt] hooks the system's registry (`game.hooks`)
-- @treturn {table,...} the arrivals that came
function M.start(game, turn, hooks)
  local sch = game.schedule
  if not sch then return {} end
  if #sch.track > 0 then
    local t = sch.turns[turn]
    local ev = t and #t.events > 0 and (": " .. table.concat(t.events, ", ")) or ""
    game:log(M.track_line(sch, turn, game.params and game.params.turns) .. ev)
  end
  M.events(game, turn, hooks)
  return M.arrive(game, turn, hooks)
end

--- What the prompt shows of the schedule (`volley.queries.track`): the turn under way
-- and the arrivals still to come, or nil when the scenario has no schedule.
-- @param game
-- @tparam integer turn the turn under way (0 before the first; its start is over, so its
--   arrivals have come)
-- @treturn ?table `{turn =, last =, time =, light =, events = {...}, line = "turn 2 of 5,
--   1500 day", next = {{side =, key =, units = {...}, turn =, upto =, where =, condition
--   =}, ...}}`: `next`, the arrivals with units still to come that may still come (a delay
--   counted), by their first turn, then in schedule order; `condition` nil when it comes
--   without one (an `else turn`)
function M.track(game, turn)
  local sch = game.schedule
  if not sch or (#sch.track == 0 and #sch.arrivals == 0) then return nil end
  local last = sch.last or (game.params and game.params.turns)
  local t = sch.turns[turn] or {}
  local out = { turn = turn, last = last, time = t.time, light = M.light(sch, turn),
                events = t.events or {}, line = M.track_line(sch, turn, last), next = {} }
  local delays = game.vars.arrivals or {}
  local order = {}
  for i, a in ipairs(sch.arrivals) do
    local off = {}
    for _, u in ipairs(a.units) do
      if game.store:where(u) == "none" then off[#off + 1] = u end
    end
    local d = delays[id_of(a)]
    local from, upto, where, cond
    if d and turn < d.turn then
      from, upto, where, cond = d.turn, d.turn, d.where, a.condition_text
    elseif not d and turn < a.upto then
      from, upto, where, cond = math.max(a.turn, turn + 1), a.upto, a.where, a.condition_text
    elseif a.otherwise and turn < a.otherwise then
      from, upto, where = a.otherwise, a.otherwise, a.where
    end
    if #off > 0 and from then
      local n = { side = a.side, key = a.key, units = off, turn = from, upto = upto,
                  where = where, condition = cond }
      out.next[#out.next + 1] = n
      order[n] = i
    end
  end
  table.sort(out.next, function(x, y)
    if x.turn ~= y.turn then return x.turn < y.turn end
    return order[x] < order[y]
  end)
  return out
end

--- The arrivals still to come on one line, for the prompt: `next: turn 3-4 B road (B4) at
-- 1205; turn 5 A late (A5) at 0101 if var x > 1`, or nil when none.
-- @tparam table track from `track`
-- @treturn ?string
function M.next_text(track)
  if not track or #track.next == 0 then return nil end
  local parts = {}
  for _, n in ipairs(track.next) do
    parts[#parts + 1] = "turn " .. n.turn .. (n.upto ~= n.turn and ("-" .. n.upto) or "")
      .. " " .. n.side .. " " .. n.key .. " (" .. table.concat(n.units, " ") .. ") at "
      .. n.where .. (n.condition and (" if " .. n.condition) or "")
  end
  return "next: " .. table.concat(parts, "; ")
end

--- The turn-track line of a turn, for the render: `turn 3 of 9, 0930 day`.
-- @tparam table sch from `read`
-- @tparam integer turn
-- @tparam[opt] integer last the game length when the schedule gives none
-- @treturn string
function M.track_line(sch, turn, last)
  last = sch.last or last
  local s = "turn " .. turn .. (last and (" of " .. last) or "")
  local lit
  for _, n in ipairs(sch.track) do
    if n <= turn and sch.turns[n].light then lit = sch.turns[n].light end
  end
  local t = sch.turns[turn]
  local bits = {}
  if t and t.time then bits[#bits + 1] = t.time end
  if lit then bits[#bits + 1] = lit end
  if #bits > 0 then s = s .. ", " .. table.concat(bits, " ") end
  return s
end

--- The whole turn track on one line, for `volley render --text`: each turn from 1 to the
-- last (or to the last turn line when the game length is not known) as `<n> [<time>]
-- <light> [(<event>, ...)]`, e.g. `turns: 1 1400 day, 2 1500 day, 3 day, 4 1700 dusk (rain)`.
-- @tparam table sch from `read`
-- @tparam[opt] integer last the game length when the schedule gives none
-- @treturn ?string nil when the schedule has no turn lines
function M.track_text(sch, last)
  if #sch.track == 0 then return nil end
  last = sch.last or last or sch.track[#sch.track]
  local parts = {}
  for n = 1, last do
    local t = sch.turns[n]
    local bits = { tostring(n) }
    if t and t.time then bits[#bits + 1] = t.time end
    bits[#bits + 1] = M.light(sch, n)
    if t and #t.events > 0 then bits[#bits + 1] = "(" .. table.concat(t.events, ", ") .. ")" end
    parts[#parts + 1] = table.concat(bits, " ")
  end
  return "turns: " .. table.concat(parts, ", ")
end

--- Where a unit not yet arrived is, for the render: `turn 2 at 0105 or 0104`, or nil when
-- no arrival brings it.
-- @tparam table sch from `read`
-- @tparam string unit
-- @treturn ?string
function M.arrival_of(sch, unit)
  for _, a in ipairs(sch.arrivals) do
    for _, u in ipairs(a.units) do
      if u == unit then
        return "turn " .. a.turn .. (a.upto ~= a.turn and ("-" .. a.upto) or "") .. " at "
          .. a.where .. (a.condition_text and (" if " .. a.condition_text) or "")
      end
    end
  end
  return nil
end

--- The light of a turn: the light word of the nearest turn line at or before it, else "day".
-- @tparam table sch
-- @tparam integer turn
-- @treturn string
function M.light(sch, turn)
  local lit = "day"
  for _, n in ipairs(sch.track) do
    if n <= turn and sch.turns[n].light then lit = sch.turns[n].light end
  end
  return lit
end

--- The arrivals due at a turn, in schedule order: those whose window holds it, or whose
-- `else turn` it is, or that a system delayed to it (`delays`, `game.vars.arrivals`: a
-- delayed arrival is due at its new turn, and at its `else turn` if that comes later).
-- @tparam table sch
-- @tparam integer turn
-- @tparam[opt] table delays `{["<side>.<key>"] = {turn =, where =}}`
-- @treturn {table,...}
function M.due(sch, turn, delays)
  local out = {}
  for _, a in ipairs(sch.arrivals) do
    local d = delays and delays[id_of(a)]
    local due
    if d then
      due = d.turn == turn or (a.otherwise == turn and d.turn < turn)
    else
      due = (a.turn <= turn and turn <= a.upto) or a.otherwise == turn
    end
    if due then out[#out + 1] = a end
  end
  return out
end

return M
