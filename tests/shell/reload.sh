#!/bin/sh
# The prompt's reload re-reads the data files too (issue 34 point 6; docs/shell.md "The
# prompt"): nothing changed, it says it reloaded the scripts; a map.ini changed in a way the
# game so far does not feel, it names the file and replays every answer; an order of battle
# changed so that an answer given is no longer legal, it names the file (changed since the
# last reload) and where the replay diverged, and the game goes on as it was.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME="$tmp/state"
export XDG_STATE_HOME
cp -r tests/data/demo "$tmp/demo"
mkfifo "$tmp/in"
"$volley" play "$tmp/demo" --seed 3 --bot B=first --script - <"$tmp/in" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/in"
# waits (at most 30 s) until the transcript holds a line matching $1
wait_for() {
  i=0
  until grep -q "$1" "$tmp/out" || [ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
  grep -q "$1" "$tmp/out" || fail "never came: $1: $(cat "$tmp/out" "$tmp/err")"
}
printf 'move A4 0605\nreload\n' >&3
wait_for "^reloaded the scenario's scripts: 1 answers replayed$"
# a comment: the file differs, the game does not
echo "; a comment" >> "$tmp/demo/map.ini"
echo 'reload' >&3
wait_for "^reloaded the scenario's files (changed: $tmp/demo/map.ini): 1 answers replayed$"
# A4 of 2 MP in oob.ini: its move of 4 MP is no longer legal
sed -i '/^\[unit.A4\]/,/^source/ s/^ma = 4$/ma = 2/' "$tmp/demo/oob.ini"
printf 'reload\nhash\n' >&3
wait_for "_hash "
exec 3>&-
wait $pid
[ $? -eq 1 ] || fail "a refused reload in a script: not exit 1"
# the last reload took map.ini as it was: only oob.ini changed since
grep -q "^stdin:4: reload: changed: $tmp/demo/oob.ini; diverged at answer 1: 'A4 0605' is not a legal answer to move \[demo 4.2\] (line [0-9]*)$" "$tmp/err" \
  || fail "the divergence: $(cat "$tmp/err")"
[ "$(grep -c '^A4 moves 0205 -> 0605' "$tmp/out")" -ge 1 ] || fail "the move: $(cat "$tmp/out")"
echo ok
