#!/bin/sh
# Issue 35 point 2 (docs/runtime.md "Schedules"): a demo game with a schedule
# (tests/data/reinforced) played to its end by bots through volley play -- the turn track in
# the narrative, its events fired in order, the arrivals still to come at each turn, A's
# blocked flank column delayed and diverted by the scenario's rules, B's column in its window,
# the track in the JSON requests -- and by volley sim; Rough & Ready's reinforcements at its
# opening, and its refusal of turns by volley check.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME

has() { printf '%s\n' "$out" | grep -qxF "$1" || fail "no line '$1' in: $out"; }
out=$("$volley" play tests/data/reinforced --seed 7 --bot A=random --bot B=random \
  --save "$tmp/r.save" 2>&1) || fail "play exited $?: $out"
has "turn 1 of 6, 0600 dawn"
has "next: turn 2 A flank (A4) at 0101; turn 3-4 B road (B4) at 1205 if not enemy adjacent"
has "turn 2 of 6, 0700 day: muster"
has "event muster at 0700 (day) [reinforced 3]"
has "A flank (A4) is delayed to turn 3 (at 0102 or 0103)"
has "next: turn 3 A flank (A4) at 0102 or 0103; turn 3-4 B road (B4) at 1205 if not enemy adjacent"
has "A4 came in column formation [reinforced 2]"
has "B4 came in under march orders [reinforced 2]"
# the events of one line in the order listed
printf '%s\n' "$out" | grep '^event ' | tail -n 2 | tr '\n' '|' \
  | grep -qxF 'event dark at 1700 (night) [reinforced 3]|event quiet at 1700 (night) [reinforced 3]|' \
  || fail "turn 5's events out of order: $out"
line=$(printf '%s\n' "$out" | grep '^game over:') || fail "no game over: $out"
case "$line" in *"(last turn)"*) ;; *) fail "not played to its last turn: $line" ;; esac
hash=$(printf '%s\n' "$line" | sed 's/.*state \([0-9a-f]*\)$/\1/')
[ "$hash" = "$(cat tests/replay/reinforced-random-7.hash)" ] || fail "not the recorded game: $line"
"$volley" replay "$tmp/r.save" | grep -qx "state_hash $hash" || fail "the replay differs"

# JSON: every request carries the track; turn 2's names its light and what is still to come
json=$("$volley" play tests/data/reinforced --seed 7 --bot A=random --bot B=random --json \
  2>/dev/null) || fail "play --json exited $?"
n=$(printf '%s\n' "$json" | grep -c '"event":"request"')
[ "$(printf '%s\n' "$json" | grep '"event":"request"' | grep -c '"track":{')" -eq "$n" ] \
  || fail "a request without its track"
printf '%s\n' "$json" | grep '"event":"request"' | grep -qF '"track":{"events":["muster"],"last":6,"light":"day","next":[{"key":"flank","side":"A","turn":3,"units":["A4"],"upto":3,"where":"0102 or 0103"},{"condition":"not enemy adjacent",' \
  || fail "no turn 2 track: $(printf '%s\n' "$json" | grep '"event":"request"' | sed -n 5p)"

# volley sim plays it out
sim=$("$volley" sim tests/data/reinforced --games 3 --json 2>/dev/null) || fail "sim exited $?"
printf '%s\n' "$sim" | tail -n 1 | grep -q '"games":3,"finished":3,"capped":0' \
  || fail "sim: $sim"

# Rough & Ready: a board over Palo Alto whose 5US-1 arrives at the opening (no turns)
root=$tmp/root/scenarios/test-game/entry
mkdir -p "$root"
cat > "$root/scenario.ini" <<'INI'
[scenario]
extends = test-game/board
title = Test board: a column entering at the opening
max_decisions = 30

[setup.US]
8US = 0102 facing N/NE | 8US-1 Garland Taylor

[reinforcements.US]
column = turn 1 at 0201 or 0101 | 5US-1 [rough_and_ready 3.11]
INI
VOLLEY_PATH=$tmp/root:tests/data/extends
export VOLLEY_PATH
out=$("$volley" play test-game/entry --seed 3 --bot US=random --bot MEX=random 2>&1) \
  || fail "Rough & Ready exited $?: $out"
printf '%s\n' "$out" | sed -n 1,2p | grep -q '^US column (5US-1) arrives at 0[12]01 \[rough_and_ready 3.11\]$' \
  || fail "Rough & Ready: no arrival before the first activation: $out"
sed 's/^column = turn 1 /column = turn 2 /' "$root/scenario.ini" > "$root/s2" && mv "$root/s2" "$root/scenario.ini"
out=$("$volley" check test-game/entry 2>&1)
[ $? -eq 1 ] || fail "check of an arrival at turn 2 must exit 1: $out"
printf '%s\n' "$out" | grep -q "scenario.ini:10: reinforcement column: rough_and_ready has no turns: an arrival comes at turn 1, the opening" \
  || fail "check: $out"
printf '\n[turns]\n1 = 0800 day\n' >> "$root/scenario.ini"
sed -i 's/^column = turn 2 /column = turn 1 /' "$root/scenario.ini"
out=$("$volley" check test-game/entry 2>&1)
printf '%s\n' "$out" | grep -q "scenario.ini:13: \[turns\]: rough_and_ready has no turns (its reinforcements come at turn 1, the opening)" \
  || fail "check of [turns]: $out"
echo ok
