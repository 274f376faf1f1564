#!/bin/sh
# Resaca de la Palma's variable deployment from the command line (issue #40 point 1;
# docs/scenarios/resaca-de-la-palma.md "Variable deployment"): `volley list` shows it,
# `volley check` finds it clean, the Mexicans set up anywhere south of (and including) the
# 5100 row, asked hex by hex (a hex of the 5000 row refused, one of the 5100 row taken),
# after the US has written down, in secret, the hex its whole army enters by [rough_and_ready
# RP US Entry Determination] (asked first, at `setup.start`), and the army enters there at
# the opening, the hex revealed then [rough_and_ready RP Variable Deployment] (ruling A34).
# The road Battle Lost points by the entry are tests/spec/scenarios/resaca_variable_spec.lua's,
# the Mexican view resaca_variable_view_spec.lua's, the bot games resaca_variable_sim.sh's.
set -u
volley=$1
id=rough-and-ready/resaca-de-la-palma/variable
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT

"$volley" list | grep -q "^$id  Resaca de la Palma, 9 May 1846: variable deployment  rough_and_ready  US MEX  [0-9]* provisional\$" \
  || fail "volley list does not show the variable deployment"
out=$("$volley" check "$id" 2>&1) || fail "check exited $?: $out"
case $out in
  "0 errors, 0 warnings, "*" provisional values") ;;
  *) fail "check: $out" ;;
esac

# The US player first writes down its entry, in secret: 4408; then the Mexican player sets
# up Arista: 5015 (the 5000 row) is refused, 5105 taken; the rest by default.
printf '4408\n5015\n5105\ndefault all\nquit\n' \
  | "$volley" play "$id" --seed 3 --script - --as referee > "$tmp/out" 2>&1
grep -q "^1. US entry: the hex the whole US army will enter by, written down in secret: 4126 or 4408 \[rough_and_ready RP US Entry Determination\]\$" "$tmp/out" \
  || fail "the US entry is not the first request: $(head -3 "$tmp/out")"
grep -q "^stdin:2: '5015' is not one of this line's locations (5105 5106 " "$tmp/out" \
  || fail "5015, north of the 5100 row, was not refused: $(head -5 "$tmp/out")"
grep -q "^2. MEX place: set up Arista: one of 440 locations \[rough_and_ready RP Variable Deployment\]\$" "$tmp/out" \
  || fail "Arista is not asked among the 440 hexes from the 5100 row south"
# the army comes in by the hex written down, revealed then, with no request of its own
grep -q "^US reveals entry_army: 4408 (the reinforcement arrives \[rough_and_ready RP Variable Deployment\])\$" "$tmp/out" \
  || fail "the entry was not revealed at the arrival: $(grep reveals "$tmp/out")"
grep -q "^US army (3US-1 .* USDet) arrives at 4408 \[rough_and_ready RP Variable Deployment\]\$" "$tmp/out" \
  || fail "the army did not arrive at 4408: $(grep arrives "$tmp/out")"
[ "$(grep -c "^[0-9]*\. US " "$tmp/out")" -eq 2 ] \
  || fail "the US was asked more than its entry and its opening: $(grep "^[0-9]*\. US " "$tmp/out")"
# the reveal comes after the last Mexican set-up answer
last_mex=$(grep -n "MEX \(place\|face\):" "$tmp/out" | tail -1 | cut -d: -f1)
rev=$(grep -n "US reveals entry_army" "$tmp/out" | cut -d: -f1)
[ -n "$rev" ] && [ -n "$last_mex" ] && [ "$rev" -gt "$last_mex" ] \
  || fail "the entry was revealed before the Mexican set-up ended (lines $rev, $last_mex)"

# An answer like any other: undone (the Mexicans' first request taking it back), answered
# again, kept in the save, and replayed to the same state.
printf '4408\nundo\n4126\ndefault all\nquit\n' \
  | "$volley" play "$id" --seed 3 --script - --as referee --save "$tmp/save" > "$tmp/undo" 2>&1
grep -q "^undo: US entry 4408 taken back\$" "$tmp/undo" || fail "undo: $(grep undo "$tmp/undo")"
grep -q "^US army (3US-1 .* USDet) arrives at 4126 \[rough_and_ready RP Variable Deployment\]\$" "$tmp/undo" \
  || fail "the army did not arrive at 4126 after the undo: $(grep arrives "$tmp/undo")"
grep -q '^answer US entry "4126" ' "$tmp/save" || fail "the save does not keep the entry"
"$volley" replay "$tmp/save" > "$tmp/replay" 2>&1 || fail "replay exited $?: $(cat "$tmp/replay")"
grep -q "^state_hash [0-9a-f]*\$" "$tmp/replay" || fail "replay: $(cat "$tmp/replay")"
echo "ok"
