--- The fuzz driver of the prompt's command grammar (tests/fuzz/fuzz_commands.c): each input is
-- a line typed at the prompt, read by `volley.commands.parse` and interpreted with no request
-- pending, with a move pending and with a reaction pending, in a world like the demo's (the
-- fixture of tests/spec/volley/commands_spec.lua). Neither may raise; a refusal is a message
-- (with no control byte, for a line the prompt lets through).
local commands = require "volley.commands"
local check = require "fuzz_check"

local WORLD = {
  units = {
    { id = "A1", side = "A", where = "hex", at = "0103" },
    { id = "A2", side = "A", where = "hex", at = "0105" },
    { id = "A20", side = "A", where = "hex", at = "0105" },
    { id = "B1", side = "B", where = "hex", at = "1203" },
    { id = "Twiggs", side = "A", where = "space", at = "pike/G" },
  },
  hexes = { "0103", "0105", "0203", "0505", "1203" },
  spaces = { "pike/F", "pike/G", "road/H", "trail/H" },
}
local PENDING = {
  false,
  { side = "A", kind = "move", prompt = "move", rule = "[demo 4.2]",
    options = { "A1 0203", "A1 0505", "A2 0203", "done" } },
  { side = "A", kind = "react", prompt = "fire or hold", rule = "[demo 5.1]",
    options = { "fire", "hold" } },
}

return function(line)
  local c, why, bad = commands.parse(line)
  if c == nil then
    check.refusal(why, "parse", line)
    assert(type(bad) == "table" and bad.error == why, "parse: no command table with its error")
  else
    assert(type(c.cmd) == "string", "parse: a command without cmd")
  end
  for _, pending in ipairs(PENDING) do
    local r = commands.interpret(line, pending or nil, WORLD)
    assert(type(r) == "table" and type(r.kind) == "string", "interpret: no kind")
    if r.kind == "refused" then check.refusal(r.why, "interpret", line) end
  end
end
