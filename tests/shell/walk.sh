#!/bin/sh
# Issue 35 point 1, the move walked hex by hex, through the prompt on test-walk/road
# (tests/data/walk): Garland's 4US-1 walks the road of row 02 through the lancers' hex;
# 7LC-1 withdraws onto its way [rough_and_ready 6.47], 4US-1 enters the hex it left
# [rough_and_ready 5.12] and calls a second withdrawal; when the lancers stay, the move is
# cut and 4US-1 alone is asked to go on with the MP it has left. Each game's save replays to
# the live state hash (the journal holds every request the walk asked), an undo inside the
# walk included.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
VOLLEY_PATH=tests/data/walk
export VOLLEY_PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

play() {   # play <save> <answers...>: the prompt's output
  save=$1
  shift
  printf '%s\n' "$@" | "$volley" play test-walk/road --seed 1 --script - --undo solo \
    --save "$save" 2>&1
}
expect() {
  printf '%s\n' "$out" | grep -qF -- "$1" || fail "expected '$1' in:
$out"
}
replays() {   # the save replays to the hash the live game printed last
  live=$(printf '%s\n' "$out" | grep '^state_hash' | tail -1)
  [ -n "$live" ] || fail "no hash printed: $out"
  again=$("$volley" replay "$1" 2>&1 | grep '^state_hash' | tail -1)
  [ "$live" = "$again" ] || fail "live $live, replay $again ($1)"
}

# cut, then going on another way
out=$(play "$tmp/on.save" garland '4US-1 0202 0302 0402 0502' 0502 N/NE '?' stay \
  'reach 4US-1' '?' '4US-1 0501' N/NE hash 'show 4US-1')
expect '5. MEX withdraw: 4US-1 came next to 7LC-1 in 0402: withdraw 7LC-1 1 or 2 hexes'
expect "4US-1's way on from 0402 is closed: 0402 -> 0502: prohibited (0502 holds an enemy unit (7LC-1)) [rough_and_ready 5.28]"
expect '6. US move: 4US-1 may go on from 0402 with 2 MP left'
expect 'reach of 4US-1 from 0402 (hex(MP)): 0301(1) 0302(1) 0401(1) 0202(2) 0203(2) 0303(2) 0403(2) 0501(2)'
expect '  move 4US-1 0301 0302 0401 (1 MP) 0202 0203 0303 0403 (2 MP) 0501 (2 MP, stops)'
expect '4US-1 moves 0102 -> 0202 0302 0402 0501 (5 MP of 5) [rough_and_ready 5.11]'
expect '4US-1 (4th US Infantry (1)): side US, infantry, hex 0501,'
replays "$tmp/on.save"

# an undo inside the walk: the lancers withdraw a second time instead, 4US-1 arrives
out=$(play "$tmp/undo.save" garland '4US-1 0202 0302 0402 0502' 0502 N/NE stay undo 0404 \
  S/SW hash 'show 4US-1' 'show 7LC-1')
expect 'undo: MEX withdraw stay taken back'
expect '7LC-1 withdraws from 0502 to 0404 (4US-1 came next to it in 0402) [rough_and_ready 6.47]'
expect '4US-1 moves 0102 -> 0202 0302 0402 0502 (4 MP of 5) [rough_and_ready 5.11]'
expect '7LC-1 (7th Line Cavalry (1)): side MEX, cavalry, hex 0404, facing S/SW'
replays "$tmp/undo.save"
echo ok
