--- Squares in Rough & Ready [rough_and_ready 5.4, 5.41-5.45, E3]: who may form one, forming,
-- joining and leaving it in the `move` request, what being in Square changes (movement, fronts,
-- fire, the cavalry's Commitment), and when a square dissolves.
--
-- A unit is in Square when its `square` marker is set (one marker on each unit of the square);
-- its facing model is then `square` (charts/rough_and_ready/units.ini: all six hexes front,
-- [rough_and_ready 5.43]), and the vertex it faced is kept in the store for the day it leaves
-- (digest A21: the "directly opposite" facings of 5.42 are read as the marker's six fronts).
-- The answers of the `move` request (docs/rough_and_ready.md "Squares"):
--
-- * `square <hex>`: the activated units of the hex that are not in Square yet form one (two or
--   three of them) or join the one there [rough_and_ready 5.42, 5.44]: each pays 2 MP of what
--   it has left this activation and its movement ends;
-- * `unsquare <unit>`: the unit leaves its square for 2 MP [rough_and_ready 5.44]; it may then
--   move with what it has left, or turn;
-- * `<unit> <hex>`, for the top unit of a square: the whole square moves one hex
--   [rough_and_ready 5.43].
-- @module systems.rough_and_ready.squares

local command = require "systems.rough_and_ready.command"
local facing = require "systems.rough_and_ready.facing"
local stacking = require "systems.rough_and_ready.stacking"
local refusal = require "systems.rough_and_ready.refusal"

local M = {}

local say, plain = refusal.say, refusal.plain

M.R542 = "[rough_and_ready 5.42]"
M.R543 = "[rough_and_ready 5.43]"
M.R544 = "[rough_and_ready 5.44]"
M.R545 = "[rough_and_ready 5.45]"

--- What forming, joining or leaving a square costs each unit, in MP [rough_and_ready 5.4, 5.44].
M.COST = 2
--- A square's Movement Allowance [rough_and_ready 5.43].
M.MA = 1
--- What cavalry adds to its Commitment roll against a square [rough_and_ready 5.43, 6.33]
-- (5.43 cites 6.32: digest A22).
M.COMMITMENT_DRM = 1
--- The most units a square holds [rough_and_ready 5.42].
M.MOST = 3

local contains = require("volley.list").contains

local function movement()
  return require "systems.rough_and_ready.movement"
end

--- Whether a unit is in Square (its `square` marker).
function M.in_square(game, unit)
  if game:unit_info(unit).kind == "leader" then return false end
  return game.store:marker(unit, "square") > 0
end

--- A unit's regiment [rough_and_ready E3]: its order of battle's `regiment` when it has one,
-- else its id up to the last '-' (`5US-2` is of the `5US`), else its id.
-- @treturn string
function M.regiment(game, unit)
  local r = game.store:get(unit, "regiment")
  if r and r ~= "" then return r end
  return unit:match("^(.+)%-[^%-]*$") or unit
end

--- Whether a unit is regular infantry, the only kind that forms square [rough_and_ready 5.4,
-- 5.41]: an infantry unit whose order of battle does not say `regular = no` (all infantry is
-- regular at Palo Alto and Resaca; Rio Sacramento's says no).
function M.regular(game, unit)
  local info = game:unit_info(unit)
  return info.kind ~= "leader" and info.type == "infantry"
    and game.store:get(unit, "regular") ~= "no"
end

--- The units of the square in `hex`, top first (empty when there is none).
-- @treturn {string,...}
function M.members(game, hex)
  local out = {}
  for _, u in ipairs(stacking.combat_units(game, hex)) do
    if M.in_square(game, u) then out[#out + 1] = u end
  end
  return out
end

-- {====================================================================================
-- MPs spent this activation (forming after a move, moving after leaving).
-- =====================================================================================

--- The MPs a unit has spent this activation (its move, forming, joining or leaving a square),
-- kept on the activation record (`game.vars.activation.spent`).
-- @treturn integer
function M.spent(game, unit)
  -- one value read (game.vars.activation would copy the whole record): nil outside one
  return game.vars:get("activation", "spent", unit) or 0
end

--- Adds `n` MPs to what a unit has spent this activation (regular infantry only: nothing else
-- forms, joins or leaves a square).
function M.spend(game, unit, n)
  -- only what may form a square needs its MPs counted
  if n <= 0 or game.vars.activation == nil or not M.regular(game, unit) then return end
  if game.vars:get("activation", "spent") == nil then game.vars:set("activation", "spent", {}) end
  game.vars:set("activation", "spent", unit, M.spent(game, unit) + n)
end

--- The MPs a unit has left this activation: its Movement Allowance (halved out of command,
-- [rough_and_ready 4.23]) less what it has spent.
function M.left(game, unit)
  return movement().ma(game, unit) - M.spent(game, unit)
end

-- }====================================================================================

-- {====================================================================================
-- Forming, joining, leaving [rough_and_ready 5.42, 5.44, E3].
-- =====================================================================================

local function side_of(game, unit)
  return game:unit_info(unit).side
end

-- Why a square may not be formed or joined, or left, next to an enemy: nil when no enemy
-- combat unit is adjacent to `hex`.
local function enemy_near(game, side, hex, case)
  local near = facing.adjacent_enemies(game, side, hex)
  if #near == 0 then return nil end
  return say(case, hex .. " is next to " .. near[1] .. ": no square is formed, joined or left "
    .. "next to an enemy combat unit")
end

-- Why `unit` may not form, join or leave a square for lack of time: it rallied this
-- activation [rough_and_ready 6.82], or has fewer than the square's 2 MP left (`doing` names
-- the action, `case` its case); nil when neither holds.
local function idle_or_short(game, unit, doing, case)
  if contains(game.vars.rallied, unit) then
    return say("6.82", unit .. " rallied this activation: it does nothing else")
  end
  local left = M.left(game, unit)
  if left < M.COST then
    return say(case, unit .. " has " .. left .. " MP left: " .. doing .. " a square costs "
      .. M.COST)
  end
  return nil
end

--- Whether the activated units of `hex` may form a square there, or join the one there, now
-- [rough_and_ready 5.41, 5.42, 5.44, E3]: every combat unit of the hex ends up in the square
-- (a square is the whole stack, decision); the units not in Square yet are activated, regular
-- infantry, have not rallied, have 2 MP left; the square would hold 2 or 3 units, all of one
-- regiment; no enemy combat unit is adjacent to the hex.
-- @tparam {string,...} movers the activation's movers (`movement.movers`)
-- @treturn[1] {string,...} the units that form or join, top first
-- @treturn[1] {string,...} the units in Square there already (empty: a new square)
-- @treturn[2] nil
-- @treturn[2] string why, with the rule
function M.check_form(game, hex, movers)
  local combat = stacking.combat_units(game, hex)
  local members, joiners = {}, {}
  for _, u in ipairs(combat) do
    if M.in_square(game, u) then members[#members + 1] = u else joiners[#joiners + 1] = u end
  end
  if #joiners == 0 then
    return nil, say("5.42", hex .. " holds no unit that could form or join a square")
  end
  -- joining an existing square is 5.44's, forming a new one 5.42's
  local case = #members > 0 and "5.44" or "5.42"
  for _, u in ipairs(joiners) do
    if not contains(movers, u) then
      return nil, say(case, u .. " in " .. hex .. " is not activated: a square takes every "
        .. "combat unit of its hex")
    end
    if not M.regular(game, u) then
      return nil, say("5.41", u .. " is not regular infantry: it may not form square")
    end
    local why = idle_or_short(game, u, #members > 0 and "joining" or "forming",
                              #members > 0 and "5.44" or "5.4")
    if why then return nil, why end
  end
  local all = {}
  for _, u in ipairs(members) do all[#all + 1] = u end
  for _, u in ipairs(joiners) do all[#all + 1] = u end
  local reg = M.regiment(game, all[1])
  for _, u in ipairs(all) do
    if M.regiment(game, u) ~= reg then
      return nil, say("E3", all[1] .. " is of the " .. reg .. ", " .. u .. " of the "
        .. M.regiment(game, u) .. ": a square's units are all of one regiment")
    end
  end
  if #all < 2 or #all > M.MOST then
    return nil, say("5.42", "a square is 2 or 3 units of one regiment stacked together, not "
      .. #all)
  end
  local why = enemy_near(game, side_of(game, all[1]), hex, case)
  if why then return nil, why end
  return joiners, members
end

--- Forms a square in `hex`, or has the hex's other units join the square there
-- [rough_and_ready 5.42, 5.44]: each unit gets the marker and the `square` facing model, pays
-- 2 MP, and its movement ends.
-- @raise when `check_form` refuses
function M.form(game, hex)
  local joiners, members = M.check_form(game, hex, movement().movers(game))
  if not joiners then error("no square: " .. members, 0) end
  for _, u in ipairs(joiners) do
    game.store:set_marker(u, "square", 1)
    assert(game.store:set_model(u, "square"))
    M.spend(game, u, M.COST)
    movement().mark_moved(game, u)
  end
  if #members == 0 then
    game:log(table.concat(joiners, ", ") .. " form a square in " .. hex .. " (" .. M.COST
      .. " MP each; their movement ends) " .. M.R542)
  else
    game:log(table.concat(joiners, ", ") .. (#joiners == 1 and " joins" or " join")
      .. " the square of " .. table.concat(members, ", ") .. " in " .. hex .. " (" .. M.COST
      .. " MP each; movement ends) " .. M.R544)
  end
end

--- Whether a unit may leave its square now [rough_and_ready 5.44]: an activated unit in
-- Square that has not moved (nor formed or joined) this activation, has 2 MP left and no enemy
-- combat unit adjacent.
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why
function M.check_leave(game, unit, movers)
  if not M.in_square(game, unit) then return false, say("5.44", unit .. " is not in a square") end
  if not contains(movers, unit) then
    return false, say("3.13", unit .. " is not one of the activated units")
  end
  if contains(game.vars.moved, unit) then
    -- its movement is over: moved (5.12, MPs not saved) or formed or joined (5.42: movement
    -- ceases); leaving is paid in MPs (5.44)
    return false, say({ "5.12", "5.42" }, unit .. " has moved this activation (with its "
      .. "square, or forming or joining it): it may leave it in a later one")
  end
  local why = idle_or_short(game, unit, "leaving", "5.44")
  if why then return false, why end
  why = enemy_near(game, side_of(game, unit), command.on_map(game, unit), "5.44")
  if why then return false, why end
  return true
end

-- A unit out of Square again: the marker off, the vertex model back, facing the other facing
-- units of its hex when there are some [rough_and_ready 5.27], else the vertex it faced when
-- it formed.
local function unform(game, unit)
  game.store:set_marker(unit, "square", 0)
  assert(game.store:set_model(unit, "vertex"))
  local at = command.on_map(game, unit)
  if not at then return end
  local f = facing.stack_facing(game, unit, at)
  if f then assert(game.store:face(unit, f)) end
end

--- Dissolves every square reduced to one unit [rough_and_ready 5.45] (at no cost: the unit
-- keeps its MPs), and takes the marker off units no longer on the map. Run after every
-- elimination (command.eliminate), retreat and departure.
function M.tidy(game)
  local by_hex, hexes = {}, {}
  for _, u in ipairs(game.store:units{ class = "combat" }) do
    if M.in_square(game, u) then
      local at = command.on_map(game, u)
      if not at then
        game.store:set_marker(u, "square", 0)
        assert(game.store:set_model(u, "vertex"))
      else
        if not by_hex[at] then by_hex[at], hexes[#hexes + 1] = {}, at end
        local list = by_hex[at]
        list[#list + 1] = u
      end
    end
  end
  table.sort(hexes)
  for _, h in ipairs(hexes) do
    if #by_hex[h] == 1 then
      local u = by_hex[h][1]
      unform(game, u)
      game:log("the square in " .. h .. " is down to " .. u .. ": it dissolves at no cost "
        .. M.R545)
    end
  end
end

--- A unit leaves its square [rough_and_ready 5.44]: 2 MP, then it may still move with what
-- it has left, or turn; a square left with one unit dissolves [rough_and_ready 5.45].
-- @raise when `check_leave` refuses
function M.leave(game, unit)
  local ok, why = M.check_leave(game, unit, movement().movers(game))
  if not ok then error("no leaving: " .. why, 0) end
  local at = command.on_map(game, unit)
  unform(game, unit)
  M.spend(game, unit, M.COST)
  game:log(unit .. " leaves the square in " .. at .. " (" .. M.COST .. " MP) " .. M.R544)
  M.tidy(game)
end

--- Units that retreated out of a shock hex [rough_and_ready 6.75] leave their square: each
-- retreats on its own, into a hex next to the enemy that beat it, where no square may stand
-- [rough_and_ready 5.43] (decision). Then `tidy`.
-- @tparam {string,...} units the losers of the shock
function M.retreated(game, units)
  for _, u in ipairs(units) do
    if M.in_square(game, u) and command.on_map(game, u) then
      unform(game, u)
      game:log(u .. " retreats out of its square " .. M.R543)
    end
  end
  M.tidy(game)
end

-- }====================================================================================

-- {====================================================================================
-- The move request's answers.
-- =====================================================================================

--- The square answers of the `move` request, canonical order: `square <hex>` for each hex
-- (label order) where `check_form` allows it, then `unsquare <unit>` for each mover that may
-- leave its square (movers' order).
function M.options(game, movers)
  local hexes, seen = {}, {}
  for _, u in ipairs(movers) do
    local at = command.on_map(game, u)
    if at and not seen[at] and M.regular(game, u) and not M.in_square(game, u) then
      seen[at] = true
      hexes[#hexes + 1] = at
    end
  end
  table.sort(hexes)
  local out = {}
  -- (what check_form and check_leave would refuse at once is not asked: a hex of one combat
  -- unit makes no square, a unit out of Square leaves none; their reasons, formatted to be
  -- dropped, were most of the move request's square answers)
  -- (movement.check_kept's switch: asked all the same, the answers compared)
  local checking = movement().checking
  for _, h in ipairs(hexes) do
    local ok = #stacking.combat_units(game, h) >= 2 and M.check_form(game, h, movers)
    if checking and not ok ~= not M.check_form(game, h, movers) then
      error("squares: the square answer of " .. h .. " was skipped", 0)
    end
    if ok then out[#out + 1] = "square " .. h end
  end
  for _, u in ipairs(movers) do
    local ok = M.in_square(game, u) and M.check_leave(game, u, movers)
    if checking and game:unit_info(u).kind ~= "leader"
        and not ok ~= not M.check_leave(game, u, movers) then
      error("squares: the unsquare answer of " .. u .. " was skipped", 0)
    end
    if ok then
      out[#out + 1] = "unsquare " .. u
    end
  end
  return out
end

--- Checks a typed square answer (words `{"square", hex}` or `{"unsquare", unit}`).
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why
function M.validate(game, w, movers)
  if #w ~= 2 then
    if w[1] == "square" then return false, plain("square <hex>") end
    return false, plain("unsquare <unit>")
  end
  if w[1] == "square" then
    if not pcall(game.map.contains, game.map, w[2]) or not game.map:contains(w[2]) then
      return false, plain("'" .. w[2] .. "' is not a hex of the map")
    end
    local ok, why = M.check_form(game, w[2], movers)
    if not ok then return false, why end
    return true
  end
  if not pcall(game.store.unit, game.store, w[2]) then
    return false, plain("'" .. w[2] .. "' is not a unit")
  end
  return M.check_leave(game, w[2], movers)
end

--- Applies a square answer (words, as `validate` took them).
function M.apply(game, w)
  if w[1] == "square" then M.form(game, w[2]) else M.leave(game, w[2]) end
end

-- }====================================================================================

-- {====================================================================================
-- Moving in Square [rough_and_ready 5.43].
-- =====================================================================================

--- Whether a mover may move now as far as its square is concerned [rough_and_ready 5.43]: a
-- unit not in Square may; a unit of a square moves the whole square, so every unit of it must
-- be an activated unit that has not moved.
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why
function M.may_move(game, unit, movers)
  if not M.in_square(game, unit) then return true end
  for _, m in ipairs(M.members(game, command.on_map(game, unit))) do
    if not contains(movers, m) then
      return false, say("5.43", m .. " is not activated: a square moves whole")
    end
    if contains(game.vars.moved, m) then
      return false, say("5.43", m .. " has moved this activation: a square moves whole")
    end
  end
  return true
end

--- Whether the move options list a mover's destinations: every unit not in Square, and the
-- top unit of a square that may move (its moves are the square's).
function M.offers_moves(game, unit, movers)
  if not M.in_square(game, unit) then return true end
  return M.members(game, command.on_map(game, unit))[1] == unit
    and M.may_move(game, unit, movers) == true
end

--- A square's movement limits on a unit's query (movement.query) [rough_and_ready 5.43]:
-- Movement Allowance 1, no step costing 2 MP or more, no road or trail rate, and none of the
-- hexes next to an enemy combat unit; the square moves whole, so only into a hex free of
-- other units (leaders aside: decision). Nothing for a unit not in Square.
-- @tparam table q the query being built
-- @tparam string from the unit's hex
function M.limit(game, unit, q, from)
  if not M.in_square(game, unit) then return end
  q.ma = math.min(q.ma, M.MA)
  q.max_step, q.max_step_why, q.max_step_rule = 1, "in square", M.R543
  q.roads = {}
  local side = side_of(game, unit)
  local near = {}
  for _, n in ipairs(facing.grid(game):neighbors(from)) do
    if type(n) == "string" and game.map:contains(n) then near[#near + 1] = n end
  end
  table.sort(near)
  for _, n in ipairs(near) do
    local enemies = facing.adjacent_enemies(game, side, n)
    if #enemies > 0 then
      q.prohibited[#q.prohibited + 1] = { at = n, why = "in square, next to " .. enemies[1],
                                          rule = M.R543 }
    else
      for _, o in ipairs(game.store:stack(n)) do
        if game:unit_info(o).kind ~= "leader" and side_of(game, o) == side then
          q.prohibited[#q.prohibited + 1] = { at = n, why = "in square, " .. o .. " is there",
                                              rule = M.R543 }
          break
        end
      end
    end
  end
end

--- After a square's top unit moved from `from` to `at` (movement.apply), the square's other
-- units follow it there, under it, and their movement is over too [rough_and_ready 5.43].
function M.carry(game, unit, from, at)
  if at == from or not M.in_square(game, unit) or command.on_map(game, unit) ~= at then return end
  local rest = M.members(game, from)
  for _, m in ipairs(rest) do
    assert(game.store:place(m, at, "bottom"))
    movement().mark_moved(game, m)
  end
  if #rest > 0 then
    game:log(table.concat(rest, ", ") .. (#rest == 1 and " moves" or " move") .. " with "
      .. unit .. ": the square moves whole to " .. at .. " " .. M.R543)
  end
end

-- }====================================================================================

-- {====================================================================================
-- Cavalry's Commitment against a square [rough_and_ready 5.43, 6.33, 6.43].
-- =====================================================================================

-- The enemy units in Square in a shock's target, or nil (a charge's roll has no hex yet).
local function square_in(game, unit, target)
  if type(target) ~= "string" then return nil end
  local ok, on = pcall(game.map.contains, game.map, target)
  if not ok or not on then return nil end
  for _, u in ipairs(M.members(game, target)) do
    if side_of(game, u) ~= side_of(game, unit) then return u end
  end
  return nil
end

--- The Commitment modifier of cavalry shocking a square [rough_and_ready 5.43, 6.33]: +1 (a
-- penalty: the roll must not exceed Adjusted Morale) when `unit` is cavalry and `target` is a
-- hex holding an enemy square. Added to `mods` (volley.modifiers).
function M.commitment_drm(game, unit, target, mods)
  if game:unit_info(unit).type ~= "cavalry" then return end
  local u = square_in(game, unit, target)
  if u then mods:add(M.COMMITMENT_DRM, "cavalry against the square of " .. u, M.R543) end
end

--- Keeps a charge's Commitment roll, made before the unit moved and before any target is
-- known [rough_and_ready 6.43] (`target` not a hex): its total and the Adjusted Morale it
-- was rolled against (`game.vars.square_commit`), for `kept`.
function M.note(game, unit, target, total, am)
  local ok, on = pcall(game.map.contains, game.map, target)
  if ok and on then return end
  if game.vars.square_commit == nil then game.vars.square_commit = {} end
  game.vars:set("square_commit", unit, { total = total, am = am })
end

--- Whether a charger committed before its charge may still shock `hex` (decision): against a
-- square, its kept roll takes the +1 of [rough_and_ready 5.43] and must still be at or under
-- the Adjusted Morale it was rolled against; no second die is rolled [rough_and_ready 6.43].
-- Any other target: it commits.
-- @treturn boolean
function M.kept(game, unit, hex)
  if game:unit_info(unit).type ~= "cavalry" then return true end
  local u = square_in(game, unit, hex)
  local roll = game.vars:get("square_commit", unit)
  if not u or roll == nil then return true end
  local total = roll.total + M.COMMITMENT_DRM
  local ok = total <= roll.am
  game:log(string.format("%s charges the square of %s: its Commitment roll %d %+d (cavalry "
    .. "against a square) = %d against Adjusted Morale %d: %s %s", unit, u, roll.total,
    M.COMMITMENT_DRM, total, roll.am, ok and "commits" or "does not commit",
    "[rough_and_ready 5.43, 6.43]"))
  return ok
end

--- Forgets the kept charge rolls (end of an activation).
function M.reset(game)
  game.vars.square_commit = nil
end

-- }====================================================================================

return M
