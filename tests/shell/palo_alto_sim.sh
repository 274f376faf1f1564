#!/bin/sh
# volley sim on Palo Alto (issue #24 point 5): VOLLEY_TEST_GAMES games (20; 5 under ASan),
# random bot against random bot, through the whole rule system. The summary must add up:
# the games asked for, finished + capped = games, wins + draws = finished, each game either
# ended by the rules (a Withdrawal [rough_and_ready 3.2], or the last turn) or stopped at the
# cap with exactly that many decisions, and a positive decisions_per_s.
#
# A whole random game is 10,000-25,000 decisions (docs/scenarios/palo-alto.md "The decision
# cap"): 20 of them take minutes on one core, too long for make test. So the games here stop
# at VOLLEY_TEST_PA_DECISIONS (1000) decisions, past the first turns' activations, moves,
# fire and rallies; `make soak` plays the 500 whole games.
set -u
volley=$1
games=${VOLLEY_TEST_GAMES:-20}
cap=${VOLLEY_TEST_PA_DECISIONS:-1000}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT

"$volley" sim rough-and-ready/palo-alto --games "$games" --bots random,random --seed 24 \
  --max-decisions "$cap" --json > "$tmp/run.jsonl" 2> "$tmp/err" || fail "sim exited $?: $(cat "$tmp/err")"
[ ! -s "$tmp/err" ] || fail "sim wrote on stderr: $(cat "$tmp/err")"
[ "$(wc -l < "$tmp/run.jsonl")" -eq $((games + 2)) ] || fail "not a game_start, $games games and a summary"
head -n 1 "$tmp/run.jsonl" | grep -q '^{"event":"game_start",.*"scenario":"rough-and-ready/palo-alto","seed":24,' \
  || fail "game_start: $(head -n 1 "$tmp/run.jsonl")"
tail -n 1 "$tmp/run.jsonl" | grep -q '^{"event":"sim_summary","v":1,"seed":24,"shard":"1/1","games":'"$games"',"finished":[0-9]*,"capped":[0-9]*,"max_decisions":'"$cap"',"sides":{"US":{"wins":[0-9]*,"rate":[0-9.]*,"ci95":\[[0-9.]*,[0-9.]*\]},"MEX":{"wins":[0-9]*,"rate":[0-9.]*,"ci95":\[[0-9.]*,[0-9.]*\]}},"draws":[0-9]*,"decisions":{"mean":[0-9.]*,"sd":[0-9.]*},"decisions_per_s":[0-9.]*}$' \
  || fail "summary: $(tail -n 1 "$tmp/run.jsonl")"
JSONL="$tmp/run.jsonl" GAMES="$games" CAP="$cap" lua5.4 -e '
  local json = require "dkjson"
  local games, cap = tonumber(os.getenv("GAMES")), tonumber(os.getenv("CAP"))
  local n, wins, draws, capped, s = 0, { US = 0, MEX = 0 }, 0, 0, nil
  for line in io.lines(os.getenv("JSONL")) do
    local t = assert(json.decode(line))
    if t.event == "game_over" then
      assert(t.game == n, "game " .. n .. " out of order")
      assert(t.max_decisions == cap, "game " .. n .. ": max_decisions " .. tostring(t.max_decisions))
      assert(type(t.state_hash) == "string" and #t.state_hash == 16, "game " .. n .. ": state_hash")
      if t.reason == "capped" then
        assert(t.winner == nil and t.decisions == cap, "game " .. n .. ": capped at " .. t.decisions)
        capped = capped + 1
      elseif t.winner ~= nil then
        assert(wins[t.winner], "game " .. n .. ": winner " .. tostring(t.winner))
        assert(t.reason:match(" withdraws$"), "game " .. n .. ": won by " .. t.reason)
        assert(t.decisions <= cap, "game " .. n .. ": " .. t.decisions .. " decisions")
        wins[t.winner] = wins[t.winner] + 1
      else
        draws = draws + 1
      end
      n = n + 1
    else
      s = t
    end
  end
  assert(n == games, n .. " game_over lines")
  assert(s.games == games, "summary games " .. s.games)
  assert(s.finished + s.capped == games, "finished + capped")
  assert(s.capped == capped, "capped " .. s.capped .. ", counted " .. capped)
  assert(s.sides.US.wins + s.sides.MEX.wins + s.draws == s.finished, "wins + draws ~= finished")
  assert(s.sides.US.wins == wins.US and s.sides.MEX.wins == wins.MEX and s.draws == draws,
         "the summary counts other games than the lines")
  assert(s.decisions_per_s > 0, "decisions_per_s " .. s.decisions_per_s)
' || fail "the games do not add up to the summary"
echo "palo alto sim: $games games at cap $cap: $(tail -n 1 "$tmp/run.jsonl" | sed 's/.*"finished":\([0-9]*\),"capped":\([0-9]*\).*"decisions_per_s":\([0-9.]*\).*/\1 finished, \2 capped, \3 decisions\/s/')"
