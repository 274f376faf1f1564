#!/bin/sh
# Resaca de la Palma's variable deployment from the command line (issue #40 point 1;
# docs/scenarios/resaca-de-la-palma.md "Variable deployment"): `volley list` shows it,
# `volley check` finds it clean, the Mexicans set up anywhere south of (and including) the
# 5100 row, asked hex by hex (a hex of the 5000 row refused, one of the 5100 row taken), the
# US army enters whole at the opening by the hex its side chooses, asked only once every
# Mexican unit is set up [rough_and_ready RP Variable Deployment] (ruling A34), and `volley
# sim` plays a few random games capped at 200 decisions. The road Battle Lost points by the
# entry are tests/spec/scenarios/resaca_variable_spec.lua's.
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

# The Mexican player sets up Arista: 5015 (the 5000 row) is refused, 5105 taken; the rest by
# default; the US player then chooses its entry: 4408.
printf '5015\n5105\ndefault all\n4408\nquit\n' \
  | "$volley" play "$id" --seed 3 --script - --as referee > "$tmp/out" 2>&1
grep -q "^stdin:1: '5015' is not one of this line's locations (5105 5106 " "$tmp/out" \
  || fail "5015, north of the 5100 row, was not refused: $(head -5 "$tmp/out")"
grep -q "^1. MEX place: set up Arista: one of 440 locations \[rough_and_ready RP Variable Deployment\]\$" "$tmp/out" \
  || fail "Arista is not asked among the 440 hexes from the 5100 row south"
grep -q "^US army (3US-1 .* USDet) arrives at 4408 \[rough_and_ready RP Variable Deployment\]\$" "$tmp/out" \
  || fail "the army did not arrive at 4408: $(grep arrives "$tmp/out")"
# the entry is asked after the last Mexican set-up answer, never before
last_mex=$(grep -n "MEX \(place\|face\):" "$tmp/out" | tail -1 | cut -d: -f1)
us=$(grep -n "US place: " "$tmp/out" | head -1 | cut -d: -f1)
[ -n "$us" ] && [ -n "$last_mex" ] && [ "$us" -gt "$last_mex" ] \
  || fail "the US entry was asked before the Mexican set-up ended (lines $us, $last_mex)"
grep -q "^[0-9]*\. US place: set up 3US-1 and 24 more: 4126 or 4408 \[rough_and_ready RP Variable Deployment\]\$" "$tmp/out" \
  || fail "the entry request does not offer 4126 or 4408"

"$volley" sim "$id" --games 3 --bots random,random --seed 40 --max-decisions 200 \
  > "$tmp/sim" 2>&1 || fail "sim exited $?: $(cat "$tmp/sim")"
grep -q "^rough-and-ready/resaca-de-la-palma/variable: 3 games (seed 40, shard 1/1): [0-3] finished, [0-3] capped at 200 decisions$" "$tmp/sim" || fail "sim: $(cat "$tmp/sim")"
echo "ok"
