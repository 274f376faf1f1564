#!/bin/sh
# A write to stdout that fails (here /dev/full: no space left on the device) is reported once,
# at the end, by the program itself (shell/main.c), whichever subcommand wrote: C's printf
# and Lua's io.stdout alike. The message is "volley: write error: <strerror>" on stderr and
# the exit status 1; a usage error stays 2 (docs/shell.md "Exit status").
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -w /dev/full ] || { echo "skipped: no /dev/full"; exit 0; }
msg="volley: write error: No space left on device"

# $1: a name for messages; the rest: the command line. Runs it with stdout on /dev/full.
check() {
  name=$1
  shift
  "$@" >/dev/full 2>"$tmp/err"
  rc=$?
  [ $rc -eq 1 ] || fail "$name: exit $rc, expected 1 ($(cat "$tmp/err"))"
  [ "$(tail -n 1 "$tmp/err")" = "$msg" ] || fail "$name: stderr ends with '$(tail -n 1 "$tmp/err")'"
  [ "$(grep -c 'write error' "$tmp/err")" -eq 1 ] || fail "$name: the write error is not reported once"
}

check version "$volley" --version
check help "$volley" --help
check los "$volley" los tests/data/maps/sample.ini 0101 0303
check render env LC_ALL=C.UTF-8 "$volley" render tests/data/maps/sample.ini --text
check list env VOLLEY_PATH=tests/data/root "$volley" list
# play writes through Lua's io.stdout, flushing each line
check play env VOLLEY_PATH=tests/data/root "$volley" play test-game/battle --seed 1 \
  --bot A=random --bot B=random
check play-json env VOLLEY_PATH=tests/data/root "$volley" play test-game/battle --seed 1 \
  --bot A=random --bot B=random --json
check sim "$volley" sim tests/data/demo --games 2 --bots random,random --seed 7
check sim-json "$volley" sim tests/data/demo --games 2 --bots random,random --seed 7 --json

# the same commands with a working stdout say nothing of the kind and exit 0
VOLLEY_PATH=tests/data/root "$volley" play test-game/battle --seed 1 --bot A=random \
  --bot B=random >"$tmp/out" 2>"$tmp/err" || fail "play to a file exited $?"
[ -s "$tmp/out" ] || fail "play wrote nothing"
grep -q 'write error' "$tmp/err" && fail "a write error where there was none"

# a usage error keeps its status 2
"$volley" list extra >/dev/full 2>/dev/null
[ $? -eq 2 ] || fail "a usage error must exit 2"
echo ok
