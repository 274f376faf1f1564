-- tests/data/mods/det_eliminated_rr.lua -- errors in a hook another mod triggers: raises a table
-- (not a string) whenever a unit is eliminated, in the middle of the system's elimination.
volley.on("unit.eliminated", function(ctx)
  error({ unit = ctx.unit })
end)
