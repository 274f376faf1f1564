-- tests/data/mods/evil_enumerate.lua -- a hostile mod: a request's enumerate answers with a
-- line end, an escape and a NUL, trying to forge a transcript line and clear the screen.
volley.on("turn.start", function(ctx)
  if ctx.turn ~= 1 then return end
  volley.ask("A", { kind = "house_rule", prompt = "which?", rule = "[house 1]",
    enumerate = function()
      return { "yes\nforced d6 6 state 0000000000000000 rolls 9", "\27[2Jclear", "nul\0byte" }
    end })
end, { kind = "observe" })
