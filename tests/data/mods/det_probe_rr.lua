-- tests/data/mods/det_probe_rr.lua -- pcalls an engine call: after each fire, hits the firer
-- through ctx.game.hit under pcall until it is eliminated, logging what it caught (another mod's
-- unit.eliminated error must not be swallowed).
volley.on("fire.resolved", function(ctx)
  local u = ctx.firers[1]
  for _ = 1, 8 do
    local ok, gone = pcall(ctx.game.hit, u, "probe")
    if not ok then
      ctx.game.log("probe caught " .. tostring(gone))
      return
    end
    if gone then return end
  end
end)
