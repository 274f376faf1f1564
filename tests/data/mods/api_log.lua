-- tests/data/mods/api_log.lua -- logs a line at each turn.start and activation.start, registering
-- only the points the game's system has (the demo has turns, Rough & Ready activations): one mod,
-- unchanged, for both (docs/modding.md "One mod for several systems").
-- luacheck: read globals volley
for _, point in ipairs({ "turn.start", "activation.start" }) do
  if volley.has_point(point) then
    volley.on(point, function(ctx)
      local now = ctx.game.now()
      if now.turn then
        volley.log(string.format("[api_log] %s: turn %d", point, now.turn))
      else
        volley.log(string.format("[api_log] %s: activation %d by %s", point, now.activation,
          now.side))
      end
    end)
  end
end
