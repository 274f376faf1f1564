-- tests/data/mods/evil_long_kind.lua -- a hostile mod: a request kind of 300 letters, longer
-- than a save's word (the save once was written and could not be read back).
volley.on("turn.start", function(ctx)
  if ctx.turn ~= 1 then return end
  volley.ask("A", { kind = string.rep("k", 300), prompt = "ok?", rule = "[house 1]",
                    options = { "yes" } })
end, { kind = "observe" })
