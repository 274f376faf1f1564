-- tests/data/mods/evil_overlay_why.lua -- a hostile mod: the query's max_step_why comes from
-- __index, a string no table holds, freed before C formats a refusal with it (#31 2).
local n = 0
volley.on("movement.cost", function(ctx)
  local q = ctx.overlay or ctx.query
  q.max_step = 1
  setmetatable(q, { __index = function(_, k)
    n = n + 1
    if k == "max_step_why" then return ("in a square, " .. n):rep(8) end
    local junk = {}
    for i = 1, 2000 do junk[i] = { i } end   -- garbage, so the collector runs before C reads on
    return junk[0]
  end })
end, { kind = "modify" })
