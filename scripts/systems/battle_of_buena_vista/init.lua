--- Battle of Buena Vista (Richard Pfost; the 2023 clarifications compiled by Chris Pagano):
-- the second day at Buena Vista, 23 February 1847, in twelve hourly turns
-- [battle_of_buena_vista 5.1]. Each turn an activation phase (the ford, reserve and rain
-- rolls, the Moving markers, the leaders activated), the Saltillo Track phase, six impulses
-- alternating American and Mexican, each movement, then shock, then fire, and an
-- administration phase [battle_of_buena_vista 5.2]; the game ends after turn 12 or when it
-- rains, and the victory level is judged [battle_of_buena_vista 4.3a].
-- docs/battle_of_buena_vista.md describes the sequence, the requests, the hook points and
-- the decisions; docs/rulings/battle_of_buena_vista.md the rulings.
--
-- Files: `phases.lua` (the steps of the turn, [battle_of_buena_vista 5.2-5.5]),
-- `activation.lua` ([battle_of_buena_vista 6.1, 6.2, 6.3]), `admin.lua` (parapets, leaders,
-- replacements, the start [battle_of_buena_vista 2.3f, 2.5d, 2.6a, 3.0c]), `victory.lua`
-- ([battle_of_buena_vista 4.3a, 4.3b]), `points.lua` (the hook catalogue), and the movement
-- (`movement.lua`, [battle_of_buena_vista 7.x]). Shock and fire (issue 45), the loss track
-- and random events (46) and the Saltillo Track (48) are named steps with nothing in them yet.
-- @module systems.battle_of_buena_vista

local M = {}

M.id = "battle_of_buena_vista"
M.title = "Battle of Buena Vista (sequence of play, activation, movement, victory levels; "
  .. "shock, fire and the Saltillo Track to come)"

-- the movement [battle_of_buena_vista 7.1a] (movement.lua, docs/battle_of_buena_vista_movement.md)
local function movement()
  return require "systems.battle_of_buena_vista.movement"
end

--- The rule options: the errata compiler's opinions, each a switch whose default is the
-- errata's reading (1) [battle_of_buena_vista E-5.4c] [battle_of_buena_vista E-7.5b]; the
-- others the movement declares (`movement.params`). A scenario's `[params]` sets them.
M.params = {
  { name = "santa_anna_reserve", min = 0, max = 1, default = 1,
    rule = "[battle_of_buena_vista E-5.4c]",
    help = "1: Santa Anna's stack activates reserve units too (the errata's compiler); 0: not" },
  { name = "leader_with_guns", min = 0, max = 1, default = 1,
    rule = "[battle_of_buena_vista E-7.5b]",
    help = "1: a unit leader whose units are all gone is removed even with artillery (the "
      .. "errata's compiler); 0: he stays while stacked with guns" },
}
do
  local mv = movement()
  local seen = {}
  for _, p in ipairs(M.params) do seen[p.name] = true end
  for _, p in ipairs(mv.params or {}) do
    if not seen[p.name] then
      seen[p.name] = true
      M.params[#M.params + 1] = p
    end
  end
end

--- The hook points (points.lua), with the movement's own (`movement.points`) after them.
M.points = require "systems.battle_of_buena_vista.points"
do
  local mv = movement()
  local seen = {}
  for _, p in ipairs(M.points) do seen[p.name] = true end
  for _, p in ipairs(mv.points or {}) do
    if not seen[p.name] then
      seen[p.name] = true
      M.points[#M.points + 1] = p
    end
  end
end

--- Its words in the prompt's command language (volley.commands `extend`: `help <word>`,
-- `help <kind>`): the movement's (`pivot`, the move request's forms, `movement.words`) and the
-- sequence's request kinds, so that `help activate` says what this battle's activate asks.
M.words = {
  answers = movement().words.answers,
  kinds = {
    { "activate", "<leader> | done", "name a leader to activate: the Mexican player any leader "
        .. "up to the die + Santa Anna's 2; Wool (1-4, one success) or Taylor (1-5, three) a "
        .. "leader in his own zone, one try each (Battle of Buena Vista: rules 6.2, 6.3)" },
    { "first_commander", "Wool | Taylor", "which American commander rolls for his leaders "
        .. "first (Battle of Buena Vista: rules 6.3)" },
    { "moving", "<battery> | done", "put a Moving marker on a Mexican battery: it may move in "
        .. "each Mexican impulse this turn, rolling its MP, and may not fire (Battle of Buena "
        .. "Vista: rules 7.2)" },
    { "reserve", "yes | no", "roll for the Mexican reserve attack against the turn's arc "
        .. "(Battle of Buena Vista: rules 5.4)" },
    { "reserve_place", "<hex> | <head> <tail>", "where a counter of the Reserve Box goes, "
        .. "strictly inside the deployment area (Battle of Buena Vista: rules 5.4)" },
    { "rehome", "<hex> | <space>", "where a leader left away from his units rejoins one of "
        .. "them or a battery (Battle of Buena Vista: rules 7.6)" },
  },
  move_verbs = movement().words.move_verbs,
}
for _, k in ipairs(movement().words.kinds or {}) do M.words.kinds[#M.words.kinds + 1] = k end

--- The system's part of the script API (volley.script_api; docs/modding.md).
M.script_api = "systems.battle_of_buena_vista.script_api"

--- What the prompt's `show UNIT` adds: whether the unit is active this turn and may move.
-- @treturn {string,...}
function M.show(game, unit)
  local act = require "systems.battle_of_buena_vista.activation"
  if not act.zone(game, unit) or not game.vars.turn then return {} end
  local ok, why = act.may_move(game, unit)
  local out = { "turn " .. tostring(game.vars.turn) .. ": " .. (act.is_active(game, unit)
    and "active [battle_of_buena_vista 6.1a]" or "not active [battle_of_buena_vista 6.1a]") }
  out[#out + 1] = ok and "it may move in its side's impulses" or why
  return out
end

--- The sequence of play [battle_of_buena_vista 5.1] [battle_of_buena_vista 5.2]: the
-- start-of-game administration, then twelve turns (fewer if it rains), each: A. the
-- activation phase (ford, reserve, rain, Moving markers, Mexican and American activation,
-- the chain); B. the Saltillo Track phase; C. three impulses of each side, American first,
-- each movement, shock and fire; D. administration. Then the victory level. Every step
-- after the rain, or a result a script declared, does nothing.
function M.sequence(_)
  local runner = require "volley.runner"
  local phases = require "systems.battle_of_buena_vista.phases"
  local activation = require "systems.battle_of_buena_vista.activation"
  local admin = require "systems.battle_of_buena_vista.admin"
  local victory = require "systems.battle_of_buena_vista.victory"
  local api = require "volley.script_api"

  -- a step that does nothing once the game is over
  local function step(name, fn)
    return runner.step(name, function(game, ctx)
      if api.apply_declared(game) and game.vars.over == nil then game.vars.over = "declared" end
      if game.vars.over ~= nil then return end
      fn(game, ctx)
    end)
  end

  local function impulse(side)
    -- the game's impulse n (1-6) of the side's k-th: 2k - 1 (American) or 2k (Mexican)
    local function n(ctx) return 2 * ctx.iter.impulse - (side == "US" and 1 or 0) end
    return runner.phase(side, {
      step("movement", function(game, ctx)
        phases.impulse_start(game, ctx.iter.turn, n(ctx))
        movement().impulse(game, side)                           -- [battle_of_buena_vista 7.1a]
      end),
      step("shock", function() end),                             -- issue 45 [8.1a]
      step("fire", function() end),                              -- issue 45 [9.1a]
      step("end", function(game, ctx) phases.impulse_end(game, ctx.iter.turn, n(ctx)) end),
    })
  end

  return runner.phase("", {
    runner.step("start", function(game)
      admin.start(game)                                          -- [battle_of_buena_vista 3.0c]
      game.hooks:fire("game.start", { first = game:first_side() })
    end),
    runner.loop("turn", {
      while_ = function(game, turn) return game.vars.over == nil and turn <= 12 end,
    }, {
      step("activation", function(game, ctx)
        local turn = ctx.iter.turn
        game.vars.turn = turn
        game:log("turn " .. turn .. " of 12 [battle_of_buena_vista 5.1]")
        game.hooks:fire("turn.start", { turn = turn })
        phases.ford(game, turn)                                  -- A.1
        phases.reserve(game, turn)                               -- A.2
        phases.rain(game, turn)                                  -- A.3
      end),
      step("moving", function(game) phases.moving(game) end),    -- A.4
      step("mexican activation", function(game) activation.mexican(game) end),   -- A.5
      step("american activation", function(game)                 -- A.6
        activation.american(game)
        activation.settle(game)
      end),
      step("saltillo", function(game, ctx)                       -- B, issue 48
        game.hooks:fire("saltillo.phase", { turn = ctx.iter.turn })
      end),
      runner.loop("impulse", { count = 3 }, {                    -- C
        impulse("US"),
        impulse("MEX"),
      }),
      step("administration", function(game, ctx)                 -- D
        phases.administration(game, ctx.iter.turn)
        game.hooks:fire("turn.end", { turn = ctx.iter.turn })
      end),
    }),
    runner.step("victory", function(game)
      local reason = game.vars.over == "rain" and "rain" or "the end of turn 12"
      if game.vars.over == "declared" then reason = "a declared result" end
      local c = {}
      game.hooks:fire("victory.check", c)
      if game.vars.over ~= "declared" then
        game.hooks:replace("victory.check", c, function() victory.judge(game, reason) end)
      end
      if game.vars.winner ~= nil then
        game.hooks:fire("game.end", { winner = game.vars.winner,
                                       reason = game.vars.reason or reason })
      end
    end),
  })
end

return M
