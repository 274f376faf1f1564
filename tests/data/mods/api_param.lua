-- tests/data/mods/api_param.lua -- logs the game's parameters at the first turn.start:
-- ctx.game.param gives the scenario's [params] value, the system's default, or nil.
-- luacheck: read globals volley
volley.on("turn.start", function(ctx)
  if ctx.turn ~= 1 then return end
  local g = ctx.game
  volley.log("params: turns " .. tostring(g.param("turns")) .. ", stack_limit "
    .. tostring(g.param("stack_limit")) .. ", nope " .. tostring(g.param("nope")))
end)
