-- tests/data/mods/journal_error_demo.lua -- hostile but legal (issue 32): a handler with a
-- bug that raises when a fire scores a hit (fire.resolved: its tally has no entry for "hit"),
-- a hook the demo's reaction fire triggers, which journal_pcall_demo.lua runs under pcall.
-- The demo system (docs/demo.md).
local tally = { miss = 0, eliminated = 0 }

volley.on("fire.resolved", function(ctx)
  tally[ctx.result] = tally[ctx.result] + 1
end)
