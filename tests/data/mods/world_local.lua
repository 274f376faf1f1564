-- tests/data/mods/world_local.lua -- a hostile-but-legal mod (demo and Rough & Ready): counts in
-- a local how often movement costs are asked, lets the count decide a +1 on every fire roll and,
-- under Rough & Ready, keeps it in the state after each move, so a count that outlived an undo,
-- a refused answer, a rollback or a query would give a game its replay does not
-- (docs/runtime.md "Disposable script worlds").
local n = 0
volley.on("movement.cost", function() n = n + 1 end, { kind = "modify" })
volley.on("fire.drm", function(_, mods)
  mods:add(n % 2, "asked " .. n .. " times", "[house count]")
end, { kind = "modify" })
-- movement.end is Rough & Ready's (the demo has no such point: refused, and let be)
pcall(volley.on, "movement.end", function(ctx) ctx.game.set_flag("asked", n) end)
