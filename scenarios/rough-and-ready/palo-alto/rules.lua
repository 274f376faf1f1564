--- Palo Alto's special rules (scenarios/rough-and-ready/palo-alto/rules.lua).
--
-- Written: [rough_and_ready PA 3.0] Canales and his Rancheros activate by die roll only,
-- never by a free activation (issue #21, below). The others arrive with the Rough & Ready
-- system issues; until then nothing here pretends to play them:
--
-- * [rough_and_ready PA 5.16] only infantry and leaders enter chaparral: played by the
--   system's movement (#22) from its chart, where chaparral is NA to cavalry (errata E11)
--   and artillery, trail or not, so nothing of it is written here; the Hit roll of infantry
--   that entered chaparral comes with the Hits (#23); [rough_and_ready PA 5.18] one
--   elevation: the map has no [elevation] section, so no step pays for climbing;
-- * [rough_and_ready PA 6.17] light woods and chaparral block line of sight, fired into but
--   not through (the terrain's blocks-los flag, already in the charts), and combat units
--   block: issue #23;
-- * [rough_and_ready PA 6.25] Ringgold's battery (C, 3US) may move and fire in one
--   activation, -1 when it moves first, half its MA when it fires first: issue #23;
-- * [rough_and_ready PA 6.42] no charge into or through chaparral, woods or marsh; into but
--   not through tall grass (the terrain's no-charge and charge-into flags): issue #24;
-- * [rough_and_ready PA 8.0] the Battle Lost schedules and Withdrawal Levels are read from
--   scenario.ini's [victory] by the system (scripts/systems/rough_and_ready/victory.lua).
--
-- The options (grass-fire, mexican-ammunition, balance) are the files of options/.

-- [rough_and_ready PA 3.0] Canales' command activates only by die roll: it is taken out of
-- the candidates of the free activation after the opponent's failed roll and of the
-- activation after the opponent's pass, both made without a roll.
-- luacheck: read globals volley
volley.on("activation.select", function(ctx)
  if ctx.mode == "free" or ctx.mode == "after_pass" then
    local kept = {}
    for _, c in ipairs(ctx.options) do
      if c == "canales" then
        ctx.reasons[c] = "Canales activates only by die roll [rough_and_ready PA 3.0]"
      else
        kept[#kept + 1] = c
      end
    end
    ctx.options = kept
  end
end, { kind = "modify" })
