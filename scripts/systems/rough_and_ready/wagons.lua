--- Wagons in Rough & Ready [rough_and_ready 7.0]: how they move, how they are lost, and a
-- lone wagon shocked. A wagon is a unit of type `wagon` (charts/rough_and_ready/units.ini):
-- no combat unit, no facing, no Morale of its own.
--
-- The digest labels the paragraphs of 7.0 (section 3.1): 7.0a movement, 7.0b loss, 7.0c no
-- fire (and the charge bonus it cancels, charge.lua's), 7.0d the lone wagon, 7.0e the -2 of
-- a unit stacked with one (shock.lua's `WAGON_DRM`, digest A4).
--
-- * **Movement** (7.0a): a wagon moves as artillery does. It is activated like a gun, by any
--   leader whose Command Range reaches it, never in two activations of its side in a row
--   [rough_and_ready 4.28, E6] (activation.lua's `artillery` request offers it), it is In
--   Command as the guns are, it pays the Terrain Effects Chart's artillery column
--   (movement.lua's class `art`) from its own MA, and it never moves next to an enemy
--   combat unit [rough_and_ready 6.25] (`prohibit`). One wagon a hex, with at most one
--   combat unit (stacking.lua).
-- * **Loss** (7.0b): any adverse result captures (eliminates) a wagon; it never retreats.
--   Small-arms fire hits only the top unit [rough_and_ready 6.17], which a wagon never is:
--   it touches the wagon only through its unit. Artillery fire hits the whole hex
--   [rough_and_ready 6.24]: a result that Disorders every unit there (8 and over) captures
--   the wagon; the 5-7 result's Morale check is rolled for the wagon too, against its Morale
--   (0 when the counter has none), and a roll over it captures it (`fired_on`). A wagon whose
--   stacked unit is eliminated, by fire or shock, is captured (`orphaned`, from
--   command.eliminate); one whose unit retreats from a shock is captured (shock.lua).
-- * **No fire** (7.0c): fire.lua never offers a wagon as a firer.
-- * **A lone wagon** (7.0d) may be shocked (shock.targets offers its hex). The attackers roll
--   as in any shock [rough_and_ready 6.37], with the strength comparison for all their units
--   (a wagon counts none, digest A10) and the higher Morale (+1) whatever theirs is. The
--   wagon's strength is 0 and unmodifiable: its result on the Shock Result Table is 0, so it
--   rolls no die and inflicts no Hit (`hits_inflicted`; docs/rulings, 7.0d). Any Hit on it
--   captures it (`shocked`).
-- @module systems.rough_and_ready.wagons

local command = require "systems.rough_and_ready.command"

local M = {}

M.R70 = "[rough_and_ready 7.0]"

--- Whether a unit is a wagon.
function M.is_wagon(game, unit)
  return game:unit_info(unit).type == "wagon"
end

--- The wagon of a side in a hex, or nil (one a hex at most [rough_and_ready 7.0]).
function M.of_side(game, side, hex)
  for _, u in ipairs(game.store:stack(hex)) do
    local info = game:unit_info(u)
    if info.type == "wagon" and info.side == side then return u end
  end
  return nil
end

--- The wagons of a side on the map, in id order (activation.lua offers them with the guns).
function M.on_map(game, side)
  local out = {}
  for _, u in ipairs(game.store:units{ side = side }) do
    if game:unit_info(u).type == "wagon" and command.on_map(game, u) then out[#out + 1] = u end
  end
  return out
end

--- The enemy wagon standing alone (no combat unit of its side with it) in a hex, for a side
-- that would shock it [rough_and_ready 7.0], or nil.
function M.lone(game, side, hex)
  local enemy = game:enemy(side)
  local w = M.of_side(game, enemy, hex)
  if w and game.store:count(hex, { side = enemy, class = "combat" }) == 0 then return w end
  return nil
end

--- Whether a list of defenders is a lone wagon (shock.lua's defenders of a lone-wagon hex).
function M.alone(game, defenders)
  return #defenders == 1 and M.is_wagon(game, defenders[1])
end

--- The strength of a side in shock: its units less its wagons, a wagon's strength being 0
-- [rough_and_ready 7.0] (digest A10: wagons do not count).
function M.strength(game, units)
  local n = 0
  for _, u in ipairs(units) do
    if not M.is_wagon(game, u) then n = n + 1 end
  end
  return n
end

--- Captures (eliminates) a wagon [rough_and_ready 7.0], saying why.
function M.capture(game, wagon, why)
  if command.on_map(game, wagon) then
    command.eliminate(game, wagon, "captured: " .. why .. " " .. M.R70)
  end
end

--- The wagon's modifier on the attacker's shock roll (shock.drm): -2 when the defending
-- unit is stacked with a wagon of its side, none when that unit is cavalry
-- [rough_and_ready 6.38, 7.0] (digest A4: 7.0's -2 rather than 6.38's -1; the constant is
-- shock.lua's `WAGON_DRM`); none against a lone wagon, which is stacked with nothing.
-- @tparam table mods volley.modifiers, added to
function M.drm(game, attackers, defenders, hex, mods, value)
  if M.alone(game, defenders) or #defenders == 0 then return end
  local side = game:unit_info(defenders[1]).side
  if side == game:unit_info(attackers[1]).side or not M.of_side(game, side, hex) then return end
  for _, d in ipairs(defenders) do
    if game:unit_info(d).type == "cavalry" then return end
  end
  mods:add(value, "defender stacked with a wagon", "[rough_and_ready 6.38, 7.0]")
end

--- The lone wagon's modifiers [rough_and_ready 7.0] added to a shock roll's (shock.drm):
-- the attacker automatically has the higher Morale (+1); the wagon rolls no die
-- (`hits_inflicted`). Returns true when `defenders` is a lone wagon (the caller then skips
-- the usual higher Morale comparison).
function M.morale_drm(game, role, defenders, mods)
  if not M.alone(game, defenders) then return false end
  if role == "attacker" then mods:add(1, "higher Morale (a lone wagon)", M.R70) end
  return true
end

--- The Hits a lone wagon inflicts on its attackers [rough_and_ready 7.0]: none. Its strength
-- is 0 and unmodifiable, and a shock's result is the number of Hits the roll inflicts
-- [rough_and_ready 6.37]: 0 on the Shock Result Table ("1 or less") is no Hit, and no modifier
-- may change it, so no die is rolled for it (docs/rulings, 7.0d). The log says so.
-- @treturn integer 0
function M.hits_inflicted(game, wagon, hex)
  game:log(string.format("%s at %s has an unmodifiable strength of 0: it rolls no die and "
    .. "inflicts no Hit %s", wagon, hex, M.R70))
  return 0
end

--- After a lone wagon's shock rolls [rough_and_ready 7.0, 6.37]: the attackers have taken
-- their Hits already. Any Hit on the wagon captures it; with none, who retreats is 6.72's
-- (`shock.loser`, the wagon's Adjusted Morale its Morale), and a wagon that would retreat is
-- captured instead. Returns the loser, "defender" or "attacker".
-- @tparam {string,...} alive the attackers still on the map
function M.shocked(game, wagon, on_wagon, on_attackers, alive)
  if on_wagon > 0 then
    M.capture(game, wagon, on_wagon .. " Hit" .. (on_wagon == 1 and "" or "s") .. " in shock")
    return "defender"
  end
  if #alive == 0 then return "attacker" end
  local loser = require("systems.rough_and_ready.shock").loser(game, on_attackers, 0, alive,
    { wagon })
  if loser == "defender" then M.capture(game, wagon, "it lost the shock; wagons never retreat") end
  return loser
end

--- Captures the wagon of `side` in `hex` when no combat unit of its side is left with it
-- [rough_and_ready 7.0] (its unit retreated or was eliminated: for any procedure that takes
-- a unit out of a wagon's hex by force, e.g. a counter-charge's retreat).
-- @treturn ?string the wagon captured
function M.abandoned(game, side, hex, why)
  local w = M.of_side(game, side, hex)
  if w and game.store:count(hex, { side = side, class = "combat" }) == 0 then
    M.capture(game, w, why)
    return w
  end
  return nil
end

--- After a unit is eliminated in `hex` (command.eliminate): a wagon of its side left there
-- with no combat unit of its side is captured [rough_and_ready 7.0].
function M.orphaned(game, unit, hex)
  local info = game:unit_info(unit)
  if not hex or info.type == "wagon" or not info.classes.combat then return end
  M.abandoned(game, info.side, hex, "the unit stacked with it, " .. unit .. ", was eliminated")
end

--- After an artillery fire's result is applied to a hex (fire.lua) [rough_and_ready 6.24,
-- 7.0]: a wagon there of the side fired at is captured by a result that Disorders every
-- unit (8 and over); on a 5-7 it rolls the Morale check the other units rolled (digest A11),
-- against its counter's Morale, and a roll over it captures it. Small arms never reach it
-- [rough_and_ready 6.17].
-- @tparam table shot fire.lua's shot (`kind`, `firers`, `target`, `result`)
function M.fired_on(game, shot)
  if shot.kind ~= "artillery" then return end
  local w = M.of_side(game, game:enemy(game:unit_info(shot.firers[1]).side), shot.target)
  if not w then return end
  local r = shot.result
  if r.disorder then
    M.capture(game, w, "artillery fire on its hex (" .. tostring(shot.record.result) .. ")")
  elseif r.check then
    local morale = game.store:get(w, "morale") or 0
    local dr = game:roll("d10", w .. " morale check against artillery fire", M.R70)
    game.roll_records[game.dice:count()] = { modifiers = {}, total = dr,
      result = dr > morale and "captured" or "no effect" }
    game:log(string.format("%s rolls %d against Morale %d: %s [rough_and_ready 6.2, 7.0]", w, dr,
      morale, dr > morale and "captured" or "no effect"))
    if dr > morale then M.capture(game, w, "artillery fire on its hex (5-7)") end
  end
end

return M
