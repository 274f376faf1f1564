#!/bin/sh
# volley render <scenario>: a scenario (an id on the data path, a folder, a scenario's .ini)
# is drawn with its default set-up (docs/shell.md, docs/placement.md "The default"): the SVG
# holds a unit, stack or leader element on every set-up hex and on no other, the terminal
# picture lists each side's marks, units on no map location are listed after it, and a
# set-up that breaks the stacking limits is refused with its file:line and rule.
# shellcheck disable=SC2086 # hex lists split on purpose
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=tests/data/root

# check TARGET "HEX ..." [VOLLEY_PATH]: the SVG marks exactly these hexes; --text draws too
check() {
  target=$1
  want=$(printf '%s\n' $2 | sort -u | tr '\n' ' ')
  VOLLEY_PATH=${3:-} "$volley" render "$target" --svg "$tmp/out.svg" 2>"$tmp/err" ||
    fail "render $target --svg exited $?: $(cat "$tmp/err")"
  [ -s "$tmp/err" ] && fail "render $target --svg wrote to stderr: $(cat "$tmp/err")"
  got=$(grep -o '<g class="\(unit\|stack\|leader\)" data-hex="[0-9]*"' "$tmp/out.svg" |
    sed 's/.*data-hex="//; s/"$//' | sort -u | tr '\n' ' ')
  [ "$got" = "$want" ] || fail "render $target: marks on '$got', expected '$want'"
  if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$tmp/out.svg" || fail "render $target: xmllint refuses the SVG"
  fi
  VOLLEY_PATH=${3:-} "$volley" render "$target" --text --ascii >"$tmp/out.txt" 2>"$tmp/err" ||
    fail "render $target --text exited $?: $(cat "$tmp/err")"
  [ -s "$tmp/err" ] && fail "render $target --text wrote to stderr: $(cat "$tmp/err")"
  for h in $want; do
    grep -q "^[A-Z]*: .* $h\( \|$\)" "$tmp/out.txt" || fail "render $target --text: no mark on $h"
  done
  n=$((n + 1))
}
n=0

# the demo: four units a side, one a hex
check tests/data/demo "0103 0105 0107 0205 1105 1203 1205 1207"
# the test data root's scenarios, by id and by path: leaders' choices at their defaults
check test-game/battle "0102 0103 0603 0502" "$root"
check test-game/battle/variant "0102 0103 0503 0504" "$root"
check $root/scenarios/test-game/battle/variant.ini "0102 0103 0503 0504"
check test-game/rr "0102 0602" "$root"
# choices spread within the stacking limits [demo 3.3, 3.4]: stacks of two
check tests/data/setup/crowd.ini "0101 0102 0103 0201 0202"

# facing and stack counts in the SVG (a counter's ratings and state follow as data-rating ...)
VOLLEY_PATH=$root "$volley" render test-game/rr --svg - >"$tmp/rr.svg" || fail "render test-game/rr"
grep -q '<g class="unit" data-hex="0102" data-side="US" data-code="8US" data-facing="N/NE"[ >]' "$tmp/rr.svg" ||
  fail "8US faces N/NE as its line says"
grep -q '<g class="unit" data-hex="0602" data-side="MEX" data-code="tampico" data-facing="SW/NW"[ >]' "$tmp/rr.svg" ||
  fail "tampico faces its default, toward 8US"
grep -q '<g class="leader" data-hex="0102" data-side="US" data-code="Garland">' "$tmp/rr.svg" ||
  fail "Garland's leader mark"
"$volley" render tests/data/setup/crowd.ini --text --ascii >"$tmp/out" || fail "render crowd"
grep -qx 'A: A3 0102 stack of 2  A4 0103 stack of 2' "$tmp/out" || fail "crowd, side A: $(grep '^A:' "$tmp/out")"

# nobody set up: the units are listed after the picture
VOLLEY_PATH=$root "$volley" render test-game/battle/whole --text --ascii >"$tmp/out" 2>"$tmp/err" ||
  fail "render whole exited $?"
tail -n 1 "$tmp/out" | grep -qx 'off the map: A1 (A, not set up), A2 (A, not set up), B1 (B, not set up), B2 (B, not set up), LA (A, not set up), LB (B, not set up)' ||
  fail "off the map: $(tail -n 1 "$tmp/out")"

# a set-up over the limits is refused at load: exit 1, the file:line and the rule
out=$("$volley" render tests/data/setup/overstack.ini --text 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "an overstacked set-up must exit 1"
[ "$out" = "volley render: tests/data/setup/overstack.ini:15: cannot place A3 at 0102: 0102 already holds 2 units of side A (stack_limit 2) [demo 3.4]" ] ||
  fail "overstack: $out"
out=$("$volley" render tests/data/setup/enemy.ini --svg - 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "a set-up into the enemy must exit 1"
[ "$out" = "volley render: tests/data/setup/enemy.ini:18: cannot place B1 at 0102: 0102 holds an enemy unit (A1) [demo 3.3]" ] ||
  fail "enemy: $out"
echo "ok ($n scenarios drawn)"
