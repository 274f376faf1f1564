--- Movement in Battle of Buena Vista [battle_of_buena_vista 7.1-7.7]: step (a) of each
-- impulse. The side whose impulse it is moves its active units one at a time, each move one
-- decision, until it answers `done` (docs/battle_of_buena_vista_movement.md).
--
-- The move request's answers (canonical order): for each unit that may move (id order) its
-- destinations, `<unit> <hex>` (a double-size counter: `<unit> <head>/<tail>`), reach order,
-- the leader's bonus hexes last; each double-size counter's pivots, `pivot <unit>
-- <head>/<tail>`; then `done`. A typed path `<unit> <hex> <hex> ...` moves a one-hex unit
-- along it, each step checked.
--
-- * Costs: the chart charts/battle_of_buena_vista/movement.ini through the C core
--   (volley.core.move), with the overlays below [battle_of_buena_vista 7.1b];
-- * a slope costs 0 MP but may not be entered with no MP left, save as the leader's bonus
--   hex, and ends the move (the errata's example of 3214) [battle_of_buena_vista E-7.1e];
-- * a unit that begins its move stacked with a friendly leader may enter one hex more,
--   whatever it costs, but not across an impassable hexside nor into a stream other than the
--   ford [battle_of_buena_vista 7.1c, E-7.1a, E-7.1b];
-- * the ford's hexes are open once the Crossing Marker is placed (`game.vars.ford`), the
--   other sites closed [battle_of_buena_vista 5.3];
-- * stacking [battle_of_buena_vista 7.3] (stacking.lua), enemy combat units closed (shock
--   only); an enemy leader alone is ignored, an army commander steps aside
--   [battle_of_buena_vista 7.4c, 7.6a];
-- * reaction fire: after each hex entered next to enemies that may fire, their side is asked
--   [battle_of_buena_vista 7.4a, 7.4b]; the fire itself is issue 45's (`M.resolve_reaction`);
-- * double-size counters (double.lua) [battle_of_buena_vista 7.5a, 7.5b];
-- * Mexican artillery under a Moving marker rolls its MP each Mexican impulse
--   [battle_of_buena_vista 7.2];
-- * no unit moves off the map [battle_of_buena_vista 7.7]: the search knows the map's hexes
--   only (and the Saltillo Track has no movement row: the Track phase moves there, 10.0).
-- @module systems.battle_of_buena_vista.movement

local core = require "volley.core"
local walk = require "volley.walk"
local stacking = require "systems.battle_of_buena_vista.stacking"
local double = require "systems.battle_of_buena_vista.double"

local M = {}

local function cite(case) return "[battle_of_buena_vista " .. case .. "]" end

M.R71A = cite("7.1a")
M.R71B = cite("7.1b")
M.R71C = cite("7.1c")
M.R72 = cite("7.2")
M.R73 = cite("7.3")
M.R74 = cite("7.4a, 7.4b")
M.R75B = cite("7.5b")
M.R76A = cite("7.4c, 7.6a")
M.R76B = cite("7.4c, 7.6b")
M.R77 = cite("7.7")
M.R53 = cite("5.3")
M.RE71B = cite("E-7.1b")
M.RE71E = cite("E-7.1e")

M.MEX = "MEX"

--- Movement's options (init.lua appends them to the system's `params`): the errata
-- compiler's opinion on the leader's bonus hex after a slope [battle_of_buena_vista E-7.1e].
M.params = {
  { name = "bonus_after_slope", min = 0, max = 1, default = 0, rule = M.RE71E,
    help = "1: a unit stopped by a slope may still take the leader's bonus hex beyond it "
      .. "(the errata compiler's opinion; 0: it stops, the designer's example)" },
}

-- ---- the hook points movement fires --------------------------------------------------------

local shared = require "volley.points"
local SOME = { "roll", "ask", "set_marker", "set_flag", "declare_result" }

--- Movement's hook points (init.lua appends them to the system's catalogue): the shared
-- movement.leave / enter / stop (volley.walk) and its own.
M.points = {
  shared.declare("movement.leave", "a moving unit is about to leave a hex for the next "
    .. "(volley.walk) " .. M.R71A),
  shared.declare("movement.enter", "a moving unit (a double-size counter: its head, or its "
    .. "tail going backwards) has entered a hex " .. M.R71A),
  shared.declare("movement.stop", "a move has ended, wherever and however " .. M.R71A),
  { name = "movement.cost", kinds = { "modify" },
    when = "a unit's movement query is built: add costs, prohibit hexes, change query.ma "
      .. M.R71B,
    fields = { { "unit", "unit", "the unit about to move" },
               { "query", "query", "its volley.core.move query" },
               { "game", "game", "the game" } },
    actions = {} },
  { name = "movement.fire_window", kinds = { "observe" },
    when = "a moving unit entered a hex next to enemies that may fire at it, before their "
      .. "side is asked " .. M.R74,
    fields = { { "unit", "unit", "the mover" }, { "hex", "hex", "the hex it entered" },
               { "from", "hex", "the hex it came from" },
               { "firers", "units", "the enemies that may fire" },
               { "game", "game", "the game" } },
    actions = SOME },
  { name = "leader.overrun", kinds = { "observe" },
    when = "an enemy unit entered the hex of a leader alone, who has been moved "
      .. cite("7.6a, 7.6b"),
    fields = { { "leader", "unit", "the leader" }, { "from", "hex", "his hex" },
               { "to", "hex", "where he went (nil: removed)" },
               { "by", "unit", "the enemy unit that entered" },
               { "game", "game", "the game" } },
    actions = SOME },
}

--- Its words in the prompt's command language (the shape of docs/runtime.md "Rule systems"
-- `words`; the sequence's init.lua adds them to its own).
M.words = {
  answers = {
    { "pivot", "pivot <unit> <head>/<tail>", "at a move request: a double-size counter keeps "
        .. "one end and swings the other to a hex next to it, every MP of its impulse "
        .. "(Battle of Buena Vista: rules 7.5b)" },
  },
  kinds = {
    { "move", "<unit> <hex> [path] | <unit> <head>/<tail> | pivot <unit> <head>/<tail> | "
        .. "done", "move an active unit, a stack (<unit>+<unit> <hex>) or a double-size "
        .. "counter (Battle of Buena Vista: rules 7.1a, 7.5b)" },
    { "reaction_fire", "<unit> | pass", "a unit next to the hex an enemy mover entered may "
        .. "fire at it (Battle of Buena Vista: rules 7.4a)" },
    { "overrun", "<hex>", "where a leader alone goes when an enemy unit enters his hex "
        .. "(Battle of Buena Vista: rules 7.6a)" },
  },
  move_verbs = { pivot = true },
}

-- ---- small helpers -------------------------------------------------------------------------

local function grid_of(game)
  if not game.bv_grid then
    local info, first = game.map:info(), game.map:hexes()[1]
    game.bv_grid = core.hex.grid{ layout = info.layout, parity = info.parity,
                                  digits = #first / 2 }
  end
  return game.bv_grid
end
M.grid = grid_of

-- The map's terrain flags by hex code (terrain.ini), kept on the game object.
local function flags_of(game, hex)
  game.bv_flags = game.bv_flags or {}
  local code = game.map:terrain(hex)
  local f = game.bv_flags[code]
  if not f then
    f = {}
    local t = game.map:terrain_type(code)
    for _, x in ipairs(t and t.flags or {}) do f[x] = true end
    game.bv_flags[code] = f
  end
  return f
end
M.flags = flags_of

local function member(list, x)
  for _, v in ipairs(list or {}) do
    if v == x then return true end
  end
  return false
end

-- Adds `unit` to, or takes it from, the list `game.vars[name]` (the impulse's bonus state).
local function list_add(game, name, unit)
  local l = game.vars[name] or {}
  if not member(l, unit) then l[#l + 1] = unit end
  game.vars[name] = l
end

local function list_remove(game, name, unit)
  local l, out = game.vars[name] or {}, {}
  for _, u in ipairs(l) do
    if u ~= unit then out[#out + 1] = u end
  end
  game.vars[name] = out
end

local function is_hex(game, h)
  if type(h) ~= "string" then return false end
  local ok, yes = pcall(game.map.contains, game.map, h)
  return ok and yes == true
end

-- A module of the sequence (bvseq44's), or nil before it exists.
local function optional(name)
  local ok, m = pcall(require, "systems.battle_of_buena_vista." .. name)
  if ok and type(m) == "table" then return m end
  return nil
end

-- The hexes with a road of a kind that has a movement rate (a road, not a trail): a slope
-- hex on it (3320 3420 3519) is crossed along the road [battle_of_buena_vista E-2.3a].
local function road_hexes(game)
  if not game.bv_road_hexes then
    local set = {}
    for _, key in ipairs(game.map:roads()) do
      local road = game.map:road(key)
      if road and road.kind == "road" then
        for _, h in ipairs(road.hexes) do set[h] = true end
      end
    end
    game.bv_road_hexes = set
  end
  return game.bv_road_hexes
end

-- The static lists of the map: its slope hexes off the road (must-stop, E-7.1e) and its
-- ford-site hexes (closed until the ford is found, 5.3), label order.
local function map_lists(game)
  if not game.bv_lists then
    local roads = road_hexes(game)
    local slopes, fords = {}, {}
    for _, h in ipairs(game.map:hexes()) do
      local f = flags_of(game, h)
      if f.ford then fords[#fords + 1] = h end
      if f.slope and not roads[h] then slopes[#slopes + 1] = h end
    end
    game.bv_lists = { slopes = slopes, fords = fords }
  end
  return game.bv_lists
end

--- Whether a hex is a slope [battle_of_buena_vista E-7.1e] (a ford site's hexes move as
-- slopes, [battle_of_buena_vista E-5.3a]).
function M.is_slope(game, hex)
  return flags_of(game, hex).slope == true
end

--- The hexes of the ford found (the Crossing Marker's), or an empty list
-- [battle_of_buena_vista 5.3]: `game.vars.ford` is the site's number.
function M.open_ford(game)
  local n = game.vars.ford
  if n == nil then return {} end
  return game.map:place("ford-" .. tostring(n)) or {}
end

-- ---- who moves, and how far ----------------------------------------------------------------

--- A unit's movement class, the chart's column: `inf` (infantry and brigades), `cav`, `art`
-- or `ldr`.
function M.class(game, unit)
  local info = game.store:unit(unit)
  if info.kind == "leader" then return "ldr" end
  if info.type == "cavalry" then return "cav" end
  -- a double-size counter of 8 MP is cavalry (3/T; the brigades of foot have 6)
  if info.type == "brigade" and game.store:get(unit, "ma") == 8 then return "cav" end
  if info.type == "artillery" then return "art" end
  return "inf"
end

--- Whether a unit is Mexican artillery (its MP a die, [battle_of_buena_vista 7.2]).
function M.mexican_artillery(game, unit)
  local info = game.store:unit(unit)
  return info.side == M.MEX and info.type == "artillery"
end

--- A unit's movement allowance this impulse [battle_of_buena_vista 7.1c]: the counter's
-- (oob.ini `ma`: infantry 6; leaders, cavalry and American artillery 8); Mexican artillery
-- the die rolled this impulse under its Moving marker [battle_of_buena_vista 7.2]; supply
-- trains none.
function M.ma(game, unit)
  local info = game.store:unit(unit)
  if info.type == "train" then return 0 end
  if M.mexican_artillery(game, unit) then return game.vars:get("art_mp", unit) or 0 end
  return game.store:get(unit, "ma")
end

--- The friendly leaders stacked with `unit` (in its hex; a double-size counter: either hex).
function M.leaders_with(game, unit)
  local side = game.store:unit(unit).side
  local out = {}
  for _, h in ipairs(game.store:hexes(unit)) do
    for _, o in ipairs(game.store:stack(h)) do
      local info = game.store:unit(o)
      if o ~= unit and info.kind == "leader" and info.side == side and not member(out, o) then
        out[#out + 1] = o
      end
    end
  end
  table.sort(out)
  return out
end

--- Whether `unit` has the leader's bonus hex on this move: it began the move stacked with a
-- friendly leader [battle_of_buena_vista 7.1c]; a leader himself has it only moving with an
-- 8 MP unit [battle_of_buena_vista E-7.1a], and units move one at a time here, so never.
function M.has_bonus(game, unit)
  if game.store:unit(unit).kind == "leader" then return false end
  if member(game.vars.bonus_used, unit) then return false end   -- a pivot took it [E-7.4c]
  local w = walk.of(game, unit)
  if w and w.bonus ~= nil then return w.bonus end
  return #M.leaders_with(game, unit) > 0
end

--- Whether `unit` may move now, and why not [battle_of_buena_vista 6.1, 7.1, 7.2]: active
-- this turn (activation.may_move, bvseq44's; until it exists, `game.vars.active`), on the
-- map, not moved this impulse, with MP (a supply train never moves; Mexican artillery only
-- under a Moving marker).
-- @treturn boolean
-- @treturn ?string
function M.may_move(game, unit)
  local info = game.store:unit(unit)
  local kind = game.store:where(unit)
  if kind ~= "hex" then return false, unit .. " is not on the map " .. M.R71A end
  if info.type == "train" then
    return false, "supply trains do not move " .. M.R71C
  end
  if M.mexican_artillery(game, unit) and game.store:marker(unit, "moving") == 0 then
    return false, unit .. " is not under a Moving marker " .. M.R72
  end
  local activation = optional("activation")
  if activation and activation.may_move then
    local ok, why = activation.may_move(game, unit)
    if not ok then return false, why or (unit .. " is not active " .. cite("6.1a")) end
  elseif not member(game.vars.active, unit) then
    return false, unit .. " is not activated this turn " .. cite("6.1a")
  end
  if game.store:marker(unit, "moved") ~= 0 and not member(game.vars.may_still_move, unit) then
    return false, unit .. " has moved this impulse " .. M.R71A
  end
  if game.store:marker(unit, "engaged") ~= 0 then
    return false, unit .. " is engaged in a contested hex: it may not move " .. cite("8.4")
  end
  if M.ma(game, unit) <= 0 then return false, unit .. " has no MP this impulse " .. M.R72 end
  return true
end

--- The units of `side` that may move now, id order.
function M.movers(game, side)
  local out = {}
  for _, u in ipairs(game.store:units{ side = side }) do
    if M.may_move(game, u) then out[#out + 1] = u end
  end
  return out
end

-- ---- the query -------------------------------------------------------------------------------

-- The hexes units stand in, label order.
local function occupied(game)
  local set, out = {}, {}
  for _, u in ipairs(game.store:units{}) do
    if game.store:where(u) == "hex" then
      for _, h in ipairs(game.store:hexes(u)) do
        if not set[h] then
          set[h] = true
          out[#out + 1] = h
        end
      end
    end
  end
  table.sort(out)
  return out
end

--- The movement query of a unit (docs/move.md; docs/battle_of_buena_vista_movement.md):
--
-- * class and MA (what a move under way has left) [battle_of_buena_vista 7.1b, 7.1c, 7.2];
-- * hexes of enemy combat units and hexes it may not stack in, prohibited
--   [battle_of_buena_vista 7.3, 8.2.1] (stacking.legal): even passing through;
-- * the ford sites' hexes but the ford found, prohibited [battle_of_buena_vista 5.3];
-- * slope hexes off the road, must-stop [battle_of_buena_vista E-7.1e];
-- then `movement.cost` handlers may change it.
function M.query(game, unit)
  local ma = M.ma(game, unit)
  local w = walk.of(game, unit)
  if w then ma = ma - w.spent end
  if ma < 0 then ma = 0 end
  local q = { class = M.class(game, unit), ma = ma, prohibited = {}, must_stop = {} }
  local mine = {}
  for _, h in ipairs(game.store:hexes(unit)) do mine[h] = true end
  local leader = game.store:unit(unit).kind == "leader"
  for _, h in ipairs(occupied(game)) do
    if not mine[h] then
      local ok, why = stacking.legal(game, unit, h)
      if ok and leader and stacking.enemy_in(game, game.store:unit(unit).side, h) then
        -- a leader is no unit that overruns a leader or takes a train (7.4c, 7.6a, 8.6a)
        ok, why = false, h .. " holds enemy units: a leader does not enter it "
          .. cite("7.4c")
      end
      if not ok then
        local rule = why:match("(%[battle_of_buena_vista [^%]]*%])$")
        q.prohibited[#q.prohibited + 1] = { at = h, why = (why:gsub(" %[[^%]]*%]$", "")),
                                            rule = rule }
      end
    end
  end
  local open = M.open_ford(game)
  local lists = map_lists(game)
  for _, h in ipairs(lists.fords) do
    if not member(open, h) then
      q.prohibited[#q.prohibited + 1] = { at = h, why = "a ford site with no Crossing Marker",
                                          rule = M.R53 }
    end
  end
  for _, h in ipairs(lists.slopes) do
    q.must_stop[#q.must_stop + 1] = { at = h, why = "slope", rule = M.RE71E }
  end
  game.hooks:modify("movement.cost", { unit = unit, query = q, game = game }, nil)
  return q
end

-- Whether entering `hex` by a step of `cost` with `left` MP before it breaks the slope rule:
-- a slope costs 0 but may not be entered with no MP left [battle_of_buena_vista E-7.1e].
local function zero_left(game, hex, cost, left)
  return cost == 0 and left <= 0 and M.is_slope(game, hex)
end

-- Whether a step from `a` into `b` may be the leader's bonus hex: not across an impassable
-- hexside (the trails' crossings included), not into a stream but the ford
-- [battle_of_buena_vista E-7.1b]; and legal for the mover's query save its MP.
-- @treturn ?integer the step's cost, or nil
local function bonus_step(game, q, a, b)
  local sides = game.map:hexside(a, b)
  if member(sides, "impassable") then
    return nil, a .. " -> " .. b .. ": the leader's bonus hex crosses no impassable hexside "
      .. M.RE71B
  end
  local f = flags_of(game, b)
  if f.stream and not member(M.open_ford(game), b) then
    return nil, a .. " -> " .. b .. ": the leader's bonus hex enters no stream but the ford "
      .. M.RE71B
  end
  local qb = { class = q.class, prohibited = q.prohibited }
  local cost, why = game.move:step(a, b, qb)
  if not cost then return nil, why end
  return cost
end

-- ---- where a unit may go -----------------------------------------------------------------------

local function map_neighbors(game, h)
  local out = {}
  for _, n in ipairs(grid_of(game):neighbors(h)) do
    if type(n) == "string" and game.map:contains(n) then out[#out + 1] = n end
  end
  table.sort(out)
  return out
end

--- The destinations of a one-hex unit: `{hex =, cost =, path = {...}, steps = {{cost=}...},
-- bonus =}` each, reach order (cost, then label), then the leader's bonus hexes (label
-- order) [battle_of_buena_vista 7.1b, 7.1c, E-7.1e].
function M.destinations(game, unit)
  local _, from = game.store:where(unit)
  local q = M.query(game, unit)
  local r = game.move:reach(from, q)
  local out, seen, bases = {}, { [from] = true }, {}
  bases[1] = { hex = from, cost = 0, path = {}, stop = false }
  for _, e in ipairs(r) do
    if e.hex ~= from and is_hex(game, e.hex) then
      local prev = e.path[#e.path - 1] or from
      local before = r:cost_to(prev) or 0
      if not zero_left(game, e.hex, e.cost - before, q.ma - before) then
        out[#out + 1] = { hex = e.hex, cost = e.cost, path = e.path, stop = e.stop }
        seen[e.hex] = true
        bases[#bases + 1] = out[#out]
      end
    end
  end
  if M.has_bonus(game, unit) then
    local cp = (game.params and game.params.bonus_after_slope or 0) == 1
    local extra = {}
    for _, b in ipairs(bases) do
      if not b.stop or cp or b.hex == from then
        for _, n in ipairs(map_neighbors(game, b.hex)) do
          if not seen[n] then
            local c = bonus_step(game, q, b.hex, n)
            if c then
              seen[n] = true
              local path = {}
              for i, p in ipairs(b.path) do path[i] = p end
              path[#path + 1] = n
              extra[#extra + 1] = { hex = n, cost = b.cost + c, path = path, bonus = true }
            end
          end
        end
      end
    end
    table.sort(extra, function(a, b) return a.hex < b.hex end)
    for _, e in ipairs(extra) do out[#out + 1] = e end
  end
  return out
end

-- A step's cost by the chart alone (no overlay), kept on the game object by class and ford:
-- the map and the chart never change in a game.
local function chart_step(game, class, a, b)
  local key = class .. " " .. tostring(game.vars.ford)
  game.bv_steps = game.bv_steps or {}
  local t = game.bv_steps[key]
  if not t then
    t = {}
    game.bv_steps[key] = t
  end
  local k = a .. b
  local v = t[k]
  if v == nil then
    v = game.move:step(a, b, { class = class }) or false
    t[k] = v
  end
  return v
end

-- The steps of a double-size counter's search (double.reach): the chart's cost with the
-- mover's prohibited and must-stop hexes read here; a query a `movement.cost` handler gave
-- other marks (extra costs, no_road) goes to the C core step by step.
local function double_step(game, q)
  local plain = (q.extra == nil or #q.extra == 0) and (q.no_road == nil or #q.no_road == 0)
  if not plain then
    local qs = { class = q.class, prohibited = q.prohibited, must_stop = q.must_stop,
                 extra = q.extra, no_road = q.no_road }
    return function(a, b) return game.move:step(a, b, qs) end
  end
  local closed, stops = {}, {}
  for _, p in ipairs(q.prohibited) do closed[type(p) == "table" and p.at or p] = true end
  for _, p in ipairs(q.must_stop) do stops[type(p) == "table" and p.at or p] = true end
  return function(a, b)
    if closed[b] then return false end
    local c = chart_step(game, q.class, a, b)
    if not c then return false end
    return c, { stop = stops[b] == true }
  end
end

--- The positions a double-size counter may move to (double.reach): `{head =, tail =, cost =,
-- path = {{head, tail}...}, costs = {...}}` each [battle_of_buena_vista 7.5b, E-7.1f].
function M.double_destinations(game, unit)
  local head, tail = double.ends(game, unit)
  local q = M.query(game, unit)
  local bonus
  if M.has_bonus(game, unit) then
    bonus = { after_stop = (game.params and game.params.bonus_after_slope or 0) == 1,
              step = function(a, b) return bonus_step(game, q, a, b) end }
  end
  return double.reach(game, grid_of(game), head, tail, q.ma, double_step(game, q),
    function(h, cost, left) return zero_left(game, h, cost, left) end, bonus)
end

--- How a double-size counter may pivot now, or nil [battle_of_buena_vista 7.5b, E-7.4c]:
-- `"all"` (every MP of its impulse: it has not moved, no leader), `"first"` (with a leader,
-- the bonus hex before its move), `"after"` (with a leader, the bonus after a move that did
-- not use it).
function M.pivot_mode(game, unit)
  if not double.is_double(game, unit) then return nil end
  if member(game.vars.may_pivot, unit) then return "after" end
  if member(game.vars.bonus_used, unit) then return nil end
  if not M.may_move(game, unit) then return nil end
  if M.has_bonus(game, unit) then return "first" end
  return "all"
end

--- The pivots a double-size counter may make [battle_of_buena_vista 7.5b, E-7.4d]: only
-- before it moves (a pivot spends every MP of the impulse).
function M.double_pivots(game, unit)
  local head, tail = double.ends(game, unit)
  local q = M.query(game, unit)
  local closed = {}
  for _, p in ipairs(q.prohibited) do closed[type(p) == "table" and p.at or p] = true end
  local function enterable(h)
    if closed[h] then return false end
    local f = flags_of(game, h)
    if f.stream and not member(M.open_ford(game), h) then return false end
    return true
  end
  local function straddles(a, b)
    return member(game.map:hexside(a, b), "impassable")
  end
  return double.pivots(game, grid_of(game), head, tail, enterable, straddles)
end

-- ---- the move request --------------------------------------------------------------------------

-- What the request offers, worked out before it is asked (docs/runtime.md "the lazy form"):
-- each mover's answers as a list of strings, in canonical order.
local function ingredients(game, side)
  local groups = {}
  for _, u in ipairs(M.movers(game, side)) do
    local list = {}
    if double.is_double(game, u) then
      for _, d in ipairs(M.double_destinations(game, u)) do
        list[#list + 1] = u .. " " .. d.head .. "/" .. d.tail
      end
    else
      for _, d in ipairs(M.destinations(game, u)) do list[#list + 1] = u .. " " .. d.hex end
    end
    if #list > 0 then groups[#groups + 1] = list end
  end
  local pivots = {}
  for _, u in ipairs(game.store:units{ side = side, type = "brigade" }) do
    if M.pivot_mode(game, u) then
      for _, p in ipairs(M.double_pivots(game, u)) do
        pivots[#pivots + 1] = "pivot " .. u .. " " .. p.head .. "/" .. p.tail
      end
    end
  end
  groups[#groups + 1] = pivots
  groups[#groups + 1] = { "done" }
  local total, set = 0, {}
  for _, g in ipairs(groups) do
    for _, a in ipairs(g) do set[a] = true end
    total = total + #g
  end
  return groups, total, set
end

--- The legal answers of the move request, canonical order (a list: specs and `?`).
function M.options(game, side)
  local groups = ingredients(game, side)
  local out = {}
  for _, g in ipairs(groups) do
    for _, a in ipairs(g) do out[#out + 1] = a end
  end
  return out
end

local check_path

-- The slope hex that ends a unit's move short of `hex` (a slope entered off the road stops
-- the move, docs/rulings M1 [battle_of_buena_vista E-7.1e]), when `hex` is in its reach but
-- for that stop; else nil. For a refusal's reason only.
local function slope_in_the_way(game, unit, hex)
  if M.is_slope(game, hex) then return nil end
  local _, from = game.store:where(unit)
  local q = M.query(game, unit)
  q.must_stop = {}
  for _, e in ipairs(game.move:reach(from, q)) do
    if e.hex == hex then
      for k = 1, #e.path - 1 do
        if e.path[k] ~= from and M.is_slope(game, e.path[k]) then return e.path[k] end
      end
      return nil
    end
  end
  return nil
end

--- Checks a typed path of a one-hex unit (`places`: the hexes entered; one hex: its listed
-- destination, by the path listed). Returns `{path =, steps = {{cost=}...}, bonus =}` or
-- `false, why`.
function M.check(game, unit, places)
  for _, h in ipairs(places) do
    if not is_hex(game, h) then
      return false, "'" .. tostring(h) .. "' is not a hex of the map: no unit moves off the "
        .. "map " .. M.R77
    end
  end
  local _, from = game.store:where(unit)
  local typed = #places > 1
  if typed and places[1] == from then     -- a path typed from the unit's own hex
    local rest = {}
    for k = 2, #places do rest[#rest + 1] = places[k] end
    places = rest
  end
  if not typed then
    if places[1] == from then return false, unit .. " is already in " .. from .. " " .. M.R71A end
    for _, d in ipairs(M.destinations(game, unit)) do
      if d.hex == places[1] then return check_path(game, unit, d.path) end
    end
    local slope = slope_in_the_way(game, unit, places[1])
    if slope then
      return false, places[1] .. " is out of " .. unit .. "'s reach this impulse: the slope "
        .. slope .. " on the way ends a move that enters it " .. M.RE71E
    end
    return false, places[1] .. " is out of " .. unit .. "'s reach this impulse (" .. M.ma(game,
      unit) .. " MP) " .. M.R71B
  end
  return check_path(game, unit, places)
end

check_path = function(game, unit, places, bonus)
  local _, from = game.store:where(unit)
  if bonus == nil then bonus = M.has_bonus(game, unit) end
  local q = M.query(game, unit)
  local r, why, index = game.move:validate(from, places, q)
  local zero_at
  if r then
    local left = q.ma
    for i, s in ipairs(r.steps) do
      if zero_left(game, r.path[i], s.cost, left) then zero_at = i break end
      left = left - s.cost
    end
    if not zero_at then return { path = r.path, steps = r.steps } end
    why = (zero_at > 1 and places[zero_at - 1] or from) .. " -> " .. places[zero_at]
      .. ": a slope may not be entered with no MP left " .. M.RE71E
    index = zero_at
  end
  -- the last step as the leader's bonus hex [battle_of_buena_vista 7.1c, E-7.1b, E-7.1e]
  if index == #places and bonus then
    local prefix = {}
    for k = 1, #places - 1 do prefix[k] = places[k] end
    local before = { path = {}, steps = {} }
    if #prefix > 0 then
      before = game.move:validate(from, prefix, q)
    end
    local base = prefix[#prefix] or from
    local stopped = before and #prefix > 0 and M.is_slope(game, base)
      and not road_hexes(game)[base]
    local cp = (game.params and game.params.bonus_after_slope or 0) == 1
    if before and (not stopped or cp) then
      local c, bwhy = bonus_step(game, q, base, places[#places])
      if c then
        local steps = {}
        for i, s in ipairs(before.steps) do steps[i] = s end
        steps[#steps + 1] = { cost = c }
        return { path = places, steps = steps, bonus = true }
      end
      why = bwhy or why
    end
  end
  return false, why
end

--- Checks a stack's move together [battle_of_buena_vista E-7.5a]: `<unit>+<unit>... <hex>
-- [<hex>...]`, every unit named in the first one's hex and free to move, no double-size
-- counter (it fills its hexes alone and moves alone, digest ruling); the path (one hex: the
-- first unit's cheapest) checked for each unit with its own MP and class, the leader's bonus
-- hex for the units that began with a leader, and for a leader only when an 8 MP unit moves
-- with him [battle_of_buena_vista E-7.1a]; the stack within the limits of
-- [battle_of_buena_vista 7.3] in every hex it enters. Returns the first unit's check
-- (`{path =, steps =, bonus =}`) or `false, why`.
function M.check_stack(game, side, units, places)
  local seen = {}
  for _, u in ipairs(units) do
    local ok, info = pcall(game.store.unit, game.store, u)
    if not ok or info.side ~= side then
      return false, tostring(u) .. " is not a unit of " .. side .. " " .. M.R71A
    end
    if seen[u] then return false, u .. " is named twice " .. M.R71A end
    seen[u] = true
    if double.is_double(game, u) then
      return false, u .. " is a double-size counter: it moves alone " .. cite("7.5b, E-7.5a")
    end
    local may, why = M.may_move(game, u)
    if not may then return false, why end
  end
  local _, from = game.store:where(units[1])
  local eight = false
  for _, u in ipairs(units) do
    local _, at = game.store:where(u)
    if at ~= from then
      return false, u .. " is not stacked with " .. units[1] .. " in " .. from .. " "
        .. cite("E-7.5a")
    end
    if game.store:unit(u).kind ~= "leader" and M.ma(game, u) >= 8 then eight = true end
  end
  for _, h in ipairs(places) do
    if not is_hex(game, h) then
      return false, "'" .. tostring(h) .. "' is not a hex of the map: no unit moves off the "
        .. "map " .. M.R77
    end
  end
  if #places > 1 and places[1] == from then
    local rest = {}
    for k = 2, #places do rest[#rest + 1] = places[k] end
    places = rest
  elseif #places == 1 then
    local first = M.check(game, units[1], places)
    if not first then
      return false, places[1] .. " is out of " .. units[1] .. "'s reach this impulse "
        .. M.R71B
    end
    places = first.path
  end
  local first
  for _, u in ipairs(units) do
    local bonus
    if game.store:unit(u).kind == "leader" then bonus = eight end
    local r, why = check_path(game, u, places, bonus)
    if not r then return false, u .. ": " .. why end
    first = first or r
  end
  -- the stack together in each hex it enters [battle_of_buena_vista 7.3]
  local weight = 0
  for _, u in ipairs(units) do
    if stacking.weight(game, u) == 1 then weight = weight + 1 end
  end
  for _, h in ipairs(first.path) do
    local count = 0
    for _, o in ipairs(game.store:stack(h)) do
      local oi = game.store:unit(o)
      if not seen[o] and oi.side == side then
        local ow = stacking.weight(game, o)
        if ow == "double" then count = 99 elseif ow == 1 then count = count + 1 end
      end
    end
    if count + weight > 2 then
      return false, h .. " cannot hold the stack of " .. table.concat(units, "+") .. " "
        .. M.R73
    end
  end
  return first
end

-- Reads `<head>/<tail>`.
local function pair(text)
  if type(text) ~= "string" then return nil end
  return text:match("^(%d+)/(%d+)$")
end

--- Checks a typed answer that is not listed (a path), naming the rule of the refusal.
function M.validate(game, side, answer)
  if type(answer) ~= "string" then return false, "not a move " .. M.R71A end
  local w = {}
  for x in answer:gmatch("%S+") do w[#w + 1] = x end
  local unit = w[1] == "pivot" and w[2] or w[1]
  if #w < 2 or unit == nil then
    return false, "'" .. answer .. "' is no move: <unit> <hex> [<hex>...], pivot <unit> "
      .. "<head>/<tail>, or done " .. M.R71A
  end
  if w[1] ~= "pivot" and unit:find("+", 1, true) then    -- a stack moving together
    local units = {}
    for u in unit:gmatch("[^+]+") do units[#units + 1] = u end
    local places = {}
    for k = 2, #w do places[#places + 1] = w[k] end
    local r, why = M.check_stack(game, side, units, places)
    if not r then return false, why end
    return true
  end
  local ok, info = pcall(game.store.unit, game.store, unit)
  if not ok or info.side ~= side then
    return false, tostring(unit) .. " is not a unit of " .. side .. " " .. M.R71A
  end
  if w[1] == "pivot" then
    if not double.is_double(game, unit) then
      return false, unit .. " is no double-size counter: only those pivot " .. M.R75B
    end
    if not M.pivot_mode(game, unit) then
      local may, why = M.may_move(game, unit)
      if may then why = unit .. " has pivoted this impulse " .. M.R75B end
      return false, why
    end
    return false, "pivot " .. unit .. " " .. tostring(w[3]) .. ": no such pivot (one end stays, "
      .. "the other goes to a hex next to it, not across an impassable hexside) " .. M.R75B
  end
  local may, why = M.may_move(game, unit)
  if not may then return false, why end
  if double.is_double(game, unit) then
    return false, unit .. " is a double-size counter: <unit> <head>/<tail> of a position it "
      .. "reaches (the head into a front hex, the tail following) " .. M.R75B
  end
  local places = {}
  for k = 2, #w do places[#places + 1] = w[k] end
  local r, cwhy = M.check(game, unit, places)
  if not r then return false, cwhy end
  return true
end

-- ---- during a move ---------------------------------------------------------------------------

--- Whether enemy `firer` may fire at a mover in `hex` [battle_of_buena_vista 7.4a, 9.1a,
-- 9.1b, 9.3e, 9.5b, E-9.3d]: a combat unit (no train, no leader) next to the hex, the top
-- infantry or cavalry of its stack or artillery (a double-size counter through its front,
-- [battle_of_buena_vista 7.5a]), not in a contested hex, not Mexican
-- artillery under a Moving marker, no artillery in a ravine, slope or stream; the line not
-- across an impassable hexside, the firer not in a stream.
function M.may_react(game, firer, hex)
  local info = game.store:unit(firer)
  if info.kind == "leader" or not info.classes.combat then return false end
  if game.store:where(firer) ~= "hex" then return false end
  if game.store:marker(firer, "engaged") ~= 0 then return false end
  if M.mexican_artillery(game, firer) and game.store:marker(firer, "moving") ~= 0 then
    return false
  end
  -- a double-size counter fires through its three front hexsides only
  -- [battle_of_buena_vista 7.5a]
  if double.is_double(game, firer) and game.store:arc(firer, hex) ~= "front" then
    return false
  end
  local near
  for _, h in ipairs(game.store:hexes(firer)) do
    local adj = grid_of(game):distance(h, hex) == 1
    if adj then
      local f = flags_of(game, h)
      if not f.stream and not member(game.map:hexside(h, hex), "impassable")
          and not (info.type == "artillery" and f["no-artillery-fire"]) then
        near = h
      end
    end
  end
  if not near then return false end
  if info.type ~= "artillery" then              -- only the top infantry or cavalry fires
    for _, o in ipairs(game.store:stack(near)) do
      local oi = game.store:unit(o)
      if oi.kind ~= "leader" and oi.classes.combat and oi.type ~= "artillery" then
        return o == firer
      end
    end
  end
  return true
end

--- The enemies that may fire at a mover that entered `hexes` (one hex; a double-size
-- counter: the hexes its parts entered), id order.
function M.firers(game, mover, hexes)
  local side = game.store:unit(mover).side
  local out, seen = {}, {}
  for _, hex in ipairs(hexes) do
    for _, e in ipairs(game.store:within(hex, 1, { enemy_of = side, class = "combat" })) do
      if not seen[e] and M.may_react(game, e, hex) then
        seen[e] = true
        out[#out + 1] = e
      end
    end
  end
  table.sort(out)
  return out
end

--- The reaction fire itself: issue 45's (fire.lua). Today it is recorded and does nothing;
-- the result it returns, `"retreat"`, sends the mover back to the hex it came from, its move
-- over [battle_of_buena_vista 7.4a, E-R1]; nil goes on.
function M.resolve_reaction(game, firer, mover, hex, from)
  local fire = optional("fire")
  if fire and fire.movement_fire then return fire.movement_fire(game, firer, mover, hex, from) end
  return nil
end

--- The reaction-fire window [battle_of_buena_vista 7.4a, 7.4b] after `mover` entered `hexes` from
-- `from`: `movement.fire_window`, then the enemy side is asked which unit fires (`pass`, the
-- default, ends it), each at most once this entry (digest A9); each answer is recorded in
-- `game.vars.reactions` and resolved (`M.resolve_reaction`). Returns `"retreat"` when a
-- fire sent the mover back, `"gone"` when it left the map.
function M.fire_window(game, mover, hexes, from)
  local movers = game.vars.stack or { mover }
  local any = false
  for _, u in ipairs(movers) do
    if game.store:unit(u).kind ~= "leader" then any = true end
  end
  -- a leader alone is no target: fire hurts units, and leaders fall only by random events
  -- [battle_of_buena_vista 2.6a]
  if not any then return nil end
  local firers = M.firers(game, mover, hexes)
  if #firers == 0 then return nil end
  local side = game.store:unit(mover).side
  local enemy = game:enemy(side)
  local hex = hexes[1]
  game.hooks:fire("movement.fire_window", { unit = mover, hex = hex, from = from,
                                            firers = firers, game = game })
  local fired = {}
  while true do
    local opts = {}
    for _, f in ipairs(M.firers(game, mover, hexes)) do
      if not fired[f] then opts[#opts + 1] = f end
    end
    if #opts == 0 or game.store:where(mover) ~= "hex" then break end
    opts[#opts + 1] = "pass"
    local answer = game:ask(enemy, {
      kind = "reaction_fire",
      prompt = mover .. " entered " .. table.concat(hexes, " ") .. " next to your units: fire "
        .. "at it (<unit>), or pass",
      options = opts,
      default = "pass",
      rule = M.R74,
    })
    if answer == "pass" then break end
    fired[answer] = true
    local log = game.vars.reactions or {}
    log[#log + 1] = { turn = game.vars.turn or 0, impulse = game.vars.impulse or 0,
                      mover = mover, hex = hex, from = from, firer = answer,
                      stack = game.vars.stack or { mover } }
    game.vars.reactions = log
    game:log(answer .. " fires at " .. mover .. " entering " .. hex .. " " .. M.R74)
    local result = M.resolve_reaction(game, answer, mover, hex, from)
    if game.store:where(mover) ~= "hex" then return "gone" end
    if result == "retreat" then return "retreat" end
  end
  return nil
end

-- The leaders alone in `hex` (no combat unit of their side there) of the enemies of `unit`.
local function lone_enemy_leaders(game, unit, hex)
  local side = game.store:unit(unit).side
  local leaders, others = {}, false
  for _, o in ipairs(game.store:stack(hex)) do
    local info = game.store:unit(o)
    if info.side ~= side then
      if info.kind == "leader" then leaders[#leaders + 1] = o
      elseif info.classes.combat then others = true end
    end
  end
  if others then return {} end
  table.sort(leaders)
  return leaders
end

--- Whether a leader is an army commander (Taylor, Wool, Santa Anna, Pérez: his command is
-- the army's).
function M.army_commander(game, leader)
  local c = game.store:unit(leader).command
  if not c then return false end
  local ok, cmd = pcall(game.store.command, game.store, c)
  return ok and cmd.level == "army"
end

-- The hexes a leader may be placed in: next to him for an army commander (no enemy
-- combat unit there) [battle_of_buena_vista 7.6a]; another leader goes onto a unit of his
-- command (digest A32), where he must be at his impulse's end [battle_of_buena_vista 7.6b].
local function refuges(game, leader, from)
  local side = game.store:unit(leader).side
  local out = {}
  if M.army_commander(game, leader) then
    for _, n in ipairs(map_neighbors(game, from)) do
      local ok = true
      for _, o in ipairs(game.store:stack(n)) do
        local info = game.store:unit(o)
        if info.side ~= side and info.kind ~= "leader" then ok = false end
      end
      if ok and not flags_of(game, n).stream then out[#out + 1] = n end
    end
    return out
  end
  local cmd = game.store:unit(leader).command
  local set = {}
  for _, u in ipairs(game.store:units{ side = side }) do
    local info = game.store:unit(u)
    if info.kind ~= "leader" and info.command == cmd and game.store:where(u) == "hex" then
      local h = game.store:hexes(u)[1]
      if h ~= from and not set[h] then
        set[h] = true
        out[#out + 1] = h
      end
    end
  end
  table.sort(out)
  return out
end

--- An enemy leader alone in a hex a unit entered [battle_of_buena_vista 7.4c, 7.6a]: the
-- mover ignores him; Taylor, Wool and Santa Anna (and Pérez, digest A32) step to a hex next
-- to it, their side choosing; any other leader goes onto a unit of his own (none: he is
-- removed).
function M.overrun(game, unit, hex)
  for _, leader in ipairs(lone_enemy_leaders(game, unit, hex)) do
    local side = game.store:unit(leader).side
    local opts = refuges(game, leader, hex)
    local rule = M.army_commander(game, leader) and M.R76A or M.R76B
    local to
    if #opts > 0 then
      to = game:ask(side, {
        kind = "overrun",
        prompt = unit .. " entered " .. hex .. ", where " .. leader .. " is alone: where he goes",
        options = opts,
        default = opts[1],
        rule = rule,
      })
      assert(game.store:place(leader, to))
      game:log(leader .. " is alone in " .. hex .. " when " .. unit .. " enters: he goes to "
        .. to .. " " .. rule)
    else
      assert(game.store:place(leader, "eliminated"))
      game:log(leader .. " is alone in " .. hex .. " when " .. unit .. " enters, with nowhere "
        .. "to go: removed " .. rule)
    end
    game.hooks:fire("leader.overrun", { leader = leader, from = hex, to = to, by = unit,
                                        game = game })
  end
end

-- After each hex a unit enters: the lone leaders, a supply train, a parapet, the fire.
local function on_entered(game, unit, hexes, from)
  for _, h in ipairs(hexes) do
    M.overrun(game, unit, h)
    local me = game.store:unit(unit)
    local victory = optional("victory")
    if me.kind ~= "leader" and me.classes.combat then
      for _, o in ipairs(game.store:stack(h)) do
        local info = game.store:unit(o)
        if info.side ~= me.side and info.type == "train" then
          game:log(unit .. " is alone with the supply train " .. o .. " in " .. h
            .. ": it is captured " .. cite("8.6a"))
          if victory and victory.train_captured then victory.train_captured(game, o, unit) end
        end
      end
    end
    if me.side == M.MEX then
      local parapets = optional("parapets")
      if parapets and parapets.entered then parapets.entered(game, unit, h) end
    end
  end
  return M.fire_window(game, unit, hexes, from)
end

-- ---- moving --------------------------------------------------------------------------------

local function fire_point(game)
  return function(_, point, ctx)
    ctx.game = game
    game.hooks:fire(point, ctx)
  end
end

local function mark_moved(game, unit)
  game.store:set_marker(unit, "moved", 1)
end

--- Moves a one-hex unit along a checked plan (`M.check`), hex by hex (volley.walk): after
-- each hex its entry (`on_entered`: lone leaders, trains, parapets, reaction fire); a fire's
-- retreat takes it back to the hex it came from, where its move ends
-- [battle_of_buena_vista 7.4a, E-R1].
function M.apply(game, unit, r)
  local _, from = game.store:where(unit)
  local ma = M.ma(game, unit)
  local bonus = M.has_bonus(game, unit)
  local plan = #r.path
  local w = walk.new(game, {
    unit = unit, path = r.path, steps = r.steps, ma = ma,
    check = function(wk, to)
      if wk.retreating then return { cost = 0 } end
      local q = M.query(game, unit)
      local ok = game.move:validate(wk.at, { to }, q)
      if ok and not zero_left(game, to, ok.steps[1].cost, q.ma) then return ok.steps[1] end
      if bonus and wk.i + 1 == plan then
        local c = bonus_step(game, q, wk.at, to)
        if c then return { cost = c } end
      end
      local _, why = game.move:validate(wk.at, { to }, q)
      return nil, why or (wk.at .. " -> " .. to .. ": a slope with no MP left " .. M.RE71E)
    end,
    fire = fire_point(game),
    entered = function(wk, i, hex)
      if wk.retreating then
        wk:stop("retreated")
        return
      end
      local prev = i > 1 and wk.entered[i - 1] or from
      local result = on_entered(game, unit, { hex }, prev)
      if result == "retreat" then
        wk.retreating = true
        wk:divert({ prev }, { { cost = 0 } })
        plan = wk.i + 1
      end
    end,
  })
  w = w:run()
  mark_moved(game, unit)
  game:log(string.format("%s moves %s -> %s (%s MP of %d%s)%s %s", unit, from,
    table.concat(w.entered, " "), tostring(w.spent), ma, r.bonus and ", the leader's bonus hex"
    or "", w.ended == "retreated" and ", back after the fire" or "", M.R71B))
end

--- Moves a stack together along a checked path (`M.check_stack`) [battle_of_buena_vista
-- E-7.5a]: walked as one (volley.walk) under its first unit, every unit placed in each hex;
-- the reaction fire is at the stack, one unit of it its target (issue 45's), and a retreat
-- takes them all back.
function M.apply_stack(game, units, r)
  local lead = units[1]
  local actor = lead           -- the stack's first unit that is no leader acts for it
  for k = #units, 1, -1 do
    if game.store:unit(units[k]).kind ~= "leader" then actor = units[k] end
  end
  local _, from = game.store:where(lead)
  local ma = M.ma(game, lead)
  for _, u in ipairs(units) do ma = math.min(ma, M.ma(game, u)) end
  local w = walk.new(game, {
    unit = lead, path = r.path, steps = r.steps, ma = ma,
    check = function(wk) if wk.retreating then return { cost = 0 } end end,
    place = function(_, to)
      for k = #units, 1, -1 do assert(game.store:place(units[k], to)) end
    end,
    fire = fire_point(game),
    entered = function(wk, i, hex)
      if wk.retreating then
        wk:stop("retreated")
        return
      end
      local prev = i > 1 and wk.entered[i - 1] or from
      game.vars.stack = units
      local result = on_entered(game, actor, { hex }, prev)
      game.vars.stack = nil
      if result == "retreat" then
        wk.retreating = true
        wk:divert({ prev }, { { cost = 0 } })
      end
    end,
  }):run()
  for _, u in ipairs(units) do mark_moved(game, u) end
  game:log(string.format("%s move together %s -> %s (%s MP%s)%s %s", table.concat(units, "+"),
    from, table.concat(w.entered, " "), tostring(w.spent), r.bonus and ", the leader's bonus hex"
    or "", w.ended == "retreated" and ", back after the fire" or "", cite("E-7.5a, 7.1b")))
end

--- Moves a double-size counter to a position it reaches (`d` of M.double_destinations), step
-- by step: the head (the tail, backwards) enters, the other end follows; the hexes entered by
-- either end open the reaction-fire window [battle_of_buena_vista 7.4b, 7.5b].
function M.apply_double(game, unit, d)
  local grid = grid_of(game)
  local head0, tail0 = double.ends(game, unit)
  local path, steps = {}, {}
  for i, p in ipairs(d.path) do
    path[i] = p[1]
    steps[i] = { cost = d.costs[i] }
  end
  local positions = { { head0, tail0 } }
  local ma = M.ma(game, unit)
  local bonus = M.has_bonus(game, unit)
  local last = #d.path
  local w = walk.new(game, {
    unit = unit, path = path, steps = steps, ma = ma,
    check = function(wk, _)
      if wk.retreating then return { cost = 0 } end
      local p, cur = d.path[wk.i + 1], positions[#positions]
      local src, entering = cur[1], p[1]          -- forward: the head enters
      if p[1] == cur[2] then src, entering = cur[2], p[2] end   -- backward: the tail
      local q = M.query(game, unit)
      local cost, info = game.move:step(src, entering, q)
      if not cost then return nil, info end
      if d.bonus and wk.i + 1 == last then
        local c = bonus_step(game, q, src, entering)
        if c then return { cost = c } end
      end
      if cost > q.ma or zero_left(game, entering, cost, q.ma) then
        return nil, src .. " -> " .. entering .. ": costs " .. cost .. ", only " .. q.ma
          .. " MP left " .. M.R71B
      end
      return { cost = cost }
    end,
    place = function(wk, _)
      local p
      if wk.retreating then
        p = positions[#positions - 1]
        positions[#positions] = nil
      else
        p = d.path[wk.i + 1]
        positions[#positions + 1] = p
      end
      double.place(game, grid, unit, p[1], p[2])
    end,
    fire = fire_point(game),
    entered = function(wk, _, _)
      if wk.retreating then
        wk:stop("retreated")
        return
      end
      local before, now = positions[#positions - 1], positions[#positions]
      -- both ends enter a hex: the one entering a new hex, the other the hex it left
      -- ("each time any part of the counter" [battle_of_buena_vista 7.4b])
      local hexes = { now[1], now[2] }
      if now[1] == before[2] then hexes = { now[2], now[1] } end
      local result = on_entered(game, unit, hexes, before[1])
      if result == "retreat" then
        wk.retreating = true
        wk:divert({ before[1] }, { { cost = 0 } })
      end
    end,
  })
  w = w:run()
  mark_moved(game, unit)
  list_remove(game, "may_still_move", unit)
  if bonus and not d.bonus and w.ended ~= "retreated" then
    list_add(game, "may_pivot", unit)        -- the bonus left: a pivot after [E-7.4c]
  end
  local head, tail = double.ends(game, unit)
  game:log(string.format("%s moves %s/%s -> %s/%s (%s MP of %d%s)%s %s", unit, head0, tail0,
    tostring(head), tostring(tail), tostring(w.spent), ma,
    d.bonus and ", the leader's bonus hex" or "",
    w.ended == "retreated" and ", back after the fire" or "", cite("7.5b, E-7.1f")))
end

--- Pivots a double-size counter [battle_of_buena_vista 7.5b, E-7.4d]: one end stays, the
-- other goes to a hex next to it; the hex it enters opens the reaction-fire window. `mode`
-- (M.pivot_mode): `"all"` spends every MP of the impulse; with a leader the pivot is the
-- bonus hex, `"first"` before a move it may still make, `"after"` after its move
-- [battle_of_buena_vista E-7.4c].
function M.pivot(game, unit, p, mode)
  mode = mode or M.pivot_mode(game, unit) or "all"
  local grid = grid_of(game)
  local head0, tail0 = double.ends(game, unit)
  game.hooks:fire("movement.leave", { unit = unit, from = head0, to = p.head, game = game })
  double.place(game, grid, unit, p.head, p.tail)
  mark_moved(game, unit)
  if mode == "first" then
    list_add(game, "bonus_used", unit)
    list_add(game, "may_still_move", unit)
  elseif mode == "after" then
    list_remove(game, "may_pivot", unit)
  end
  game.hooks:fire("movement.enter", { unit = unit, from = head0, to = p.head,
                                      cost = mode == "all" and M.ma(game, unit) or 0,
                                      game = game })
  game:log(string.format("%s pivots %s/%s -> %s/%s (%s) %s", unit, head0, tail0, p.head,
    p.tail, mode == "all" and "every MP" or ("the leader's bonus hex, "
      .. (mode == "first" and "before its move" or "after its move")),
    mode == "all" and M.R75B or cite("7.5b, E-7.4c")))
  local stay = p.head == head0 and head0 or tail0
  local result = on_entered(game, unit, { p.enter }, stay)
  if result == "retreat" then
    double.place(game, grid, unit, head0, tail0)
    list_remove(game, "may_still_move", unit)
    game:log(unit .. " goes back to " .. head0 .. "/" .. tail0 .. " after the fire " .. M.R74)
  end
  if game.store:where(unit) == "hex" then
    local head = double.ends(game, unit)
    game.hooks:fire("movement.stop", { unit = unit, hex = head, entered = { p.enter },
                                       cost = mode == "all" and M.ma(game, unit) or 0,
                                       why = "pivot", game = game })
  end
end

--- Rolls the MP of each Mexican artillery unit under a Moving marker for this impulse, id
-- order [battle_of_buena_vista 7.2]: `game.vars.art_mp[unit]`.
function M.roll_artillery(game)
  local mp = {}
  for _, u in ipairs(game.store:units{ side = M.MEX, type = "artillery" }) do
    if game.store:where(u) == "hex" and game.store:marker(u, "moving") ~= 0 then
      local v = game:roll("d6", u .. "'s MP under its Moving marker", M.R72)
      mp[u] = v
      game:log(u .. " has " .. v .. " MP this impulse " .. M.R72)
    end
  end
  game.vars.art_mp = mp
end

--- Carries out a move answer (listed or typed).
function M.carry_out(game, answer)
  local w = {}
  for x in answer:gmatch("%S+") do w[#w + 1] = x end
  if w[1] == "pivot" then
    local h, t = pair(w[3])
    local mode = M.pivot_mode(game, w[2])
    for _, p in ipairs(M.double_pivots(game, w[2])) do
      if p.head == h and p.tail == t then return M.pivot(game, w[2], p, mode) end
    end
    error("movement: no pivot " .. answer, 0)
  end
  local unit = w[1]
  if unit:find("+", 1, true) then
    local units = {}
    for u in unit:gmatch("[^+]+") do units[#units + 1] = u end
    local places = {}
    for k = 2, #w do places[#places + 1] = w[k] end
    return M.apply_stack(game, units, assert(M.check_stack(game,
      game.store:unit(units[1]).side, units, places)))
  end
  if double.is_double(game, unit) then
    local h, t = pair(w[2])
    for _, d in ipairs(M.double_destinations(game, unit)) do
      if d.head == h and d.tail == t then return M.apply_double(game, unit, d) end
    end
    error("movement: no such position " .. answer, 0)
  end
  local places = {}
  for k = 2, #w do places[#places + 1] = w[k] end
  return M.apply(game, unit, assert(M.check(game, unit, places)))
end

--- What the prompt's `reach <unit>` shows (volley.queries.reach, on the store the viewer
-- sees): the destinations the move request would offer the unit now, with their MP (a
-- double-size counter's positions as `head/tail`), or why it may not move.
-- @treturn ?{table,...} `{hex =, cost =}` each
-- @treturn ?string why none
function M.reach(game, unit)
  local ok, why = M.may_move(game, unit)
  if not ok then return nil, why end
  local out = {}
  if double.is_double(game, unit) then
    for _, d in ipairs(M.double_destinations(game, unit)) do
      out[#out + 1] = { hex = d.key, cost = d.cost }
    end
  else
    for _, d in ipairs(M.destinations(game, unit)) do
      out[#out + 1] = { hex = d.hex, cost = d.cost }
    end
  end
  return out
end

--- The move request's `tell` (volley.ask; `?` shows it beside each answer): what a
-- destination costs by its path [battle_of_buena_vista 7.1b], `stops` in a slope
-- [battle_of_buena_vista E-7.1e], `bonus hex` when it needs the leader's
-- [battle_of_buena_vista 7.1c]; a pivot `every MP` or `bonus hex`. Each unit's destinations are
-- found once, when `?` first asks.
-- @treturn function `tell(answer) -> text | nil`
function M.teller(game)
  local by_unit = {}
  return function(answer)
    if type(answer) ~= "string" then return nil end
    local a, b, c = answer:match("^(%S+) (%S+) ?(%S*)$")
    if a == "pivot" then
      local mode = M.pivot_mode(game, b)
      if not mode then return nil end
      return mode == "all" and "every MP" or "bonus hex"
    end
    if not a or c ~= "" or not pcall(game.store.unit, game.store, a) then return nil end
    local at = by_unit[a]
    if not at then
      at = {}
      if double.is_double(game, a) then
        for _, d in ipairs(M.double_destinations(game, a)) do at[d.key] = d end
      else
        for _, d in ipairs(M.destinations(game, a)) do at[d.hex] = d end
      end
      by_unit[a] = at
    end
    local e = at[b]
    if not e then return nil end
    local text = e.cost .. " MP"
    if e.bonus then text = text .. ", bonus hex" end
    if e.stop and not e.bonus then text = text .. ", stops" end
    return text
  end
end

--- Step (a) of an impulse of `side` [battle_of_buena_vista 5.2-C, 7.1a]: the `moved` markers
-- cleared, the Mexican artillery's MP rolled [battle_of_buena_vista 7.2], then `move`
-- requests until `done` or no unit may move.
function M.impulse(game, side)
  for _, u in ipairs(game.store:units{}) do
    if game.store:marker(u, "moved") ~= 0 then game.store:set_marker(u, "moved", 0) end
  end
  game.vars.bonus_used, game.vars.may_still_move, game.vars.may_pivot = nil, nil, nil
  if side == M.MEX then M.roll_artillery(game) else game.vars.art_mp = nil end
  while true do
    local groups, total, set = ingredients(game, side)
    if total == 1 then break end
    local answer = game:ask(side, {
      kind = "move",
      prompt = side .. ": move a unit (<unit> <hex> [path]; a double-size counter <unit> "
        .. "<head>/<tail>, or pivot <unit> <head>/<tail>), or done",
      count = function() return total end,
      at = function(i)
        for _, g in ipairs(groups) do
          if i <= #g then return g[i] end
          i = i - #g
        end
        return nil
      end,
      has = function(a) return set[a] == true end,
      validate = function(a) return M.validate(game, side, a) end,
      tell = M.teller(game),
      default = "done",
      rule = M.R71A,
    })
    if answer == "done" then break end
    M.carry_out(game, answer)
  end
  game.vars.art_mp = nil
  game.vars.bonus_used, game.vars.may_still_move, game.vars.may_pivot = nil, nil, nil
end

return M
