#!/bin/sh
# Resaca de la Palma's special rules at the prompt (issue #39), on the test board
# tests/data/resaca/scenarios/rp-test/guns (the battle's map, order of battle and rules.lua):
# T-RR-08a-c [rough_and_ready RP 5.16, RP 6.17] -- guns in 5417 are offered only 5717 down the
# channel, refused the adjacent resaca hex 5517, and guns in 5317 see no resaca hex; the shot
# takes the resaca's -1 -- then T-RR-15 [rough_and_ready RP 4.25]: a fire has happened, the
# US passes play, MEX spends its freebie on the alert roll (8: Alert) and rolls for Vega.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
VOLLEY_PATH=tests/data/resaca:${VOLLEY_PATH:-.}
export VOLLEY_PATH

out=$("$volley" check rp-test/guns 2>&1) || fail "check exited $?: $out"

out=$(printf 'garland\nall\nlater\nfire\n?\nA2US-1 5717\nC3US-1 5517\nC3US-1 5717\ndone\ndice force 8\nalert\n?\n' \
  | "$volley" play rp-test/guns --seed 1 --dice 5 --script - 2>&1)
expect() {
  printf '%s\n' "$out" | grep -qF -- "$1" || fail "expected '$1' in:
$out"
}
# T-RR-08a: the only target offered is 5717, three hexes down the channel
printf '%s\n' "$out" | grep -A2 -F 'legal answers to fire' | tail -2 | head -1 \
  | grep -q '^  C3US-1 5717 ' || fail "5717 alone should be offered: $out"
# T-RR-08c: guns beside no resaca hex see none
expect "'A2US-1 5717' is not a legal answer to fire: no line of sight from 5317 to 5717: blocked at 5717 (the target is in a Resaca (clear) hex, seen only from a resaca hex or one beside it) (legal: C3US-1 5717, done) [rough_and_ready RP 6.17]"
# T-RR-08b: never down at the adjacent resaca hex
expect "'C3US-1 5517' is not a legal answer to fire: guns in 5417 may not fire down at the adjacent resaca hex 5517 (legal: C3US-1 5717, done) [rough_and_ready RP 5.16]"
expect 'C3US-1 fires at 5717 (range 3): d10 5 -1 (target in a resaca, fired on from above) = 4: Nothing [rough_and_ready 6.2]'
# T-RR-15: the freebie spent on the alert roll, then a roll for an activation
expect '7. MEX arista_alert: MEX receives play: roll to alert Arista (7-9) instead of a free activation, then roll for an activation? (alert/free) [rough_and_ready RP 4.25]'
expect 'Arista is Alert (alert roll d10 8): his Leadership, his moves, and free activations of Canales and Torrejon are allowed from now on [rough_and_ready RP 4.25]'
expect '8. MEX activate: MEX: nominate another command or a hex of independents, and roll'
echo ok
