#!/bin/sh
# A scenario's start state (docs/scenarios.md "Start states"): `volley check` of
# tests/data/rr/start.ini and of broken start files (file:line errors, exit 1), hostile files
# (too large, not UTF-8, control bytes, a link out of the folder) refused cleanly, and a game
# played from it saved, its start.state hashed in the save's header, replayed to the same
# hashes, and refused once the file changes.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state"

out=$("$volley" check tests/data/rr/start.ini) || fail "check start.ini exited $?: $out"
echo "$out" | grep -q '^0 errors, 0 warnings, ' || fail "check start.ini: $out"

# broken start files: the first line of the check names the file and the line
mkdir "$tmp/r"
cp tests/data/rr/*.ini "$tmp/r"
st="$tmp/r/start.state"
check_broken() {   # <expected first line, after "$st:"> ; the start file is already written
  "$volley" check "$tmp/r/start.ini" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc -eq 1 ] || fail "check of a broken start state exited $rc: $(cat "$tmp/out")"
  [ ! -s "$tmp/err" ] || fail "check wrote to stderr: $(cat "$tmp/err")"
  [ "$(head -n 1 "$tmp/out")" = "$st:$1" ] || fail "expected '$st:$1', got: $(cat "$tmp/out")"
  tail -n 1 "$tmp/out" | grep -q '^1 errors, 0 warnings, ' || fail "summary: $(cat "$tmp/out")"
}
printf '; fine\nunit 4US-1 markers hits=1\nunit nobody eliminated\n' > "$st"
check_broken "3: unknown unit 'nobody' (not in the order of battle)"
printf 'unit 4US-1 markers fatigue=1\n' > "$st"
check_broken "1: unknown marker 'fatigue'"
printf 'unit 4US-1 markers hits=25\n' > "$st"
check_broken "1: 4US-1: marker hits 25 is outside 0-20"
printf 'unit 4US-1 hex 1313\n' > "$st"
check_broken "1: hex 1313 is not on the map"
printf 'unit 4US-1 hex 0508 facing N/NE\n' > "$st"
check_broken "1: cannot stand 4US-1 in 0508: 0508 holds an enemy unit (4L-2) [rough_and_ready 5.28]"
printf 'unit 4US-1 facing N\n' > "$st"
check_broken "1: cannot face 4US-1 N: 4US-1 faces a vertex under model 'vertex', not a hexside [rough_and_ready 5.31-5.32]"
printf 'var last.side "US"\nvar last.target "vega"\n' > "$st"
check_broken "1: var last: 'vega' is neither a command of US nor a hex of its independents [rough_and_ready 3.11, 3.22]"
printf 'var turn 3\n' > "$st"
check_broken "1: unknown value 'turn' of system rough_and_ready (a start state may set: last, play, mode, count, artillery_used, oc_moved, streak, units_used, battle, withdrawals)"

# hostile files: clean errors, no byte of the file echoed
printf 'unit 4US-1 markers hits=1\nunit \033[31mX\n' > "$st"
check_broken "2: a control character (U+001B) at column 6"
printf 'unit 4US-1 \377\376\n' > "$st"
check_broken "1: invalid UTF-8 at column 12"
head -c 2000000 /dev/zero | tr '\0' ';' > "$st"
check_broken "1: larger than 1048576 bytes (the most this file may hold)"
echo "secret" > "$tmp/outside.state"
rm "$st"
ln -s "$tmp/outside.state" "$st"
"$volley" check "$tmp/r/start.ini" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "a start state linked out of the folder was accepted"
grep -q "start: 'start.state' leads out of the scenario's folder" "$tmp/out" \
  || fail "link out: $(cat "$tmp/out")"
! grep -q secret "$tmp/out" || fail "the linked file's content was shown"

# a game from the start state: saved, its start file in the header, replayed to the same hashes
rm "$st"
cp tests/data/rr/start.state "$st"
"$volley" play "$tmp/r/start.ini" --bot US=random --bot MEX=random --seed 5 --max-decisions 30 \
  --save "$tmp/game.save" >/dev/null 2>&1 || fail "play from the start state exited $?"
sum=$(sha256sum "$st" | cut -d ' ' -f 1)
grep -qx "file scenario $st sha256 $sum" "$tmp/game.save" || fail "the save's header: $(head -n 8 "$tmp/game.save")"
out=$("$volley" replay "$tmp/game.save") || fail "replay exited $?: $out"
echo "$out" | grep -q '^state_hash [0-9a-f]\{16\}$' || fail "replay: $out"
h=$("$volley" dump "$tmp/game.save" | xxhsum -H3 | sed 's/.* = //')
[ "$out" = "state_hash $h" ] || fail "dump's hash $h, replay's $out"
echo "unit 4US-2 markers hits=1" >> "$st"
out=$("$volley" replay "$tmp/game.save" 2>&1)
[ $? -eq 1 ] || fail "replay after the start state changed must exit 1"
echo "$out" | grep -q "start.state has changed since the game was saved" || fail "changed: $out"
echo "ok"
