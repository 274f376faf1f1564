#!/bin/sh
# Issue 34's acceptance board (tests/data/extends/scenarios/test-game/mid-chain): a few units on
# a small map under Palo Alto's rules (extends), some with Hits and Disorder (start.state), the
# game starting in the middle of the US activation chain -- written as data in under 40 lines
# (its scenario.ini, its start state and the game's map.ini, comments and blank lines aside).
# Played through the prompt: the chain goes on with Garland's command, Belknap's having gone
# last [rough_and_ready 4.1]; the units are as the start state says.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
VOLLEY_PATH=tests/data/extends
export VOLLEY_PATH
game=tests/data/extends/scenarios/test-game

lines=$(cat "$game/mid-chain/scenario.ini" "$game/mid-chain/start.state" "$game/map.ini" \
  | grep -v '^[[:space:]]*;' | grep -cv '^[[:space:]]*$')
[ "$lines" -lt 40 ] || fail "the board takes $lines lines of data (under 40 wanted)"

out=$("$volley" check test-game/mid-chain 2>&1) || fail "check exited $?: $out"

out=$(printf '?\nbelknap\nshow 4US-1\nshow 8US-2\nshow 7LC-2\ndice force 0\ngarland\n' \
  | "$volley" play test-game/mid-chain --seed 1 --script - 2>&1)
expect() {
  printf '%s\n' "$out" | grep -qF -- "$1" || fail "expected '$1' in:
$out"
}
expect '1. US activate: US: nominate another command or a hex of independents, and roll'
expect 'legal answers to activate [rough_and_ready 3.11, 3.22, 4.1]:'
printf '%s\n' "$out" | grep -A1 -F 'legal answers to activate' | tail -1 | grep -qx '  garland' \
  || fail "garland alone should be offered: $out"
expect 'belknap went last: no command or leader twice in a row [rough_and_ready 4.1]'
expect '4US-1 (4th US Infantry (1)): side US, infantry, hex 0202, facing N/NE, command garland, morale 6, morale_reverse 3, ma 5, markers: Disordered, Hits 1'
expect '8US-2 (8th US Infantry (2)): side US, infantry, hex 0102, facing N/NE, command belknap, morale 6, morale_reverse 3, ma 5, markers: Hits 1'
expect '7LC-2 (7th Line Cavalry (2)): side MEX, cavalry, eliminated'
# the Leadership bonus costs nothing: answered yes unasked, the story says so (--ask-free
# asks it: tests/shell/compound.sh)
expect "US leadership: yes (answered for US: the Leadership bonus costs nothing; volley play --ask-free asks it) [rough_and_ready 4.25]"
echo ok
