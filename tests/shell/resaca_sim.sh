#!/bin/sh
# Resaca de la Palma from the command line (issue #39; docs/scenarios/resaca-de-la-palma.md):
# `volley list` shows it, `volley check` finds it clean, `volley los` answers the resaca
# example's lines on its map (RP 5.16's example; [rough_and_ready RP 6.17]), and `volley sim` plays
# VOLLEY_TEST_GAMES games (20; 5 under ASan), random bot against random bot, through the whole
# rule system, each capped at VOLLEY_TEST_RP_DECISIONS (1000) decisions as Palo Alto's are
# (tests/shell/palo_alto_sim.sh): a whole random game is thousands of decisions, too long for
# make test; the whole games' figures are the docs page's "The decision cap".
# The summary must add up: finished + capped = games, each game ended by a Withdrawal or
# stopped at the cap with exactly that many decisions.
set -u
volley=$1
games=${VOLLEY_TEST_GAMES:-20}
cap=${VOLLEY_TEST_RP_DECISIONS:-1000}
id=rough-and-ready/resaca-de-la-palma
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT

"$volley" list | grep -q "^$id  Resaca de la Palma, 9 May 1846  rough_and_ready  US MEX  [0-9]* provisional\$" \
  || fail "volley list does not show Resaca de la Palma"
out=$("$volley" check "$id" 2>&1) || fail "check exited $?: $out"
case $out in
  "0 errors, 0 warnings, "*" provisional values") ;;
  *) fail "check: $out" ;;
esac

los() {  # los A B expected-line
  out=$("$volley" los "$id" "$1" "$2" 2>&1) || fail "los $1 $2 exited $?: $out"
  [ "$out" = "$3" ] || fail "los $1 $2: got '$out', expected '$3'"
}
# Guns in 5417, beside the resaca, see down it to 5717; 5317, beside none, sees no resaca hex.
los 5417 5717 "LOS 5417 -> 5717: clear"
los 5317 5717 "LOS 5317 -> 5717: blocked at 5717 (the target is in a Resaca (clear) hex, seen only from a resaca hex or one beside it) [rough_and_ready RP 6.17]"
# The spotting example: 4918 sees the chaparral hex 4916 at two hexes.
los 4918 4916 "LOS 4918 -> 4916: clear"

"$volley" sim "$id" --games "$games" --bots random,random --seed 39 --max-decisions "$cap" \
  --json > "$tmp/run.jsonl" 2> "$tmp/err" || fail "sim exited $?: $(cat "$tmp/err")"
[ ! -s "$tmp/err" ] || fail "sim wrote on stderr: $(cat "$tmp/err")"
[ "$(wc -l < "$tmp/run.jsonl")" -eq $((games + 2)) ] || fail "not a game_start, $games games and a summary"
sums=$(lua5.4 "$(dirname "$0")/../tools/sim_games.lua" "$tmp/run.jsonl" "$games" "$cap" 2>&1) \
  || fail "the games do not add up to the summary: $sums"
echo "resaca sim: $games games at cap $cap: $sums"
