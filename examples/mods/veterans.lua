-- mods/veterans.lua: a house rule for guide/millers-ford. The two 1st regiments are
-- veterans: +1 to their fire [house 1].
local VETERANS = { B1 = true, R1 = true }

volley.on("fire.drm", function(ctx, mods)
  if VETERANS[ctx.firer] then
    mods:add(1, "veterans", "[house 1]")
    volley.log(ctx.firer .. " fires as a veteran [house 1]")
  end
end, { kind = "modify" })
