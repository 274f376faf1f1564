--- Battle of Buena Vista's part of the script API (docs/modding.md "The script API",
-- volley.script_api): the die a script rolls (a d6 [battle_of_buena_vista 2.1a]; the random
-- events' two dice besides [battle_of_buena_vista 4.2a]), the turn under way, the markers the
-- system keeps.
-- @module systems.battle_of_buena_vista.script_api

local M = {}

M.die = "d6"
M.dice = { "d6", "2d6" }

--- The markers the system keeps: a script reads them, never sets them.
M.system_markers = { active = true, moving = true, engaged = true, moved = true,
                     flipped = true }

--- The turn under way: `turn` (0 before turn 1), `impulse` (1-3), `side` (the side whose
-- impulse it is, or nil), `step` (the sequence's step: "turn 2/impulse 1/US/movement").
function M.now(game)
  return { turn = game.vars.turn or 0, impulse = game.vars.impulse, side = game.vars.side,
           step = game.store:cursor().path or "" }
end

return M
