--- Shock and Retreat in Rough & Ready [rough_and_ready 6.31-6.39, 6.71-6.76]: the shock step
-- of an activation, one shock a decision (DESIGN.md "Decisions").
--
-- After all movement and fire [rough_and_ready 3.13, 6.31] the activated side answers the
-- `shock` request `<attackers> <hex>` (`+`-joined ids, e.g. `4L-1+4L-2 0305`); each shock is
-- resolved whole before the next is asked, Commitment included [rough_and_ready E18]
-- [6.33]: allocation [6.35], Commitment per attacking hex [6.33, 6.34], the attackers enter,
-- both rolls with their own modifiers [6.37, 6.38], Hits on the other side [6.37, 6.51],
-- artillery [6.39], who retreats [6.72] and where [6.73-6.76], then stacking [6.36]. Retreat
-- is shock's alone: fire never moves a unit [rough_and_ready 6.71].
-- @module systems.rough_and_ready.shock

local command = require "systems.rough_and_ready.command"
local facing = require "systems.rough_and_ready.facing"
local stacking = require "systems.rough_and_ready.stacking"
local hits = require "systems.rough_and_ready.hits"
local movement = require "systems.rough_and_ready.movement"
local modifiers = require "volley.modifiers"
local charge = require "systems.rough_and_ready.charge"
local squares = require "systems.rough_and_ready.squares"
local wagons = require "systems.rough_and_ready.wagons"
local contract = require "systems.rough_and_ready.contract"
local refusal = require "systems.rough_and_ready.retreat_refusal"
local say, plain
do
  local r = require "systems.rough_and_ready.refusal"
  say, plain = r.say, r.plain
end

local M = {}

M.R633 = "[rough_and_ready 6.33]"
M.R634 = "[rough_and_ready 6.34]"
M.R635 = "[rough_and_ready 6.35]"
M.R636 = "[rough_and_ready 6.36]"
M.R637 = "[rough_and_ready 6.37]"
M.R638 = "[rough_and_ready 6.38]"
M.R639 = "[rough_and_ready 6.39]"
M.R672 = "[rough_and_ready 6.72]"
M.R673 = "[rough_and_ready 6.73]"
M.R674 = "[rough_and_ready 6.74]"
M.R675 = "[rough_and_ready 6.75]"
M.R676 = "[rough_and_ready 6.76]"

--- The wagon modifier on the attacker's roll: -2 per [rough_and_ready 7.0] rather than the
-- -1 of [rough_and_ready 6.38] (digest A4), none when the wagon's companion is cavalry.
M.WAGON_DRM = -2

--- The Terrain Effects Chart's Shock DRM column (note b), on the attacker's roll, by hex
-- terrain code: Chaparral -2, Lagoon -1, Marsh -1 (Palo Alto), Hacienda -1 (Rio Sacramento).
-- The other printed hex rows are 0 (Road, Clear, Trail, Tall Grass, Light Woods).
M.TERRAIN_DRM = { ch = -2, l = -1, m = -1, h = -1 }
--- The same column for hexsides an attack crosses (note b), by hexside terrain id: Marsh
-- hexside -1 (Palo Alto), River -3 and Ford -1 (Rio Sacramento). The chart's rows for the
-- Arroyo and after are cut short in the source: none is known.
M.HEXSIDE_DRM = { marsh = -1, river = -3, ford = -1 }
M.RTEC = "[rough_and_ready 6.38, TEC]"

local contains = require("volley.list").contains

-- A retreat's stacking test: an enemy hex never, the limits not at all [rough_and_ready 5.23]
-- (stacking.legal).
local RETREAT = { retreat = true }

-- Whether x comes before y in list.
local function before(list, x, y)
  for _, v in ipairs(list) do
    if v == x then return true end
    if v == y then return false end
  end
  return false
end

local function push(game, key, unit)
  local list = game.vars[key] or {}
  list[#list + 1] = unit
  game.vars[key] = list
end

--- Whether a unit is mounted cavalry or infantry that may attack (artillery defends only).
local function foot_or_horse(game, unit)
  local t = game:unit_info(unit).type
  return t == "infantry" or t == "cavalry"
end

--- The allocation of a unit left out of the attacks its stack declared [rough_and_ready
-- 6.35] (`game.vars.shock_alloc`: unit -> the hex it is declared to shock, or this).
M.LEFT_OUT = "-"

--- Whether an activated unit may shock attack now, and why not [rough_and_ready 6.31, 6.32,
-- 4.23]: one of the activation's infantry or cavalry units, on the map, that began the
-- activation In Command, is not Disordered, has not rallied nor shocked already. The reason
-- names the case that forbids (refusal.lua): an activated gun is told it does not attack
-- [6.39], not that it is not activated.
-- @treturn boolean
-- @treturn ?string why not
function M.eligible(game, unit)
  local act = game.vars.activation
  if not act or not (contains(act.units, unit) or contains(act.artillery, unit)) then
    return false, say("6.31", unit .. " is not activated")
  end
  -- (the shock request and the move request name a unit off the map before asking this:
  -- the reason is for `pending`'s declared units, one of them eliminated)
  if not command.on_map(game, unit) then return false, plain(unit .. " is not on the map") end
  if not foot_or_horse(game, unit) then
    return false, say("6.39", unit .. " is artillery: it defends in shock, it does not attack")
  end
  local ok, why = command.may_shock(game, unit)
  if not ok then return false, why end
  local hs = game.hooks.handlers and game.hooks.handlers["shock.eligible"]
  if hs ~= nil and #hs > 0 then                 -- a battle's own limit (RP 6.9: detachments)
    local ctx = require("systems.rough_and_ready.script_api").ctx(game,
      { unit = unit, allowed = true })
    game.hooks:modify("shock.eligible", ctx, nil)
    if ctx.allowed == false then
      return false, type(ctx.why) == "string" and ctx.why
        or (unit .. " may not shock attack (a battle rule)")
    end
  end
  local only = command.moves_only_why(game, unit, "charge nor shock")   -- [PA note d]
  if only then return false, only end
  if hits.disordered(game, unit) then
    return false, say("6.32", unit .. " is Disordered: it may not shock attack")
  end
  if squares.in_square(game, unit) then
    return false, say({ "5.43", "5.44" }, unit .. " is in a square: it defends, it does not "
      .. "shock attack")
  end
  if contains(game.vars.rallied, unit) then
    return false, say("6.82", unit .. " rallied this activation")
  end
  if contains(game.vars.shocked, unit) then
    return false, say("6.35", unit .. " has shock attacked already this activation")
  end
  if contains(game.vars.charge_failed, unit) then
    return false, say("6.43", unit .. " failed its charge Commitment: it does nothing this "
      .. "activation")
  end
  local alloc = (game.vars.shock_alloc or {})[unit]
  if alloc == M.LEFT_OUT then
    return false, say("6.35", unit .. " was left out of the attacks its stack declared: it may "
      .. "not shock this activation")
  end
  return true
end

--- Whether a unit could step into a hex (terrain and hexside), as the Commitment's entry
-- and a retreat need: the step's MP cost, or nil with the reason.
local function step(game, unit, from, to)
  local q = { class = movement.class(game, unit), ma = 99 }
  local r, why = game.move:validate(from, { to }, q)
  if not r then return nil, why end
  return r.cost
end

--- The enemy combat units of a hex, top first.
local function enemies(game, side, hex)
  local out = {}
  for _, u in ipairs(stacking.combat_units(game, hex)) do
    if game:unit_info(u).side ~= side then out[#out + 1] = u end
  end
  return out
end

-- The hexes a unit could shock, its stack's allocation aside: its front hexes holding an
-- enemy combat unit (or a lone enemy wagon [rough_and_ready 7.0]) that it could enter.
-- A hex whose enemy combat units are all hidden from the side is none of its targets: it
-- cannot see them (RP's hidden units, docs/rulings/rough_and_ready.md "Hidden units").
local function any_seen(game, units)
  for _, u in ipairs(units) do
    if not game.store:unit(u).hidden then return true end
  end
  return false
end

local function reachable(game, unit)
  local at = command.on_map(game, unit)
  local side = game:unit_info(unit).side
  local out = {}
  for _, h in ipairs(facing.front(game, unit)) do
    local there = enemies(game, side, h)
    if ((#there > 0 and any_seen(game, there)) or wagons.lone(game, side, h))
        and step(game, unit, at, h) then
      out[#out + 1] = h
    end
  end
  return out
end

--- The hexes a unit may shock [rough_and_ready 6.32, 5.33]: its front hexes holding an enemy
-- combat unit, that it could enter (no uncrossable hexside, no prohibited terrain: it must
-- enter to shock [rough_and_ready 6.33]); once its stack has declared its attacks
-- [rough_and_ready 6.35], only the hex it was declared against (none when it was left out).
-- Label order.
function M.targets(game, unit)
  local alloc = (game.vars.shock_alloc or {})[unit]
  if alloc == M.LEFT_OUT then return {} end
  local out = {}
  for _, h in ipairs(reachable(game, unit)) do
    if alloc == nil or alloc == h then out[#out + 1] = h end
  end
  return out
end

--- The units declared with `unit` against its hex [rough_and_ready 6.35] that have not
-- shocked yet (itself included), in the activation's order; nil when it was declared with
-- none (it has no allocation yet).
local function declared_group(game, unit)
  local alloc = game.vars.shock_alloc or {}
  local h = alloc[unit]
  if h == nil or h == M.LEFT_OUT then return nil end
  local at = command.on_map(game, unit)
  local out = {}
  for _, u in ipairs(game.vars:get("activation", "units") or {}) do
    if alloc[u] == h and command.on_map(game, u) == at and not contains(game.vars.shocked, u)
        then
      out[#out + 1] = u
    end
  end
  return out
end

--- Why a set of attackers breaks the attacks their stacks declared [rough_and_ready 6.35], or
-- nil: a unit declared against a hex shocks that hex, with every unit declared with it. The
-- attackers are eligible (`eligible`: a unit left out of its stack's attacks is not).
-- @treturn ?string
function M.allocation_why(game, attackers, hex)
  local alloc = game.vars.shock_alloc or {}
  for _, u in ipairs(attackers) do
    local h = alloc[u]
    if h ~= nil and h ~= M.LEFT_OUT and h ~= hex then
      return say("6.35", u .. " was declared against " .. h .. " before its stack's first "
        .. "Commitment roll: it shocks " .. h)
    elseif h ~= nil and h ~= M.LEFT_OUT then
      for _, v in ipairs(declared_group(game, u)) do
        if not contains(attackers, v) then
          return say("6.35", u .. " was declared against " .. h .. " with " .. v .. ": they "
            .. "shock it together")
        end
      end
    end
  end
  return nil
end

--- The declared attacks not made yet [rough_and_ready 6.35]: the units declared against a
-- hex, before their stack's first Commitment roll, that have not shocked. A declared attack
-- that can no longer be made (its units may not shock it: the hex emptied, a unit gone) is
-- released, and its units left out (the log says so).
-- @treturn {string,...} the units of the attacks still to make, activation order
function M.pending(game)
  local alloc = game.vars.shock_alloc
  if not alloc then return {} end
  local out = {}
  for _, u in ipairs(game.vars:get("activation", "units") or {}) do
    local h = alloc[u]
    if h ~= nil and h ~= M.LEFT_OUT and not contains(game.vars.shocked, u) then
      local ok = M.eligible(game, u) and contains(reachable(game, u), h)
      if ok then
        out[#out + 1] = u
      else
        alloc[u] = M.LEFT_OUT
        game.vars.shock_alloc = alloc
        game:log(u .. " can no longer shock " .. h .. ", the hex it was declared against: its "
          .. "attack is not made " .. M.R635)
      end
    end
  end
  return out
end

--- The legal answers of the `shock` request, canonical order: for each target hex (label
-- order), every non-empty set of eligible units that have it in their front, as
-- `<u1>+<u2> <hex>` in the activation's unit order (sets ordered by size, then
-- lexicographically by that order).
function M.options(game)
  local act = game.vars.activation
  local by_hex, hexes = {}, {}
  for _, u in ipairs(act and act.units or {}) do
    if M.eligible(game, u) then
      for _, h in ipairs(M.targets(game, u)) do
        if not by_hex[h] then by_hex[h], hexes[#hexes + 1] = {}, h end
        local l = by_hex[h]
        l[#l + 1] = u
      end
    end
  end
  table.sort(hexes)
  local out = {}
  for _, h in ipairs(hexes) do
    local units = by_hex[h]
    local sets = {}
    local n, all = #units, 1
    for _ = 1, n do all = all * 2 end
    for mask = 1, all - 1 do
      local set, m = {}, mask
      for i = 1, n do
        if m % 2 == 1 then set[#set + 1] = units[i] end
        m = math.floor(m / 2)
      end
      sets[#sets + 1] = set
    end
    table.sort(sets, function(a, b)
      if #a ~= #b then return #a < #b end
      for i = 1, #a do
        if a[i] ~= b[i] then
          return before(units, a[i], b[i])
        end
      end
      return false
    end)
    for _, s in ipairs(sets) do
      -- a declared attack is made by every unit declared in it [6.35]
      if not M.allocation_why(game, s, h) then out[#out + 1] = table.concat(s, "+") .. " " .. h end
    end
  end
  return out
end

--- Checks a shock answer: the attackers and the hex. `shock` holds its caller to it: the
-- shock request offers only the attacks this allows, and explains a refused answer itself
-- (fire_refusal.shock), so a refusal here is a caller's (a battle script's) attack that the
-- request would not take; the reason is the request's.
-- @treturn[1] {string,...} the attackers
-- @treturn[2] false
-- @treturn[2] ?string why (nil when only an enemy hidden from the side could say it)
function M.check(game, attackers, hex)
  if #attackers == 0 then return false, plain("no attacker named") end
  for _, u in ipairs(attackers) do
    local ok, why = M.eligible(game, u)
    if not ok then return false, why end
    if not contains(M.targets(game, u), hex) then
      -- not an enemy hex next to it, in its front, that it could enter; or declared elsewhere
      return false, require("systems.rough_and_ready.fire_refusal").shock(game,
        game:unit_info(u).side, u .. " " .. tostring(hex))
    end
  end
  local why = M.allocation_why(game, attackers, hex)
  if why then return false, why end
  return attackers
end

-- Why that unit rolls for its stack: the order of a stack is the order units moved in, the
-- last on top; the owner chooses it by the order of his moves, nothing reorders a stack
-- (docs/rulings/rough_and_ready.md, Rulings of our own, 5.24/6.34).
local TOP_WHY = " (a unit that moves into a hex goes on top) "

--- A Commitment roll [rough_and_ready 6.33]: d10 plus the leader's -1 [rough_and_ready 4.24],
-- cavalry's +1 against a square [rough_and_ready 5.43] (squares.commitment_drm) and the
-- `shock.commitment` handlers' modifiers, against Adjusted Morale; at or under it the unit
-- commits. A charge's roll (target not a hex) is kept for its target (squares.note).
-- @treturn boolean passed
function M.commitment(game, unit, target)
  local mods = modifiers.new()
  local d, leader = command.commitment_drm(game, unit)
  if d ~= 0 then
    mods:add(d, leader .. " stacked with it", "[rough_and_ready 4.24]")
  elseif leader then
    -- a leader of another command (or the OC) is there: say why he gives nothing
    game:log(string.format("%s is stacked with %s but does not lead its command: no -1 on "
      .. "its Commitment [rough_and_ready 4.24, 5.26]", leader, unit))
  end
  squares.commitment_drm(game, unit, target, mods)   -- cavalry +1 against a square [5.43]
  game.hooks:modify("shock.commitment", { units = { unit }, target = target }, mods)
  local natural = game:roll("d10", unit .. " commitment to shock " .. target, M.R633)
  local total = natural + mods:total()
  local am = hits.adjusted_morale(game, unit)
  local ok = total <= am
  squares.note(game, unit, target, total, am)  -- a charge's roll, for its target [5.43]
  local text = {}
  for _, m in ipairs(mods:list()) do
    text[#text + 1] = string.format(" %+d (%s)", m.value, m.label)
  end
  game:log(string.format("%s rolls for Commitment against %s: d10 %d%s = %d against Adjusted "
    .. "Morale %d: %s %s", unit, target, natural, table.concat(text), total, am,
    ok and "commits" or "does not commit", M.R633))
  return ok
end

--- The highest Adjusted Morale of a list (digest A9: adjusted).
local function best_morale(game, units)
  local best
  for _, u in ipairs(units) do
    local am = hits.adjusted_morale(game, u)
    if best == nil or am > best then best = am end
  end
  return best or 0
end

-- A terrain type's name and whether it carries a flag.
local function terrain_info(game, id, kind, flag)
  local t = game.map:terrain_type(id, kind)
  local has = false
  for _, f in ipairs(t and t.flags or {}) do
    if f == flag then has = true end
  end
  return (t and t.name) or id, has
end

-- The terrain modifiers of the attacker's roll (TEC notes b and e) [rough_and_ready 6.38]:
-- the defender's hex, unless its row is flagged `attacker-from` (note e: Lagoon and Marsh
-- count only when an attacker attacks from such a hex); then each attacker's hex of origin
-- that is so flagged; then each hexside an attacker crosses into the hex (a Marsh hexside,
-- flagged the same way, a River, a Ford). Each chart row counts once a shock; different
-- rows add up, as every shock DRM does [rough_and_ready 6.38].
local function terrain_drm(game, attackers, hex, origin, mods)
  local seen = {}
  local function add(key, value, label)
    if value and value ~= 0 and not seen[key] then
      seen[key] = true
      mods:add(value, label, M.RTEC)
    end
  end
  local code = game.map:terrain(hex)
  local name, from_only = terrain_info(game, code, "hex", "attacker-from")
  if not from_only then add("hex " .. code, M.TERRAIN_DRM[code], "defender in " .. name) end
  for _, a in ipairs(attackers) do
    local o = origin and origin[a] or command.on_map(game, a)
    if o and o ~= hex then
      local oc = game.map:terrain(o)
      local oname, flagged = terrain_info(game, oc, "hex", "attacker-from")
      if flagged then add("hex " .. oc, M.TERRAIN_DRM[oc], "attack from " .. oname) end
      if facing.grid(game):distance(o, hex) == 1 then
        for _, id in ipairs(game.map:hexside(o, hex)) do
          local sname = terrain_info(game, id, "hexside", "attacker-from")
          add("side " .. id, M.HEXSIDE_DRM[id], "attack across " .. sname)
        end
      end
    end
  end
end

--- The shock modifiers of one side [rough_and_ready 6.38]: `role` "attacker" or "defender".
-- Strength comparison (combat units, digest A10) and higher Adjusted Morale (digest A9) for
-- either; the attacker's position (Flank +1, Rear +1 from any attacker's hex of origin, in
-- the arcs of the defending hex's first non-artillery unit, else its first unit; cumulative,
-- digest A6), terrain (the defender's hex, an attacker's hex of origin or the hexside it
-- crosses: TEC notes b and e), the charge and Lancer modifiers (charge.drm
-- [rough_and_ready 6.41, 6.13]), wagon (A4); the defender's Disorder -1
-- [rough_and_ready 6.63]; then the `shock.drm` handlers.
-- @tparam {string,...} attackers
-- @tparam {string,...} defenders
-- @tparam {[string]=string} origin each attacker's hex of origin
-- @treturn volley.modifiers
function M.drm(game, role, attackers, defenders, hex, origin)
  local mods = modifiers.new()
  local mine, theirs = attackers, defenders
  if role == "defender" then mine, theirs = defenders, attackers end
  -- a wagon's strength is 0 [rough_and_ready 7.0]
  local nm, nt = wagons.strength(game, mine), wagons.strength(game, theirs)
  if nm > nt then
    mods:add(nm - nt, string.format("strength %d against %d", nm, nt), M.R638)
  end
  if not wagons.morale_drm(game, role, defenders, mods)
      and best_morale(game, mine) > best_morale(game, theirs) then
    mods:add(1, "higher Morale", M.R638)
  end
  if role == "attacker" then
    local anchor = defenders[1]
    for _, d in ipairs(defenders) do
      if foot_or_horse(game, d) then anchor = d break end
    end
    local arcs = anchor and facing.arcs(game, anchor) or { flank = {}, rear = {} }
    local flank, rear = false, false
    for _, a in ipairs(attackers) do
      local o = origin and origin[a] or command.on_map(game, a)
      if contains(arcs.flank, o) then flank = true end
      if contains(arcs.rear, o) then rear = true end
    end
    if flank then mods:add(1, "attack through the Flank", M.R638) end
    if rear then mods:add(1, "attack through the Rear", M.R638) end
    terrain_drm(game, attackers, hex, origin, mods)
    charge.drm(game, attackers, hex, mods, origin)
    wagons.drm(game, attackers, defenders, hex, mods, M.WAGON_DRM)
  else
    for _, d in ipairs(defenders) do
      if hits.disordered(game, d) then
        mods:add(-1, "defender Disordered", "[rough_and_ready 6.38, 6.63]")
        break
      end
    end
    charge.defender_drm(game, hex, mods)
  end
  local from = {}
  for _, a in ipairs(attackers) do from[a] = origin and origin[a] or command.on_map(game, a) end
  game.hooks:modify("shock.drm", { attackers = attackers, defenders = defenders,
                                   role = role, hex = hex, origin = from }, mods)
  return mods
end

--- One side's shock roll on the Shock Result Table [rough_and_ready 6.37]: the Hits it
-- inflicts on the other side.
local function roll(game, role, attackers, defenders, hex, origin)
  local mods = M.drm(game, role, attackers, defenders, hex, origin)
  local found, record = game:chart_roll("shock", mods, role .. " shock roll at " .. hex, M.R637)
  local result = found.hits
  local text = {}
  for _, m in ipairs(record.modifiers) do
    text[#text + 1] = string.format(" %+d (%s)", m.value, m.label)
  end
  game:log(string.format("%s rolls at %s: d10 %d%s = %d: %d Hit%s on the %s %s", role, hex,
    record.natural, table.concat(text), record.total, result, result == 1 and "" or "s",
    role == "attacker" and "defender" or "attacker", M.R637))
  return result
end

local function alive(game, list)
  local out = {}
  for _, u in ipairs(list) do
    if command.on_map(game, u) then out[#out + 1] = u end
  end
  return out
end

--- Hits on the defenders [rough_and_ready 6.39]: artillery stacked with infantry or cavalry
-- takes none, and is eliminated when no non-artillery defender is left.
local function hit_defenders(game, defenders, n, why)
  local men, guns = {}, {}
  for _, d in ipairs(defenders) do
    if foot_or_horse(game, d) then men[#men + 1] = d else guns[#guns + 1] = d end
  end
  hits.spread(game, men, n, why)
  if #alive(game, men) == 0 then
    for _, gun in ipairs(guns) do
      command.eliminate(game, gun, "no infantry or cavalry left with it in shock " .. M.R639)
    end
  end
end

--- The lowest Adjusted Morale of a side's surviving units.
local function lowest(game, units)
  local low
  for _, u in ipairs(units) do
    local am = hits.adjusted_morale(game, u)
    if low == nil or am < low then low = am end
  end
  return low
end

--- Who retreats [rough_and_ready 6.72]: the side that took more Hits; on equal Hits the side
-- owning the lowest Adjusted Morale after this shock; then the attacker.
-- @treturn string "attacker" or "defender"
function M.loser(game, on_att, on_def, attackers, defenders)
  if on_att ~= on_def then return on_att > on_def and "attacker" or "defender" end
  local la, ld = lowest(game, attackers), lowest(game, defenders)
  if la and ld and la ~= ld then return la < ld and "attacker" or "defender" end
  return "attacker"
end

local settle = facing.settle

--- Where a defending unit may retreat from `hex` [rough_and_ready 6.75]: an adjacent map hex
-- it could enter, not enemy-occupied, not an attacker's hex of origin, whatever the stacking
-- limits (a retreat is their exception [rough_and_ready 5.23]; docs/rulings, A24); of those
-- the cheapest in MP (each `{at =, cost =, front = enemy or nil}`, label order). An enemy
-- front hex is allowed, at the cost of a Hit.
function M.retreat_hexes(game, unit, hex, origins)
  local side = game:unit_info(unit).side
  local fronts = {}
  for _, f in ipairs(facing.enemy_fronts(game, side)) do fronts[f.at] = f.by end
  local cands, best = {}, nil
  local near = {}
  for _, n in ipairs(facing.grid(game):neighbors(hex)) do
    if type(n) == "string" and game.map:contains(n) then near[#near + 1] = n end
  end
  table.sort(near)
  for _, n in ipairs(near) do
    -- any friendly hex: a retreat is the exception to the stacking limits [5.23]
    if not contains(origins, n) and stacking.legal(game, unit, n, RETREAT) then
      local cost = step(game, unit, hex, n)
      if cost then
        cands[#cands + 1] = { at = n, cost = cost, front = fronts[n] }
        if best == nil or cost < best then best = cost end
      end
    end
  end
  local out = {}
  for _, c in ipairs(cands) do
    if c.cost == best then out[#out + 1] = c end
  end
  return out
end

--- The leaders of a side in a hex.
local function leaders_in(game, side, hex)
  local out = {}
  for _, u in ipairs(game.store:stack(hex)) do
    local info = game:unit_info(u)
    if info.kind == "leader" and info.side == side then out[#out + 1] = u end
  end
  return out
end

--- Retreats the defenders of `hex` [rough_and_ready 6.75, 6.76]: each non-artillery unit to
-- a cheapest hex (request `retreat` when several: `<hex>`), a Hit when it is an enemy front
-- hex; eliminated when there is none; artillery follows the first of them [6.39]; the
-- side's leaders go with it (or relocate [rough_and_ready 4.27]).
local function retreat_defenders(game, defenders, hex, origins)
  local men, guns = {}, {}
  for _, d in ipairs(defenders) do
    if foot_or_horse(game, d) then men[#men + 1] = d else guns[#guns + 1] = d end
  end
  local side = game:unit_info(defenders[1]).side
  local first
  for _, u in ipairs(men) do
    local opts = M.retreat_hexes(game, u, hex, origins)
    if #opts == 0 then
      command.eliminate(game, u, "no hex to retreat into " .. M.R676)
    else
      local pick = opts[1]
      if #opts > 1 then
        local names, safe = {}, nil
        for _, o in ipairs(opts) do
          names[#names + 1] = o.at
          if not o.front and not safe then safe = o.at end   -- the default: a hex of no Hit
        end
        local a = game:ask(side, { kind = "retreat",
          prompt = u .. " retreats from " .. hex .. ": into which hex, "
            .. refusal.costs(game, u, names, true), options = names,
          tell = refusal.teller(game, u, true), default = safe,
          rule = M.R675,
          explain = function(to)
            return refusal.why(game, { unit = u, from = hex, to = to, avoid = origins,
              avoid_why = "an attacker's hex of origin", best = opts[1].cost, case = "6.75" })
          end })
        for _, o in ipairs(opts) do
          if o.at == a then pick = o end
        end
      end
      settle(game, u, pick.at)
      game:log(u .. " retreats from " .. hex .. " to " .. pick.at .. " " .. M.R675)
      first = first or pick.at
      if pick.front then
        -- the winners all stand in the hex until the shock is over, their surplus too: the
        -- loser retreats first, 6.36 then clears the overstack (docs/rulings, 6.36)
        local why = "retreat into the front of " .. pick.front .. " " .. M.R675
        if command.on_map(game, pick.front) == hex then
          why = "retreat into the front of " .. pick.front .. ", which stands in " .. hex
            .. " until the shock is over [rough_and_ready 6.36, 6.75]"
        end
        hits.hit(game, u, why)
      end
    end
  end
  for _, gun in ipairs(guns) do
    if command.on_map(game, gun) == hex then
      if first then
        settle(game, gun, first)
        game:log(gun .. " retreats with its infantry or cavalry to " .. first .. " " .. M.R639)
      else
        command.eliminate(game, gun, "no infantry or cavalry to retreat with " .. M.R639)
      end
    end
  end
  for _, l in ipairs(leaders_in(game, side, hex)) do
    if first then assert(game.store:place(l, first)) else command.relocate(game, l) end
  end
end

--- Retreats the attackers to their hexes of origin [rough_and_ready 6.73]; attacking
-- cavalry may go on, one hex a `retreat` request (`<hex>` or `stop`), up to three hexes in
-- all [rough_and_ready 6.74]: each further hex one it could enter, not enemy-occupied (the
-- stacking limits do not bind a retreat [rough_and_ready 5.23]).
local function retreat_attackers(game, attackers, hex, origin, outside)
  for _, u in ipairs(attackers) do
    settle(game, u, origin[u])
    local cav = game:unit_info(u).type == "cavalry"
    if outside then     -- never entered `hex`: it falls back from its own
      game:log(u .. " falls back from its hex " .. origin[u] .. ", never having entered "
        .. hex .. " " .. (cav and M.R674 or M.R673))
    else
      game:log(u .. " retreats from " .. hex .. " to its hex of origin " .. origin[u] .. " "
        .. (cav and M.R674 or M.R673))
    end
    local at = origin[u]
    for n = 2, cav and 3 or 1 do
      local near = {}
      for _, h in ipairs(facing.grid(game):neighbors(at)) do
        if type(h) == "string" and game.map:contains(h) and h ~= hex
            and stacking.legal(game, u, h, RETREAT) and step(game, u, at, h) then
          near[#near + 1] = h
        end
      end
      table.sort(near)
      if #near == 0 then break end
      near[#near + 1] = "stop"
      local from = at
      local a = game:ask(game:unit_info(u).side, { kind = "retreat",
        prompt = u .. " may retreat a hex further (" .. n .. " of 3): <hex> or stop; "
          .. refusal.costs(game, u, near, false),
        options = near, default = "stop", rule = M.R674,
        tell = refusal.teller(game, u, false),
        explain = function(to)
          return refusal.why(game, { unit = u, from = from, to = to, avoid = { hex },
            avoid_why = "the hex of the shock it lost", case = "6.74" })
        end })
      if a == "stop" then break end
      settle(game, u, a)
      game:log(u .. " retreats on to " .. a .. " " .. M.R674)
      at = a
    end
  end
end

--- Moves the losers of a shock out of its hex [rough_and_ready 6.72] (6.73-6.76) through the point
-- `retreat.apply` (docs/hooks.md): its replace handler may move them instead (held to the
-- contract: none of them may stay in the hex), then its observers see them gone; a retreat
-- breaks a square [rough_and_ready 5.43]. Every shock a side loses goes through here, the
-- attackers beaten off a lone wagon [rough_and_ready 7.0] as well.
-- @tparam string loser "attacker" or "defender"
-- @tparam {string,...} losers the losing units still on the map, in the hex `hex`
-- @param how for the attackers, each one's hex of origin (unit id -> hex); for the
--   defenders, the attackers' hexes of origin in order (retreat_defenders' `origins`)
local function apply_retreat(game, loser, losers, hex, how)
  local ctx = { units = losers, from = hex }
  -- a replace handler moves the losers itself (it may call the rule's own retreat)
  game.hooks:replace("retreat.apply", ctx, function()
    if loser == "attacker" then
      retreat_attackers(game, losers, hex, how)
    else
      retreat_defenders(game, losers, hex, how)
    end
  end)
  if contract.replacer(game, "retreat.apply") then
    -- the losers must have left the hex (retreated or eliminated) [rough_and_ready 6.7]
    for _, u in ipairs(losers) do
      if command.on_map(game, u) == hex then
        contract.broken(game, "retreat.apply", "left " .. u .. " in " .. hex .. ": the "
          .. "losers of a shock leave the hex [rough_and_ready 6.72]")
      end
    end
  end
  game.hooks:fire("retreat.apply", ctx)
  squares.retreated(game, losers)                 -- a retreat breaks a square [5.43]
end

--- Stacking after a won attack [rough_and_ready 6.36]: the attackers in the order answered
-- stay while the hex's limits allow; the rest go back to their hexes of origin.
local function restack(game, attackers, hex, origin)
  local back = {}
  for _, u in ipairs(attackers) do assert(game.store:place(u, origin[u])) end
  for _, u in ipairs(attackers) do
    if stacking.legal(game, u, hex) then
      settle(game, u, hex)
    else
      back[#back + 1] = u
      settle(game, u, origin[u])
      game:log(u .. " goes back to " .. origin[u] .. ": " .. hex .. " is full now that the "
        .. "shock is over " .. M.R636)
    end
  end
  if #back > 0 then game.hooks:fire("shock.stacking", { hex = hex, units = back }) end
end

--- The steps of a charge between Commitment and the attackers' entry (charge.lua), in
-- order: the fire the chargers take before they enter [rough_and_ready 6.43] (a charger it
-- Disorders retreats as attacking cavalry [rough_and_ready 6.74] from its hex of origin, any
-- other attacker it Disorders stays out; the others go on), facing the charge
-- [rough_and_ready 6.45], the counter-charge [rough_and_ready 6.44]. A failed counter-charge
-- that leaves the hex without a defender ends the shock: the chargers ride through it
-- (`charge.ride_through`) and the other committed attackers enter it, as winners do
-- [rough_and_ready 6.33, 6.36]; when defenders stay, the chargers stay in their hexes and do
-- not attack, the other attackers go on against those left. A mixed counter-charge (some
-- units passed, the others fell back) leaves the hex held: every attacker goes on, the pass
-- counting [rough_and_ready 6.44]. `rec.counter` is the counter-charge's result,
-- `rec.fell_back` the chargers the fire turned back.
-- @treturn ?{string,...} the attackers that enter and roll, or nil when the shock ends here
local function charge_steps(game, committed, hex, origin, rec)
  game.vars.counter_charge = nil
  local side = game:unit_info(committed[1]).side
  local left, back, fired = charge.pre_entry_fire(game, committed, hex, origin)
  if #back > 0 then
    rec.fell_back = back
    retreat_attackers(game, back, hex, origin, true)
  end
  if #left == 0 then return nil end
  charge.face(game, left, hex, origin)
  local cc = charge.counter(game, left, hex, origin, fired)
  if not cc then return left end
  rec.counter = cc.result
  if cc.result ~= "failed" then return left end
  local rest = {}
  for _, u in ipairs(left) do
    if not contains(cc.chargers, u) then rest[#rest + 1] = u end
  end
  if #enemies(game, side, hex) == 0 then
    charge.ride_through(game, cc.chargers, hex)
    if #rest > 0 then
      game:log(table.concat(rest, ", ") .. " enter" .. (#rest == 1 and "s " or " ") .. hex
        .. ", left by the counter-chargers " .. charge.R644)
      restack(game, rest, hex, origin)
    end
    return nil
  end
  if #cc.chargers > 0 then
    game:log(table.concat(cc.chargers, ", ") .. " may not attack after the failed "
      .. "counter-charge: defenders are left in " .. hex .. " " .. charge.R644)
  end
  if #rest == 0 then return nil end
  return rest
end

--- The allocation of a stack [rough_and_ready 6.35], made when its units first shock, before
-- their Commitment roll: the units of `at` not among `attackers` may split off against
-- another hex, and that is declared now, not after seeing the roll. When some of them could
-- shock a hex other than `hex`, their side is asked `allocate`: `<u1>[+<u2>] <hex>` (the
-- units and the other hex they will shock: each target hex in label order, the sets of its
-- units as shock.options orders them) or `none`, default `none`. The units declared must
-- then shock that hex together (`allocation_why`; the shock step's `done` waits for them,
-- `pending`); every other unit of the stack is left out and may not shock this activation.
-- A stack allocated once is not asked again.
local function allocate(game, at, attackers, hex)
  local alloc = game.vars.shock_alloc or {}
  local act_units = game.vars:get("activation", "units") or {}
  local rest, fresh = {}, true
  for _, u in ipairs(stacking.combat_units(game, at)) do
    if contains(act_units, u) and not contains(game.vars.shocked, u) then
      if alloc[u] ~= nil then fresh = false end
      if not contains(attackers, u) then rest[#rest + 1] = u end
    end
  end
  for _, u in ipairs(attackers) do
    if command.on_map(game, u) == at then
      if alloc[u] ~= nil then fresh = false end
      alloc[u] = hex
    end
  end
  if not fresh then
    game.vars.shock_alloc = alloc
    return
  end
  -- the others that could split off, in the activation's order, and the hexes they could take
  local by_hex, hexes = {}, {}
  for _, u in ipairs(act_units) do
    if contains(rest, u) and M.eligible(game, u) then
      for _, h in ipairs(reachable(game, u)) do
        if h ~= hex then
          if not by_hex[h] then by_hex[h], hexes[#hexes + 1] = {}, h end
          local l = by_hex[h]
          l[#l + 1] = u
        end
      end
    end
  end
  table.sort(hexes)
  local options = {}
  for _, h in ipairs(hexes) do
    for _, set in ipairs(require("systems.rough_and_ready.fire").subsets(by_hex[h])) do
      options[#options + 1] = table.concat(set, "+") .. " " .. h
    end
  end
  local chosen, target = {}, nil
  if #options > 0 then
    options[#options + 1] = "none"
    local side = game:unit_info(attackers[1]).side
    local a = game:ask(side, { kind = "allocate",
      prompt = string.format("%s shock%s %s: may %s split off against another hex? Declared "
        .. "now, before any Commitment roll: <unit>[+<unit>] <hex>, or none",
        table.concat(attackers, "+"), #attackers == 1 and "s" or "", hex,
        table.concat(rest, ", ")),
      options = options, default = "none", rule = M.R635 })
    if a ~= "none" then
      local w = require("volley.list").words(a)
      for x in w[1]:gmatch("[^+]+") do chosen[#chosen + 1] = x end
      target = w[2]
    end
  end
  for _, u in ipairs(rest) do
    if contains(chosen, u) then
      alloc[u] = target
    else
      alloc[u] = M.LEFT_OUT
    end
  end
  game.vars.shock_alloc = alloc
  if target then
    game:log(string.format("%s of %s: declared against %s, before any Commitment roll %s",
      table.concat(chosen, ", "), at, target, M.R635))
  end
  local out = {}
  for _, u in ipairs(rest) do
    if alloc[u] == M.LEFT_OUT then out[#out + 1] = u end
  end
  if #out > 0 and #options > 0 then
    game:log(string.format("%s of %s: left out of its attacks, no shock this activation %s",
      table.concat(out, ", "), at, M.R635))
  end
end

--- Resolves one shock [rough_and_ready 6.33-6.39, 6.72-6.76]. `attackers` were checked by
-- `check`. Returns a record `{committed, hits_on_attacker, hits_on_defender, loser}`, with
-- `counter` and `fell_back` when the charge's steps (`charge_steps`) gave them.
function M.shock(game, attackers, hex)
  assert(M.check(game, attackers, hex))
  local side = game:unit_info(attackers[1]).side
  -- allocation [6.35]: the attackers' hexes are allocated now, before any roll; the units
  -- of those hexes left out of this shock may only shock another hex
  local groups, order, origin = {}, {}, {}
  for _, u in ipairs(attackers) do
    local at = command.on_map(game, u)
    origin[u] = at
    if not groups[at] then groups[at], order[#order + 1] = {}, at end
    local g = groups[at]
    g[#g + 1] = u
    push(game, "shocked", u)
  end
  for _, at in ipairs(order) do allocate(game, at, attackers, hex) end
  -- Commitment per attacking hex: its top attacker rolls for all [6.33, 6.34]
  local committed = {}
  for _, at in ipairs(order) do
    local g = groups[at]
    local top = g[1]
    for _, u in ipairs(stacking.combat_units(game, at)) do
      if contains(g, u) then top = u break end
    end
    local pre = charge.declared(game, top)
    if pre then
      game:log(top .. " committed before its charge: no second roll " .. charge.R643)
    end
    if (pre and squares.kept(game, top, hex)) or (not pre and M.commitment(game, top, hex)) then
      for _, u in ipairs(g) do committed[#committed + 1] = u end
      if #g > 1 then
        game:log(table.concat(g, ", ") .. " commit with " .. top .. ", the top unit of " .. at
          .. TOP_WHY .. M.R634)
      end
    elseif #g > 1 then
      game:log("none of " .. table.concat(g, ", ") .. " commits: " .. top .. ", the top unit "
        .. "of " .. at .. ", rolled for them" .. TOP_WHY .. M.R634)
    end
  end
  local rec = { committed = committed, hits_on_attacker = 0, hits_on_defender = 0 }
  if #committed == 0 then return rec end
  committed = charge_steps(game, committed, hex, origin, rec)    -- [6.43-6.45]
  if not committed then return rec end
  local defenders = enemies(game, side, hex)
  if #defenders == 0 then defenders = { wagons.lone(game, side, hex) } end   -- [7.0]
  for _, u in ipairs(committed) do assert(game.store:place(u, hex)) end
  game:log(table.concat(committed, ", ") .. (#committed == 1 and " enters " or " enter ")
    .. hex .. " to shock "
    .. table.concat(defenders, ", ") .. " " .. M.R633)
  local men = 0
  for _, d in ipairs(defenders) do
    if foot_or_horse(game, d) then men = men + 1 end
  end
  if wagons.alone(game, defenders) then
    -- a lone wagon: the attackers roll, any Hit captures it; the wagon's strength is 0 and
    -- unmodifiable: it rolls no die and inflicts no Hit [rough_and_ready 7.0] (wagons.lua)
    local on_def = roll(game, "attacker", committed, defenders, hex, origin)
    local on_att = wagons.hits_inflicted(game, defenders[1], hex)
    rec.hits_on_defender, rec.hits_on_attacker = on_def, on_att
    rec.loser = wagons.shocked(game, defenders[1], on_def, on_att, alive(game, committed))
    if rec.loser == "attacker" and #alive(game, committed) > 0 then
      apply_retreat(game, "attacker", alive(game, committed), hex, origin)
    end
  elseif men == 0 then
    -- artillery alone: eliminated, no roll, no loss [6.39]
    for _, d in ipairs(defenders) do
      command.eliminate(game, d, "artillery alone shocked " .. M.R639)
    end
    rec.loser = "defender"
  else
    local on_def = roll(game, "attacker", committed, defenders, hex, origin)
    local on_att = roll(game, "defender", committed, defenders, hex, origin)
    rec.hits_on_defender, rec.hits_on_attacker = on_def, on_att
    hit_defenders(game, defenders, on_def, "shock at " .. hex .. " " .. M.R637)
    hits.spread(game, committed, on_att, "shock at " .. hex .. " " .. M.R637)
    local la, ld = alive(game, committed), alive(game, defenders)
    if #ld == 0 then
      rec.loser = "defender"
    elseif #la == 0 then
      rec.loser = "attacker"
    else
      rec.loser = M.loser(game, on_att, on_def, la, ld)
      game:log("the " .. rec.loser .. " retreats " .. M.R672)
      apply_retreat(game, rec.loser, rec.loser == "attacker" and la or ld, hex,
        rec.loser == "attacker" and origin or order)
    end
  end
  if rec.loser == "defender" then
    -- wagons do not retreat: captured when their unit retreats or is eliminated [7.0]
    for _, u in ipairs(game.store:stack(hex)) do
      local info = game:unit_info(u)
      if info.type == "wagon" and info.side ~= side then
        command.eliminate(game, u, "captured: the unit stacked with it retreated or was "
          .. "eliminated [rough_and_ready 7.0]")
      end
    end
  end
  local la = alive(game, committed)
  if rec.loser == "defender" and #la > 0 then restack(game, la, hex, origin) end
  game.hooks:fire("shock.resolved", { attackers = committed, defenders = defenders,
    hits = { attacker = rec.hits_on_attacker, defender = rec.hits_on_defender },
    loser = rec.loser })
  return rec
end

--- Clears the shock step's memory (end of the activation).
function M.reset(game)
  game.vars.shocked = nil
  game.vars.shock_alloc = nil
  squares.reset(game)
  charge.reset(game)
end

return M
