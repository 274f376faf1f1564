-- tests/data/mods/journal_tostring_demo.lua -- hostile but legal (issue 32): formats a number
-- with `tostring` (turn * 3 / 2: "3.0" on Lua 5.4, "3" on LuaJIT) and offers the text as an
-- answer, which the save records, so a Lua 5.4 save may not replay on LuaJIT. The demo system
-- (docs/demo.md) has no state a script writes; a mod's request's answer is stored, in the
-- journal (docs/modding.md `volley.ask`).
volley.on("turn.start", function(ctx)
  local pace = tostring(ctx.turn * 3 / 2)
  volley.ask("A", { kind = "pace", prompt = "the pace of turn " .. ctx.turn,
                    rule = "[house tostring]", options = { pace, "steady" }, default = "steady" })
end)
