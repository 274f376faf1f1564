#!/bin/sh
# volley new (issue 34 point 6; docs/shell.md "volley new"): the skeleton goes under the first
# writable data root's scenarios/ (or --dir), passes volley check, plays bot games and a
# --script's decisions at once; --from writes a scenario.ini that extends the scenario named,
# nothing copied; an existing folder is never written over; bad ids, unknown systems and
# options are refused.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/root"
VOLLEY_PATH="$tmp/root:${VOLLEY_PATH:-$PWD}"
export VOLLEY_PATH

out=$("$volley" new my-game/fords-ford) || fail "new: $out"
[ "$out" = "made $tmp/root/scenarios/my-game/fords-ford/ (4 files); volley check my-game/fords-ford checks it" ] \
  || fail "new says: $out"
for f in scenario.ini map.ini oob.ini rules.lua; do
  [ -f "$tmp/root/scenarios/my-game/fords-ford/$f" ] || fail "no $f"
done
out=$("$volley" check my-game/fords-ford) || fail "the skeleton does not pass check: $out"
[ "$out" = "0 errors, 0 warnings, 6 provisional values" ] || fail "check of the skeleton: $out"
out=$("$volley" play my-game/fords-ford --seed 2 --bot A=random --bot B=random | tail -n 1)
echo "$out" | grep -q "^game over: .* after [0-9]* decisions; seed 2; state " || fail "play: $out"
printf 'move A1 0202\nmove A2 0204\ndone\nhash\n' > "$tmp/script"
out=$("$volley" play my-game/fords-ford --seed 2 --bot B=random --script "$tmp/script") \
  || fail "a script: $out"
echo "$out" | grep -q "^A1 moves 0102 -> 0202 (1 MP) \[demo 4.2\]$" || fail "the script's move: $out"
echo "$out" | grep -q "^A2 moves 0104 -> 0204 (1 MP) \[demo 4.2\]$" || fail "the script's move: $out"
"$volley" render my-game/fords-ford --text --ascii | grep -q "^hexsides: = Bridge  ~ Stream$" \
  || fail "the skeleton's stream"

# Never over an existing folder, nor a scenario of that id elsewhere on the data path.
err=$("$volley" new my-game/fords-ford 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "an existing scenario: not refused"
[ "$err" = "volley new: the scenario my-game/fords-ford exists already: $tmp/root/scenarios/my-game/fords-ford/scenario.ini" ] \
  || fail "an existing scenario: $err"
mkdir -p "$tmp/d/g/b"
err=$("$volley" new g/b --dir "$tmp/d" 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "an existing folder: not refused"
[ "$err" = "volley new: $tmp/d/g/b exists already: volley new never writes over a folder" ] \
  || fail "an existing folder: $err"
[ -z "$(ls "$tmp/d/g/b")" ] || fail "the existing folder was written"
out=$("$volley" new g/c --dir "$tmp/d") || fail "--dir: $out"
"$volley" check "$tmp/d/g/c" >/dev/null || fail "--dir: the skeleton does not pass check"

# --from: a scenario.ini that extends the scenario, nothing else.
out=$("$volley" new my-game/test-board --from rough-and-ready/palo-alto) || fail "--from: $out"
[ "$(ls "$tmp/root/scenarios/my-game/test-board")" = "scenario.ini" ] || fail "--from copied files"
grep -q "^extends = rough-and-ready/palo-alto$" "$tmp/root/scenarios/my-game/test-board/scenario.ini" \
  || fail "--from: no extends"
# The extending scenario passes check and plays at once.
"$volley" check my-game/test-board >/dev/null || fail "--from: check"
"$volley" play my-game/test-board --seed 1 --bot US=random --bot MEX=random \
  --max-decisions 20 >/dev/null || fail "--from: play"

# Refusals (exit 1) and usage (exit 2).
for bad in My/Game a/b/c "a b/c" ../x/y; do
  err=$("$volley" new "$bad" 2>&1 >/dev/null)
  [ $? -eq 1 ] || fail "bad id '$bad' not refused"
  echo "$err" | grep -q "is not a new scenario's id (<game>/<battle>, each \[a-z0-9-\]+)$" \
    || fail "bad id '$bad': $err"
done
err=$("$volley" new x/y --system rough_and_ready 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "no skeleton: not refused"
echo "$err" | grep -q "no skeleton for the system 'rough_and_ready' (skeletons: demo)" \
  || fail "no skeleton: $err"
err=$("$volley" new x/y --from nope/none 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "--from an unknown scenario: not refused"
echo "$err" | grep -q "^volley new: --from: no scenario 'nope/none' on the data path" \
  || fail "--from an unknown scenario: $err"
[ ! -e "$tmp/root/scenarios/x" ] || fail "a refused new left a folder"
"$volley" new x/y --frob >/dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown option: not 2"
"$volley" new >/dev/null 2>&1
[ $? -eq 2 ] || fail "no id: not 2"
"$volley" new x/y --system demo --from rough-and-ready/palo-alto >/dev/null 2>&1
[ $? -eq 2 ] || fail "--system with --from: not 2"
"$volley" --help | grep -q "volley new <game>/<battle>" || fail "volley --help has no new"
echo ok
