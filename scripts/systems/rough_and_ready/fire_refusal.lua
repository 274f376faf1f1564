--- Why an answer is not one of the `fire` or the `shock` request's choices, for their
-- `explain` (volley.ask; docs/rough_and_ready.md "The requests"). The checks follow the rule's
-- own: each firer or attacker (one of the activated units that may still act), the target hex
-- (on the map, an enemy there, not a friendly hex), then the rule's check: for fire
-- `fire.check` (small arms alone, the guns of one hex, once an activation, range, front, line
-- of sight with the unit in the way named, a gun that moved), for shock `shock.eligible` and
-- the hex (next to the attacker, in its front, enterable, not kept from it by its stack's
-- allocation).
--
-- It explains and never chooses: the request's options stay what the rule listed. A reason
-- that would betray an enemy unit hidden from the side (DESIGN.md Part B "Locations, views
-- and hidden information") is never given: a hidden unit's id is no unit, a hex holding a
-- hidden enemy gets no reason, and a reason the rules give only because of a hidden unit (a
-- line of sight it blocks) is dropped -- the refusal then says only that the answer is not
-- legal.
-- @module systems.rough_and_ready.fire_refusal

local command = require "systems.rough_and_ready.command"
local refusal = require "systems.rough_and_ready.refusal"

local M = {}

local contains = require("volley.list").contains
local say, plain = refusal.say, refusal.plain

local words = require("volley.list").words

-- `<u>[+<u>...] <hex>`: the units and the hex, or nil.
local function parse(answer)
  if type(answer) ~= "string" then return nil end
  local w = words(answer)
  if #w ~= 2 then return nil end
  local units = {}
  for x in w[1]:gmatch("[^+]+") do units[#units + 1] = x end
  if #units == 0 then return nil end
  return units, w[2]
end

-- A unit as `side` sees it: its record, or nil for no unit or one hidden from it.
local function seen_unit(game, side, id)
  local ok, info = pcall(game.store.unit, game.store, id)
  if not ok or type(info) ~= "table" then return nil end
  if info.hidden and info.side ~= side then return nil end
  return info
end

-- The game as `side` sees it: the store without the units hidden from it; nil when none is.
local function seen_game(game, side)
  local hidden = {}
  for _, u in ipairs(game.store:units{}) do
    local info = game.store:unit(u)
    if info.hidden and info.side ~= side then hidden[#hidden + 1] = u end
  end
  if #hidden == 0 then return nil end
  local copy = game.store:copy()
  for _, u in ipairs(hidden) do copy:place(u, "none") end
  return setmetatable({ store = copy }, { __index = game })
end

-- Why `hex` is no target for `side`: not on the map, or no enemy it sees there (a hex of its
-- own units said so). Returns nil, true when the hex holds an enemy hidden from it (no reason
-- may be given), nil when an enemy it sees is there. `what` filters the enemies that count;
-- `cite` is the case that wants an enemy there.
local function target_why(game, side, hex, what, cite)
  local okh, is_hex = pcall(game.map.contains, game.map, hex)
  if not (okh and is_hex) then return plain("'" .. tostring(hex) .. "' is not a hex of the map") end
  local friends, seen = 0, 0
  for _, u in ipairs(game.store:stack(hex)) do
    local info = game.store:unit(u)
    if info.side == side then
      friends = friends + 1
    elseif info.hidden then
      return nil, true
    elseif what(u, info) then
      seen = seen + 1
    end
  end
  if seen > 0 then return nil end
  if friends > 0 then return say(cite, hex .. " holds " .. side .. " units, not an enemy") end
  return say(cite, hex .. " holds no enemy combat unit")
end

-- Why `id` may not act in this activation (`verb`: "fire" or "shock"), or nil.
local function activated_why(game, side, id, verb)
  local info = seen_unit(game, side, id)
  if not info then return plain("no unit or leader '" .. id .. "'") end
  local act = game.vars.activation or {}
  if info.side ~= side then
    return say(verb == "fire" and "6.12" or "6.31", id .. " is " .. info.side .. "'s: only "
      .. side .. "'s activated units " .. verb)
  end
  if not contains(act.units, id) and not contains(act.artillery, id) then
    local list = {}
    for _, u in ipairs(act.units or {}) do list[#list + 1] = u end
    for _, u in ipairs(act.artillery or {}) do list[#list + 1] = u end
    local names = #list > 0 and table.concat(list, ", ") or "no unit"
    return say(verb == "fire" and "6.12" or "6.31", id .. " is not activated: "
      .. tostring(act.target) .. " activated " .. names)
  end
  if not command.on_map(game, id) then return plain(id .. " is not on the map") end
  local charge = require "systems.rough_and_ready.charge"
  if verb == "fire" then
    if contains(game.vars.rallied, id) then
      return say("6.82", id .. " rallied this activation: it does nothing else")
    end
    if charge.declared(game, id) then
      return say("6.46", id .. " has declared a charge: it may not fire")
    end
    if charge.failed(game, id) then
      return say("6.43", id .. " failed its charge Commitment: it does nothing this activation")
    end
  end
  return nil
end

-- What the fire and the shock explanations check first: the answer's form (`form`, the
-- reason when it is not `<u>[+<u>...] <hex>`), each unit one of the activated units that may
-- `act` now (and `unit_why(u)`, a further check, nil when it passes), and the target hex
-- (`is_target` takes an enemy unit there, `rule` its case). Returns the units and the hex;
-- or nil and the reason (nil: none the side may be told).
local function opening(game, side, answer, act, form, unit_why, is_target, rule)
  local units, hex = parse(answer)
  if not units then return nil, form end
  for _, u in ipairs(units) do
    local why = activated_why(game, side, u, act) or (unit_why and unit_why(u))
    if why then return nil, why end
  end
  local why, hidden = target_why(game, side, hex, is_target, rule)
  if hidden then return nil, nil end
  if why then return nil, why end
  return units, hex
end

--- Why a fire answer is refused, or nil (no reason the side may be told).
-- @tparam string side the firing side
-- @param answer as typed (`<unit> <hex>`, `<gun>+<gun> <hex>`)
-- @treturn ?string the reason, ending in its case when it has one
function M.fire(game, side, answer)
  local firers, hex = opening(game, side, answer, "fire",
    plain("a fire answer is <unit> <hex>, or <gun>+<gun> <hex> for guns of one hex, or done"),
    nil, function(_, info) return info.classes.combat end, "6.11")
  if not firers then return hex end
  local fire = require "systems.rough_and_ready.fire"
  local real = fire.check(game, firers, hex, { activated = true })
  if real == nil then
    -- legal, yet not offered: a gun named twice (any set of a hex's guns, in any order, is
    -- offered or read as the one offered [rough_and_ready 6.22])
    local seen = {}
    for _, g in ipairs(firers) do
      if seen[g] then return say("6.22", g .. " is named twice: each gun fires once") end
      seen[g] = true
    end
    return nil
  end
  local seen = seen_game(game, side)
  if seen and fire.check(seen, firers, hex, { activated = true }) ~= real then return nil end
  return real
end

--- Why a shock answer is refused, or nil (no reason the side may be told).
-- @tparam string side the attacking side
-- @param answer as typed (`<unit>[+<unit>...] <hex>`)
-- @treturn ?string the reason, ending in its case when it has one
function M.shock(game, side, answer)
  local shock = require "systems.rough_and_ready.shock"
  local attackers, hex = opening(game, side, answer, "shock",
    plain("a shock answer is <unit>[+<unit>...] <hex>, or done"),
    function(u)
      local ok, not_ok = shock.eligible(game, u)
      if not ok then return not_ok end
      return nil
    end,
    function(_, info) return info.classes.combat or info.type == "wagon" end, "6.32")
  if not attackers then return hex end
  local facing = require "systems.rough_and_ready.facing"
  local movement = require "systems.rough_and_ready.movement"
  for _, u in ipairs(attackers) do
    local at = command.on_map(game, u)
    if facing.grid(game):distance(at, hex) ~= 1 then
      return say("6.32", hex .. " is not next to " .. u .. " (in " .. at .. "): shock is "
        .. "against an adjacent hex")
    end
    if not contains(facing.front(game, u), hex) then
      return say({ "5.33", "6.32" }, hex .. " is not in " .. u .. "'s front")
    end
    local r, no = game.move:validate(at, { hex }, { class = movement.class(game, u), ma = 99 })
    if not r then
      return say("6.33", u .. " could not enter " .. hex .. " (" .. tostring(no) .. "): it must "
        .. "be able to enter to shock")
    end
  end
  -- the attacks its stack declared before its first Commitment roll [6.35]
  return shock.allocation_why(game, attackers, hex)
end

-- {====================================================================================
-- Why a request the actions step offers only when it has something to offer is not
-- offered: `fire`, `shock` and `rally` typed at the move request when no activated unit
-- may do it now. One reason a unit, each naming the case that forbids it.
-- =====================================================================================

-- The activated units in the activation's order (its units, then its guns), on the map.
local function activated(game)
  local act = game.vars.activation or {}
  local out = {}
  for _, list in ipairs({ act.units or {}, act.artillery or {} }) do
    for _, u in ipairs(list) do
      if command.on_map(game, u) then out[#out + 1] = u end
    end
  end
  return out
end

-- The enemy hexes holding a combat unit (or, `wagons`, a wagon) within `range` of `at`:
-- those in `unit`'s front first (the ones a player means), each group nearest first, then
-- label order.
local function enemy_hexes(game, side, at, range, wagons, unit)
  local sight = require "systems.rough_and_ready.sight"
  local out = {}
  for _, h in ipairs(game.store:combat_hexes{ enemy_of = side }) do
    if sight.distance(game, at, h) <= range then out[#out + 1] = h end
  end
  if wagons then
    local seen = {}
    for _, h in ipairs(out) do seen[h] = true end
    for _, u in ipairs(game.store:units{ side = game:enemy(side) }) do
      local h = command.on_map(game, u)
      if h and not seen[h] and game:unit_info(u).type == "wagon"
          and sight.distance(game, at, h) <= range then
        seen[h] = true
        out[#out + 1] = h
      end
    end
  end
  local front = {}
  for _, h in ipairs(out) do
    front[h] = game.store:facing(unit) ~= nil
      and sight.in_front(game, unit, h, sight.distance(game, at, h)) and 0 or 1
  end
  table.sort(out, function(a, b)
    if front[a] ~= front[b] then return front[a] < front[b] end
    local da, db = sight.distance(game, at, a), sight.distance(game, at, b)
    if da ~= db then return da < db end
    return a < b
  end)
  return out
end

-- Joins the units' reasons: one unit, its reason; several, each on its own, `; `-joined.
local function joined(whys)
  if #whys == 0 then return nil end
  return table.concat(whys, "; ")
end

-- Why `u`, an activated unit of `side`, has nothing it may fire at now; nil when it has
-- (or when the only reason would betray a unit hidden from the side).
local function unit_no_fire(game, side, u)
  local fire = require "systems.rough_and_ready.fire"
  local artillery = require "systems.rough_and_ready.artillery"
  local why = activated_why(game, side, u, "fire")
  if why then return why end
  if fire.used(game, "fired", u) then
    return say("6.12", u .. " has fired this activation (once only)")
  end
  local guns = command.is_artillery(game, u)
  if not guns then
    local ok, no = fire.may_fire(game, u)
    if not ok then return no end
  end
  local at = command.on_map(game, u)
  local range = guns and artillery.max_range(game, u) or fire.range(game, u)
  local seen = seen_game(game, side) or game
  local hexes = enemy_hexes(seen, side, at, range or fire.RANGE, false, u)
  if #hexes == 0 then
    return say(guns and "6.21" or "6.11", u .. " has no enemy combat unit within "
      .. tostring(range) .. " hexes (its range)")
  end
  for _, h in ipairs(hexes) do
    local real = fire.check(game, { u }, h, { activated = true })
    if real == nil then return nil end                           -- a target after all
    if fire.check(seen, { u }, h, { activated = true }) == real then return real end
  end
  return nil
end

--- Why the move request does not offer `fire` (no activated unit may fire now): for each
-- activated unit the first thing that forbids it, with its case -- rallied [6.82], declared
-- to charge [6.46], a failed charge [6.43], fired already [6.12], a Lancer [6.13], not the
-- top unit [5.24], no enemy in range [6.11, 6.21], or the nearest enemy's reason (its front
-- [5.33], line of sight, a withdrawal between the two [6.47], a gun that moved [6.25]).
-- @tparam string side the activated side
-- @treturn string
function M.no_fire(game, side)
  local whys = {}
  for _, u in ipairs(activated(game)) do
    whys[#whys + 1] = unit_no_fire(game, side, u)
  end
  return joined(whys) or say("6.12", "no activated unit may fire now")
end

--- Why the move request does not offer `shock`: for each activated unit, why it may not
-- shock (shock.eligible), or why the nearest enemy next to it is no target for it (its
-- front, the terrain, its stack's allocation); with no enemy next to it, 6.32's adjacency.
-- @treturn string
function M.no_shock(game, side)
  local shock = require "systems.rough_and_ready.shock"
  local whys = {}
  for _, u in ipairs(activated(game)) do
    local ok, no = shock.eligible(game, u)
    if not ok then
      whys[#whys + 1] = no
    else
      local at = command.on_map(game, u)
      local seen = seen_game(game, side) or game
      local hexes = enemy_hexes(seen, side, at, 1, true, u)
      if #hexes == 0 then
        whys[#whys + 1] = say("6.32", u .. " has no enemy unit next to it")
      else
        whys[#whys + 1] = M.shock(game, side, u .. " " .. hexes[1])
      end
    end
  end
  return joined(whys) or say("6.31", "no activated unit may shock now")
end

--- Why an activated unit may not rally now, or nil when it may: rallied already [6.82], a
-- failed charge [6.43], else rally.eligible's reason (nothing to rally off [6.83], its
-- first Hit permanent [6.84], not In Command, next to an enemy, moved, fired or shocked
-- [6.82]).
local function unit_no_rally(game, u)
  if contains(game.vars.rallied, u) then
    return say("6.82", u .. " has rallied this activation: it rallies once and does nothing "
      .. "else")
  end
  if require("systems.rough_and_ready.charge").failed(game, u) then
    return say("6.43", u .. " failed its charge Commitment: it does nothing this activation")
  end
  local ok, no = require("systems.rough_and_ready.rally").eligible(game, u)
  if not ok then return no end
  return nil
end

--- Why the move request does not offer `rally`: each activated unit's reason.
-- @treturn string
function M.no_rally(game, side)
  local whys = {}
  for _, u in ipairs(activated(game)) do whys[#whys + 1] = unit_no_rally(game, u) end
  return joined(whys) or say("6.82", "no activated unit of " .. side .. " may rally now")
end

--- Why an answer to the `rally_unit` request is refused, or nil (its `explain`).
-- @treturn ?string
function M.rally(game, side, answer)
  if type(answer) ~= "string" then return nil end
  local info = seen_unit(game, side, answer)
  if not info then return plain("no unit or leader '" .. answer .. "'") end
  local act = game.vars.activation or {}
  if info.side ~= side or (not contains(act.units, answer)
      and not contains(act.artillery, answer)) then
    return say("6.82", answer .. " is not one of " .. side .. "'s activated units: an "
      .. "activated unit rallies")
  end
  if not command.on_map(game, answer) then return plain(answer .. " is not on the map") end
  return unit_no_rally(game, answer)
end

return M
