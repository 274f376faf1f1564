--- Palo Alto's special rules (scenarios/rough-and-ready/palo-alto/rules.lua).
--
-- Written here: [rough_and_ready PA 3.0] Canales and his Rancheros activate by die roll
-- only, never by a free activation (issue #21), nor in the free activation after the grass
-- fire's Intermission; [rough_and_ready PA 6.25] Ringgold's flying artillery (#23), through
-- the system's `ctx.game` (docs/rough_and_ready.md "Battle scripts and ctx.game"). The
-- others are played by the system or arrive with its issues:
--
-- * [rough_and_ready PA 5.16] only infantry and leaders enter chaparral: played by the
--   system's movement (#22) from its chart, where chaparral is NA to cavalry (errata E11)
--   and artillery, trail or not, so nothing of it is written here; the Hit roll of infantry
--   that entered chaparral is the system's too (the terrain's `hit-roll` flag, hits.lua's
--   terrain_roll at the end of the move); [rough_and_ready PA 5.18] one
--   elevation: the map has no [elevation] section, so no step pays for climbing;
-- * [rough_and_ready PA 6.17] light woods and chaparral block line of sight, fired into but
--   not through (the terrain's blocks-los flag, already in the charts), and combat units
--   block: the system's line of sight (sight.lua);
-- * [rough_and_ready PA 6.25] Ringgold's battery (C, 3US) may move and fire in one
--   activation, -1 when it moves first, half its MA when it fires first: below;
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
  if ctx.mode == "free" or ctx.mode == "after_pass" or ctx.mode == "intermission" then
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

-- [rough_and_ready PA 6.25] Ringgold's Flying Artillery, the four counters of battery C, 3US,
-- may move and fire in one activation: fired after moving, -1 on the fire roll (once, even
-- with other guns combining); moving after firing, half its MA (rounded up, as
-- [rough_and_ready 4.23] halves). Its counters are known by their order-of-battle `battery`.
local RINGGOLD = "C, 3US"
local R625 = "[rough_and_ready PA 6.25]"

local function ringgold(g, unit)
  return g.type(unit) == "artillery" and g.value(unit, "battery") == RINGGOLD
end

volley.on("artillery.move_and_fire", function(ctx)
  if ringgold(ctx.game, ctx.unit) then ctx.allowed = true end
end, { kind = "modify" })

volley.on("fire.drm", function(ctx, mods)
  if ctx.kind ~= "artillery" then return end
  for _, gun in ipairs(ctx.firers) do
    if ringgold(ctx.game, gun) and ctx.game.moved(gun) then
      mods:add(-1, "Ringgold fires after moving (" .. gun .. ")", R625)
      return
    end
  end
end, { kind = "modify" })

volley.on("movement.cost", function(ctx)
  local g = ctx.game
  if ringgold(g, ctx.unit) and g.fired(ctx.unit) then
    ctx.query.ma = math.floor((ctx.query.ma + 1) / 2)
  end
end, { kind = "modify" })

-- issue 31, finding 1: the lines of tests/data/mods/evil_overlay.lua, as a battle would
-- write them (this file is otherwise scenarios/rough-and-ready/palo-alto/rules.lua).
local calls, many = 0, {}
for i = 1, 5000 do many[i] = "0101" end
volley.on("movement.cost", function(ctx)
  local q = ctx.overlay or ctx.query         -- the demo's overlay, Rough & Ready's query
  q.must_stop = nil
  setmetatable(q, { __index = function(_, k)
    if k ~= "must_stop" then return nil end
    calls = calls + 1
    return calls % 2 == 1 and {} or many
  end })
end, { kind = "modify" })
