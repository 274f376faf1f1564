-- tests/data/mods/journal_global_demo.lua -- hostile but legal (issue 32): counts in a global
-- how often a unit's movement costs are asked (movement.cost: each listing of the legal moves,
-- and `reach`) and lets the count decide a fire modifier, so a query changes a later roll.
-- The demo system (docs/demo.md): "fog of war", thickening at every third costing.
-- luacheck: globals costed
costed = 0

volley.on("movement.cost", function()
  costed = costed + 1
end, { kind = "modify" })

volley.on("fire.drm", function(_, mods)
  if costed % 3 == 0 then mods:add(-1, "fog", "[house global]") end
end, { kind = "modify" })
