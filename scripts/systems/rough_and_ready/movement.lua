--- Movement in Rough & Ready [rough_and_ready 5.11-5.15, 5.23, 5.34, E12]: the activated
-- units' moves, one whole move a decision (DESIGN.md "Decisions").
--
-- The actions step asks the activated side one `move` request after another until it
-- answers `done` or no unit is left to move. Its answers (canonical order):
--
-- * `<unit> <hex>`: the unit moves to the hex along its cheapest path (the costs of
--   charts/rough_and_ready/movement.ini and the scenario's layer, volley.core.move); a typed
--   `<unit> <hex> <hex> ... <hex>` moves it along that path, checked step by step, each
--   illegal step refused with its rule. After the move a facing unit is asked `face` (the
--   six vertex words), unless it joined a stack, whose facing it takes [rough_and_ready
--   5.27, 5.34];
-- * `face <unit> <vertex>`: the unit turns in place, free [rough_and_ready 5.34] (with its
--   stack: [rough_and_ready 5.27]);
-- * `square <hex>`, `unsquare <unit>`: form, join or leave a square (squares.lua
--   [rough_and_ready 5.42, 5.44]); a square moves whole, under its top unit's id;
-- * `done`: the activation's movement ends.
--
-- Each unit makes one move or one turn an activation (its movement): it moves hex by hex
-- along the path, its MPs are not saved nor passed on [rough_and_ready 5.12]; its facing is
-- then fixed until it moves again, in a later activation [rough_and_ready 5.34] (digest
-- A20). The chart refuses what a unit may not enter: chaparral to cavalry, mounted or not,
-- and to artillery, only infantry and leaders entering it [rough_and_ready E11] (PA 5.16,
-- RP 5.15); a D entry disorders [rough_and_ready E12].
-- @module systems.rough_and_ready.movement

local command = require "systems.rough_and_ready.command"
local stacking = require "systems.rough_and_ready.stacking"
local facing = require "systems.rough_and_ready.facing"
local squares = require "systems.rough_and_ready.squares"
local refusal = require "systems.rough_and_ready.refusal"

local M = {}

M.R511 = "[rough_and_ready 5.11]"
M.R513 = "[rough_and_ready 5.13]"
M.R514 = "[rough_and_ready 5.14]"
M.R523 = "[rough_and_ready 5.23]"
M.R528 = "[rough_and_ready 5.28]"
M.RE12 = "[rough_and_ready E12, 6.61]"

local contains = require("volley.list").contains
local walk = require "volley.walk"

--- A unit's movement class, the Terrain Effects Chart's column [rough_and_ready 5.11]:
-- `inf`, `cav`, `art` (artillery, and wagons: [rough_and_ready 7.0]) or `ldr`.
function M.class(game, unit)
  local info = game:unit_info(unit)
  if info.kind == "leader" then return "ldr" end
  if info.type == "infantry" then return "inf" end
  if info.type == "cavalry" then return "cav" end
  return "art"
end

--- A unit's Movement Allowance this activation: out of command halved, rounded up
-- [rough_and_ready 4.23] (`command.ma`); a leader's own.
function M.ma(game, unit)
  if game:unit_info(unit).kind == "leader" then return game.store:get(unit, "ma") end
  return command.ma(game, unit)
end

local function is_combat(game, id)
  local info = game:unit_info(id)
  return info.kind ~= "leader" and info.classes.combat == true
end

--- Whether a hex is chaparral (the terrain whose trail a stacked mover may not use,
-- [rough_and_ready 5.13]).
function M.is_chaparral(game, hex)
  return game.map:terrain(hex) == "ch"
end

-- What a hex means to a mover's query (below): LEGAL, ROAD (legal, but its chaparral trail
-- is closed: [rough_and_ready 5.13]) or a prohibited entry's `{why =, rule =}`.
local LEGAL, ROAD = "legal", "no trail"

local function verdict(game, unit, me, h)
  local ok, why = stacking.legal(game, unit, h)
  if not ok then
    local enemy = why:find("enemy unit", 1, true)
    return { why = why:gsub(" %[rough_and_ready [^%]]*%]$", ""),
             rule = enemy and M.R528 or M.R523 }
  end
  if is_combat(game, unit) and M.is_chaparral(game, h) then
    for _, other in ipairs(game.store:stack(h)) do
      if is_combat(game, other) and game:unit_info(other).side == me.side then return ROAD end
    end
  end
  return LEGAL
end

-- The verdicts of the board for the units like `unit`: what `verdict` says depends on the
-- hex's units (a hex's verdicts go when one of its units changes: `M.update_board`) and on
-- what `stacking.key` and `is_combat` say of the unit, so the movers of a command share them.
local function kept_verdicts(game, unit, board)
  local key = stacking.key(game, unit) .. (is_combat(game, unit) and " combat" or "")
  local v = board.verdicts[key]
  if not v then
    v = {}
    board.verdicts[key] = v
    board.verdict_keys[#board.verdict_keys + 1] = key
    board.verdict_units[key] = unit
  end
  return v
end

-- A hex's axial coordinates `{q, r}` (the grid's parse), kept on the game object: distances
-- from a mover to every occupied hex are then sums, not a call into the C core each.
local function hex_axial(game, h)
  game.rr_axial = game.rr_axial or {}
  local a = game.rr_axial[h]
  if not a then
    local p = facing.grid(game):parse(h)
    a = { p.q, p.r }
    game.rr_axial[h] = a
  end
  return a
end

-- The distance between two hexes given by their axial coordinates (`hex_axial`): the
-- largest of |dq|, |dr| and |dq + dr| (plain comparisons: a query makes a hundred of these).
local function axial_distance(a, b)
  local dq, dr = b[1] - a[1], b[2] - a[2]
  local ds = dq + dr
  if dq < 0 then dq = -dq end
  if dr < 0 then dr = -dr end
  if ds < 0 then ds = -ds end
  if dr > dq then dq = dr end
  if ds > dq then dq = ds end
  return dq
end

-- Whether the axial coordinates `list` (a board's, in label order) have q rising or level
-- all along (a map whose labels are column first: each column's hexes together, the columns
-- in order), so that the hexes within a distance of a hex are those of a run of the list.
local function q_ordered(list)
  for i = 2, #list do
    if list[i][1] < list[i - 1][1] then return false end
  end
  return true
end

-- The first and last indices of `list` (axial coordinates in label order) whose q may be
-- within `hi` of `aq` (|dq| <= hi: the distance is never less): the run of the list with q in
-- [aq - hi, aq + hi] when `ordered` (q_ordered), the whole list otherwise. The hexes outside
-- it are farther than `hi`, so a scan of the run alone finds the same hexes in the same order.
local function q_run(list, ordered, aq, hi)
  local n = #list
  if not ordered then return 1, n end
  local want = aq - hi
  local lo, up = 1, n + 1             -- the first index with q >= aq - hi
  while lo < up do
    local mid = math.floor((lo + up) / 2)
    if list[mid][1] < want then lo = mid + 1 else up = mid end
  end
  return lo, n, aq + hi
end

-- Adds to a mover's query `q` the marks of the hexes at a distance d from its hex `from`
-- (axial `a`) with lo < d <= hi: those of the board's hexes where it may not stack
-- prohibited, the chaparral ones whose trail it may not use in `no_road` (`verdict`), the
-- enemy front hexes must-stop [rough_and_ready 5.14]. Each list in label order. Only the run
-- of each list whose columns are within `hi` of the mover's is read (`q_run`): a query reads
-- a few columns of the board, not every hex a unit holds.
local function mark_near(game, unit, board, from, a, lo, hi, q)
  local verdicts = kept_verdicts(game, unit, board)
  local me
  local hexes, axial = board.hexes, board.axial
  local aq, ar = a[1], a[2]
  local no_road, prohibited, must_stop = q.no_road, q.prohibited, q.must_stop
  if board.hexes_ordered == nil then board.hexes_ordered = q_ordered(axial) end
  -- (afresh, `M.uncached`: every hex read, what the run must find: M.check_kept)
  local first, last, stop = q_run(axial, board.hexes_ordered and not M.uncached, aq, hi)
  -- the distance of `axial_distance`, written out: a query makes a hundred of these
  for i = first, last do
    local b = axial[i]
    local bq = b[1]
    if stop and bq > stop then break end
    local dq, dr = bq - aq, b[2] - ar
    local ds = dq + dr
    if dq < 0 then dq = -dq end
    if dr < 0 then dr = -dr end
    if ds < 0 then ds = -ds end
    if dr > dq then dq = dr end
    if ds > dq then dq = ds end
    if dq > lo and dq <= hi then
      local h = hexes[i]
      if h ~= from then
        local v = verdicts[h]
        if v == nil then
          me = me or game:unit_info(unit)
          v = verdict(game, unit, me, h)
          verdicts[h] = v
        end
        if v == ROAD then
          no_road[#no_road + 1] = h
        elseif v ~= LEGAL then
          prohibited[#prohibited + 1] = { at = h, why = v.why, rule = v.rule }
        end
      end
    end
  end
  local fronts, front_axial = board.fronts, board.front_axial
  if board.fronts_ordered == nil then board.fronts_ordered = q_ordered(front_axial) end
  first, last, stop = q_run(front_axial, board.fronts_ordered and not M.uncached, aq, hi)
  for i = first, last do
    local b = front_axial[i]
    local bq = b[1]
    if stop and bq > stop then break end
    local dq, dr = bq - aq, b[2] - ar
    local ds = dq + dr
    if dq < 0 then dq = -dq end
    if dr < 0 then dr = -dr end
    if ds < 0 then ds = -ds end
    if dr > dq then dq = dr end
    if ds > dq then dq = ds end
    if dq > lo and dq <= hi then
      local f = fronts[i]
      must_stop[#must_stop + 1] = { at = f.at, why = f.why, rule = M.R514 }
    end
  end
end

--- The movement query of a unit (docs/move.md "Rough & Ready: what the rules pass"):
--
-- * class and MA [rough_and_ready 5.11, 4.23];
-- * hexes holding an enemy unit prohibited: entered only by Shock [rough_and_ready 5.28];
-- * friendly hexes the unit may not stack in prohibited, even to pass through
--   [rough_and_ready 5.23] (`stacking.legal`: [rough_and_ready 5.21, 5.22, 5.25, 5.26]);
--   passing through costs nothing;
-- * chaparral hexes holding another friendly combat unit get no trail rate: the unit would
--   be stacked there [rough_and_ready 5.13];
-- * the front hexes of enemy combat units must-stop [rough_and_ready 5.14];
-- then `movement.cost` handlers (ctx `{unit, query}`) may add to the overlays. As every step
-- costs 1 MP or more, the stacking, trail and front marks are only those of the hexes within
-- the MA (the MA the handlers leave, when they give more).
-- @tparam[opt] table board `M.board(game, side)`, when the caller has it already
-- @treturn table the query of volley.core.move
-- @treturn integer the distance within which it marks the hexes
function M.query(game, unit, board)
  board = board or M.board(game, game:unit_info(unit).side)
  local _, from = game.store:where(unit)
  local ma = M.ma(game, unit) - squares.spent(game, unit)   -- less a square left [5.44]
  local walking = walk.of(game, unit)
  if walking then ma = ma - walking.spent end  -- a move under way: what it has left [5.12]
  local q = { class = M.class(game, unit), ma = ma, prohibited = {}, must_stop = {},
              no_road = {} }
  -- every step costs 1 MP or more: a hex farther than the MA is out of reach anyway
  local a = hex_axial(game, from)
  mark_near(game, unit, board, from, a, -1, ma, q)
  if game.vars.redeploying then      -- the Intermission's 4-hex limit [rough_and_ready PA-Opt2]
    for _, p in ipairs(require("systems.rough_and_ready.intermission").prohibited(game, unit,
        ma)) do
      q.prohibited[#q.prohibited + 1] = p
    end
  end
  require("systems.rough_and_ready.artillery").prohibit(game, unit, q.prohibited) -- [6.25, 7.0]
  squares.limit(game, unit, q, from)          -- a square's limits [rough_and_ready 5.43]
  game.hooks:modify("movement.cost", require("systems.rough_and_ready.script_api").ctx(game,
    { unit = unit, query = q }), nil)
  local listed = ma
  if type(q.ma) == "number" and q.ma > ma and type(q.prohibited) == "table"
      and type(q.must_stop) == "table" and type(q.no_road) == "table" then
    mark_near(game, unit, board, from, a, ma, q.ma, q)   -- a handler gave MPs: what they reach
    listed = q.ma
  end
  return q, listed
end

--- What a side's moves depend on: the hexes holding units (label order, with their axial
-- coordinates) and the enemy front hexes (`facing.enemy_fronts`, as a list and by hex); the
-- queries keep there what they learn of each hex (`verdicts`, by the kind of mover).
-- Derived from the units alone, it is kept on the game object (not state) and brought up to
-- date when the store's generation moves (docs/state.md "The generation"), from the units
-- changed since (their own generations): the hexes they left or entered lose their verdicts,
-- the list of hexes changes when a hex is emptied or filled, and the fronts are found again
-- only when an enemy unit changed, or a unit of a hex an enemy combat unit holds (its top
-- unit names the front). A friendly unit's turn or marker costs its hex's verdicts alone.
-- Callers read it, never change it, and never keep it across a change of the units.
-- @treturn table `{hexes = {...}, axial = {{q, r},...}, fronts = {{at=, by=, why=},...},
--   front_by = {[hex] = enemy}, front_axial = {{q, r},...}, verdicts = {}}`
function M.board(game, side)
  if M.uncached then return M.compute_board(game, side) end
  local store = game.store
  local gen = store:generation()
  local boards = game.rr_boards
  if not boards or boards.store ~= store then   -- one store's counts, never another's
    boards = { store = store }
    game.rr_boards = boards
  end
  local kept = boards[side]
  if kept and kept.gen == gen then return kept.board end
  if kept then
    M.update_board(game, side, kept, gen)
  else
    kept = M.kept_board(game, side, gen)
    boards[side] = kept
  end
  return kept.board
end

-- The fronts of a board (`facing.enemy_fronts`) with their must-stop reasons, their hexes'
-- enemies and axial coordinates; the hexes enemy combat units hold (by hex: true).
local function set_fronts(game, side, board)
  local fronts = facing.enemy_fronts(game, side)
  local by, front_axial = {}, {}
  game.rr_front_why = game.rr_front_why or {}
  local whys = game.rr_front_why     -- by enemy unit: the same words at every board
  for i, f in ipairs(fronts) do
    by[f.at] = f.by
    whys[f.by] = whys[f.by] or ("front hex of " .. f.by)
    f.why = whys[f.by]                -- the must-stop reason of every query on this board
    front_axial[i] = hex_axial(game, f.at)
  end
  board.fronts, board.front_by, board.front_axial = fronts, by, front_axial
  board.fronts_ordered = nil          -- mark_near's q_ordered, of the new list
end

-- The hexes enemy combat units of `side` hold now (by hex: true): a unit changed in one may
-- change who names its fronts (the top unit, facing.enemy_fronts).
local function enemy_hexes(game, side)
  local out = {}
  for _, e in ipairs(game.store:units{ side = game:enemy(side), class = "combat" }) do
    local kind, at = game.store:where(e)
    if kind == "hex" then out[at] = true end
  end
  return out
end

--- A board (`M.board`) made afresh and what keeps it up to date: `{gen =, board =,
-- where = {[unit] = hex | false}, count = {[hex] = units}, enemy_at = {[hex] = true}}`.
function M.kept_board(game, side, gen)
  local store = game.store
  local where, count = {}, {}
  for _, id in ipairs(store:units{}) do
    local kind, at = store:where(id)
    where[id] = kind == "hex" and at
    if kind == "hex" then count[at] = (count[at] or 0) + 1 end
  end
  return { gen = gen, board = M.compute_board(game, side), where = where, count = count,
           enemy_at = enemy_hexes(game, side) }
end

-- The sorted index where `h` is, or goes, in the sorted list `hexes`.
local function bisect(hexes, h)
  local lo, hi = 1, #hexes + 1
  while lo < hi do
    local mid = math.floor((lo + hi) / 2)
    if hexes[mid] < h then lo = mid + 1 else hi = mid end
  end
  return lo
end

--- Brings a kept board (`M.kept_board`) to the store's generation `gen` from the units
-- changed since the board's (`store:changed_since`: their own generations are past it; a
-- store restored counts them all; docs/state.md "The generation").
function M.update_board(game, side, kept, gen)
  local store, board = game.store, kept.board
  local where, count, enemy_at = kept.where, kept.count, kept.enemy_at
  local hexes, axial, verdicts = board.hexes, board.axial, board.verdicts
  local fronts = false
  local since = kept.gen
  local function touched(h)            -- a hex whose units changed: its verdicts go
    for _, key in ipairs(board.verdict_keys) do verdicts[key][h] = nil end
    if enemy_at[h] then fronts = true end
  end
  for _, id in ipairs(store:changed_since(since)) do
    local kind, at = store:where(id)
    local now = kind == "hex" and at
    local was = where[id]
    if game:unit_info(id).side ~= side then fronts = true end
    if was then touched(was) end
    if now and now ~= was then touched(now) end
    if now ~= was then
      where[id] = now
      if was then
        count[was] = count[was] - 1
        if count[was] == 0 then           -- emptied: out of the list
          count[was] = nil
          local i = bisect(hexes, was)
          table.remove(hexes, i)
          table.remove(axial, i)
          -- (mark_near's q_ordered: a list in order stays so; one that was not, found again)
          if board.hexes_ordered == false then board.hexes_ordered = nil end
        end
      end
      if now then
        if not count[now] then            -- filled: into the list, in label order
          local i = bisect(hexes, now)
          table.insert(hexes, i, now)
          local a = hex_axial(game, now)
          table.insert(axial, i, a)
          if board.hexes_ordered and ((i > 1 and axial[i - 1][1] > a[1])
              or (i < #axial and axial[i + 1][1] < a[1])) then
            board.hexes_ordered = false   -- out of order now: mark_near scans it whole
          end
        end
        count[now] = (count[now] or 0) + 1
      end
    end
  end
  if fronts then
    set_fronts(game, side, board)
    kept.enemy_at = enemy_hexes(game, side)
  end
  kept.gen = gen
end

--- `M.board` computed afresh (what the kept one must equal).
function M.compute_board(game, side)
  local hexes, seen = {}, {}
  for _, id in ipairs(game.store:units{}) do
    local kind, at = game.store:where(id)
    if kind == "hex" and not seen[at] then
      seen[at] = true
      hexes[#hexes + 1] = at
    end
  end
  table.sort(hexes)
  local axial = {}
  for i, h in ipairs(hexes) do axial[i] = hex_axial(game, h) end
  local board = { hexes = hexes, axial = axial, verdicts = {}, verdict_keys = {},
                  verdict_units = {} }
  set_fronts(game, side, board)
  return board
end

--- Whether a unit starts its move in an enemy front hex [rough_and_ready 5.15]: the enemy
-- whose front it is, or nil.
function M.pinned_by(game, unit, board)
  local kind, at = game.store:where(unit)
  if kind ~= "hex" then return nil end
  board = board or M.board(game, game:unit_info(unit).side)
  return board.front_by[at]
end

-- [rough_and_ready 5.15]: from an enemy front hex, one hex, and not next to any enemy.
local function leave_front_ok(game, unit, by, path)
  if #path > 1 then
    return false, refusal.say("5.15", unit .. " starts in the front of " .. by .. ": it may "
      .. "move one hex away, no more")
  end
  local near = facing.adjacent_enemies(game, game:unit_info(unit).side, path[1])
  if #near > 0 then
    return false, refusal.say("5.15", unit .. " starts in the front of " .. by .. ": it may "
      .. "not move next to " .. near[1] .. " in " .. path[1])
  end
  return true
end

--- The destinations of a unit's move, reach order (cost, then label), each `{hex, path,
-- cost, disorder, stop}` (volley.core.move's reach entries, the start left out), 5.15
-- applied.
function M.destinations(game, unit, board)
  local _, from = game.store:where(unit)
  board = board or M.board(game, game:unit_info(unit).side)
  local q = M.query(game, unit, board)
  local by = M.pinned_by(game, unit, board)
  if not by then q.paths = false end
  local reach = game.move:reach(from, q)
  local out = {}
  for _, e in ipairs(reach) do
    if e.hex ~= from and (not by or leave_front_ok(game, unit, by, e.path)) then
      out[#out + 1] = e
    end
  end
  return out
end

-- A copy of a query made of plain data (tables without metatables, strings, numbers,
-- booleans; read raw), or nil when it holds anything else (a handler's function, say).
local function plain(v, depth)
  local t = type(v)
  if t == "string" or t == "number" or t == "boolean" then return v end
  if t ~= "table" or depth > 3 or getmetatable(v) ~= nil then return nil end
  local out = {}
  for k, x in next, v do
    local tk = type(k)
    if tk ~= "string" and tk ~= "number" then return nil end
    local c = plain(x, depth + 1)
    if c == nil then return nil end
    out[k] = c
  end
  return out
end

-- Whether the table `q` (read raw) at depth `depth` of a query equals the plain copy `p`
-- (`plain`). The level below is compared in place, not by a call per table (a query's lists
-- hold a few dozen `{at =, why =, rule =}` marks): their leaves here, their tables by a call.
local function same_plain(p, q, depth)
  if type(p) ~= "table" then return p == q end
  if type(q) ~= "table" or depth > 3 or getmetatable(q) ~= nil then return false end
  local n = 0
  for k, x in next, p do
    local y = rawget(q, k)
    if type(x) ~= "table" then
      if x ~= y then return false end
    elseif type(y) ~= "table" or depth >= 3 or getmetatable(y) ~= nil then
      return false
    else
      local m = 0
      for k2, x2 in next, x do
        if type(x2) ~= "table" then
          if x2 ~= rawget(y, k2) then return false end
        elseif not same_plain(x2, rawget(y, k2), depth + 2) then
          return false
        end
        m = m + 1
      end
      for _ in next, y do
        m = m - 1
        if m < 0 then return false end
      end
      if m ~= 0 then return false end
    end
    n = n + 1
  end
  for _ in next, q do
    n = n - 1
    if n < 0 then return false end
  end
  return n == 0
end

-- Whether query `q` (read raw) equals the plain copy `p` (`plain`): same_plain, each of its
-- tables (the lists of marks) compared by one call that compares their marks in place.
local function same_query(p, q)
  if type(q) ~= "table" or getmetatable(q) ~= nil then return false end
  local n = 0
  for k, x in next, p do
    if type(x) == "table" then
      if not same_plain(x, rawget(q, k), 1) then return false end
    elseif x ~= rawget(q, k) then
      return false
    end
    n = n + 1
  end
  for _ in next, q do
    n = n - 1
    if n < 0 then return false end
  end
  return n == 0
end

--- The hexes of `M.destinations`, in its order, without their entries: what the move
-- request's options need. Unless the unit is pinned (5.15 needs the paths), one
-- `move:reach_places` call, with no table made per hex. The reach is a function of the
-- unit's hex and its query alone (volley.core.move; the game's costs never change): each
-- unit's last one is kept on the game object (not state), with a copy of its query, and
-- given again while a query computed anew equals it (a move elsewhere on the map leaves a
-- unit's query as it was: it marks only the hexes within its MA).
-- @treturn {string,...} callers read it, never change it
function M.destination_hexes(game, unit, board)
  board = board or M.board(game, game:unit_info(unit).side)
  if M.pinned_by(game, unit, board) then
    local out = {}
    for i, e in ipairs(M.destinations(game, unit, board)) do out[i] = e.hex end
    return out
  end
  local _, from = game.store:where(unit)
  local q = M.query(game, unit, board)
  local reach = game.rr_reach
  if not reach or reach.move ~= game.move then
    reach = { move = game.move }
    game.rr_reach = reach
  end
  local kept = reach[unit]
  if kept and not M.uncached and kept.from == from and same_query(kept.q, q) then
    return kept.hexes
  end
  local key = plain(q, 0)
  local out = {}
  for _, h in ipairs(game.move:reach_places(from, q)) do
    if h ~= from then out[#out + 1] = h end
  end
  if not M.uncached then
    reach[unit] = key and { from = from, q = key, hexes = out } or nil
  end
  return out
end

--- The move request's `tell` (volley.ask; `?` shows it beside each hex): what a `<unit>
-- <hex>` destination costs, its MP by the cheapest path [rough_and_ready 5.11], and what it
-- brings when the system knows: a D entry crossed disorders a combat unit [rough_and_ready
-- E12], an enemy front hex ends the move [rough_and_ready 5.14] (`3 MP, Disordered, stops`);
-- nil for another answer. Each unit's destinations are found once, when `?` first asks.
-- @treturn function `tell(answer) -> text | nil`
function M.teller(game)
  local by_unit = {}
  return function(answer)
    if type(answer) ~= "string" then return nil end
    local unit, hex = answer:match("^(%S+) (%S+)$")
    if not unit or not pcall(game.store.unit, game.store, unit) then return nil end
    local at = by_unit[unit]
    if not at then
      at = {}
      for _, e in ipairs(M.destinations(game, unit)) do at[e.hex] = e end
      by_unit[unit] = at
    end
    local e = at[hex]
    if not e then return nil end
    local text = e.cost .. " MP"
    if e.disorder and is_combat(game, unit) then text = text .. ", Disordered" end
    if e.stop then text = text .. ", stops" end
    return text
  end
end

--- What the prompt's `reach <unit>` shows (volley.queries.reach): the hexes the move
-- request would offer the unit now, with their cost (`M.destinations`: its MA this
-- activation, halved Out of Command [rough_and_ready 4.23], 5.15 from an enemy front, a
-- square's limits), or why it may not move: in the activation under way, a unit of it that
-- has moved [rough_and_ready 5.12] (or failed its charge Commitment [rough_and_ready 6.43]),
-- rallied [rough_and_ready 6.82], or is a gun that fired [rough_and_ready 6.25]. A unit
-- outside the activation: the move it would have if activated now.
-- @treturn ?{table,...} the destinations (`{hex =, cost =, ...}`)
-- @treturn ?string why none, with its case
function M.reach(game, unit)
  if game.vars.activation and contains(M.movers(game), unit) then
    local charge = require "systems.rough_and_ready.charge"
    if charge.failed(game, unit) then
      return nil, refusal.say("6.43", unit .. " failed its charge Commitment: it does nothing "
        .. "this activation")
    end
    if contains(game.vars.moved, unit) then
      return nil, refusal.say("5.12", unit .. " has moved this activation: its move is over "
        .. "(MPs are not saved)")
    end
    if contains(game.vars.rallied, unit) then
      return nil, refusal.say("6.82", unit .. " rallied this activation: it does nothing else")
    end
    local fire = require "systems.rough_and_ready.fire"
    local artillery = require "systems.rough_and_ready.artillery"
    if command.is_artillery(game, unit) and fire.used(game, "fired", unit)
        and not artillery.may_move_and_fire(game, unit) then
      return nil, refusal.say("6.25", unit .. " has fired this activation: artillery moves or "
        .. "fires")
    end
  end
  return M.destinations(game, unit)
end

--- Whether a typed word is a hex label of the map (a malformed label is no hex, not an
-- error: typed answers are refused, never fatal).
function M.is_hex(game, h)
  if type(h) ~= "string" then return false end
  local ok, yes = pcall(game.map.contains, game.map, h)
  return ok and yes == true
end

--- Why a unit may not enter a prohibited hex `p` (an entry of its query's `prohibited`),
-- with the rule; a hex held by enemy leaders alone says what that means
-- [rough_and_ready 5.21, 5.28, 6.32].
-- @treturn string why
-- @treturn boolean whether enemy leaders alone hold the hex
--- Whether every enemy unit in `hex` is hidden from `unit`'s side (and one is there): the
-- hex is closed by units the side does not see [rough_and_ready RP Hidden Mexican
-- Deployment].
-- @treturn boolean
function M.hidden_closes(game, unit, hex)
  local side, any = game.store:unit(unit).side, false
  for _, o in ipairs(game.store:stack(hex)) do
    local info = game.store:unit(o)
    if info.side ~= side then
      if not info.hidden then return false end
      any = true
    end
  end
  return any
end

function M.closed_why(game, unit, p)
  local leaders, combat = {}, false
  for _, o in ipairs(game.store:stack(p.at)) do
    local info = game.store:unit(o)
    if info.side ~= game.store:unit(unit).side then
      if info.kind == "leader" then leaders[#leaders + 1] = o else combat = true end
    end
  end
  if #leaders > 0 and not combat then
    local who = table.concat(leaders, ", ") .. (#leaders > 1 and " (enemy leaders) hold"
      or " (enemy leader) holds")
    return refusal.say({ "5.28", "6.32" }, unit .. " may not enter " .. p.at .. ": " .. who
      .. " it; a unit enters an enemy-occupied hex only to shock, and a leader alone is no "
      .. "shock target (no rule captures or displaces him)"), true
  end
  -- the case the query's mark carries (`[rough_and_ready 5.28]`: movement's, artillery's,
  -- the Intermission's, a square's, a battle handler's)
  return refusal.say(refusal.cases_of(p.rule, "5.11"), unit .. " may not enter " .. p.at
    .. ": " .. p.why), false
end

--- The query `q` of an activated foot unit as it would be if every enemy mounted cavalry
-- that may withdraw from it [rough_and_ready 6.47] had gone: the hexes those cavalry alone
-- hold are not prohibited, the front hexes of no other enemy are not must-stop. A typed path
-- legal only under it is accepted and walked a step at a time (volley.walk `tentative`):
-- the rules move a unit hex by hex [rough_and_ready 5.12], so a withdrawal on the way may
-- open the hex ahead; when none does, the move ends before it (docs/move.md "Moves walked
-- hex by hex"). Any other mover: `q` itself.
function M.hopeful(game, unit, q)
  local act = game.vars.activation
  local info = game:unit_info(unit)
  if info.type ~= "infantry" or not act or not contains(act.units, unit)
      or game.vars.redeploying then
    return q
  end
  local withdrawal = require "systems.rough_and_ready.withdrawal"
  local may, others = {}, {}
  for _, e in ipairs(game.store:units{ side = game:enemy(info.side) }) do
    if command.on_map(game, e) then
      if withdrawal.may_withdraw(game, e) then may[e] = true else others[#others + 1] = e end
    end
  end
  local stays = {}          -- the hexes some enemy that cannot withdraw holds or fronts
  for _, e in ipairs(others) do
    stays[command.on_map(game, e)] = true
    if facing.faces(game, e) then
      for _, h in ipairs(facing.front(game, e)) do stays[h] = true end
    end
  end
  local out = {}
  for k, v in pairs(q) do out[k] = v end
  local prohibited, must_stop = {}, {}
  for _, p in ipairs(q.prohibited) do
    local at = type(p) == "table" and p.at or p
    local open = type(at) == "string" and not stays[at]
    if open then
      for _, o in ipairs(game.store:stack(at)) do
        if not may[o] then open = false end
      end
      open = open and #game.store:stack(at) > 0
    end
    if not open then prohibited[#prohibited + 1] = p end
  end
  for _, m in ipairs(q.must_stop) do
    local at = type(m) == "table" and m.at or m
    if stays[at] then must_stop[#must_stop + 1] = m end
  end
  out.prohibited, out.must_stop = prohibited, must_stop
  return out
end

--- Checks a move answered with a path (`places`: the hexes entered, the last the
-- destination; one hex: the cheapest path to it; a path that begins with the unit's own hex:
-- the hexes after it, each step as given).
-- @treturn[1] table `{path=, cost=, disorder=, steps=}`
-- @treturn[2] false
-- @treturn[2] string why, with the rule
function M.check(game, unit, places)
  for _, h in ipairs(places) do
    if not M.is_hex(game, h) then
      return false, refusal.plain("'" .. tostring(h) .. "' is not a hex of the map")
    end
  end
  local _, from = game.store:where(unit)
  if #places == 1 and places[1] == from then
    return false, refusal.say("5.34", unit .. " is already in " .. from .. " (turning in "
      .. "place: face " .. unit .. " <vertex>)")
  end
  local typed = #places > 1          -- a path, each step as given (not the cheapest way)
  if typed and places[1] == from then
    -- a path typed from the unit's own hex (`3US-1 3045 3046` where 3US-1 stands in 3045):
    -- the hexes entered are those after it, as given (the step across a river hexside that
    -- the cheapest path would go round)
    local rest = {}
    for k = 2, #places do rest[#rest + 1] = places[k] end
    places = rest
  end
  local q, listed = M.query(game, unit)
  local r, why
  if not typed then
    r = game.move:path(from, places[1], q)
    if not r then
      -- the cheapest search says only "cannot be reached": name the step that fails on the
      -- straight line when the goal is next door
      local grid = facing.grid(game)
      local okd, dist = pcall(grid.distance, grid, from, places[1])
      -- a goal beyond the unit's reach: the reach first, whatever else closes the hex (a
      -- gun's goal next to an enemy 17 hexes off is out of reach before it is near an enemy
      -- [rough_and_ready 5.11]; issue 33 point 5)
      local closed_at
      for _, p in ipairs(q.prohibited) do
        if (type(p) == "table" and p.at or p) == places[1] then closed_at = p break end
      end
      local fr
      if okd and dist > 1 then
        -- what it would cost with MP enough (the hexes past its MA unchecked for stacking,
        -- the goal open), against what the unit has [rough_and_ready 5.11]
        local far = {}
        for k, x in pairs(q) do far[k] = x end
        far.ma = 999
        -- with the front hexes past the MA, which the query leaves out, stopping it all the same
        -- (the stacking past the MA stays unchecked, as it always was)
        local stops = {}
        for i, m in ipairs(q.must_stop) do stops[i] = m end
        local board = M.board(game, game:unit_info(unit).side)
        local a = hex_axial(game, from)
        for i, f in ipairs(board.fronts) do
          if axial_distance(a, board.front_axial[i]) > listed then
            stops[#stops + 1] = { at = f.at, why = f.why, rule = M.R514 }
          end
        end
        far.must_stop = stops
        if closed_at then
          local open_goal = {}
          for _, p in ipairs(q.prohibited) do
            if (type(p) == "table" and p.at or p) ~= places[1] then
              open_goal[#open_goal + 1] = p
            end
          end
          far.prohibited = open_goal
        end
        fr = game.move:path(from, places[1], far)
        -- beyond its reach: farther than its MPs, or costing more than them even where no
        -- front stops it (a goal next to the enemy that holds it is in that enemy's front)
        local beyond = dist > q.ma
        if not beyond and fr and fr.cost > q.ma then
          local free = {}
          for k, x in pairs(far) do free[k] = x end
          free.must_stop = {}
          local fp = game.move:path(from, places[1], free)
          beyond = not fp or fp.cost > q.ma
        end
        -- a goal closed only by enemy units hidden from the mover's side, that no way reaches
        -- even open: out of reach, as an empty hex there is -- the closing reason would tell
        -- the side where a hidden unit stands, hexes off (docs/rulings/rough_and_ready.md H7:
        -- contact, not a sweep of refusals, is how the table learns of one)
        if not beyond and not fr and closed_at and M.hidden_closes(game, unit, places[1]) then
          beyond = true
        end
        if beyond then closed_at = nil end
      end
      -- a goal no unit of the side may enter within its reach: its reason, not the MPs (a
      -- lone enemy leader closes his hex [rough_and_ready 5.28]; docs/rulings/rough_and_ready.md)
      if closed_at then
        local closed, lone = M.closed_why(game, unit, closed_at)
        if lone or (okd and dist > 1) then return false, closed end
      end
      if okd and dist > 1 then
        -- what it costs, or how far it is when no way leads there (each step 1 MP or more)
        local cost = ""
        if fr then
          cost = "it costs " .. fr.cost .. " MP, "
        elseif dist > q.ma then
          cost = "it is " .. dist .. " hexes off, "
        end
        return false, refusal.say("5.11", places[1] .. " is out of " .. unit .. "'s reach: "
          .. cost .. unit .. " has " .. q.ma)
      end
      -- the goal is next door: the one step's own check names the step, the reason and its
      -- rule (volley.core.move). It refuses wherever the search found no path (the search
      -- tries that step first), so no reason of ours follows it.
      local _, vwhy = game.move:validate(from, places, q)
      return false, vwhy
    end
  else
    r, why = game.move:validate(from, places, q)
    if not r then
      -- a hex only a withdrawal can open: the path is walked on that hope [6.47, 5.12]
      r = game.move:validate(from, places, M.hopeful(game, unit, q))
      if not r then return false, why end
      r.tentative = true
    end
  end
  local by = M.pinned_by(game, unit)
  if by then
    local ok, w = leave_front_ok(game, unit, by, r.path)
    if not ok then return false, w end
  end
  return r
end

-- {====================================================================================
-- The move request
-- =====================================================================================

--- The units that may move in the activation under way, in order: its units, its guns, its
-- leader [rough_and_ready 3.13, 4.28], the Overall Commander when he may move
-- [rough_and_ready 4.26]; those on the map.
function M.movers(game)
  local vars = game.vars      -- values read one by one: the record is copied at each read
  local out = {}
  local function add(u)
    if u and not contains(out, u) and game.store:where(u) == "hex" then out[#out + 1] = u end
  end
  for _, u in ipairs(vars:get("activation", "units") or {}) do add(u) end
  for _, u in ipairs(vars:get("activation", "artillery") or {}) do add(u) end
  add(vars:get("activation", "leader"))
  add(require("systems.rough_and_ready.activation").oc_may_move(game,
    vars:get("activation", "side")))
  return out
end

local function moved(game)
  return game.vars.moved or {}
end

--- Whether a unit may turn in place now [rough_and_ready 5.27, 5.34]: it faces, has not
-- moved this activation, and every other facing unit of its hex is an activated unit that
-- has not moved either (they turn with it).
-- @tparam[opt] {string,...} done the units that have moved (`game.vars.moved`), when the
--   caller has read them already
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why
function M.may_turn(game, unit, movers, done)
  done = done or moved(game)
  if not contains(movers, unit) then
    return false, refusal.say("3.13", unit .. " is not one of the activated units")
  end
  if contains(done, unit) then
    return false, refusal.say("5.34", unit .. " has moved this activation: its facing is fixed")
  end
  if not facing.faces(game, unit) then
    return false, refusal.say("5.31", unit .. " does not face (only combat units do)")
  end
  local _, hex = game.store:where(unit)
  for _, other in ipairs(game.store:stack(hex)) do
    if other ~= unit and facing.faces(game, other)
        and (not contains(movers, other) or contains(done, other)) then
      return false, refusal.say("5.27", unit .. " is stacked with " .. other .. ", whose facing "
        .. "is fixed: stacked units face alike")
    end
  end
  return true
end

--- Whether a mover may be declared to charge now [rough_and_ready 6.43]: mounted cavalry that
-- has not moved nor been declared, has not fired this activation (charging cavalry may not
-- fire [rough_and_ready 6.46]: as a counter-charger that fired, docs/rulings 6.46), and may
-- shock (shock.eligible). `done`: as for `may_turn`.
function M.may_declare(game, unit, movers, done)
  if not contains(movers, unit) then
    return false, refusal.say("3.13", unit .. " is not one of the activated units")
  end
  if game:unit_info(unit).type ~= "cavalry" then
    return false, refusal.say("6.41", unit .. " is not mounted cavalry: it may not charge")
  end
  if contains(done or moved(game), unit) then
    return false, refusal.say("6.43", unit .. " has moved: a charge is declared before moving")
  end
  local charge = require "systems.rough_and_ready.charge"
  if charge.declared(game, unit) then
    return false, refusal.say("6.43", unit .. " is declared to charge already")
  end
  -- 6.46 before the target: a unit that fired is refused for what it did, whatever lies
  -- ahead of it
  if require("systems.rough_and_ready.fire").used(game, "fired", unit) then
    return false, refusal.say("6.46", unit .. " has fired this activation: charging cavalry "
      .. "may not fire")
  end
  local ok, why = require("systems.rough_and_ready.shock").eligible(game, unit)
  if not ok then return false, why end
  -- no Commitment rolled for a charge that could reach no enemy (issue 33 point 12)
  if not charge.target(game, unit) then
    return false, refusal.say({ "6.41", "6.42" }, unit
      .. "'s charge would have no target: no enemy it could shock lies next to the end of a "
      .. "charge move from " .. tostring(command.on_map(game, unit)) .. " (2 or more hexes, "
      .. "each of 1 MP or less, within its MA)")
  end
  return true
end

--- Declares a charge [rough_and_ready 6.43]: the unit rolls Commitment now; passed, it is
-- noted as declared (it will not roll again in the shock step); failed, it does nothing this
-- activation: no move, fire, rally nor shock (charge.failed).
function M.declare(game, unit)
  local shock = require "systems.rough_and_ready.shock"
  if shock.commitment(game, unit, "its charge") then
    local list = game.vars.charge_declared or {}
    list[#list + 1] = unit
    game.vars.charge_declared = list
    game:log(unit .. " is declared to charge [rough_and_ready 6.43]")
    game.hooks:fire("charge.declared", { unit = unit })
  else
    M.mark_moved(game, unit)
    local list = game.vars.charge_failed or {}
    list[#list + 1] = unit
    game.vars.charge_failed = list
    game:log(unit .. " failed its charge Commitment: it does nothing this activation "
      .. "[rough_and_ready 6.43]")
  end
end

-- The move request's answers (`M.options`).
local function options(game)
  local movers = M.movers(game)
  local done = moved(game)
  local board = M.board(game, game.vars:get("activation", "side"))
  local out = {}
  local answers = game.rr_move_answers        -- `<unit> <hex>`, made once (not state)
  if not answers then
    answers = {}
    game.rr_move_answers = answers
  end
  for _, u in ipairs(movers) do
    if not contains(done, u) and squares.offers_moves(game, u, movers) then
      local mine = answers[u]
      if not mine then
        mine = {}
        answers[u] = mine
      end
      for _, h in ipairs(M.destination_hexes(game, u, board)) do
        local a = mine[h]
        if not a then
          a = u .. " " .. h
          mine[h] = a
        end
        out[#out + 1] = a
      end
    end
  end
  local redeploying = game.vars.redeploying
  for _, u in ipairs(movers) do
    if not redeploying and M.may_declare(game, u, movers, done) then
      out[#out + 1] = "charge " .. u
    end
  end
  for _, o in ipairs(squares.options(game, movers)) do
    -- the Intermission moves units, no square is formed [rough_and_ready PA-Opt2]
    if not (redeploying and o:sub(1, 7) == "square ") then out[#out + 1] = o end
  end
  for _, u in ipairs(movers) do
    if M.may_turn(game, u, movers, done) then
      local now = game.store:facing(u)
      for _, w in ipairs(facing.words(game)) do
        if w ~= now then out[#out + 1] = "face " .. u .. " " .. w end
      end
    end
  end
  out[#out + 1] = "done"
  return out
end

-- {====================================================================================
-- What is kept, checked (the specs' debug switch)
-- =====================================================================================

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- Raises an error naming what differs between the kept board of `side` and one made afresh:
-- its hexes, fronts, and every verdict it keeps (asked again of the unit that asked first,
-- where that unit is not in the hex).
local function check_board(game, side, kept)
  local fresh = M.compute_board(game, side)
  for _, k in ipairs({ "hexes", "axial", "fronts", "front_by", "front_axial" }) do
    if not same(kept[k], fresh[k]) then
      error("movement: the kept board's " .. k .. " differ from the board made afresh", 0)
    end
  end
  for _, key in ipairs(kept.verdict_keys) do
    local unit = kept.verdict_units[key]
    local _, from = game.store:where(unit)
    local me = game:unit_info(unit)
    for _, h in ipairs(fresh.hexes) do
      local v = kept.verdicts[key][h]
      if v ~= nil and h ~= from and not same(v, verdict(game, unit, me, h)) then
        error("movement: the kept verdict of " .. h .. " for " .. key .. " is stale", 0)
      end
    end
  end
end

--- A debug switch for the specs (tests/spec/systems/rough_and_ready/movement_kept_spec.lua):
-- on, every move request's options are computed twice, with what movement keeps and afresh
-- (`M.uncached`: no board, reach nor hexes next to the enemy kept, every hex of the board read
-- for a query's marks), and the kept board is compared with a board made afresh; an error says
-- where they differ (actions.move_answers checks its shortcuts too). Off by default.
-- @treturn integer the move requests checked so far
function M.check_kept(on)
  if on ~= nil then M.checking = on == true end
  return M.checked or 0
end

--- The legal answers of the move request, canonical order: each unmoved mover's
-- destinations (`<unit> <hex>`, movers in order, hexes in reach order), then each charge
-- declaration (`charge <unit>` [rough_and_ready 6.43], movers in order), then the square
-- answers (`square <hex>`, `unsquare <unit>`: squares.options [rough_and_ready 5.42, 5.44]),
-- then each turn in place (`face <unit> <vertex>`, the vertices other than its own), then
-- `done`. A square's moves are listed under its top unit only (squares.offers_moves).
function M.options(game)
  if not M.checking or M.uncached then return options(game) end
  local out = options(game)
  local side = game.vars:get("activation", "side")
  check_board(game, side, M.board(game, side))
  M.uncached = true
  local next_to = game.rr_next_to        -- artillery.next_to_enemy's, made afresh too
  game.rr_next_to = nil
  local ok, fresh = pcall(options, game)
  game.rr_next_to = next_to
  M.uncached = false
  if not ok then error(fresh, 0) end
  if not same(out, fresh) then
    for i = 1, math.max(#out, #fresh) do
      if out[i] ~= fresh[i] then
        error("movement: option " .. i .. " is " .. tostring(out[i]) .. " with what is kept, "
          .. tostring(fresh[i]) .. " afresh", 0)
      end
    end
  end
  M.checked = (M.checked or 0) + 1
  return out
end

--- Checks a typed answer that is not an option: a path (`<unit> <hex> <hex>...`) or a turn
-- with an alias (`face <unit> E`). The refusal names the rule.
function M.validate(game, answer)
  if type(answer) ~= "string" then return false, refusal.plain("not a move") end
  local w = {}
  for x in answer:gmatch("%S+") do w[#w + 1] = x end
  local movers = M.movers(game)
  if game.vars.redeploying and (w[1] == "charge" or w[1] == "square") then
    return false, refusal.say("PA-Opt2", "the Intermission is movement only: no " .. w[1])
  end
  if w[1] == "charge" then
    if #w ~= 2 then return false, refusal.plain("charge <unit>") end
    return M.may_declare(game, w[2], movers)
  end
  if w[1] == "square" or w[1] == "unsquare" then return squares.validate(game, w, movers) end
  if w[1] == "face" then
    if #w ~= 3 then return false, refusal.plain("face <unit> <vertex>") end
    local ok, why = M.may_turn(game, w[2], movers)
    if not ok then return false, why end
    if not facing.canonical(game, w[3]) then
      -- a unit faces a vertex, never a hexside [rough_and_ready 5.31]
      return false, refusal.say("5.31", "'" .. w[3] .. "' is not a vertex ("
        .. table.concat(facing.words(game), " ") .. ", E, W)")
    end
    return true
  end
  if #w < 2 then
    return false, refusal.plain("'" .. answer .. "' is no move: <unit> <hex> [<hex>...], face "
      .. "<unit> <vertex> or done")
  end
  local unit = w[1]
  if not contains(movers, unit) then
    return false, refusal.say("3.13", unit .. " is not one of the activated units")
  end
  if require("systems.rough_and_ready.charge").failed(game, unit) then
    -- marked moved, but the reason is the failed roll [rough_and_ready 6.43]
    return false, refusal.say("6.43", unit .. " failed its charge Commitment: it does nothing "
      .. "this activation")
  end
  if contains(moved(game), unit) then
    return false, refusal.say("5.12", unit .. " has moved this activation (MPs are not saved)")
  end
  local sq, sqwhy = squares.may_move(game, unit, movers)
  if not sq then return false, sqwhy end
  if squares.in_square(game, unit) then
    local top = squares.members(game, command.on_map(game, unit))[1]
    if top ~= unit then
      return false, refusal.say("5.43", unit .. " is in the square of "
        .. command.on_map(game, unit) .. ": the square moves whole, under its top unit (" .. top
        .. " <hex>)")
    end
  end
  local places = {}
  for k = 2, #w do places[#places + 1] = w[k] end
  local r, why = M.check(game, unit, places)
  if not r then return false, why end
  return true
end

function M.mark_moved(game, unit)
  local list = {}
  for _, u in ipairs(moved(game)) do list[#list + 1] = u end
  list[#list + 1] = unit
  game.vars.moved = list
end

--- Turns a unit (and its stack) in place [rough_and_ready 5.27, 5.34]; its movement is over.
function M.turn(game, unit, word)
  word = facing.canonical(game, word)
  local turned = facing.turn(game, unit, word)
  M.mark_moved(game, unit)
  game:log(table.concat(turned, ", ") .. " turn" .. (#turned == 1 and "s" or "")
    .. " to face " .. word .. " (no MP) " .. facing.R534)
end

-- After a move: the facing, fixed until the unit moves again [rough_and_ready 5.34].
local function face_after(game, unit, side)
  if not facing.faces(game, unit) then return end
  local _, hex = game.store:where(unit)
  local mate = facing.stack_facing(game, unit, hex)
  if mate then
    assert(game.store:face(unit, mate))
    game:log(unit .. " faces " .. mate .. " as its stack does " .. facing.R527)
    return
  end
  local now = game.store:facing(unit)
  -- typed: a vertex word, an alias (E, W), or the prompt's `face <unit> <vertex>`
  local function word_of(answer)
    if type(answer) ~= "string" then return nil end
    local u, w = answer:match("^face (%S+) (%S+)$")
    if u and u ~= unit then return nil end
    return facing.canonical(game, w or answer)
  end
  local answer = game:ask(side, {
    kind = "face",
    prompt = unit .. " ends its move in " .. hex .. ": its facing (a vertex)",
    options = facing.words(game),
    validate = function(a)
      if word_of(a) then return true end
      -- a unit faces a vertex, never a hexside: 5.31, not the request's 5.34
      return false, refusal.say("5.31", "'" .. tostring(a) .. "' is not a facing of " .. unit
        .. " (" .. table.concat(facing.words(game), " ") .. ", E, W)")
    end,
    default = (now ~= nil and now ~= "none") and now or nil,
    rule = facing.R534,
  })
  local word = word_of(answer)
  assert(game.store:face(unit, word))
  game:log(unit .. " faces " .. word .. " " .. facing.R534)
end

-- A step of a move under way checked now (volley.walk's `check`): a unit that entered an
-- enemy front hex stops there [rough_and_ready 5.14]; else the step with what it has left.
local function check_step(game, unit, w, to)
  if w.i > 0 then
    local by = M.pinned_by(game, unit)
    if by then
      return nil, refusal.say("5.14", unit .. " is in the front of " .. by .. " in " .. w.at
        .. ": it stops")
    end
  end
  local r, why = game.move:validate(w.at, { to }, M.query(game, unit))
  if not r then return nil, why end
  return r.steps[1]
end

-- After a move was cut with MP left (volley.walk's `go_on`): the same move request for this
-- unit only, from where it stands, within what it has left [rough_and_ready 5.12]; `stop`
-- (the default) ends the move. A unit in an enemy front is not asked: it stops there
-- [rough_and_ready 5.14].
local function go_on(game, unit, side, w, why)
  if M.pinned_by(game, unit) then return nil end
  local opts = {}
  for _, h in ipairs(M.destination_hexes(game, unit)) do opts[#opts + 1] = unit .. " " .. h end
  if #opts == 0 then return nil end
  opts[#opts + 1] = "stop"
  local answer = game:ask(side, {
    kind = "move",
    prompt = unit .. " may go on from " .. w.at .. " with " .. w:left() .. " MP left ("
      .. tostring(why) .. "): <unit> <hex> [path], or stop",
    enumerate = function() return opts end,
    validate = function(a)
      if type(a) ~= "string" then return false, refusal.plain("not a move") end
      local words = {}
      for x in a:gmatch("%S+") do words[#words + 1] = x end
      if words[1] ~= unit or #words < 2 then
        return false, refusal.say("5.12", "only " .. unit .. " goes on now: " .. unit
          .. " <hex> [path], or stop")
      end
      local places = {}
      for k = 2, #words do places[#places + 1] = words[k] end
      local r, rwhy = M.check(game, unit, places)
      if not r then return false, rwhy end
      return true
    end,
    tell = M.teller(game),
    warn = require("systems.rough_and_ready.advice").move_warn(game),
    default = "stop",
    rule = "[rough_and_ready 5.12]",
  })
  if answer == "stop" then return nil end
  local places = {}
  for x in answer:gmatch("%S+") do places[#places + 1] = x end
  table.remove(places, 1)
  local r = assert(M.check(game, unit, places))
  return { path = r.path, steps = (not r.tentative) and r.steps or nil }
end

--- Moves a unit along a checked path, hex by hex through volley.walk (docs/move.md "Moves
-- walked hex by hex"): `movement.start`; for each hex `movement.leave`, `movement.enter`,
-- then the enemy cavalry it came next to may withdraw [rough_and_ready 6.47] (an
-- interruption: the rest of the path is then checked a step at a time, and a step that is
-- illegal then ends the move before it; with MP left the mover's side is asked whether it
-- goes on, `go_on`); `movement.stop` where it stops; `movement.front` when it stops in an
-- enemy front hex [rough_and_ready 5.14], the D disorder [rough_and_ready E12, 6.61],
-- `movement.end`; then its facing. A handler that takes the unit off the hex it entered
-- (#23's reaction fire eliminating it, say) ends the move there.
-- @tparam table r the check (`M.check`; `r.tentative`: a path walked on a hope, each step
--   checked as it is taken)
function M.apply(game, unit, r)
  local side = game:unit_info(unit).side
  local _, from = game.store:where(unit)
  local ma = M.ma(game, unit)
  local ooc = command.out_of_command(game, unit) and game:unit_info(unit).kind ~= "leader"
  game.hooks:fire("movement.start", { unit = unit, hex = from, ma = ma })
  local withdrawal = require "systems.rough_and_ready.withdrawal"
  local api = require "systems.rough_and_ready.script_api"
  local w = walk.new(game, {
    unit = unit, path = r.path, steps = (not r.tentative) and r.steps or nil,
    ma = ma - squares.spent(game, unit), tentative = r.tentative,
    check = function(wk, to) return check_step(game, unit, wk, to) end,
    fire = function(_, point, ctx)
      if point == "movement.stop" then
        ctx = api.ctx(game, ctx)
      elseif point == "movement.enter" then   -- the context it always had
        ctx = { unit = ctx.unit, from = ctx.from, to = ctx.to, cost = ctx.cost }
      end
      game.hooks:fire(point, ctx)
    end,
    -- enemy cavalry it came next to may withdraw [rough_and_ready 6.47]: an interruption
    entered = function(wk, i, hex)
      local gone = withdrawal.entered(game, unit, from, { path = wk.entered }, i)
      if #gone > 0 then wk:interrupt("withdrawal of " .. table.concat(gone, ", ")) end
      assert(hex == wk.at)
    end,
    go_on = function(wk, why)
      game:log(unit .. "'s way on from " .. wk.at .. " is closed: " .. tostring(why))
      return go_on(game, unit, side, wk, why)
    end,
  }):run()
  local at, entered, cost, disorder = w.at, w.entered, w.spent, w.disorder
  local cut = w.ended == "gone"
  r = { path = entered, steps = w.taken, cost = cost, disorder = disorder }
  game:log(string.format("%s moves %s -> %s (%s MP of %d%s) %s", unit, from,
    table.concat(entered, " "), tostring(cost), ma,
    ooc and ", out of command [rough_and_ready 4.23]" or "", M.R511))
  local activation = require "systems.rough_and_ready.activation"
  if activation.oc_may_move(game, side) == unit then activation.oc_moved(game, unit) end
  M.mark_moved(game, unit)
  squares.spend(game, unit, cost)
  squares.carry(game, unit, from, at)       -- a square moves whole [rough_and_ready 5.43]
  require("systems.rough_and_ready.charge").record(game, unit, r, from)
  if cut then
    game:log(unit .. "'s move ends in " .. at .. " " .. M.R511)
    return
  end
  local by = M.pinned_by(game, unit)
  if by and at ~= from then
    game:log(unit .. " entered the front of " .. by .. " in " .. at .. ": it stops " .. M.R514)
    local enemies = {}
    for _, e in ipairs(facing.adjacent_enemies(game, side, at)) do
      if contains(facing.front(game, e), at) then enemies[#enemies + 1] = e end
    end
    game.hooks:fire("movement.front", { unit = unit, hex = at, enemies = enemies })
  end
  if disorder and is_combat(game, unit) and game.store:marker(unit, "disordered") == 0 then
    game.store:set_marker(unit, "disordered", 1)
    game:log(unit .. " crossed a D entry of the Terrain Effects Chart: Disordered " .. M.RE12)
  end
  -- the Hit roll of infantry that entered chaparral [rough_and_ready PA 5.16] (hits.lua)
  require("systems.rough_and_ready.hits").terrain_roll(game, unit, entered)
  if command.on_map(game, unit) == nil then return end
  game.hooks:fire("movement.end", require("systems.rough_and_ready.script_api").ctx(game,
    { unit = unit, hex = at, entered = entered }))
  face_after(game, unit, side)
end

--- The activation's movement [rough_and_ready 3.13, 5.1-5.3]: `move` requests until `done`
-- or every mover has moved.
function M.activation(game)
  local act = game.vars.activation
  game.vars.moved = {}
  while true do
    local opts = M.options(game)
    if #opts == 1 then break end
    -- the state does not change while the request waits: its options are computed once
    local answer = game:ask(act.side, {
      kind = "move",
      prompt = act.target .. ": move a unit (<unit> <hex> [path]), declare a charge "
        .. "(charge <unit>), turn one (face <unit> <vertex>) or done",
      enumerate = function() return opts end,
      validate = function(a) return M.validate(game, a) end,
      tell = M.teller(game),
      warn = require("systems.rough_and_ready.advice").move_warn(game),
      default = "done",
      rule = "[rough_and_ready 5.11]",
    })
    if answer == "done" then break end
    local w = {}
    for x in answer:gmatch("%S+") do w[#w + 1] = x end
    if w[1] == "charge" then
      M.declare(game, w[2])
    elseif w[1] == "square" or w[1] == "unsquare" then
      squares.apply(game, w)
    elseif w[1] == "face" then
      M.turn(game, w[2], w[3])
    else
      local places = {}
      for k = 2, #w do places[#places + 1] = w[k] end
      M.apply(game, w[1], assert(M.check(game, w[1], places)))
    end
  end
  game.vars.moved = nil
end

return M
