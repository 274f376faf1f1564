#!/bin/sh
# Resaca de la Palma's variable deployment played by bots (issue #40 point 1;
# docs/scenarios/resaca-de-la-palma.md "Variable deployment"): `volley sim` plays
# VOLLEY_TEST_GAMES games (20; 5 under ASan), random bot against random bot, the US entry
# written down in secret before the Mexican set-up [rough_and_ready RP US Entry Determination]
# and the army arriving by it, each game capped at VOLLEY_TEST_RP_DECISIONS (1000) decisions
# as the historical battle's are (tests/shell/resaca_sim.sh); `volley check` finds the
# variant clean. The summary must add up: finished + capped = games, each game ended by a
# Withdrawal or stopped at the cap with exactly that many decisions.
set -u
volley=$1
games=${VOLLEY_TEST_GAMES:-20}
cap=${VOLLEY_TEST_RP_DECISIONS:-1000}
id=rough-and-ready/resaca-de-la-palma/variable
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT

out=$("$volley" check "$id" 2>&1) || fail "check exited $?: $out"
case $out in
  "0 errors, 0 warnings, "*" provisional values") ;;
  *) fail "check: $out" ;;
esac

"$volley" sim "$id" --games "$games" --bots random,random --seed 40 --max-decisions "$cap" \
  --json > "$tmp/run.jsonl" 2> "$tmp/err" || fail "sim exited $?: $(cat "$tmp/err")"
[ ! -s "$tmp/err" ] || fail "sim wrote on stderr: $(cat "$tmp/err")"
[ "$(wc -l < "$tmp/run.jsonl")" -eq $((games + 2)) ] || fail "not a game_start, $games games and a summary"
sums=$(lua5.4 "$(dirname "$0")/../tools/sim_games.lua" "$tmp/run.jsonl" "$games" "$cap" 2>&1) \
  || fail "the games do not add up to the summary: $sums"
echo "resaca variable sim: $games games at cap $cap: $sums"
