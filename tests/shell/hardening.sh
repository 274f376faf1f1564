#!/bin/sh
# Hostile input to volley play and sim: each case once hung, lost data or leaked an internal
# path; each now fails cleanly before any harm with the message pinned here.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bots="--bot A=random --bot B=random"

# 1. A handler that registers a handler: refused with the script's line and the point, in
#    play and in sim (the registry once grew the list it was walking, without end)
#    [docs/modding.md "Hooks"].
printf 'local function reg() volley.on("turn.start", reg, {kind="observe"}) end\nvolley.on("turn.start", reg, {kind="observe"})\n' \
  > "$tmp/reg.lua"
err=$(timeout 60 "$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/reg.lua" 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] || fail "hook from a handler: play exit $status: $err"
[ "$err" = "volley play: the game stopped: $tmp/reg.lua:1: volley.on: hooks are registered when the script loads, not from a handler (turn.start)" ] \
  || fail "hook from a handler: play said: $err"
err=$(timeout 60 "$volley" sim tests/data/demo --games 1 --seed 5 --mod "$tmp/reg.lua" 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] || fail "hook from a handler: sim exit $status: $err"
echo "$err" | grep -qF "$tmp/reg.lua:1: volley.on: hooks are registered when the script loads, not from a handler (turn.start)" \
  || fail "hook from a handler: sim said: $err"

echo ok
