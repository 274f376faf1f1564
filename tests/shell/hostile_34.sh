#!/bin/sh
# Issue 34's surfaces tried as an attacker and as a careless designer would
# (docs/robustness.md "Issue 34's surfaces"), through the program:
# - a mod keeping a ctx.game from a point that allows actions and acting with it at a read-only
#   point is stopped with its file and line, nothing eliminated (before: every unit whose reach
#   was computed was eliminated);
# - a map.ini whose hexside line is longer than the limits is refused at its line at once
#   (before: the check of a line is quadratic, and a snake of 90,000 hexes took 10 s, a whole
#   999 x 999 map about 20 minutes);
# - volley check refuses the broken start states and the inherited victory spec of
#   tests/data/broken/hostile_34 (before: 0 errors, and play stopped later);
# - volley check --mod with a path full of shell metacharacters runs nothing but the other VM
#   (this one passed before: a regression test);
# - volley new refuses an id part longer than an extends id's.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A kept ctx.game acts only in a handler of its own point.
printf 'move A2 0305\ndone\n' > "$tmp/s"
out=$("$volley" play tests/data/demo --mod tests/data/mods/hostile_34_stash.lua --seed 3 \
  --bot B=random --as referee --script "$tmp/s" 2>&1)
printf '%s\n' "$out" | grep -q "is eliminated" && fail "a kept ctx.game eliminated a unit: $out"
printf '%s\n' "$out" | grep -qF "tests/data/mods/hostile_34_stash.lua:9: game.eliminate: this ctx.game is sequence.step's: it acts only in a handler of sequence.step (now at movement.cost; use the ctx.game the handler receives) (movement.cost)" \
  || fail "a kept ctx.game: $out"

# A hexside line longer than 1024 hexes a side: a snake down column 001 and up column 002.
{
  printf '[map]\nsystem = rough_and_ready\nlayout = flat-top\nparity = odd-columns-down\n'
  printf 'columns = 001-002\nrows = 001-999\nprovenance = volley test data\n[terrain]\n'
  r=1
  while [ $r -le 999 ]; do printf '%03d = c c\n' $r; r=$((r + 1)); done
  printf '[hexsides]\nmarsh = line\n'
  r=1
  while [ $r -le 999 ]; do printf '  001%03d\n' $r; r=$((r + 1)); done
  r=999
  while [ $r -ge 970 ]; do printf '  002%03d\n' $r; r=$((r - 1)); done
  printf '  | 002001\n'
} > "$tmp/line.ini"
out=$("$volley" render "$tmp/line.ini" --text 2>&1)
[ $? -eq 1 ] || fail "a line too long: exit not 1: $out"
[ "$out" = "$tmp/line.ini:2034: line: more than 1024 hexes on one side (give a longer line as several)" ] \
  || fail "a line too long: $out"

# The broken scenarios of issue 34's review: volley check names the file and line.
VOLLEY_PATH=tests/data/broken/hostile_34:tests/data/extends:.
export VOLLEY_PATH
for id in withdrawals withdrawals/pairs no-chain nobody off-victory; do
  out=$("$volley" check "h34/$id" 2>&1)
  [ $? -eq 1 ] || fail "check h34/$id: exit not 1: $out"
  printf '%s\n' "$out" | head -n 1 \
    | grep -q "^tests/data/broken/hostile_34/scenarios/h34/[a-z/-]*\.\(ini\|state\):[0-9]*: " \
    || fail "check h34/$id names no file and line: $out"
done
unset VOLLEY_PATH

# A mod whose path holds shell metacharacters: the other VM replays it, nothing else runs.
dir="$tmp/m \$(touch $tmp/ran1); \`touch $tmp/ran2\` 'q\""
mkdir -p "$dir" || fail "mkdir"
cp tests/data/mods/veterans.lua "$dir/v;\$(id).lua"
out=$("$volley" check tests/data/demo --mod "$dir/v;\$(id).lua" --other-vm "$volley" 2>&1)
[ $? -eq 0 ] || fail "a mod path with metacharacters: $out"
[ -e "$tmp/ran1" ] || [ -e "$tmp/ran2" ] && fail "a mod path ran a command"
printf '%s\n' "$out" | grep -q "^determinism: replayed on .*: the same" \
  || fail "a mod path with metacharacters: not replayed by the other VM: $out"
# volley new: an id part longer than an extends id's (63) is refused, nothing made (before:
# made, and never extensible; past the file name limit its game folder was left behind).
long=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
out=$("$volley" new "g/$long" --dir "$tmp/new" 2>&1)
[ $? -eq 1 ] || fail "a long id: exit not 1: $out"
[ -e "$tmp/new" ] && fail "a long id: something was made: $(ls -R "$tmp/new")"
echo "$out" | grep -q "an id's parts are at most 63 characters$" || fail "a long id: $out"
echo ok
