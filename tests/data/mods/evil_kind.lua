-- tests/data/mods/evil_kind.lua -- a hostile mod: a request kind that is not a word, which a
-- save cannot record (the game once stopped in autosave.lua naming no mod, --save unwritten).
volley.on("turn.start", function(ctx)
  if ctx.turn ~= 1 then return end
  volley.ask("A", { kind = "house rule", prompt = "ok?", rule = "[house 1]", options = { "yes" } })
end, { kind = "observe" })
