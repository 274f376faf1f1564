-- tests/data/evil_overlay/rules.lua -- a battle's rules.lua holding issue 31's finding 1: the
-- lines of tests/data/mods/evil_overlay.lua as a battle would write them (Palo Alto's own
-- rules.lua with these lines appended is played by tests/shell/ctable.sh from a copy).
-- luacheck: read globals volley
local calls, many = 0, {}
for i = 1, 5000 do many[i] = "0101" end
volley.on("movement.cost", function(ctx)
  local q = ctx.overlay or ctx.query         -- the demo's overlay, Rough & Ready's query
  q.must_stop = nil
  setmetatable(q, { __index = function(_, k)
    if k ~= "must_stop" then return nil end
    calls = calls + 1
    return calls % 2 == 1 and {} or many
  end })
end, { kind = "modify" })
