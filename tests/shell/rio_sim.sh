#!/bin/sh
# Rio Sacramento from the command line with its special rules (issue #41; docs/rough_and_ready.md
# "Rio Sacramento's"): `volley check` finds it clean, and `volley sim` plays VOLLEY_TEST_GAMES
# games (20; 5 under ASan), random bot against random bot, through the whole rule system and the
# battle's rules.lua (the movement-only opening [rough_and_ready RS 3.1], the 1st Missouri's
# counters, the wagons' exit, the Melt-Down ...), each capped at VOLLEY_TEST_RS_DECISIONS (1000)
# decisions as Resaca's are (tests/shell/resaca_sim.sh): a whole random game is thousands of
# decisions, too long for make test (`make soak` plays whole ones: SOAK_RIO).
# The summary must add up: finished + capped = games, each game ended by a Withdrawal or a
# draw, or stopped at the cap with exactly that many decisions; and each game's opening is the
# US army's movement-only activation, then the Mexican free activation.
set -u
volley=$1
games=${VOLLEY_TEST_GAMES:-20}
cap=${VOLLEY_TEST_RS_DECISIONS:-1000}
id=rough-and-ready/rio-sacramento
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT

out=$("$volley" check "$id" 2>&1) || fail "check exited $?: $out"
case $out in
  "0 errors, 0 warnings, "*" provisional values") ;;
  *) fail "check: $out" ;;
esac

# One game's opening at the prompt's log: the US army enters, moves (movement only), then the
# Mexicans' free activation.
"$volley" play "$id" --seed 41 --bot US=random --bot MEX=random --max-decisions 120 \
  --no-autosave --as referee > "$tmp/play.txt" 2> "$tmp/play.err" || fail "play exited $?: $(cat "$tmp/play.err")"
grep -q "^activation 1: US moves all its units, movement only \[rough_and_ready RS 3.1\]\$" "$tmp/play.txt" \
  || fail "no movement-only opening"
# the next request is the Mexicans' free activation (a command, or pass), before activation 2
free=$(grep -n "free_activation: " "$tmp/play.txt" | head -n 1)
case $free in
  *". MEX free_activation: "*) ;;
  *) fail "the first free activation after the opening is not the Mexicans': $free" ;;
esac
second=$(grep -n "^activation 2: " "$tmp/play.txt" | head -n 1 | cut -d: -f1)
[ -n "$second" ] && [ "${free%%:*}" -lt "$second" ] || fail "activation 2 comes before the Mexicans' free activation"

"$volley" sim "$id" --games "$games" --bots random,random --seed 41 --max-decisions "$cap" \
  --json > "$tmp/run.jsonl" 2> "$tmp/err" || fail "sim exited $?: $(cat "$tmp/err")"
[ ! -s "$tmp/err" ] || fail "sim wrote on stderr: $(cat "$tmp/err")"
[ "$(wc -l < "$tmp/run.jsonl")" -eq $((games + 2)) ] || fail "not a game_start, $games games and a summary"
sums=$(lua5.4 "$(dirname "$0")/../tools/sim_games.lua" "$tmp/run.jsonl" "$games" "$cap" draw 2>&1) \
  || fail "the games do not add up to the summary: $sums"
echo "rio sim: $games games at cap $cap: $sums"
