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

local M = {}

local contains = require("volley.list").contains

local R611 = "[rough_and_ready 6.11]"
local R612 = "[rough_and_ready 6.12]"
local R622 = "[rough_and_ready 6.22]"
local R631 = "[rough_and_ready 6.31]"
local R632 = "[rough_and_ready 6.32]"

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
  if not (okh and is_hex) then return "'" .. tostring(hex) .. "' is not a hex of the map" end
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
  if friends > 0 then return hex .. " holds " .. side .. " units, not an enemy " .. cite end
  return hex .. " holds no enemy combat unit " .. cite
end

-- Why `id` may not act in this activation (`verb`: "fire" or "shock"), or nil.
local function activated_why(game, side, id, verb)
  local info = seen_unit(game, side, id)
  if not info then return "no unit or leader '" .. id .. "'" end
  local act = game.vars.activation or {}
  if info.side ~= side then
    return id .. " is " .. info.side .. "'s: only " .. side .. "'s activated units " .. verb
  end
  if not contains(act.units, id) and not contains(act.artillery, id) then
    local list = {}
    for _, u in ipairs(act.units or {}) do list[#list + 1] = u end
    for _, u in ipairs(act.artillery or {}) do list[#list + 1] = u end
    return id .. " is not activated: " .. tostring(act.target) .. " activated "
      .. (#list > 0 and table.concat(list, ", ") or "no unit") .. " "
      .. (verb == "fire" and R612 or R631)
  end
  if not command.on_map(game, id) then return id .. " is not on the map" end
  local charge = require "systems.rough_and_ready.charge"
  if verb == "fire" then
    if contains(game.vars.rallied, id) then
      return id .. " rallied this activation: it does nothing else [rough_and_ready 6.82]"
    end
    if charge.declared(game, id) then
      return id .. " has declared a charge: it may not fire [rough_and_ready 6.46]"
    end
    if charge.failed(game, id) then
      return id .. " failed its charge Commitment: it does nothing this activation "
        .. "[rough_and_ready 6.43]"
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
    "a fire answer is <unit> <hex>, or <gun>+<gun> <hex> for guns of one hex, or done",
    nil, function(_, info) return info.classes.combat end, R611)
  if not firers then return hex end
  local fire = require "systems.rough_and_ready.fire"
  local real = fire.check(game, firers, hex, { activated = true })
  if real == nil then
    -- legal, yet not offered: a gun named twice (any set of a hex's guns, in any order, is
    -- offered or read as the one offered [rough_and_ready 6.22])
    local seen = {}
    for _, g in ipairs(firers) do
      if seen[g] then return g .. " is named twice: each gun fires once " .. R622 end
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
    "a shock answer is <unit>[+<unit>...] <hex>, or done",
    function(u)
      local ok, not_ok = shock.eligible(game, u)
      if not ok then return not_ok end
      return nil
    end,
    function(_, info) return info.classes.combat or info.type == "wagon" end, R632)
  if not attackers then return hex end
  local facing = require "systems.rough_and_ready.facing"
  local movement = require "systems.rough_and_ready.movement"
  for _, u in ipairs(attackers) do
    local at = command.on_map(game, u)
    if facing.grid(game):distance(at, hex) ~= 1 then
      return hex .. " is not next to " .. u .. " (in " .. at .. "): shock is against an "
        .. "adjacent hex " .. R632
    end
    if not contains(facing.front(game, u), hex) then
      return hex .. " is not in " .. u .. "'s front [rough_and_ready 5.33, 6.32]"
    end
    local r, no = game.move:validate(at, { hex }, { class = movement.class(game, u), ma = 99 })
    if not r then
      return u .. " could not enter " .. hex .. " (" .. tostring(no) .. "): it must be able "
        .. "to enter to shock [rough_and_ready 6.33]"
    end
  end
  -- the attacks its stack declared before its first Commitment roll [6.35]
  return shock.allocation_why(game, attackers, hex)
end

return M
