#!/bin/sh
# Resaca de la Palma plays to a Withdrawal at the prompt (issue #39's acceptance): `volley
# play` with a random bot on each side, game seed 142129307238655 (game 9 of `volley sim
# rough-and-ready/resaca-de-la-palma --games 20 --bots random,random --seed 39`, its shortest:
# 797 decisions, about 1 s of one core on Lua 5.4), the battle's special rules in. The game
# must end by the rules, a side's Withdrawal [rough_and_ready 8.0], not by the cap (3,000
# here, to bound the test should the rules lengthen this game: then pick a shorter seed from
# a new sim run). The game's outcome is not pinned: only that it ends in a Withdrawal.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

out=$("$volley" play rough-and-ready/resaca-de-la-palma --seed 142129307238655 \
  --bot US=random --bot MEX=random --max-decisions 3000 --no-autosave 2>&1) \
  || fail "play exited $?: $(printf '%s\n' "$out" | tail -n 5)"
last=$(printf '%s\n' "$out" | tail -n 1)
case $last in
  "game over: "*" withdraws) after "*) ;;
  *) fail "the game should end in a Withdrawal, not: $last" ;;
esac
printf '%s\n' "$out" | grep -qE '^(US|MEX) withdraws: (US|MEX) wins \[rough_and_ready 8\.0\]$' \
  || fail "no Withdrawal line: $(printf '%s\n' "$out" | tail -n 5)"
printf '%s\n' "$out" | grep -qE 'withdrawal roll: d10 [0-9]+ \+ BL [0-9]+ = [0-9]+ against Withdrawal Level [0-9]+: exceeds it' \
  || fail "no Withdrawal roll that exceeds the level: $(printf '%s\n' "$out" | tail -n 5)"
echo "ok: $last"
