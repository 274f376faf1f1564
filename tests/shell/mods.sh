#!/bin/sh
# volley play --mod: a house rule's modifier reaches the roll with the mod's path as its
# source [DESIGN "Hooks, requests and modifiers"]; hostile mods stop the game cleanly with
# exit 1 naming the file (no hang, no crash) [DESIGN principles 8, 9; docs/modding.md].
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
play() { "$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random "$@"; }

out=$(play --json --mod tests/data/mods/veterans.lua | grep '"event":"roll"') || fail "no roll"
echo "$out" | grep -q '"modifiers":\[{"label":"veterans","rule":"\[house 1\]","source":"tests/data/mods/veterans.lua","value":1}\]' \
  || fail "the mod's modifier is not in the roll: $out"
echo "$out" | grep -q '"natural":2,.*"total":3' || fail "the total does not add the mod's +1: $out"

for evil in evil_loop evil_io evil_gc; do
  err=$(timeout 60 "$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random \
    --mod "tests/data/mods/$evil.lua" 2>&1 >/dev/null)
  status=$?
  [ $status -eq 1 ] || fail "$evil: exit $status (expected 1): $err"
  echo "$err" | grep -q "tests/data/mods/$evil.lua:[0-9]*: " || fail "$evil: not named: $err"
done
err=$(play --mod tests/data/mods/evil_loop.lua 2>&1 >/dev/null)
echo "$err" | grep -q "instruction budget exceeded (10000000 instructions) (fire.drm)" \
  || fail "evil_loop: no budget message: $err"
err=$(play --mod tests/data/mods/evil_io.lua 2>&1 >/dev/null)
echo "$err" | grep -q "'io' is not available to scripts (load" || fail "evil_io: $err"

# A mod that does not exist is refused before the game starts.
play --mod tests/data/mods/no-such.lua >/dev/null 2>&1
[ $? -eq 1 ] || fail "a missing mod must exit 1"
echo ok
