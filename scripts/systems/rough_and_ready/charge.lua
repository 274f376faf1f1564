--- Cavalry charges in Rough & Ready [rough_and_ready 6.13, 6.41-6.46, 5.43, 7.0]: which moves
-- make a charge, the charge and Lancer modifiers of the attacker's shock roll and what cancels
-- the +2, the battle's charge terrain (terrain flags `no-charge`, `charge-into`, on hexes and
-- hexsides, e.g. [rough_and_ready PA 6.42]), and the steps of a charge in the shock between
-- Commitment and the attackers' entry: the fire the chargers take before they enter (6.43),
-- facing the charge (6.45) and the counter-charge (6.44), which shock.lua runs in that order.
--
-- A charge is declared before the unit moves (`charge <unit>` in the move request, see
-- docs/rough_and_ready.md "Charges"); a declared unit whose move qualifies is Charging for
-- the rest of the activation (`game.vars.charging`, activation order).
-- @module systems.rough_and_ready.charge

local hits = require "systems.rough_and_ready.hits"
local facing = require "systems.rough_and_ready.facing"
local stacking = require "systems.rough_and_ready.stacking"
local command = require "systems.rough_and_ready.command"
local fire = require "systems.rough_and_ready.fire"

local M = {}

M.R613 = "[rough_and_ready 6.13]"
M.R641 = "[rough_and_ready 6.41]"
M.R642 = "[rough_and_ready 6.42]"
M.R643 = "[rough_and_ready 6.43]"
M.R644 = "[rough_and_ready 6.44]"
M.R645 = "[rough_and_ready 6.45]"
M.R646 = "[rough_and_ready 6.46]"
M.R543 = "[rough_and_ready 5.43]"
M.R70 = "[rough_and_ready 7.0]"

--- The attacker's charge modifier [rough_and_ready 6.41].
M.DRM = 2
--- A charging Lancer's modifier, on top of the charge's [rough_and_ready 6.13].
M.LANCER_DRM = 1
--- The defender's modifier for a counter-charge passed against a non-charging attack
-- [rough_and_ready 6.38, 6.44].
M.COUNTER_DRM = 1
--- How far failed counter-chargers retreat: against a charge, against any other attack
-- [rough_and_ready 6.44].
M.COUNTER_RETREAT = { charge = 3, other = 2 }
--- How far chargers ride on after a failed counter-charge, the vacated hex first
-- [rough_and_ready 6.44].
M.RIDE = 2

local contains = require("volley.list").contains

--- Whether a unit is Charging this activation.
function M.charging(game, unit)
  return contains(game.vars.charging, unit)
end

--- Whether a unit was declared to charge this activation [rough_and_ready 6.43].
function M.declared(game, unit)
  return contains(game.vars.charge_declared, unit)
end

--- Whether a unit failed its charge Commitment this activation: it does nothing more in
-- the activation, neither moving, firing, rallying nor shocking [rough_and_ready 6.43]
-- (docs/rulings/rough_and_ready.md, Charges, 6.43).
function M.failed(game, unit)
  return contains(game.vars.charge_failed, unit)
end

-- {====================================================================================
-- Where a charge may go [rough_and_ready 6.41, 6.42, PA 6.42].
-- =====================================================================================

--- Whether the battle's terrain lets a charge end by entering `hex` (its shock target):
-- not a `no-charge` hex [rough_and_ready 6.42].
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why
function M.into_ok(game, hex)
  if hits.terrain_flag(game, hex, "no-charge") then
    return false, "no charge into " .. hex .. " (" .. game.map:terrain(hex) .. ") " .. M.R642
  end
  return true
end

-- The `no-charge` hexside feature between two adjacent hexes: its name and the hexside id,
-- or nil.
local function no_charge_side(game, a, b)
  local features = game.map:hexside(a, b)
  for _, id in ipairs(features) do
    local t = game.map:terrain_type(id, "hexside")
    for _, f in ipairs(t and t.flags or {}) do
      if f == "no-charge" then return t.name or id, facing.grid(game):hexside(a, b) end
    end
  end
  return nil
end

--- Whether a charge may cross the hexside from `from` into the adjacent `to`: not one whose
-- terrain is flagged `no-charge` (Palo Alto's marsh hexside [rough_and_ready PA 6.42]).
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why
function M.across_ok(game, from, to)
  if from == nil or from == to then return true end
  local name, id = no_charge_side(game, from, to)
  if name then return false, "no charge across the " .. name .. " " .. id .. " " .. M.R642 end
  return true
end

--- Whether a move makes its unit Charging [rough_and_ready 6.41, 6.42]: mounted cavalry,
-- at least two hexes entered, none costing more than 1 MP, none a hex a charge may not pass
-- through (`no-charge`, or `charge-into`: a charge may end there, not cross it), no hexside
-- crossed that is `no-charge`. The hexes of the move are all passed through: the charge
-- ends when the unit enters the target in the shock step.
-- @tparam table r the move (movement.check: `path`, `steps` with each step's `cost`)
-- @tparam[opt] string from the hex the move started from (its first hexside is checked)
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why
function M.qualifies(game, unit, r, from)
  if game:unit_info(unit).type ~= "cavalry" then
    return false, unit .. " is not mounted cavalry " .. M.R641
  end
  if #r.path < 2 then
    return false, unit .. " moved " .. #r.path .. " hex: a charge needs 2 or more " .. M.R641
  end
  for i, h in ipairs(r.path) do
    local prev = i == 1 and from or r.path[i - 1]
    local name, id
    if prev then name, id = no_charge_side(game, prev, h) end
    if name then
      return false, unit .. " crossed the " .. name .. " " .. id .. ", where no charge may "
        .. "pass " .. M.R642
    end
    local cost = r.steps[i].cost
    if cost > 1 then
      return false, unit .. " entered " .. h .. " for " .. tostring(cost)
        .. " MP: no hex of a charge may cost more than 1 " .. M.R642
    end
    if hits.terrain_flag(game, h, "no-charge") or hits.terrain_flag(game, h, "charge-into") then
      return false, unit .. " passed through " .. h .. " (" .. game.map:terrain(h)
        .. "), where no charge may pass " .. M.R642
    end
  end
  -- 2 or more hexes moved into: distinct hexes, none its start hex (an out-and-back move is
  -- no charge; docs/rulings/rough_and_ready.md, Charges, 6.41)
  local seen = {}
  if from then seen[from] = true end
  for _, h in ipairs(r.path) do
    if seen[h] then
      return false, unit .. (h == from and (" came back to " .. h .. ", where it started")
        or (" entered " .. h .. " twice")) .. ": a charge moves into 2 or more different "
        .. "hexes " .. M.R641
    end
    seen[h] = true
  end
  return true
end

-- The enemy hexes a charge may end against: those holding an enemy combat unit or a wagon
-- (a shock target [rough_and_ready 6.32, 7.0]), as a set.
local function shock_targets(game, side)
  local out, any = {}, false
  for _, u in ipairs(game.store:units{ enemy_of = side }) do
    local at = command.on_map(game, u)
    local info = game:unit_info(u)
    if at and info.kind ~= "leader" and (command.is_combat(game, u) or info.type == "wagon") then
      out[at], any = true, true
    end
  end
  return out, any
end

--- An enemy hex that `unit` could charge now, or nil: the end of a move that would make it
-- Charging (`qualifies`: 2 or more different hexes, each of 1 MP or less, none a hex or
-- hexside a charge may not pass [rough_and_ready 6.41, 6.42]) within its MA, as its move
-- request would allow it (stacking, enemy front hexes stop it [rough_and_ready 5.14], one
-- hex only from an enemy front [rough_and_ready 5.15]), next to the hex, whose entry is a
-- charge (`into_ok`, `across_ok`) the unit could make. The cheapest way to each hex is
-- tried, and each one-step detour from it: what the move request's cheapest moves reach.
-- Kept on the game object (no state) for the store and its generation, in the activation
-- under way: the move request asks it of each cavalry mover at every decision.
-- @treturn ?string the target hex
-- @treturn ?string the hex the charge's move would end in
function M.target(game, unit)
  local gen, store = game.store:generation(), game.store
  local n = game.vars:get("activation", "n")
  local kept = rawget(game, "rr_charge_target")
  local fresh = kept and kept.gen == gen and kept.store == store and kept.n == n
  if fresh and kept.units[unit] ~= nil then
    local t = kept.units[unit]
    if t == false then return nil end
    return t[1], t[2]
  end
  if not fresh then
    kept = { gen = gen, store = store, n = n, units = {} }
    game.rr_charge_target = kept
  end
  local t, last = M.find_target(game, unit)
  kept.units[unit] = t and { t, last } or false
  return t, last
end

--- `M.target` computed afresh.
function M.find_target(game, unit)
  local movement = require "systems.rough_and_ready.movement"
  local from = command.on_map(game, unit)
  if not from or movement.pinned_by(game, unit) then return nil end     -- [5.15]: one hex
  local side = game:unit_info(unit).side
  local targets, any = shock_targets(game, side)
  if not any then return nil end
  local grid = facing.grid(game)
  local q = movement.query(game, unit)
  local near = false
  for h in pairs(targets) do
    if grid:distance(from, h) <= q.ma + 1 then near = true end
  end
  if not near then return nil end
  -- a charge passes no hex costing more than 1 MP, nor a `no-charge` or `charge-into` hex
  q.max_step = 1
  local function passable(h)
    return not hits.terrain_flag(game, h, "no-charge")
      and not hits.terrain_flag(game, h, "charge-into")
  end
  local function ends_next_to(path)
    local last = path[#path]
    for _, t in ipairs(grid:neighbors(last)) do
      if targets[t] and M.into_ok(game, t) and M.across_ok(game, last, t)
          and game.move:validate(last, { t }, { class = q.class, ma = 99 }) then
        return t
      end
    end
    return nil
  end
  local function legal(path)
    for i, h in ipairs(path) do
      if h == from or not passable(h) or not M.across_ok(game, path[i - 1] or from, h) then
        return false
      end
      for j = 1, i - 1 do
        if path[j] == h then return false end
      end
    end
    return true
  end
  -- a charge's move ends next to a target: only those hexes are worth a look
  local near_target = {}
  for h in pairs(targets) do
    for _, n in ipairs(grid:neighbors(h)) do
      if type(n) == "string" then near_target[n] = true end
    end
  end
  local reach = game.move:reach(from, q)
  local hexes = {}
  for _, e in ipairs(reach) do
    if e.hex ~= from and e.path then hexes[#hexes + 1] = e end
  end
  for _, e in ipairs(hexes) do
    if near_target[e.hex] and #e.path >= 2 and legal(e.path) then
      local t = ends_next_to(e.path)
      if t then return t, e.hex end
    end
  end
  for _, e in ipairs(hexes) do
    if legal(e.path) then
      local ns = grid:neighbors(e.hex)
      table.sort(ns)
      for _, n in ipairs(ns) do
        if type(n) == "string" and near_target[n] and game.map:contains(n) then
          local path = {}
          for i, h in ipairs(e.path) do path[i] = h end
          path[#path + 1] = n
          if legal(path) and game.move:validate(from, path, q) then
            local t = ends_next_to(path)
            if t then return t, n end
          end
        end
      end
    end
  end
  return nil
end

--- Records a declared unit's move: Charging when it qualifies, else logged as a plain move.
-- @tparam[opt] string from where the move started
function M.record(game, unit, r, from)
  if not M.declared(game, unit) then return end
  local ok, why = M.qualifies(game, unit, r, from)
  if ok then
    local list = game.vars.charging or {}
    list[#list + 1] = unit
    game.vars.charging = list
    game:log(unit .. " is Charging " .. M.R641)
  else
    game:log(why .. ": it may still shock, without the charge bonus")
  end
end

--- The attackers of a shock that charge it [rough_and_ready 6.41, 6.42]: Charging units
-- whose entry into `hex` is a charge (the hex not `no-charge`, the hexside from their hex
-- of origin not `no-charge`), in the attackers' order. A Charging unit that may not charge
-- this hex attacks as plain cavalry.
-- @tparam[opt] {[string]=string} origin each attacker's hex of origin (default: where it is)
function M.chargers(game, attackers, hex, origin)
  local out = {}
  if not M.into_ok(game, hex) then return out end
  for _, a in ipairs(attackers) do
    local from = origin and origin[a] or command.on_map(game, a)
    if M.charging(game, a) and M.across_ok(game, from, hex) then out[#out + 1] = a end
  end
  return out
end

-- }====================================================================================

-- {====================================================================================
-- The modifiers [rough_and_ready 6.13, 6.38, 6.41, 6.44, 5.43, 7.0].
-- =====================================================================================

--- Why the charge's +2 does not count against `hex`, or nil: the defending hex holds a wagon
-- [rough_and_ready 7.0] or a unit in Square [rough_and_ready 5.43], or its cavalry passed a
-- counter-charge against this charge [rough_and_ready 6.44]. A charging Lancer keeps its +1
-- in every case (5.43 says so for the Square; 6.13 makes the +1 its own, "in addition to"
-- the charge's, and the wagon and the counter-charge cancel only the +2).
-- @tparam string side the attacking side
-- @treturn ?string
function M.cancelled(game, side, hex)
  for _, u in ipairs(game.store:stack(hex)) do
    local info = game:unit_info(u)
    if info.side ~= side and info.type == "wagon" then
      return "a wagon (" .. u .. ") in " .. hex .. " " .. M.R70
    end
  end
  for _, u in ipairs(game.store:stack(hex)) do
    if game:unit_info(u).side ~= side and game.store:marker(u, "square") > 0 then
      return u .. " is in Square " .. M.R543
    end
  end
  local cc = game.vars.counter_charge
  if cc and cc.hex == hex and cc.result == "passed" and cc.charge then
    return "the counter-charge passed " .. M.R644
  end
  return nil
end

--- Adds the attacker's charge modifiers to `mods` [rough_and_ready 6.41, 6.13]: +2 when any
-- attacker charges the hex (`chargers`) and nothing cancels it (`cancelled`); +1 more when
-- one of the chargers is a Lancer.
-- @tparam[opt] {[string]=string} origin each attacker's hex of origin
function M.drm(game, attackers, hex, mods, origin)
  local list = M.chargers(game, attackers, hex, origin)
  if #list == 0 then return end
  local lancer = false
  for _, a in ipairs(list) do
    if game.store:get(a, "lancer") then lancer = true end
  end
  if not M.cancelled(game, game:unit_info(list[1]).side, hex) then
    mods:add(M.DRM, "cavalry charge", M.R641)
  end
  if lancer then mods:add(M.LANCER_DRM, "charging Lancer", M.R613) end
end

--- Adds the defender's counter-charge modifier to `mods`: +1 when the hex's cavalry passed a
-- counter-charge against an attack with no charger [rough_and_ready 6.38, 6.44].
function M.defender_drm(game, hex, mods)
  local cc = game.vars.counter_charge
  if cc and cc.hex == hex and cc.result == "passed" and not cc.charge then
    mods:add(M.COUNTER_DRM, "cavalry counter-charge", "[rough_and_ready 6.38, 6.44]")
  end
end

-- }====================================================================================

-- {====================================================================================
-- Before the chargers enter [rough_and_ready 6.43, 6.45, 6.44, 6.46].
-- =====================================================================================

--- The fire the chargers take before they enter the target hex [rough_and_ready 6.43]: for
-- each charger (`chargers`, attackers' order), still in its hex of origin, the movement
-- reaction fire of fire.lua [rough_and_ready 6.14] at that hex: every enemy unit that has the
-- charger's hex in its front, is not Disordered [rough_and_ready 6.62] and has not used its
-- movement reaction fire this activation (digest A41) is asked (`reaction_fire`). Then each
-- attacker Disordered is out of the shock: a charger retreats instead of charging (the
-- caller retreats it as attacking cavalry [rough_and_ready 6.74]), any other attacker stays
-- where it is [rough_and_ready 6.62]; the others go on.
-- @treturn {string,...} the attackers that go on, in order
-- @treturn {string,...} the chargers that retreat
-- @treturn {string,...} the units that fired
function M.pre_entry_fire(game, attackers, hex, origin)
  local chargers = M.chargers(game, attackers, hex, origin)
  local fired = {}
  for _, a in ipairs(chargers) do
    if command.on_map(game, a) == origin[a] then
      for _, s in ipairs(fire.movement_reaction(game, a, origin[a], hex)) do
        for _, u in ipairs(s.firers) do fired[#fired + 1] = u end
      end
    end
  end
  local left, back = {}, {}
  for _, a in ipairs(attackers) do
    if command.on_map(game, a) == nil then
      game:log(a .. " is gone before it entered " .. hex)
    elseif hits.disordered(game, a) and contains(chargers, a) then
      back[#back + 1] = a
      game:log(a .. " is Disordered before it entered " .. hex .. ": it retreats instead of "
        .. "charging " .. M.R643)
    elseif hits.disordered(game, a) then
      game:log(a .. " is Disordered before it entered " .. hex .. ": it may not shock, it "
        .. "stays in " .. origin[a] .. " [rough_and_ready 6.62]")
    else
      left[#left + 1] = a
    end
  end
  return left, back, fired
end

--- Facing the charge [rough_and_ready 6.45]: when the defending hex's infantry and cavalry
-- are all cavalry, none Disordered, and a charger comes from the Flank or Rear of the first
-- of them, the defender may turn the hex's units (stacked units face alike
-- [rough_and_ready 5.27]) so that the charger's hex of origin is in their front: request
-- `face_charge`, the vertices that do it (canonical order) then `stay`, default `stay`. Not
-- when the hex is in the front of an enemy combat unit outside that charger's hex (the
-- "different enemy unit"; units stacked with the charger come with it). The shock's
-- position modifiers are then read from the new facing.
-- @treturn ?string the vertex turned to, or nil
function M.face(game, attackers, hex, origin)
  local chargers = M.chargers(game, attackers, hex, origin)
  if #chargers == 0 then return nil end
  local side = game:unit_info(chargers[1]).side
  local anchor
  for _, u in ipairs(stacking.combat_units(game, hex)) do
    local info = game:unit_info(u)
    if info.side ~= side and (info.type == "infantry" or info.type == "cavalry") then
      if info.type ~= "cavalry" or hits.disordered(game, u) then return nil end
      anchor = anchor or u
    end
  end
  if not anchor then return nil end
  local arcs = facing.arcs(game, anchor)
  local src
  for _, c in ipairs(chargers) do
    if src == nil and (contains(arcs.flank, origin[c]) or contains(arcs.rear, origin[c])) then
      src = origin[c]
    end
  end
  if not src then return nil end
  local dside = game:unit_info(anchor).side
  for _, e in ipairs(facing.adjacent_enemies(game, dside, hex)) do
    if command.on_map(game, e) ~= src and contains(facing.front(game, e), hex) then
      game:log(anchor .. " may not turn to face the charge from " .. src .. ": " .. hex
        .. " is in the front of " .. e .. " " .. M.R645)
      return nil
    end
  end
  local now = game.store:facing(anchor)
  local options = {}
  for _, w in ipairs(facing.words(game)) do
    assert(game.store:face(anchor, w))
    if game.store:arc(anchor, src) == "front" then options[#options + 1] = w end
  end
  assert(game.store:face(anchor, now))
  options[#options + 1] = "stay"
  local a = game:ask(dside, { kind = "face_charge",
    prompt = string.format("%s in %s is charged from %s (%s): turn to face it (<vertex>) or "
      .. "stay", anchor, hex, src, contains(arcs.rear, src) and "rear" or "flank"),
    options = options, default = "stay", rule = M.R645 })
  if a == "stay" then return nil end
  local turned = facing.turn(game, anchor, a)
  game:log(table.concat(turned, ", ") .. " in " .. hex .. " turn" .. (#turned == 1 and "s" or "")
    .. " to face the charge from " .. src .. " (" .. a .. ") " .. M.R645)
  return a
end

-- The MP cost of one step, or nil when the unit could not make it.
local function step_cost(game, unit, from, to)
  local q = { class = require("systems.rough_and_ready.movement").class(game, unit), ma = 99 }
  local r = game.move:validate(from, { to }, q)
  return r and r.cost or nil
end

local put = facing.settle

local function map_neighbors(game, hex)
  local out = {}
  for _, n in ipairs(facing.grid(game):neighbors(hex)) do
    if type(n) == "string" and game.map:contains(n) then out[#out + 1] = n end
  end
  table.sort(out)
  return out
end

--- A counter-charger's retreat [rough_and_ready 6.44]: `n` hexes from `hex`, each one hex
-- farther from it than the last, with the preferences of a defender's retreat at every hex
-- [rough_and_ready 6.75]: a hex it could enter (never enemy-occupied; the stacking limits do
-- not bind a retreat [rough_and_ready 5.23]), not in `avoid` (the attackers' hexes of
-- origin), the cheapest in MP (request `retreat` when several, `<hex>`), a Hit for each hex
-- entered that is in an enemy front (docs/rulings, 6.44: one a hex). With no first hex the
-- unit is eliminated [rough_and_ready 6.76]; with no further hex it stops where it is.
-- @treturn ?string where it ends, nil when eliminated
function M.fall_back(game, unit, hex, n, avoid)
  local side = game:unit_info(unit).side
  local grid = facing.grid(game)
  local at = hex
  for k = 1, n do
    local fronts = {}
    for _, f in ipairs(facing.enemy_fronts(game, side)) do fronts[f.at] = f.by end
    local cands, best = {}, nil
    for _, h in ipairs(map_neighbors(game, at)) do
      -- a Retreat: the exception to the stacking limits [rough_and_ready 5.23]
      if grid:distance(hex, h) == k and not contains(avoid, h)
          and stacking.legal(game, unit, h, { retreat = true }) then
        local cost = step_cost(game, unit, at, h)
        if cost then
          cands[#cands + 1] = { at = h, cost = cost }
          if best == nil or cost < best then best = cost end
        end
      end
    end
    local names = {}
    for _, c in ipairs(cands) do
      if c.cost == best then names[#names + 1] = c.at end
    end
    if #names == 0 then
      if k == 1 then
        command.eliminate(game, unit, "no hex to retreat into after its failed counter-charge "
          .. M.R644 .. " [rough_and_ready 6.76]")
        return nil
      end
      game:log(unit .. " can retreat no further than " .. at .. " " .. M.R644)
      return at
    end
    local pick = names[1]
    if #names > 1 then
      local from = at
      local safe   -- the default: a hex of no Hit
      for _, h in ipairs(names) do
        if not fronts[h] and not safe then safe = h end
      end
      local refusal = require "systems.rough_and_ready.retreat_refusal"
      pick = game:ask(side, { kind = "retreat",
        prompt = string.format("%s retreats from its failed counter-charge (%d of %d): into "
          .. "which hex, %s", unit, k, n, refusal.costs(game, unit, names, true)),
        options = names, rule = M.R644,
        tell = refusal.teller(game, unit, true), default = safe,
        explain = function(to)
          return refusal.why(game, { unit = unit, from = from, to = to,
            away = { hex = hex, k = k }, avoid = avoid, avoid_why = "a charger's hex of origin",
            best = best, case = "6.44" })
        end })
    end
    put(game, unit, pick)
    game:log(unit .. " retreats to " .. pick .. " (" .. k .. " of " .. n .. ") " .. M.R644)
    at = pick
    if fronts[pick] then
      -- 6.44's Retreat is a defending unit's: 6.75 applies, its Hit too (docs/rulings)
      hits.hit(game, unit, "retreat into the front of " .. fronts[pick] .. ": a failed "
        .. "counter-charger retreats as a defender [rough_and_ready 6.44, 6.75]")
      if command.on_map(game, unit) == nil then return nil end
    end
  end
  return at
end

--- The counter-charge [rough_and_ready 6.44]: the hex's mounted cavalry that is not
-- Disordered [rough_and_ready 6.62] and has not fired in this activation (`fired`, the units
-- that fired at the chargers before they entered, and any return or movement reaction fire:
-- a unit that fires does not counter-charge [rough_and_ready 6.46]) may try it. The defender
-- answers `counter_charge` (`yes` or `no`, default `no`) for them all; then each rolls its own
-- d10 against its own Adjusted Morale ("the unit in question" [rough_and_ready 6.44]),
-- passing at or under it, with no modifier (it is no Commitment: the leader's -1 of
-- [rough_and_ready 4.24] is not given); every die is rolled before any unit retreats. The
-- point `charge.counter` (replace: the attempt itself, setting ctx.result and, for `mixed`,
-- ctx.results; observe: after it and its outcome).
--
-- Passed by every unit that tried: against an attack with a charger (`chargers`) the charge's
-- +2 is cancelled (the charging Lancer's +1 stays, [rough_and_ready 6.13]); against any other
-- attack the defender gets +1 (`defender_drm`). Failed by every one: they retreat
-- (`fall_back`) 3 hexes against a charge, 2 against any other attack, and are Disordered
-- [rough_and_ready 6.44, 6.61]. Mixed (`mixed`): the units that failed retreat and are
-- Disordered, those that passed hold the hex and their pass counts for the shock (no +2, or
-- the defender's +1): the hex is not abandoned, so the chargers attack it (docs/rulings,
-- 6.44). Attempted, they may not fire for the rest of the activation [rough_and_ready 6.46]
-- (`game.vars.counter_charged`, fire.check).
-- @treturn ?table nil when none tries, else the point's context `{units, chargers,
--   attackers, hex, result, results}` (`result` "passed", "failed" or "mixed"; `results`
--   each unit's "passed" or "failed")
function M.counter(game, attackers, hex, origin, fired)
  local side = game:unit_info(attackers[1]).side
  local units = {}
  for _, u in ipairs(stacking.combat_units(game, hex)) do
    local info = game:unit_info(u)
    if info.side ~= side and info.type == "cavalry" and not hits.disordered(game, u) then
      -- a unit that has fired in this activation (at the chargers before they entered, back
      -- at a fire, at a mover) does not counter-charge [rough_and_ready 6.46], as a unit that
      -- has fired does not declare a charge (docs/rulings, 6.46)
      if contains(fired, u) or fire.used(game, "returned", u) or fire.used(game, "reacted", u)
          then
        game:log(u .. " has fired this activation: it may not counter-charge " .. M.R646)
      else
        units[#units + 1] = u
      end
    end
  end
  if #units == 0 then return nil end
  local chargers = M.chargers(game, attackers, hex, origin)
  local dside = game:unit_info(units[1]).side
  local ctx = { units = units, chargers = chargers, attackers = attackers, hex = hex }
  game.hooks:replace("charge.counter", ctx, function(c)
    local a = game:ask(dside, { kind = "counter_charge",
      prompt = string.format("%s in %s: counter-charge %s%s? (yes/no)", table.concat(c.units,
        ", "), hex, table.concat(attackers, ", "), #chargers > 0 and " (charging)" or ""),
      options = { "yes", "no" }, default = "no", rule = M.R644,
      tell = require("systems.rough_and_ready.advice").counter_teller(game, c.units,
        #chargers > 0) })
    if a ~= "yes" then return end
    -- each unit rolls against its own Adjusted Morale, all before any retreat
    -- (docs/rulings, 6.44: one roll each)
    local results, npass = {}, 0
    for _, u in ipairs(c.units) do
      local natural = game:roll("d10", u .. " counter-charge at " .. hex, M.R644)
      local am = hits.adjusted_morale(game, u)
      results[u] = natural <= am and "passed" or "failed"
      if results[u] == "passed" then npass = npass + 1 end
      game:log(string.format("%s counter-charges: d10 %d against Adjusted Morale %d: %s %s", u,
        natural, am, results[u], M.R644))
    end
    c.results = results
    c.result = npass == #c.units and "passed" or (npass == 0 and "failed" or "mixed")
  end)
  local r = ctx.result
  if r ~= nil and r ~= "passed" and r ~= "failed" and r ~= "mixed" then
    require("systems.rough_and_ready.contract").broken(game, "charge.counter", "set ctx.result "
      .. "to " .. tostring(r) .. " (expected 'passed', 'failed', 'mixed' or nil) " .. M.R644)
  end
  if r == nil then return nil end
  -- each unit's result: a replace handler that set `passed` or `failed` alone speaks for all
  local results = {}
  for _, u in ipairs(units) do
    local x = type(ctx.results) == "table" and ctx.results[u] or nil
    if r ~= "mixed" then x = r end
    if x ~= "passed" and x ~= "failed" then
      require("systems.rough_and_ready.contract").broken(game, "charge.counter", "set "
        .. "ctx.result to mixed without a result for " .. u .. " in ctx.results (expected "
        .. "'passed' or 'failed') " .. M.R644)
    end
    results[u] = x
  end
  ctx.results = results
  local done = game.vars.counter_charged or {}
  for _, u in ipairs(units) do done[#done + 1] = u end
  game.vars.counter_charged = done
  -- the hex's result for the shock: any unit that passed holds it, and its pass counts
  game.vars.counter_charge = { hex = hex, result = r == "failed" and "failed" or "passed",
                               charge = #chargers > 0 }
  if r ~= "failed" then
    game:log(#chargers > 0 and ("the charge's +2 is cancelled " .. M.R644)
      or ("the defender gets +1 " .. M.R644))
  end
  if r ~= "passed" then
    local n = #chargers > 0 and M.COUNTER_RETREAT.charge or M.COUNTER_RETREAT.other
    local avoid = {}
    for _, a in ipairs(attackers) do avoid[#avoid + 1] = origin[a] end
    local first
    for _, u in ipairs(units) do
      if results[u] == "failed" then
        local at = M.fall_back(game, u, hex, n, avoid)
        if at then
          first = first or at
          hits.disorder(game, u, "failed counter-charge " .. M.R644)
        end
      end
    end
    M.vacate(game, side, hex, first)
  end
  game.hooks:fire("charge.counter", ctx)
  return ctx
end

--- What a hex left by the counter-chargers' retreat loses once no combat unit of theirs is
-- in it: the wagons stacked with them are captured [rough_and_ready 7.0], the side's leaders
-- go with the first counter-charger (to `to`) or relocate [rough_and_ready 4.27].
-- @tparam string side the attacking side
function M.vacate(game, side, hex, to)
  for _, u in ipairs(stacking.combat_units(game, hex)) do
    if game:unit_info(u).side ~= side and game:unit_info(u).type ~= "wagon" then return end
  end
  for _, u in ipairs(game.store:stack(hex)) do
    local info = game:unit_info(u)
    if info.side ~= side and info.type == "wagon" then
      command.eliminate(game, u, "captured: the unit stacked with it retreated " .. M.R70)
    end
  end
  for _, u in ipairs(game.store:stack(hex)) do
    local info = game:unit_info(u)
    if info.side ~= side and info.kind == "leader" then
      if to then assert(game.store:place(u, to)) else command.relocate(game, u) end
    end
  end
end

--- The chargers' ride after a failed counter-charge against them [rough_and_ready 6.44]: each
-- moves two hexes, the first the hex the counter-chargers left, the second any adjacent hex
-- it could enter and stack in (request `charge_move`, `<hex>`, label order, default the
-- first); with none it stays in the first. It does not attack; it keeps its facing (or takes
-- its new stack's [rough_and_ready 5.27]).
function M.ride_through(game, chargers, hex)
  for _, c in ipairs(chargers) do
    put(game, c, hex)
    local side = game:unit_info(c).side
    local opts = {}
    for _, h in ipairs(map_neighbors(game, hex)) do
      if stacking.legal(game, c, h) and step_cost(game, c, hex, h) then opts[#opts + 1] = h end
    end
    if #opts == 0 then
      game:log(c .. " rides into " .. hex .. " and can go no further " .. M.R644)
    else
      local a = opts[1]
      if #opts > 1 then
        a = game:ask(side, { kind = "charge_move",
          prompt = c .. " rides through " .. hex .. ": its second hex", options = opts,
          default = opts[1], rule = M.R644 })
      end
      put(game, c, a)
      game:log(c .. " rides through " .. hex .. " to " .. a .. ": it does not attack " .. M.R644)
    end
  end
end

-- }====================================================================================

--- Clears the activation's charge state.
function M.reset(game)
  game.vars.charging = nil
  game.vars.charge_declared = nil
  game.vars.charge_failed = nil
  game.vars.counter_charge = nil
  game.vars.counter_charged = nil
end

return M
