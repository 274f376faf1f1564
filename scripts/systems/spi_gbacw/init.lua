--- SPI's Great Battles of the American Civil War (Jackson at the Crossroads): the system's
-- table before its rules. The data are in place (the charts in charts/spi_gbacw/, the battles
-- in scenarios/jackson-at-the-crossroads/), so a scenario of this system opens, checks, draws
-- and plays its opening (`volley check`, `list`, `render`, `play`); the sequence of play,
-- command, movement, fire, melee, morale and the battles' exclusive rules are the issues
-- that follow (SPI GBACW II-VII), and until they replace this file a game opens and ends at
-- once, saying so. Cases are cited [spi_gbacw 9.73], [spi_gbacw JC 30.42],
-- [spi_gbacw ADD 11.23] (scripts/systems/spi_gbacw/rules.ini).
-- @module systems.spi_gbacw

local M = {}

M.id = "spi_gbacw"
M.title = "SPI Great Battles of the American Civil War (the data only: no rules yet)"

--- The scenario parameters the battles give (game.params): the first and last Game-Turn
-- [spi_gbacw JC 29.0, JC 33.0].
M.params = {
  { name = "first_turn", min = 1, max = 25, default = 1, rule = "[spi_gbacw JC 20.5]",
    help = "the scenario's first Game-Turn on the Game-Turn Record Track" },
  { name = "turns", min = 1, max = 25, default = 25, rule = "[spi_gbacw JC 20.5]",
    help = "the scenario's last Game-Turn" },
}

--- No hook points yet: the rules declare them (SPI GBACW II).
M.points = {}

--- The sequence of play: the game opens, then ends at once (no rule is written yet).
function M.sequence(_)
  local runner = require "volley.runner"
  return runner.step("open", function(game)
    game:log("spi_gbacw has no rules yet: the battle opens and ends "
      .. "(scripts/systems/spi_gbacw/init.lua)")
  end)
end

return M
