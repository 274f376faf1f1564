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
-- [spi_gbacw JC 29.0, JC 33.0], the ammunition depletion thresholds of the second roll by side
-- and weapon (the highest die that depletes: 2 reads "1-2") [spi_gbacw JC 29.41, JC 29.42,
-- JC 33.51, JC 33.52], and Cross Keys' release of the reserve brigades [spi_gbacw JC 33.3,
-- JC 33.7].
M.params = {
  { name = "first_turn", min = 1, max = 25, default = 1, rule = "[spi_gbacw JC 20.5]",
    help = "the scenario's first Game-Turn on the Game-Turn Record Track" },
  { name = "turns", min = 1, max = 25, default = 25, rule = "[spi_gbacw JC 20.5]",
    help = "the scenario's last Game-Turn" },
  { name = "usa_small_arms_depletion", min = 0, max = 6, default = 1, rule = "[spi_gbacw 11.21]",
    help = "the Union's small arms deplete on a second roll up to this" },
  { name = "usa_artillery_depletion", min = 0, max = 6, default = 2, rule = "[spi_gbacw JC 21.3]",
    help = "the Union's artillery depletes on a second roll up to this" },
  { name = "csa_small_arms_depletion", min = 0, max = 6, default = 1, rule = "[spi_gbacw 11.21]",
    help = "the Confederates' small arms deplete on a second roll up to this" },
  { name = "csa_artillery_depletion", min = 0, max = 6, default = 2, rule = "[spi_gbacw JC 21.3]",
    help = "the Confederates' artillery depletes on a second roll up to this" },
  { name = "taylor_release", min = 0, max = 25, default = 0, rule = "[spi_gbacw JC 33.3]",
    help = "the Game-Turn Taylor's reserve brigade is released (0: none held)" },
  { name = "patton_release", min = 0, max = 25, default = 0, rule = "[spi_gbacw JC 33.3]",
    help = "the Game-Turn Patton's reserve brigade is released (0: none held)" },
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
