--- Demo games played by bots from the host and journaled, for the replay, undo and dump
-- specs and for tests/replay/record.lua (docs/save.md "Replay, undo and resume").
-- @module support.demo_games

local bots = require "volley.bots"
local journal = require "volley.journal"
local replay = require "volley.replay"

local M = {}

--- A player for tests that seeks battle: side A moves a unit as far east as it can, side B as
-- far west (the first such option in canonical order), every reaction fires, and a side says
-- "done" when no move gains ground.
-- @tparam string side
-- @tparam table req the request (options listed)
function M.charge(side, req)
  if req.kind == "react" then return "fire" end
  local best, best_col
  for _, o in ipairs(req.options) do
    local col = o:match("^%S+ (%d%d)%d%d$")
    col = col and tonumber(col)
    if col and (not best_col or (side == "A" and col > best_col)
        or (side == "B" and col < best_col)) then
      best, best_col = o, col
    end
  end
  return best or req.options[#req.options]
end

M.TARGET = "tests/data/demo"

--- Plays the demo scenario with the random bot on both sides.
-- @tparam table opts `seed`, `dice` (forced faces), `undo` ("strict"/"solo"), `stop` (stop
--   once this many answers are given, the game left at its next request), `cap` (default
--   400), `bots` (`{A = name, B = name}`, default random for both)
--   ("charge": `M.charge`), `state` (options of the engine state), `before` (called with
--   the game before it starts)
-- @treturn Game the live game (`volley.replay.Game`), its `journal` kept
-- @treturn string "done" or "request" (stopped or capped)
function M.play(opts)
  local seed = opts.seed or 1
  local names = opts.bots or { A = "random", B = "random" }
  local game = assert(replay.start{ target = M.TARGET, seed = seed, dice = opts.dice,
                                    undo = opts.undo, state = opts.state })
  if opts.before then opts.before(game) end
  local j = journal.new{ scenario = game.info.scenario, files = game.info.files,
                         options = game.info.options, seed = seed, undo = opts.undo,
                         bots = { { side = "A", name = names.A }, { side = "B", name = names.B } },
                         cap = opts.cap or 400 }
  game.journal = j
  local kind, side, req = game:resume()
  j:record(nil, game.drained)
  local n = 0
  while kind == "request" and n < (opts.stop or opts.cap or 400) do
    n = n + 1
    local value
    if names[side] == "charge" then
      value = M.charge(side, req)
    else
      value = bots.load(names[side]).answer(nil, req, { side = side, name = names[side],
                                                        seed = seed, decision = n })
    end
    local answered = { side = side, request = req.kind, value = value }
    kind, side, req = game:resume(value)
    assert(kind ~= "error", tostring(side))
    j:record(answered, game.drained)
  end
  game.answers = n
  return game, kind
end

--- The number of rolls a game's journal records, and of forced rolls.
function M.rolls(j)
  local forced, last = 0, 0
  for _, e in ipairs(j.h.journal) do
    if e.kind == "forced" then forced = forced + 1 end
    last = e.rolls
  end
  return last, forced
end

return M
