-- tests/data/mods/journal_pairs_rr.lua -- hostile but legal (issue 32): walks tables with
-- `pairs` and `next` and rolls (ctx.game.roll) or decides per key, keeping what it found in
-- the game (ctx.game.set_flag), so the state depends on the order `pairs` gives (another
-- process or VM, another order). Rough & Ready: hazards rolled after each fire, and a watch
-- post (any one) that reports each unit that stops.
local hazards = { smoke = 1, dust = 2, sun = 3, wind = 4, rain = 5 }
local posts = { north = true, south = true, east = true, west = true, centre = true }

volley.on("fire.resolved", function(ctx)
  for name in pairs(hazards) do
    if ctx.game.roll("hazard " .. name, "[house pairs]") <= 1 then
      ctx.game.set_flag("hazard", name)
    end
  end
end)

volley.on("movement.end", function(ctx)
  ctx.game.set_flag("reported_by", (next(posts)))   -- any post will do: the first one found
end)
