-- tests/data/mods/journal_local_demo.lua -- hostile but legal (issue 32): counts the moves in
-- a local and gives every other fire roll +1 ("tired"), so a count an undo or a refused answer
-- leaves behind changes a later roll. The demo system (docs/demo.md): an honest modder's
-- fatigue rule whose count lives in the script, not in the game's state.
local moves = 0

volley.on("movement.stop", function()        -- once a move (movement.enter: once a hex)
  moves = moves + 1
end)

volley.on("fire.drm", function(_, mods)
  if moves % 2 == 1 then mods:add(1, "tired (" .. moves .. " moves)", "[house local]") end
end, { kind = "modify" })
