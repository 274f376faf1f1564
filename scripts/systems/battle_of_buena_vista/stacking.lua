--- Stacking in Battle of Buena Vista [battle_of_buena_vista 7.3]: two infantry and/or cavalry
-- units, or one double-size counter, a hex; artillery, leaders, supply trains and parapets
-- do not count. The limit holds at every moment, so a mover may not even pass through a hex
-- it would overfill (movement prohibits such hexes). A double-size counter fills each of its
-- two hexes (digest 7.10). The runtime's set-up asks `legal` for each placement
-- (docs/runtime.md "Rule systems"); movement asks it for each hex a mover could enter.
-- @module systems.battle_of_buena_vista.stacking

local M = {}

M.R73 = "[battle_of_buena_vista 7.3]"

--- What a unit counts for stacking: `"double"` (a double-size counter), 1 (infantry or
-- cavalry) or 0 (artillery, leaders, supply trains).
function M.weight(game, unit)
  local info = game.store:unit(unit)
  if info.kind == "leader" then return 0 end
  if info.type == "brigade" then return "double" end
  if info.type == "infantry" or info.type == "cavalry" then return 1 end
  return 0
end

--- Whether a hex holds units of another side than `side` (any kind).
function M.enemy_in(game, side, hex)
  for _, o in ipairs(game.store:stack(hex)) do
    if game.store:unit(o).side ~= side then return true end
  end
  return false
end

--- Whether `unit` may stand in `hex` with the units there now (itself left out): never with
-- an enemy combat unit (a hex is entered by shock only [battle_of_buena_vista 8.2.1]; an enemy
-- leader alone or a supply train alone does not stop it [battle_of_buena_vista 7.4c, 8.6a]),
-- and within the limits of [battle_of_buena_vista 7.3].
-- @treturn boolean
-- @treturn ?string why, with the case
function M.legal(game, unit, hex)
  local me = game.store:unit(unit)
  for _, o in ipairs(game.store:stack(hex)) do
    local info = game.store:unit(o)
    if info.side ~= me.side and info.kind ~= "leader" and info.classes.combat then
      return false, hex .. " holds the enemy unit " .. o .. " (entered by shock only) "
        .. "[battle_of_buena_vista 8.2.1]"
    end
  end
  local w = M.weight(game, unit)
  if w == 0 then return true end
  local count, double = 0, nil
  for _, o in ipairs(game.store:stack(hex)) do
    if o ~= unit and game.store:unit(o).side == me.side then
      local ow = M.weight(game, o)
      if ow == "double" then double = o elseif ow == 1 then count = count + 1 end
    end
  end
  if double then
    return false, hex .. " holds the double-size counter " .. double .. ", which fills it "
      .. M.R73
  end
  if w == "double" and count > 0 then
    return false, "a double-size counter fills a hex alone: " .. hex .. " holds " .. count
      .. " infantry or cavalry " .. M.R73
  end
  if w == 1 and count >= 2 then
    return false, hex .. " holds two infantry or cavalry units already " .. M.R73
  end
  return true
end

return M
