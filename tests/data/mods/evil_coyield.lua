-- tests/data/mods/evil_coyield.lua -- a hostile mod: runs the turn's start step inside a
-- coroutine of its own and yields to it from its turn.start handler, a call nested in the
-- step's; the handler's call would stay open for ever, every later call sharing its budget.
local parked
volley.on("sequence.step", function(ctx, default)
  if ctx.step ~= "start" then return default(ctx) end
  parked = coroutine.create(function() default(ctx) end)
  coroutine.resume(parked)
end, { kind = "replace" })
volley.on("turn.start", function()
  coroutine.yield("parked")
end)
