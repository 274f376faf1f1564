--- Cavalry charges in Rough & Ready [rough_and_ready 6.13, 6.41-6.47]: which moves make a
-- charge, the charge and Lancer modifiers of the attacker's shock roll, and the battle's
-- charge terrain (terrain flags `no-charge`, `charge-into`, e.g. [rough_and_ready PA 6.42]).
--
-- A charge is declared before the unit moves (`charge <unit>` in the move request, see
-- docs/rough_and_ready.md "Charges"); a declared unit whose move qualifies is Charging for
-- the rest of the activation (`game.vars.charging`, activation order).
-- @module systems.rough_and_ready.charge

local hits = require "systems.rough_and_ready.hits"

local M = {}

M.R613 = "[rough_and_ready 6.13]"
M.R641 = "[rough_and_ready 6.41]"
M.R642 = "[rough_and_ready 6.42]"
M.R643 = "[rough_and_ready 6.43]"
M.R646 = "[rough_and_ready 6.46]"

--- The attacker's charge modifier [rough_and_ready 6.41].
M.DRM = 2
--- A charging Lancer's modifier, on top of the charge's [rough_and_ready 6.13].
M.LANCER_DRM = 1

local function contains(list, x)
  for _, v in ipairs(list or {}) do
    if v == x then return true end
  end
  return false
end

--- Whether a unit is Charging this activation.
function M.charging(game, unit)
  return contains(game.vars.charging, unit)
end

--- Whether a unit was declared to charge this activation [rough_and_ready 6.43].
function M.declared(game, unit)
  return contains(game.vars.charge_declared, unit)
end

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

--- Whether a move makes its unit Charging [rough_and_ready 6.41, 6.42]: mounted cavalry,
-- at least two hexes entered, none costing more than 1 MP, none a hex a charge may not pass
-- through (`no-charge`, or `charge-into`: a charge may end there, not cross it). The hexes
-- of the move are all passed through: the charge ends when the unit enters the target in
-- the shock step.
-- @tparam table r the move (movement.check: `path`, `steps` with each step's `cost`)
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why
function M.qualifies(game, unit, r)
  if game.store:unit(unit).type ~= "cavalry" then
    return false, unit .. " is not mounted cavalry " .. M.R641
  end
  if #r.path < 2 then
    return false, unit .. " moved " .. #r.path .. " hex: a charge needs 2 or more " .. M.R641
  end
  for i, h in ipairs(r.path) do
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
  return true
end

--- Records a declared unit's move: Charging when it qualifies, else logged as a plain move.
function M.record(game, unit, r)
  if not M.declared(game, unit) then return end
  local ok, why = M.qualifies(game, unit, r)
  if ok then
    local list = game.vars.charging or {}
    list[#list + 1] = unit
    game.vars.charging = list
    game:log(unit .. " is Charging " .. M.R641)
  else
    game:log(why .. ": it may still shock, without the charge bonus")
  end
end

--- Adds the attacker's charge modifiers to `mods` [rough_and_ready 6.41, 6.13]: +2 when any
-- attacker is Charging and the target hex may be charged into; +1 more when one of the
-- Charging attackers is a Lancer.
function M.drm(game, attackers, hex, mods)
  local any, lancer = false, false
  for _, a in ipairs(attackers) do
    if M.charging(game, a) then
      any = true
      if game.store:get(a, "lancer") then lancer = true end
    end
  end
  if not any or not M.into_ok(game, hex) then return end
  mods:add(M.DRM, "cavalry charge", M.R641)
  if lancer then mods:add(M.LANCER_DRM, "charging Lancer", M.R613) end
end

--- Clears the activation's charge state.
function M.reset(game)
  game.vars.charging = nil
  game.vars.charge_declared = nil
end

return M
