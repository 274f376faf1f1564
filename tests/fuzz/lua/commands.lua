--- The fuzz driver of the prompt's command grammar (tests/fuzz/fuzz_commands.c): each input is
-- a line typed at the prompt, read by `volley.commands.parse` and interpreted with no request
-- pending, with a move pending and with a reaction pending, in a world like the demo's (the
-- fixture of tests/spec/volley/commands_spec.lua). Neither may raise; a refusal is a message
-- (with no control byte, for a line the prompt lets through); the world and the requests are
-- as they were.
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

-- A text of a table's contents, keys sorted: equal texts, the same contents.
local function picture(v)
  if type(v) ~= "table" then return type(v) .. ":" .. tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local out = {}
  for _, k in ipairs(keys) do out[#out + 1] = tostring(k) .. "=" .. picture(v[k]) end
  return "{" .. table.concat(out, ",") .. "}"
end
-- (interpret may add its memo of the names, `hex_set`, to the world: the rest is compared)
local function state() return picture({ WORLD.units, WORLD.hexes, WORLD.spaces, PENDING }) end
local BEFORE = state()

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
  assert(state() == BEFORE, "interpret changed the world or the request")
end
