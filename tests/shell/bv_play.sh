#!/bin/sh
# Battle of Buena Vista played from the command line with movement only (issue 44 point 5;
# docs/battle_of_buena_vista.md): `volley check` finds it clean; a hot-seat game at the prompt
# (`--script`) names a Mexican leader, moves an American battery and a Mexican regiment, and
# answers every other request with its default, through all twelve turns [battle_of_buena_vista
# 5.1] to the victory level [battle_of_buena_vista 4.3a]; and `volley sim` plays
# VOLLEY_TEST_BV_GAMES (2) games random against random, each capped at VOLLEY_TEST_BV_DECISIONS
# (200): a whole random game is some 1,300 decisions, too long for make test (`make soak`
# plays whole ones: SOAK_BV).
set -u
volley=$1
games=${VOLLEY_TEST_BV_GAMES:-2}
cap=${VOLLEY_TEST_BV_DECISIONS:-200}
id=battle-of-buena-vista/buena-vista
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT

out=$("$volley" check "$id" 2>&1) || fail "check exited $?: $out"
case $out in
  "0 errors, 0 warnings, "*) ;;
  *) fail "check: $out" ;;
esac

# At the prompt: no Moving marker, Villamil activated, Wool first with no roll, Taylor none;
# Washington moves, then 2nd battalion of the Rifle Regiment; every later request its default.
{
  printf '%s\n' "done" Villamil "done" Wool "done" "done" "Washington 3319" "done" "SRM-2 4619" "done"
  i=0
  while [ "$i" -lt 300 ]; do echo default; i=$((i + 1)); done
} > "$tmp/script.txt"
"$volley" play "$id" --seed 5 --script "$tmp/script.txt" --no-autosave --as referee \
  > "$tmp/play.txt" 2> "$tmp/play.err" || fail "play exited $?: $(cat "$tmp/play.err")"
grep -qxF "Villamil is activated (1 of 3) [battle_of_buena_vista 6.2]" "$tmp/play.txt" \
  || fail "no Villamil activated"
grep -qxF "Washington moves 3220 -> 3319 (0 MP of 8) [battle_of_buena_vista 7.1b]" "$tmp/play.txt" \
  || fail "no Washington move"
grep -qxF "SRM-2 moves 4719 -> 4619 (1 MP of 6) [battle_of_buena_vista 7.1b]" "$tmp/play.txt" \
  || fail "no SRM-2 move"
[ "$(grep -c '^turn [0-9]* of 12 \[battle_of_buena_vista 5.1\]$' "$tmp/play.txt")" -eq 12 ] \
  || fail "not twelve turns: $(grep -c '^turn [0-9]* of 12' "$tmp/play.txt")"
grep -qxF "the end of turn 12: Mexican VP 0 - American VP 0 = 0: Marginal Mexican victory [battle_of_buena_vista 4.3a]" \
  "$tmp/play.txt" || fail "no victory level: $(tail -n 3 "$tmp/play.txt")"
grep -q "^game over: MEX Marginal Mexican victory (the end of turn 12) after [0-9]* decisions" \
  "$tmp/play.txt" || fail "no game over: $(tail -n 2 "$tmp/play.txt")"

# By bots: random against random, capped.
"$volley" sim "$id" --games "$games" --bots random,random --seed 44 --max-decisions "$cap" \
  --json > "$tmp/run.jsonl" 2> "$tmp/err" || fail "sim exited $?: $(cat "$tmp/err")"
[ ! -s "$tmp/err" ] || fail "sim wrote on stderr: $(cat "$tmp/err")"
[ "$(grep -c '"event":"game_over"' "$tmp/run.jsonl")" -eq "$games" ] || fail "not $games games"
bad=$(grep '"event":"game_over"' "$tmp/run.jsonl" \
      | grep -v -e '"reason":"capped"' -e '"reason":"the end of turn 12"' -e '"reason":"rain"')
[ -z "$bad" ] || fail "a game ended otherwise: $bad"
grep '"event":"game_over"' "$tmp/run.jsonl" | grep '"reason":"capped"' \
  | grep -v "\"decisions\":${cap}[,}]" && fail "a capped game did not take $cap decisions"
echo "buena vista: a game at the prompt through twelve turns; $games sim games at cap $cap"
