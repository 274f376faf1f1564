-- compare_palo: one measure of tests/bench/compare.sh (make bench), run in-process against
-- whichever tree LUA_PATH, LUA_CPATH and VOLLEY_PATH name (this build's, or the older
-- commit's built under build-bench/), so the same code times both. CPU time (os.clock: the
-- engine states run in this process). Prints one tab-separated line for compare.sh:
--
--   games CAP N        N random Palo Alto games (game seeds sim.seed_of(1, 0..N-1)), each
--                      capped at CAP decisions, as `volley sim` plays them:
--                      "games <decisions> <seconds> <state hashes joined by ,>"
--   replay FILE        the save replayed as `volley replay` does: "replay <answers> <seconds>
--                      <state hash>"
--   play SEED CAP FILE one random game as `volley play --json` with two bots plays it, its
--                      output thrown away, saved to FILE: "play <seconds>"
--   sim SEED CAP       the same game as `volley sim` plays it: "sim <decisions> <seconds>
--                      <state hash>"
-- Figures only, never a verdict.
local mode = arg[1]

local function palo_players(bots)
  return { US = { name = "random", bot = bots.load("random") },
           MEX = { name = "random", bot = bots.load("random") } }
end

local O = { target = "rough-and-ready/palo-alto", mods = {}, options = {} }

if mode == "games" then
  local sim, bots = require "volley.sim", require "volley.bots"
  local cap, n = tonumber(arg[2]), tonumber(arg[3])
  local decisions, secs, hashes = 0, 0, {}
  for i = 0, n - 1 do
    local t0 = os.clock()
    local r = assert(sim.play_game(O, palo_players(bots), cap, sim.seed_of(1, i)))
    secs = secs + os.clock() - t0
    decisions = decisions + r.decisions
    hashes[#hashes + 1] = r.state_hash
  end
  print(string.format("games\t%d\t%.4f\t%s", decisions, secs, table.concat(hashes, ",")))
elseif mode == "replay" then
  local replay = require "volley.replay"
  local t0 = os.clock()
  -- the header's files unchecked: a save records the files of the tree that played it, and
  -- the older commit's differ wherever the work changed one (the hashes say whether the two
  -- replays agree)
  local game = assert(replay.load(arg[2], { check = false }))
  local secs = os.clock() - t0
  print(string.format("replay\t%d\t%.4f\t%s", game.answers, secs, game:state_hash()))
  game:close()
elseif mode == "sim" then
  local sim, bots = require "volley.sim", require "volley.bots"
  local t0 = os.clock()
  local r = assert(sim.play_game(O, palo_players(bots), tonumber(arg[3]), tonumber(arg[2])))
  print(string.format("sim\t%d\t%.4f\t%s", r.decisions, os.clock() - t0, r.state_hash))
elseif mode == "play" then
  local real = io.stdout
  local sink = assert(io.open("/dev/null", "w"))
  io.output(sink)
  io.stdout = sink   -- luacheck: ignore (the transcript thrown away, as `> /dev/null` does)
  local t0 = os.clock()
  local status = require("volley.play").main({ O.target, "--seed", arg[2], "--bot", "US=random",
    "--bot", "MEX=random", "--max-decisions", arg[3], "--json", "--save", arg[4] }, {})
  local secs = os.clock() - t0
  io.stdout = real   -- luacheck: ignore
  io.output(real)
  assert(status == 0, "volley play failed")
  print(string.format("play\t%.4f", secs))
else
  error("compare_palo: games CAP N | replay FILE | play SEED CAP FILE | sim SEED CAP")
end
