-- tests/data/mods/world_global.lua -- a hostile-but-legal mod (demo and Rough & Ready): keeps a
-- global of its environment counting hexes entered, movement costs and fire rolls, lets it
-- decide a +1 on every fire roll and, under Rough & Ready, keeps it in the state after each
-- move, so a global that outlived an undo, a refused answer, a rollback or a query would give
-- a game its replay does not (docs/runtime.md "Disposable script worlds").
-- luacheck: globals seen
seen = 0
volley.on("movement.enter", function() seen = seen + 1 end)
volley.on("movement.cost", function() seen = seen + 1 end, { kind = "modify" })
volley.on("fire.drm", function(_, mods)
  seen = seen + 1
  mods:add(seen % 2, "seen " .. seen, "[house global]")
end, { kind = "modify" })
-- movement.end is Rough & Ready's (the demo has no such point: refused, and let be)
pcall(volley.on, "movement.end", function(ctx) ctx.game.set_flag("seen", seen) end)
