--- The movement step of an impulse until the movement [battle_of_buena_vista 7.1a] is
-- written (issue 44's other half, movement.lua): it asks nothing and moves nothing.
-- init.lua uses it only while movement.lua is absent.
-- @module systems.battle_of_buena_vista.movement_stub

local M = {}

--- No rule options of its own.
M.params = {}

--- No hook points of its own.
M.points = {}

--- The movement of `side`'s impulse: none yet.
function M.impulse(_, _) end

return M
