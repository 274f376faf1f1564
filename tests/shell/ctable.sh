#!/bin/sh
# Metatables on the movement query a movement.cost handler gets (issue 31, findings 1 and 2):
# C reads the query raw and once and refuses one that has a metatable, so the game stops with
# exit 1 and a clear error naming the handler's script -- never a crash, on the demo (ctx.overlay)
# and on Rough & Ready (ctx.query), from a mod or from a battle's rules.lua (Palo Alto's own,
# with the lines of finding 1 added). `volley check` does not play, so it passes such a
# battle (docs/shell.md "volley check"); playing it stops.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

# stopped NAME ERR STATUS WHO: the game stopped with exit 1, the query refused, WHO named.
stopped() {
  [ "$3" -eq 1 ] || fail "$1: exit $3 (expected 1): $2"
  case $2 in *AddressSanitizer*|*runtime\ error*) fail "$1: memory error: $2" ;; esac
  echo "$2" | grep -q "has a metatable (a query is plain data) (after $4's modify handler of movement.cost, the last script handler to run)" \
    || fail "$1: not the query's refusal naming $4: $2"
}

for evil in evil_overlay evil_overlay_why evil_overlay_lists; do
  mod=tests/data/mods/$evil.lua
  err=$(timeout 120 "$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random \
    --mod "$mod" 2>&1 >/dev/null)
  stopped "demo $evil" "$err" $? "$mod"
  err=$(timeout 120 "$volley" play tests/data/rr --seed 3 --bot US=random --bot MEX=random \
    --mod "$mod" 2>&1 >/dev/null)
  stopped "rr $evil" "$err" $? "$mod"
done

# A battle's rules.lua (Palo Alto's, the lines of finding 1 added) on the fixture's map and forces.
out=$("$volley" check tests/data/evil_overlay 2>&1)
[ $? -eq 0 ] || fail "check tests/data/evil_overlay: $out"
echo "$out" | grep -q '^0 errors, 0 warnings' || fail "check tests/data/evil_overlay: $out"
err=$(timeout 120 "$volley" play tests/data/evil_overlay --seed 3 --bot US=random \
  --bot MEX=random 2>&1 >/dev/null)
stopped "evil_overlay" "$err" $? "battle"

# And in Palo Alto itself: its rules.lua with the same lines.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r scenarios/rough-and-ready/palo-alto "$tmp/pa"
tail -n +3 tests/data/mods/evil_overlay.lua >> "$tmp/pa/rules.lua"   # less its header
err=$(timeout 120 "$volley" play "$tmp/pa" --seed 24 --bot US=random --bot MEX=random 2>&1 >/dev/null)
stopped "palo-alto" "$err" $? "battle"
echo ok
