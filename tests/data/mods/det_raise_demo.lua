-- tests/data/mods/det_raise_demo.lua -- fails in a hook another mod's handler triggers: every
-- unit's move raises at movement.enter, inside the step det_pcall_default.lua runs under pcall.
volley.on("movement.enter", function(ctx)
  error("no move for " .. ctx.unit)
end)
