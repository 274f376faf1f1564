#!/bin/sh
# volley check, volley sources, volley options on the demo and the test data root: the exact
# summary line (always plural), errors as file:line: message, exit codes 0/1/2, the
# provisional lines (as many as volley list counts), the options with their descriptions.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=tests/data/root

# check: a clean scenario; one with a warning and provisional values.
out=$("$volley" check tests/data/demo) || fail "check demo exited $?"
[ "$out" = "0 errors, 0 warnings, 0 provisional values" ] || fail "check demo: $out"
out=$(VOLLEY_PATH=$root "$volley" check test-game/battle) || fail "check test-game/battle exited $?"
[ "$out" = "$root/scenarios/test-game/battle/scenario.ini:6: warning: [scenario] has no max_decisions: bot games are capped at the engine's 10000 decisions
0 errors, 1 warnings, 3 provisional values" ] || fail "check test-game/battle: $out"

# check: a broken battle script, a broken option (no description either), errors first.
cp -r "$root/scenarios/test-game/battle" "$tmp/b"
echo 'volley.on("no.such", function() end)' > "$tmp/b/rules.lua"
printf 'error("the fog is broken")\n' > "$tmp/b/options/fog.lua"
"$volley" check "$tmp/b" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "check with errors must exit 1"
[ ! -s "$tmp/err" ] || fail "check wrote to stderr: $(cat "$tmp/err")"
cat > "$tmp/expected" <<EOT
$tmp/b/rules.lua:1: unknown hook point 'no.such' (known: fire.drm, fire.resolved, game.end, game.start, movement.cost, movement.enter, movement.leave, movement.stop, reaction.offer, reinforcement.arrive, reinforcement.due, schedule.event, sequence.step, setup.start, turn.end, turn.start, victory.check) (load, battle)
$tmp/b/options/fog.lua:1: the fog is broken (load, battle)
$tmp/b/scenario.ini:6: warning: [scenario] has no max_decisions: bot games are capped at the engine's 10000 decisions
$tmp/b/options/fog.lua:1: warning: option fog has no description (its first line, a comment, says what it does; volley options prints it)
2 errors, 2 warnings, 3 provisional values
EOT
diff -u "$tmp/expected" "$tmp/out" || fail "check of a broken battle"
# check: broken data stops at the first file that does not load.
sed -i 's/^01 = .*/01 = q q/' "$tmp/b/map.ini"
out=$("$volley" check "$tmp/b")
[ $? -eq 1 ] || fail "check of a broken map must exit 1"
[ "$out" = "$tmp/b/map.ini:15: unknown terrain code 'q' (known: c, r, w)
1 errors, 0 warnings, 0 provisional values" ] || fail "check of a broken map: $out"
out=$("$volley" check no-such/game)
[ $? -eq 1 ] || fail "check of a missing scenario must exit 1"
echo "$out" | tail -n 1 | grep -qx '1 errors, 0 warnings, 0 provisional values' || fail "missing: $out"

# sources: the exact lines, and as many as volley list counts.
out=$(VOLLEY_PATH=$root "$volley" sources test-game/battle) || fail "sources exited $?"
[ "$out" = "provisional scenario scenarios/test-game/battle/oob.ini:23 LA =  -- invented for the tests
provisional scenario scenarios/test-game/battle/oob.ini:38 A2.strength = 2 -- a guess
provisional scenario scenarios/test-game/battle/oob.ini:46 B1.ma = 4 -- a guess" ] \
  || fail "sources test-game/battle: $out"
n=$(VOLLEY_PATH=$root "$volley" sources test-game/rr | wc -l)
VOLLEY_PATH=$root "$volley" list | grep -q "^test-game/rr  .*  $n provisional\$" \
  || fail "sources test-game/rr gives $n lines; volley list says otherwise"
VOLLEY_PATH=$root "$volley" sources test-game/rr \
  | grep -qx 'provisional system charts/rough_and_ready/movement.ini:114 hexside.ford.cancels = river -- .*' \
  || fail "system files are not named under their data root"
out=$("$volley" sources tests/data/demo) || fail "sources demo exited $?"
[ -z "$out" ] || fail "the demo has no provisional value: $out"
"$volley" sources "$tmp/b" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "sources of a broken map must exit 1"
grep -qx "volley sources: $tmp/b/map.ini:15: unknown terrain code 'q' (known: c, r, w)" "$tmp/err" || fail "sources: $(cat "$tmp/err")"

# options: name, file, description.
out=$(VOLLEY_PATH=$root "$volley" options test-game/battle) || fail "options exited $?"
[ "$out" = "fog scenarios/test-game/battle/options/fog.lua -- the test option: nothing yet; the sandbox runs it" ] \
  || fail "options test-game/battle: $out"
out=$("$volley" options tests/data/demo) || fail "options demo exited $?"
[ -z "$out" ] || fail "the demo has no options: $out"
"$volley" options no-such/game >/dev/null 2>&1
[ $? -eq 1 ] || fail "options of a missing scenario must exit 1"

# --help and usage, for each.
for c in check sources options; do
  "$volley" "$c" --help | grep -q "^usage: volley $c <id|path>" || fail "$c --help"
  for args in "" "a b" "--frobnicate"; do
    # shellcheck disable=SC2086
    "$volley" "$c" $args >/dev/null 2>"$tmp/err"
    [ $? -eq 2 ] || fail "$c $args must exit 2"
    grep -q "^volley $c: " "$tmp/err" || fail "$c $args: no message"
  done
done
echo ok
