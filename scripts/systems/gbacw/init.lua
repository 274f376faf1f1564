--- The GBACW series (v2023 living rules with the Gringo! battle book): the data and the board
-- before any procedure (issue 57, GBACW I). The charts are in charts/gbacw/ (the designed
-- Fire, Artillery Fire, Range Effects and Shock tables, the transcribed command tables, the
-- series terrain, the v2023 line of sight, the counter schemas); the hook catalogue is
-- points.lua; the one-line summaries of the series' cases are rules.ini. The sequence of play
-- only opens the game: the set-up and the start state, then game.setup, and the game ends
-- (declared a draw, saying why), so `volley check` and `volley play` open a battle of this
-- system (tests/data/gbacw). The procedures arrive with GBACW II and the issues after it.
-- @module systems.gbacw

local M = {}

M.id = "gbacw"
M.title = "GBACW series, v2023 (the data and the board: its procedures are not written yet)"

--- The hook catalogue (systems.gbacw.points; `volley hooks gbacw`).
M.points = require "systems.gbacw.points"

--- Why a game of this system ends as soon as it opens.
M.END_REASON = "GBACW I opens the game only: the sequence of play arrives with GBACW II "
  .. "[gbacw 3.0]"

--- The sequence of play: the game opens (game.setup, after the set-up) and ends.
function M.sequence(_)
  local runner = require "volley.runner"
  return runner.loop("turn", {
    while_ = function(game) return game.vars.winner == nil end,
  }, {
    runner.step("setup", function(game)
      game.vars.turn = 1
      game.hooks:fire("game.setup", { first = game:first_side() })
      game.vars.winner = "draw"
      game.vars.reason = M.END_REASON
      game.hooks:fire("game.end", { winner = "draw", reason = M.END_REASON })
    end),
  })
end

return M
