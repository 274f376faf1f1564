#!/bin/sh
# Issue 37's leftovers (rest37), through `volley play --script` with forced dice: the rule
# system's words reach the prompt when its game is loaded (help's footer names them: the
# demo's is yes and no alone); a compound move (`move U HEX FACING`) is warned as the move
# it gives, and an answer a line carries as it is given [rough_and_ready 4.22, 5.14, 6.41];
# a failed charge Commitment refuses the carried move under 6.43; `?` at a return fire tells
# its range and DRM [rough_and_ready 6.14]; `map` centres on the last event when no answer
# names a unit, and its header names the map from the scenario; `help face` says where north
# is; `options` shows each description whole. Each check fails on the main of 7 Dec 2026.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export NO_COLOR=1 LANG=C.UTF-8 COLUMNS=
expect() {
  printf '%s\n' "$out" | grep -qF -- "$1" || fail "expected '$1' in:
$out"
}
refuse() {
  if printf '%s\n' "$out" | grep -qF -- "$1"; then fail "did not expect '$1' in:
$out"; fi
}
# the line after the one holding $1
next_after() {
  printf '%s\n' "$out" | grep -A1 -F -- "$1" | sed -n 2p
}
rr=$tmp/rr
mkdir "$rr"
cp tests/data/rr/*.ini "$rr/"
printf '[scenario]\nbase = scenario.ini\ntitle = rest37\nstart = start.state\n' > "$rr/start.ini"
state() { printf '%s\n' "$@" > "$rr/start.state"; }
play_rr() { printf '%s\n' "$@" | "$volley" play "$rr/start.ini" --seed 1 --script - 2>&1; }

# -- the system's words: Rough & Ready's in its game, none of them in the demo's
out=$(printf '%s\n' help 'help charge' | "$volley" play tests/data/demo --script - 2>&1)
expect 'answer words (help <word>): yes, no; help <kind> explains the pending request'
expect "no command 'charge' (help lists them)"
state 'unit 4L-1 hex 0303 facing NW/N'
out=$(play_rr help 'help charge' 'help face')
expect 'answer words (help <word>): charge, rally, square, unsquare, all, yes, no; help <kind> explains the pending request'
expect 'at a move request: declare a cavalry charge by the unit'
expect 'on this map: north at the top (as the map'"'"'s header says)'

# -- a compound move warned as the move it gives: out of Garland's range [rough_and_ready 4.22]
out=$(play_rr 'default all' garland 'done' 'move 4US-2 0703 S/SW' 'done' 'map --width 40')
[ "$(next_after 'US> move 4US-2 0703 S/SW')" = \
  "warning: 4US-2 in 0703 is out of Garland's command range 3 [rough_and_ready 4.22]: out of command when next activated, MA halved, no shock [rough_and_ready 4.23]" ] \
  || fail "no warning for the compound move: $out"
# the activate request names no unit: the map centres on the last event, 4US-2's move
expect ' shown, around 0703;'
# the header names the map from the scenario folder, not the machine's
expect 'rr/map.ini: rough_and_ready;'
refuse "$tmp"

# -- a charge in one line: the carried move warned as it is given (it ends the charge path)
state 'unit 4US-2 hex 0302 facing NW/N' 'unit RANCH-1 hex 0504 facing NW/N' 'unit Canales hex 0504'
mex() { play_rr 'default all' garland 'done' 'done' 'dice force 9' belknap canales 'done' \
  "dice force $1" 'charge RANCH-1 0604 0603 NW/N'; }
out=$(mex 0)
[ "$(printf '%s\n' "$out" | grep -A2 -F '18. MEX move: RANCH-1 0604 0603 (from')" = \
  '18. MEX move: RANCH-1 0604 0603 (from "charge RANCH-1 0604 0603 NW/N") [rough_and_ready 5.11]
warning: RANCH-1 enters the front of 8US-1 in 0603: it stops there [rough_and_ready 5.14] and may draw reaction fire [rough_and_ready 6.14]
warning: RANCH-1'"'"'s charge path ends in 0603: it is Charging, +2 in its shock [rough_and_ready 6.41]' ] \
  || fail "no warnings for the carried move: $out"
# failed Commitment: the carried move refused for it [rough_and_ready 6.43], not as moved (5.12)
out=$(mex 9)
expect 'stdin:10: RANCH-1 failed its charge Commitment: it does nothing this activation [rough_and_ready 6.43]'
refuse 'has moved this activation (MPs are not saved) [rough_and_ready 5.12]'

# -- `?` at a return fire: what firing back costs [rough_and_ready 6.14]
state 'unit 4L-1 hex 0303 facing NW/N'
out=$(play_rr 'default all' garland 'done' fire '4US-1 0303' '?')
expect '  yes  (back at 0302: range 1, DRM -1 (small arms))'

# -- Palo Alto: the header names the map under the scenario's id; options whole
out=$(printf '%s\n' 'map --width 80' options | "$volley" play rough-and-ready/palo-alto \
  --option balance --script - 2>&1)
expect 'rough-and-ready/palo-alto/map.ini: rough_and_ready;'
expect '      after the first of a run of US rolls takes a further +1 (the second +1, the third +2, ...).'
[ "$(printf '%s\n' "$out" | awk 'length > 100' | grep -c -- ' -- \|^      ')" = 0 ] \
  || fail "an option's line is over 100 columns: $out"
exit 0
