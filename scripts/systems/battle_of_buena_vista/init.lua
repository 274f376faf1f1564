--- Battle of Buena Vista: the system's table before its rules. The data are in place (the
-- charts in charts/battle_of_buena_vista/, the battle in
-- scenarios/battle-of-buena-vista/buena-vista/), so a scenario of this system opens, checks
-- and draws (`volley check`, `volley render`); the sequence of play, activation, movement,
-- combat and the Saltillo Track are the issues that follow (Battle of Buena Vista II-V), and
-- until they replace this file a game of it stops at once, saying so.
-- @module systems.battle_of_buena_vista

local M = {}

M.id = "battle_of_buena_vista"
M.title = "Battle of Buena Vista (the data only: its rules are not written yet)"

--- No hook points yet: the rules declare them.
M.points = {}

--- The sequence of play: none yet.
-- @raise always, naming what is missing
function M.sequence()
  error("battle_of_buena_vista has no rules yet: its scenarios open, check and draw, "
    .. "but cannot be played (scripts/systems/battle_of_buena_vista/init.lua)", 0)
end

return M
