-- tests/data/mods/det_pcall_default.lua -- a replace handler of every step that runs the step's own
-- procedure under pcall and goes on whatever happened: another mod's failure inside it must still
-- fail the step.
volley.on("sequence.step", function(ctx, default)
  local ok = pcall(default, ctx)
  return ok
end, { kind = "replace" })
