--- Palo Alto option `grass-fire` [rough_and_ready PA-Opt2] (the rulebook's "Grass Fire",
-- with the errata: once a game [rough_and_ready E9], and units may move away from the fire
-- in the Intermission).
--
-- A US gun's artillery fire at 4 hexes or more whose natural roll is 9 calls for a second
-- d10: 5-9 starts the fire, and play stops for the Intermission (the system's
-- intermission.lua: both roll, the high die moves first, every unit up to its full MA but
-- never within 4 hexes of an enemy, then the other side; the first mover then takes a free
-- activation). Once a fire has started, no natural 9 calls for a check again.
-- luacheck: read globals volley
local RULE = "[rough_and_ready PA-Opt2]"

volley.on("fire.resolved", function(ctx)
  if ctx.kind ~= "artillery" or ctx.natural ~= 9 or ctx.range < 4 then return end
  local g = ctx.game
  if g.side(ctx.firers[1]) ~= "US" then return end
  if g.flag("grass_fire") then
    g.log("natural 9 at range " .. ctx.range .. ": the grass has burnt already, no check "
      .. "[rough_and_ready E9]")
    return
  end
  local dr = g.roll("grass fire check", RULE)
  if dr >= 5 then
    g.set_flag("grass_fire", true)
    g.log("natural 9 at range " .. ctx.range .. ", grass fire check d10 " .. dr
      .. ": the grass is on fire, play stops for an Intermission " .. RULE)
    g.intermission("grass fire " .. RULE)
  else
    g.log("natural 9 at range " .. ctx.range .. ", grass fire check d10 " .. dr
      .. ": no fire " .. RULE)
  end
end)
