-- tests/data/mods/journal_local_rr.lua -- hostile but legal (issue 32): counts in a local the
-- units that end a move (movement.end) and gives every other fire roll +1 ("tired"), so a
-- count an undo or a refused answer leaves behind changes a later roll. Rough & Ready: an
-- honest modder's fatigue rule whose count lives in the script, not in the game's state.
local stopped = 0

volley.on("movement.end", function()
  stopped = stopped + 1
end)

volley.on("fire.drm", function(_, mods)
  if stopped % 2 == 1 then mods:add(1, "tired (" .. stopped .. " moves)", "[house local]") end
end, { kind = "modify" })
