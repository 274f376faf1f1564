--- Rough & Ready (Decision Games, S&T): the opening battles of the Mexican-American War --
-- Palo Alto, Resaca de la Palma, Rio Sacramento. No turns: a chain of activations by die
-- roll against the leaders' ratings [rough_and_ready 3.0], a victory roll after every
-- activation [rough_and_ready 8.0]. docs/rough_and_ready.md describes the sequence,
-- the requests, the hook points and the decisions taken where the rules are silent.
--
-- Files: `activation.lua` (the chain, [rough_and_ready 3.11-3.23, 4.1, 4.25-4.28]),
-- `command.lua` (command range and its effects, [rough_and_ready 4.21-4.27]),
-- `movement.lua` (the activated units' moves, [rough_and_ready 5.11-5.15]), `stacking.lua`
-- ([rough_and_ready 5.21-5.28]), `facing.lua` ([rough_and_ready 5.31-5.34]), `victory.lua`
-- ([rough_and_ready 8.0]), `points.lua` (the hook catalogue); the actions step's
-- `actions.lua` with fire (`fire.lua`, `artillery.lua`, `sight.lua`), `hits.lua` and
-- `rally.lua` ([rough_and_ready 6.1-6.2, 6.5-6.6, 6.8]); `wagons.lua` ([rough_and_ready 7.0])
-- and `withdrawal.lua` (pre-shock withdrawal, [rough_and_ready 6.47]).
-- @module systems.rough_and_ready

local M = {}

M.id = "rough_and_ready"
M.title = "Rough & Ready: Opening Battles of the Mexican-American War (activation chain, "
  .. "command, movement, fire, victory)"

--- No scenario parameters yet (a scenario's `[params]` must be empty).
M.params = {}

--- No turns [rough_and_ready 3.0]: a scenario's `[turns]` is refused, and its
-- reinforcements come at turn 1, the opening, before the first activation (Rio
-- Sacramento's US army enters so, RS-USEntry; docs/runtime.md "Schedules").
M.turns = false

M.points = require "systems.rough_and_ready.points"

--- What a scenario's start state may set: the markers and the activation chain's values
-- (docs/rough_and_ready.md "Start states").
M.start_state = require "systems.rough_and_ready.start_state"

--- Checks what the scenario gives against its map and forces when the game opens (after the
-- start state): the victory schedule's hexes (victory.check_schedule).
function M.check_scenario(game)
  return require("systems.rough_and_ready.victory").check_schedule(game)
end

--- Its words in the prompt's command language (`charge`, `rally`, its requests' kinds ...):
-- plain data the host adds with volley.commands.extend when the game is loaded.
M.words = require "systems.rough_and_ready.words"

--- The system's part of the script API (volley.script_api; docs/modding.md).
M.script_api = "systems.rough_and_ready.script_api"

--- The line of sight the rules see [rough_and_ready 6.18, PA 6.17], for the prompt's `los`
-- in a game (volley.queries.los, on the store the viewer sees): the terrain and the combat
-- units in the way, the one that blocks named (sight.line).
-- @treturn boolean clear
-- @treturn table volley.core.los's why
function M.los(game, from, to)
  return require("systems.rough_and_ready.sight").line(game, from, to)
end

--- What the prompt's `show UNIT` adds (volley.queries.show, on the store the viewer sees):
-- what the unit did in the activation under way and its MP left, whether it is in command
-- and why, its ratings (advice.show).
-- @treturn {string,...}
function M.show(game, unit)
  return require("systems.rough_and_ready.advice").show(game, unit)
end

--- The sequence of play [rough_and_ready 3.0, 3.11-3.13, 8.0]: the opening (the first
-- side's free activation), then activations until a side withdraws or both agree to a draw;
-- each: select (nominate, roll, pass or free activation), the activated units' actions
-- (their movement), the end of the activation, the victory check.
function M.sequence(_)
  local runner = require "volley.runner"
  local activation = require "systems.rough_and_ready.activation"
  local victory = require "systems.rough_and_ready.victory"
  return runner.phase("", {
    runner.step("opening", function(game) activation.open(game) end),
    runner.loop("activation", {
      -- until a side withdraws, or both agree to a draw [rough_and_ready 3.12, 8.0]
      while_ = function(game) return game.vars.winner == nil end,
    }, {
      runner.step("select", function(game) activation.select(game) end),
      runner.step("actions", function(game) activation.actions(game) end),
      runner.step("end", function(game) activation.finish(game) end),
      runner.step("victory", function(game) victory.step(game) end),
    }),
  })
end

return M
