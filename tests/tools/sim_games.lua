-- tests/tools/sim_games.lua -- the check the shell tests of bot games share (resaca_sim.sh,
-- resaca_variable_sim.sh, resaca_hidden.sh, rio_sim.sh): a `volley sim --json` run of GAMES
-- games capped at CAP decisions adds up to its summary. Each game_over names the cap; a capped
-- game has no winner and CAP decisions; any other ended by a withdrawal (or, with `draw`, a
-- draw: Rio Sacramento's [rough_and_ready RS 8.0]) within the cap; the summary's finished and
-- capped counts are those of the games. Prints "<finished> finished, <capped> capped, <d>
-- decisions/s"; exits 1 naming the first thing that does not add up.
--   lua5.4 tests/tools/sim_games.lua RUN.jsonl GAMES CAP [draw]
local json = require "dkjson"
local file, games, cap, draws = arg[1], tonumber(arg[2]), tonumber(arg[3]), arg[4] == "draw"
local n, capped, s = 0, 0, nil
local function check(ok, why)
  if not ok then
    io.stderr:write("sim_games: ", file, ": ", why, "\n")
    os.exit(1)
  end
end
check(games and cap, "usage: sim_games.lua RUN.jsonl GAMES CAP [draw]")
for line in io.lines(file) do
  local t = json.decode(line)
  check(type(t) == "table", "not JSON: " .. line)
  if t.event == "game_over" then
    check(t.max_decisions == cap, "game " .. n .. ": max_decisions " .. tostring(t.max_decisions))
    if t.reason == "capped" then
      check(t.winner == nil and t.decisions == cap, "game " .. n .. ": capped at "
        .. tostring(t.decisions))
      capped = capped + 1
    else
      check(tostring(t.reason):match(" withdraws$") or (draws and t.winner == "draw"),
        "game " .. n .. ": ended by " .. tostring(t.reason))
      check(t.decisions <= cap, "game " .. n .. ": " .. tostring(t.decisions) .. " decisions")
    end
    n = n + 1
  elseif t.event == "sim_summary" then
    s = t
  end
end
check(n == games, n .. " game_over lines for " .. games .. " games")
check(s and s.games == games and s.finished + s.capped == games, "finished + capped")
check(s.capped == capped, "capped " .. tostring(s.capped) .. ", counted " .. capped)
print(string.format("%d finished, %d capped, %s decisions/s", s.finished, s.capped,
  tostring(s.decisions_per_s)))
