-- tests/data/mods/evil_overlay_lists.lua -- a hostile mod: metatables inside the movement
-- query: a weak list of marks, a list whose __len and __index lie, a mark whose why is __index's.
volley.on("movement.cost", function(ctx)
  local q = ctx.overlay or ctx.query
  q.prohibited = setmetatable({ { at = "0101" } }, { __mode = "v" })
  q.extra = setmetatable({}, { __len = function() return 2 ^ 31 end,
                               __index = function() return { at = "0101", cost = 1 } end })
  q.must_stop = { setmetatable({ at = "0101" }, { __index = function() return ("x"):rep(64) end }) }
end, { kind = "modify" })
