#!/bin/sh
# An autosave that cannot be made or written (issue 31, finding 15) is said when it happens
# and again as the last line, and the exit status is 1: a game not wholly autosaved is not a
# success [docs/shell.md "Exit status", "volley play --resume"]. Root-proof failures (CI runs
# as root, for whom a read-only folder is writable): the state folder is a regular file, and
# a file size limit (ulimit -f, SIGXFSZ ignored) stops the autosave in the middle of a game.
# shellcheck disable=SC2086 # the flag lists ($bots, $args, $units ...) split on purpose
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bots="--bot A=random --bot B=random"
want=$(XDG_STATE_HOME="$tmp/ok" "$volley" play tests/data/demo --seed 3 $bots | tail -1)
full=$(ls "$tmp"/ok/volley/*.save)
# The autosave names carry the time (and -bots for a game of bots alone): NAME in the
# messages compared.
names() { sed 's/[0-9]\{8\}T[0-9]\{6\}Z-[0-9][0-9]\(-bots\)\{0,1\}\.save/NAME/g'; }

# 1. No autosave can be made ($XDG_STATE_HOME/volley is a file): said at the first answer,
#    again at the end; the game is played to its end all the same; exit 1.
mkdir "$tmp/ro"
: > "$tmp/ro/volley"
out=$(XDG_STATE_HOME="$tmp/ro" "$volley" play tests/data/demo --seed 3 $bots 2>"$tmp/err")
status=$?
[ $status -eq 1 ] || fail "no autosave: exit $status"
[ "$(echo "$out" | tail -1)" = "$want" ] || fail "no autosave: the game was not played: $out"
why="cannot create the autosave '$tmp/ro/volley/NAME': Not a directory"
[ "$(names < "$tmp/err")" = "volley play: autosave: $why; the game goes on without one
volley play: the game has no autosave ($why): --resume will not find it; exit status 1" ] \
  || fail "no autosave said: $(cat "$tmp/err")"
# --save still writes the game, and the status stays 1 (the autosave is still missing).
out=$(XDG_STATE_HOME="$tmp/ro" "$volley" play tests/data/demo --seed 3 $bots --json \
  --save "$tmp/g.save" 2>"$tmp/err")
[ $? -eq 1 ] || fail "no autosave with --save: exit status"
"$volley" replay "$tmp/g.save" >/dev/null || fail "no autosave with --save: the save"
[ "$(wc -l < "$tmp/err")" -eq 2 ] || fail "no autosave, --json: $(cat "$tmp/err")"
# A game left before its first answer needs no autosave: nothing said, exit 0.
out=$(echo quit | XDG_STATE_HOME="$tmp/ro" "$volley" play tests/data/demo --seed 3 --bot B=random \
  --script - 2>"$tmp/err")
[ $? -eq 0 ] || fail "no answer, no autosave: exit status: $(cat "$tmp/err")"
[ ! -s "$tmp/err" ] || fail "no answer, no autosave said: $(cat "$tmp/err")"

# 2. The disk fills in the middle of the game. The limit's unit (512 or 1024 bytes, by shell)
#    is measured; the limit leaves room for the header and a few answers, not the game.
unit=$( (trap '' XFSZ; ulimit -f 1; head -c 4096 /dev/zero > "$tmp/probe" 2>/dev/null;
         wc -c < "$tmp/probe") )
header=$(grep -b -m1 '^answer ' "$full" | cut -d: -f1)
size=$(wc -c < "$full")
blocks=$(( (header + 300) / unit + 1 ))
[ $(( blocks * unit )) -lt $(( size - 200 )) ] || fail "the demo's answers fit in $blocks blocks"
# (stdout through a pipe, which the limit does not touch; stderr's two lines fit it)
last=$( (trap '' XFSZ; ulimit -f $blocks;
         XDG_STATE_HOME="$tmp/full" "$volley" play tests/data/demo --seed 3 $bots 2>"$tmp/err";
         echo "status $?") | tail -2)
out=$(cat "$tmp/err")
[ "$(echo "$last" | tail -1)" = "status 1" ] || fail "a full disk: $last: $out"
[ "$(echo "$last" | head -1)" = "$want" ] || fail "a full disk: the game stopped: $last"
file=$(ls "$tmp"/full/volley/*.save)
n=$(echo "$out" | sed -n 's/.*holds the first \([0-9]*\) answers.*/\1/p')
[ -n "$n" ] && [ "$n" -gt 0 ] || fail "a full disk: no count of answers: $out"
[ "$(grep -c '^answer .*rolls [0-9]*$' "$file")" -eq "$n" ] || fail "a full disk: the file holds other than $n answers"
why="cannot append to the autosave '$tmp/full/volley/NAME': File too large"
[ "$(echo "$out" | names)" = "volley play: autosave: $why; the game goes on without it (it holds the first $n answers)
volley play: the game's autosave holds only its first $n answers ($why): --resume goes on from there; exit status 1" ] \
  || fail "a full disk said: $out"
# ... and --resume goes on from there to the end the whole game reaches.
got=$(XDG_STATE_HOME="$tmp/full" "$volley" play --resume < /dev/null 2>&1 | tail -1)
[ "$got" = "$want" ] || fail "resumed after a full disk: $got (want $want)"

echo "hostile_autosave: ok"
