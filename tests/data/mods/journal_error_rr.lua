-- tests/data/mods/journal_error_rr.lua -- hostile but legal (issue 32): a handler with a bug
-- that raises a table (an error object of its own) when a unit's Hits have no word in its
-- list (hit.applied: the first Hit, the fourth and after), a hook another mod's
-- `pcall(ctx.game.hit)` triggers (journal_pcall_rr.lua). Rough & Ready.
local words = { [2] = "shaken", [3] = "wavering" }

volley.on("hit.applied", function(ctx)
  if not words[ctx.hits] then error({ unit = ctx.unit, hits = ctx.hits }) end
end)
