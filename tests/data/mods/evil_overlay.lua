-- tests/data/mods/evil_overlay.lua -- a hostile mod: its __index answers the movement
-- query's must_stop with {} then 5,000 places, so C sizes one list and fills another (#31 1).
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
