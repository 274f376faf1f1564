--- Rough & Ready's evaluation of a position for a side, for the bots' look-ahead
-- (volley.bots.shadow; docs/bots.md "Writing an evaluation"): what the smart and search bots
-- weigh. Every weight is designed, not from the rulebook, and provisional: set so a Battle
-- Lost point weighs 100, the rest relative to it (each weight's reason beside it). Integers
-- throughout, so both VMs score alike.
--
-- The terms, each the enemy's less the side's own: Battle Lost points [rough_and_ready 8.0];
-- the chance of failing the next withdrawal roll (in tenths) [rough_and_ready 8.0]; Hits
-- carried, more for a unit near elimination [rough_and_ready 6.53-6.54]; Disorder
-- [rough_and_ready 6.61]; units out of their leader's Command Range [rough_and_ready 4.22];
-- units with an enemy on a flank, where it may fire or shock and they may not answer, and
-- units with an enemy in their front, where they may [rough_and_ready 5.33]; the distance of
-- combat units to the enemy (a battle is fought by closing: without it no bot ever fights)
-- and to the road hexes that score against the enemy [rough_and_ready 8.0]; woods, which
-- fewer enemies see into [rough_and_ready 6.17].
-- @module systems.rough_and_ready.bots.eval

local ask = require "volley.ask"
local victory = require "systems.rough_and_ready.victory"
local facing = require "systems.rough_and_ready.facing"
local command = require "systems.rough_and_ready.command"
local hits = require "systems.rough_and_ready.hits"

local M = {}

--- The weights (provisional, designed: a Battle Lost point is 100).
M.W = {
  win = 1000000,      -- the game's end decides everything
  bl = 100,           -- a Battle Lost point, the unit of the scale
  risk = 250,         -- a tenth of chance of withdrawing at the next roll: 10 tenths = the game
  hit = 25,           -- a Hit: a quarter point (four Hits about one unit's elimination)
  near_end = 40,      -- a unit one Hit from elimination: more at stake
  disorder = 30,      -- Disorder beyond its BL: the unit may not shock, rally costs a turn
  out_of_command = 8, -- a unit out of Command Range moves at half MA
  flank = 30,         -- an enemy that may fire or shock into a flank the unit cannot answer
  front = 15,         -- an enemy next to the unit in its front: it may fire or shock at it
  close = 2,          -- each hex a combat unit is off the distance it wants from the enemy
  road = 3,           -- each hex from the side's nearest combat unit to a scoring road hex
  cover = 4,          -- a combat unit in woods: fewer enemies see it to fire
}

local CLOSE_CAP = 60

-- The combat units of a side on the map: {unit, hex} in id order.
local function on_map(game, side)
  local out = {}
  for _, u in ipairs(game.store:units{ side = side, class = "combat" }) do
    local kind, at = game.store:where(u)
    if kind == "hex" then out[#out + 1] = { u, at } end
  end
  return out
end

-- The chance in tenths that a side exceeds its Withdrawal Level at the next roll.
local function risk(game, side, bl, other_bl)
  local wl = (game.victory or {})[side]
  wl = wl and wl.withdrawal
  if type(wl) ~= "number" then return 0 end
  local need = wl - bl - (bl < other_bl and -1 or 0)   -- the d10 must exceed this
  if need >= 10 then return 0 end
  if need <= 0 then return 10 end
  return 10 - need
end

-- What a unit wants of its distance to the nearest enemy: small arms reach 2
-- [rough_and_ready 6.11], cavalry shocks from next door [rough_and_ready 6.31], guns keep
-- off.
local function wanted(game, unit)
  local c = game:unit_info(unit).classes
  if c.artillery then return 4 end
  if c.cavalry then return 1 end
  return 2
end

-- One side's burden (what it would rather not have): the terms as a table of integers.
local function burden(game, side, bl, other_bl, mine, theirs, grid)
  local W = M.W
  local t = { bl = bl * W.bl, risk = risk(game, side, bl, other_bl) * W.risk, hits = 0,
              disorder = 0, command = 0, flank = 0, front = 0, close = 0, road = 0,
              cover = 0 }
  for _, p in ipairs(mine) do
    local u, at = p[1], p[2]
    local n = hits.hits(game, u)
    t.hits = t.hits + n * W.hit
    if n > 0 and hits.adjusted_morale(game, u) <= 1 then t.hits = t.hits + W.near_end end
    if hits.disordered(game, u) then t.disorder = t.disorder + W.disorder end
    if not command.in_command(game, u) then t.command = t.command + W.out_of_command end
    -- the nearest enemy, and whether one next to it has it in front while it has not
    local nearest = CLOSE_CAP
    local my_front
    for _, e in ipairs(theirs) do
      local d = grid:distance(at, e[2])
      if d < nearest then nearest = d end
      if d == 1 then
        my_front = my_front or {}
        if not my_front.done then
          for _, h in ipairs(facing.kept_front(game, u)) do my_front[h] = true end
          my_front.done = true
        end
        local theirs_front = false
        for _, h in ipairs(facing.kept_front(game, e[1])) do
          if h == at then theirs_front = true end
        end
        if theirs_front and not my_front[e[2]] then t.flank = t.flank + W.flank end
        if my_front[e[2]] then t.front = t.front - W.front end
      end
    end
    t.close = t.close + math.abs(nearest - wanted(game, u)) * W.close
    -- woods: a hex that blocks line of sight is seen and fired at from fewer hexes
    -- [rough_and_ready 6.17]; chaparral's Hit roll makes it no shelter [rough_and_ready PA 5.16]
    if hits.terrain_flag(game, at, "blocks-los") and not hits.terrain_flag(game, at, "hit-roll")
    then
      t.cover = t.cover - W.cover
    end
  end
  -- an eliminated combat unit carries the Hits that ended it: killing a unit never reads as
  -- taking its Hits off the map
  for _, u in ipairs(game.store:units{ side = side, class = "combat" }) do
    if game.store:where(u) == "eliminated" then
      t.hits = t.hits + (game.store:get(u, "morale") + 1) * W.hit + W.near_end
    end
  end
  -- the road hexes that score against the enemy: how far the side's nearest unit is
  local road = game.rr_areas and game.rr_areas[game:enemy(side)]
  if road and #road > 0 and #mine > 0 then
    local best = CLOSE_CAP
    for _, h in ipairs(road) do
      for _, p in ipairs(mine) do
        local d = grid:distance(p[2], h)
        if d < best then best = d end
      end
    end
    t.road = best * W.road
  end
  return t
end

local OWN = { close = true, road = true, front = true }

local ORDER = { "bl", "risk", "hits", "disorder", "command", "flank", "front", "close", "road",
                "cover" }

--- The position's value for `side` (higher is better for it): the enemy's burden less its
-- own, or the game's end.
-- @treturn integer
-- @treturn table the terms `{{name, value}, ...}` in a fixed order (each the enemy's less the
--   side's)
function M.score(game, side)
  local enemy = game:enemy(side)
  local winner = game.vars.winner
  if winner ~= nil then
    local v = winner == side and M.W.win or winner == "draw" and 0 or -M.W.win
    return v, { { "end", v } }
  end
  local bl_me = victory.battle_lost(game, side)
  local bl_them = victory.battle_lost(game, enemy)
  local grid = facing.grid(game)
  local mine, theirs = on_map(game, side), on_map(game, enemy)
  local a = burden(game, side, bl_me, bl_them, mine, theirs, grid)
  local b = burden(game, enemy, bl_them, bl_me, theirs, mine, grid)
  local total, terms = 0, {}
  for _, k in ipairs(ORDER) do
    -- closing, the road and an enemy in front: the side's own only (the enemy's counted as
    -- well would cancel them: a unit that closes on the enemy brings the enemy as near, one
    -- that faces an enemy is faced by it as often as not)
    local v = (OWN[k] and 0 or b[k]) - a[k]
    total = total + v
    terms[#terms + 1] = { k, v }
  end
  return total, terms
end

-- The requests a look-ahead settles with their default answer (the answers a player gives
-- almost always, or that the rules ask of the other side mid-action): everything but a
-- side's own choices of what to do next.
local SETTLE = { return_fire = true, reaction_fire = true, combine = true, hit = true,
                 retreat = true, counter_charge = true, face_charge = true,
                 charge_move = true, withdraw = true, allocate = true, leadership = true,
                 draw = true, also_activate = true }

--- The answer a look-ahead gives a request it settles, or nil to stop and score there.
function M.reply(_, _, request)
  if SETTLE[request.kind] then return ask.default_answer(request) end
  return nil
end

--- At most k answers of a request worth trying, best first: for a move request, the actions
-- (`fire`, `shock`, `rally`, charges, the turns of units next to an enemy) first, then
-- `done`, then each unit's destinations nearest the distance to the enemy it wants; for
-- `activate` and `free_activation`, the commands whose units are nearest the enemy first,
-- `pass` last (a one-ply look-ahead sees no difference between activations: the order
-- decides); otherwise nil (the framework's default).
function M.order(game, side, request, k)
  local n = ask.count(request)
  if request.kind == "free_activation" or request.kind == "activate" then
    -- the commands whose units are nearest the enemy first, then the rest, `pass` last
    local grid = facing.grid(game)
    local theirs = on_map(game, game:enemy(side))
    local list = {}
    for i = 1, n do
      local v = ask.at(request, i)
      if v ~= "pass" then
        local near = CLOSE_CAP
        local ok, units = pcall(command.units_of, game, v)
        for _, u in ipairs(ok and units or {}) do
          local kind, at = game.store:where(u)
          if kind == "hex" then
            for _, e in ipairs(theirs) do
              local d = grid:distance(at, e[2])
              if d < near then near = d end
            end
          end
        end
        list[#list + 1] = { v = v, near = near, i = i }
      end
    end
    table.sort(list, function(x, y)
      if x.near ~= y.near then return x.near < y.near end
      return x.i < y.i
    end)
    local out = {}
    for _, c in ipairs(list) do if #out < k then out[#out + 1] = c.v end end
    if ask.has(request, "pass") and #out < k then out[#out + 1] = "pass" end
    return out
  end
  if request.kind ~= "move" then return nil end
  local grid = facing.grid(game)
  local theirs = on_map(game, game:enemy(side))
  local first, moves = {}, {}
  for i = 1, n do
    local v = ask.at(request, i)
    local unit, hex = tostring(v):match("^(%S+) (%d+)$")
    if unit and game.map:contains(hex) and unit ~= "square" then
      local near = CLOSE_CAP
      for _, e in ipairs(theirs) do
        local d = grid:distance(hex, e[2])
        if d < near then near = d end
      end
      moves[#moves + 1] = { v = v, unit = unit, key = math.abs(near - wanted(game, unit)) * 100
                              + near, i = i }
    elseif v == "fire" or v == "shock" or v == "rally" or tostring(v):match("^charge ") then
      first[#first + 1] = v
    else
      -- a turn in place of a unit next to an enemy: to bring it into the front
      local who = tostring(v):match("^face (%S+) ")
      local kind, at
      if who then kind, at = game.store:where(who) end
      if kind == "hex" then
        for _, e in ipairs(theirs) do
          if grid:distance(at, e[2]) == 1 then
            first[#first + 1] = v
            break
          end
        end
      end
    end
  end
  table.sort(moves, function(x, y)
    if x.key ~= y.key then return x.key < y.key end
    return x.i < y.i
  end)
  local out = {}
  for _, v in ipairs(first) do if #out < k then out[#out + 1] = v end end
  if ask.has(request, "done") and #out < k then out[#out + 1] = "done" end
  -- each unit's best destination first, then the second bests, ...
  local per = {}
  for round = 1, 3 do
    for _, m in ipairs(moves) do
      per[m.unit] = per[m.unit] or 0
      if not m.taken and per[m.unit] < round and #out < k then
        m.taken = true
        per[m.unit] = per[m.unit] + 1
        out[#out + 1] = m.v
      end
    end
  end
  return out
end

--- The requests after which a bot tries its own next answers too (a look-ahead that stops
-- at the side's own `fire` request after `fire` has changed nothing yet).
M.expand = { fire = true, shock = true, rally_unit = true }

--- The requests that begin an activation [rough_and_ready 3.11]: a search's rollout is cut
-- after a few of them.
M.activation = { activate = true, free_activation = true }

return M
