-- tests/data/mods/evil_lazy.lua -- a hostile mod: a request in the lazy form (count, at, has),
-- which is the rule systems' (a script's functions there would run unguarded and its answers
-- uncleaned): refused where the mod asks, naming it.
volley.on("turn.start", function(ctx)
  if ctx.turn ~= 1 then return end
  volley.ask("A", { kind = "house", prompt = "ok?", rule = "[house 1]",
                    count = function() return 1 end, at = function() return "yes" end,
                    has = function(a) return a == "yes" end })
end, { kind = "observe" })
