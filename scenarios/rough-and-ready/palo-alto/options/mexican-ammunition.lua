--- Palo Alto option `mexican-ammunition` [rough_and_ready PA-Opt1] (the rulebook's "Mexican
-- Ammunition Problems"): each Mexican gun counts its shots (Ammo Usage: the `ammo` marker,
-- the rulebook's Hit markers under the gun); before each shot the gun rolls a d10 and adds its
-- Usage, and 15 or more puts it out of ammunition for the rest of the battle (the
-- `out_of_ammo` marker, which the system's fire refuses). Every fire counts: activated,
-- return and movement reaction fire.
--
-- Decided here: a gun whose Usage is 5 or less cannot reach 15 with a d10 (0-9), so no die
-- is rolled for it (the outcome is the same); a gun that runs out is taken out of the fire
-- (guns combining with it fire without it) and has still used its fire.
-- luacheck: read globals volley
local RULE = "[rough_and_ready PA-Opt1]"
local LIMIT = 15

volley.on("fire.declared", function(ctx)
  if ctx.kind ~= "artillery" then return end
  local g = ctx.game
  local kept = {}
  for _, gun in ipairs(ctx.firers) do
    if g.side(gun) ~= "MEX" then
      kept[#kept + 1] = gun
    else
      local usage = g.marker(gun, "ammo")
      local out = false
      if usage + 9 >= LIMIT then
        local dr = g.roll(gun .. " ammunition check (Ammo Usage " .. usage .. ")", RULE)
        out = dr + usage >= LIMIT
        g.log(string.format("%s ammunition check: d10 %d + Ammo Usage %d = %d: %s %s", gun, dr,
          usage, dr + usage, out and "out of ammunition for the rest of the battle" or "fires",
          RULE))
      end
      if out then
        g.set_marker(gun, "out_of_ammo", 1)
        ctx.why = gun .. " is out of ammunition " .. RULE
      else
        g.set_marker(gun, "ammo", usage + 1)
        kept[#kept + 1] = gun
      end
    end
  end
  ctx.firers = kept
end, { kind = "modify" })
