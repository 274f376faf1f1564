--- Double-size counters in Battle of Buena Vista [battle_of_buena_vista 7.5a, 7.5b]: a head
-- hex and a tail hex, faced from the tail toward the head (units.ini `facing.double`). Its
-- three front
-- hexes are the head's neighbours that touch neither the tail nor the tail's neighbours
-- (the digest's ruling A31: the head's three outer hexsides); its three rear hexes the
-- tail's, the same way round.
--
-- Moving [battle_of_buena_vista 7.5b, E-7.1f, E-7.4a, E-7.4b] ("turn" in the errata's
-- words): the head enters one of its front hexes and the tail follows into the hex the head
-- left, paying what the head's hex costs; or, backwards, the tail enters one of its rear hexes
-- and the head follows, paying the tail's. Pivoting [battle_of_buena_vista 7.5b, E-7.4c,
-- E-7.4d] spends every MP of the impulse: one end stays, the other moves to any hex next to
-- it; it may swing across an impassable hexside but may not end straddling one. With a
-- leader, the bonus hex [battle_of_buena_vista 7.1c] is one step more, or the pivot (before
-- or after the move, [battle_of_buena_vista E-7.4c]).
--
-- A double-size move is searched here, in Lua, over the counter's positions (head, tail):
-- the C search (volley.core.move `reach`) walks single hexes and cannot carry a heading; each
-- step's cost and legality is still the C core's (`move:step` with the mover's query).
-- @module systems.battle_of_buena_vista.double

local M = {}

M.R75 = "[battle_of_buena_vista 7.5b]"
M.RF = "[battle_of_buena_vista E-7.1f]"
M.RP = "[battle_of_buena_vista E-7.4d]"

--- Whether a unit is a double-size counter (on two hexes).
function M.is_double(game, unit)
  return game.store:unit(unit).type == "brigade"
end

--- The counter's head and tail hexes.
function M.ends(game, unit)
  local hs = game.store:hexes(unit)
  return hs[1], hs[2]
end

-- The map hexes next to `h`, in the grid's hexside order.
local function around(game, grid, h)
  local out = {}
  for _, n in ipairs(grid:neighbors(h)) do
    if type(n) == "string" and game.map:contains(n) then out[#out + 1] = n end
  end
  return out
end

local function member(list, x)
  for _, v in ipairs(list) do
    if v == x then return true end
  end
  return false
end

--- The three front hexes of a counter in (head, tail) [battle_of_buena_vista 7.5a], on the
-- map (fewer at the edge), hexside order.
function M.front(game, grid, head, tail)
  local near = around(game, grid, tail)
  local out = {}
  for _, n in ipairs(around(game, grid, head)) do
    if n ~= tail and not member(near, n) then out[#out + 1] = n end
  end
  return out
end

--- The three rear hexes (behind the tail).
function M.rear(game, grid, head, tail)
  return M.front(game, grid, tail, head)
end

--- The facing word of a counter in (head, tail): the hexside from the tail toward the head.
function M.facing(grid, head, tail)
  return grid:direction(tail, head)
end

--- Places the counter in (head, tail), faced from the tail toward the head.
function M.place(game, grid, unit, head, tail)
  assert(game.store:place(unit, { head, tail }))
  assert(game.store:face(unit, M.facing(grid, head, tail)))
end

-- The moves from a position: the head into a front hex (the tail following), the tail into a
-- rear hex (the head following).
local function moves_from(game, grid, s)
  local moves = {}
  for _, n in ipairs(M.front(game, grid, s.head, s.tail)) do
    moves[#moves + 1] = { enter = n, from = s.head, head = n, tail = s.head }
  end
  for _, n in ipairs(M.rear(game, grid, s.head, s.tail)) do
    moves[#moves + 1] = { enter = n, from = s.tail, head = s.tail, tail = n }
  end
  return moves
end

-- A state one move past `s`.
local function extend(s, mv, cost, stop)
  local path, costs = {}, {}
  for i, p in ipairs(s.path) do path[i] = p end
  for i, c in ipairs(s.costs) do costs[i] = c end
  path[#path + 1] = { mv.head, mv.tail }
  costs[#costs + 1] = cost
  return { head = mv.head, tail = mv.tail, key = mv.head .. "/" .. mv.tail,
           cost = s.cost + cost, steps = s.steps + 1, stop = stop, enter = mv.enter,
           path = path, costs = costs }
end

--- The positions a counter reaches from (head, tail) with `ma` MP, by forward and backward
-- moves (each step's cost and refusal `step(from, to)`, which returns `cost, info` or
-- false), cheapest first: `{ {head=, tail=, cost=, path={ {head, tail}, ... }, costs={...},
-- stop=, bonus=} ... }`, the start left out. Ties: fewer steps, then the label `head/tail`.
-- A step whose entering hex is must-stop (`info.stop`) ends the move there; an entry into a
-- slope with no MP left is refused by `zero_left(to, cost, left)` (E-7.1e). With `bonus`
-- (`{step = function(from, to) -> cost | nil, after_stop = boolean}`), the leader's bonus
-- hex: one step more from any position reached (or the start; from a must-stop one only with
-- `after_stop`), whatever it costs, to the positions not reached otherwise, listed last in
-- label order [battle_of_buena_vista 7.1c].
function M.reach(game, grid, head, tail, ma, step, zero_left, bonus)
  local key0 = head .. "/" .. tail
  local start = { head = head, tail = tail, key = key0, cost = 0, steps = 0, path = {},
                  costs = {} }
  local best = { [key0] = start }
  local open = { key0 }
  local done = {}
  local function better(a, b)
    if a.cost ~= b.cost then return a.cost < b.cost end
    if a.steps ~= b.steps then return a.steps < b.steps end
    return a.key < b.key
  end
  while #open > 0 do
    local bi = 1
    for i = 2, #open do
      if better(best[open[i]], best[open[bi]]) then bi = i end
    end
    local key = table.remove(open, bi)
    local s = best[key]
    done[key] = true
    if not s.stop then
      for _, mv in ipairs(moves_from(game, grid, s)) do
        local cost, info = step(mv.from, mv.enter)
        if cost and s.cost + cost <= ma
            and not (zero_left and zero_left(mv.enter, cost, ma - s.cost)) then
          local k = mv.head .. "/" .. mv.tail
          local old = best[k]
          local cand = extend(s, mv, cost, info and info.stop or false)
          if not done[k] and (not old or better(cand, old)) then
            if not old then open[#open + 1] = k end
            best[k] = cand
          end
        end
      end
    end
  end
  local out = {}
  for k, s in pairs(best) do
    if k ~= key0 then out[#out + 1] = s end
  end
  table.sort(out, better)
  if bonus then
    local extra, seen = {}, {}
    local bases = { start }
    for _, s in ipairs(out) do bases[#bases + 1] = s end
    for _, s in ipairs(bases) do
      if not s.stop or bonus.after_stop then
        for _, mv in ipairs(moves_from(game, grid, s)) do
          local k = mv.head .. "/" .. mv.tail
          if not best[k] and not seen[k] then
            local cost = bonus.step(mv.from, mv.enter)
            if cost then
              seen[k] = true
              local e = extend(s, mv, cost, true)
              e.bonus = true
              extra[#extra + 1] = e
            end
          end
        end
      end
    end
    table.sort(extra, function(a, b) return a.key < b.key end)
    for _, e in ipairs(extra) do out[#out + 1] = e end
  end
  return out
end

--- The positions a pivot reaches from (head, tail) [battle_of_buena_vista 7.5b]: the head
-- stays and the tail goes to another hex next to it, or the tail stays and the head does;
-- `enterable(hex, stay)` says whether the moving end may stand in the hex, `straddles(a, b)`
-- whether an impassable hexside lies between the two ends [battle_of_buena_vista E-7.4d].
-- Label order of `head/tail`.
function M.pivots(game, grid, head, tail, enterable, straddles)
  local out = {}
  for _, n in ipairs(around(game, grid, head)) do
    if n ~= tail and enterable(n) and not straddles(head, n) then
      out[#out + 1] = { head = head, tail = n, enter = n }
    end
  end
  for _, n in ipairs(around(game, grid, tail)) do
    if n ~= head and enterable(n) and not straddles(n, tail) then
      out[#out + 1] = { head = n, tail = tail, enter = n }
    end
  end
  table.sort(out, function(a, b)
    return (a.head .. "/" .. a.tail) < (b.head .. "/" .. b.tail)
  end)
  return out
end

return M
