#!/bin/sh
# The script API every system shares (issue 34 point 1; docs/modding.md "The script API"),
# through the real program: `volley hooks --json` types each context; one mod that logs at
# each turn.start / activation.start plays unchanged on the demo and on Palo Alto; a mod that
# ends the game when a side holds a hex ends it through each system's victory check, recorded
# in the save so the replay holds; volley.log's visibility reaches only the views it names;
# volley.log at load stops the game naming the mod's line.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mods=tests/data/mods

# volley hooks --json: one line of JSON, every context field typed and described
out=$("$volley" hooks demo --json) || fail "hooks demo --json exited $?"
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "hooks --json: not one line"
case "$out" in '{"event":"hooks","v":1,"api_version":1,'*) ;; *) fail "hooks --json: $out" ;; esac
echo "$out" | grep -q '"actions":\["ask","declare_result","roll","set_flag","set_marker"\],"fields":\[{"meaning":"the unit that moved","name":"unit","type":"unit"}' \
  || fail "hooks --json: movement.enter not typed: $out"
out=$("$volley" hooks rough_and_ready --json) || fail "hooks rough_and_ready --json exited $?"
echo "$out" | grep -q '"name":"activation.start"' || fail "no activation.start: $out"
out=$("$volley" hooks rough_and_ready) || fail "hooks rough_and_ready exited $?"
echo "$out" | grep -qx 'fire.drm (modify)' || fail "no fire.drm context: $out"
echo "$out" | grep -qx '  may: declare_result, hit, intermission, roll, set_flag, set_marker' \
  || fail "fire.drm: what a handler may do: $out"
echo "$out" | grep -qx '  target       hex       the hex fired at' || fail "fire.drm target: $out"
"$volley" hooks demo --json --json >/dev/null 2>&1
[ $? -eq 2 ] || fail "--json twice must exit 2"

# One log mod, both systems
out=$("$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random \
  --mod $mods/api_log.lua) || fail "demo with api_log exited $?"
[ "$(echo "$out" | grep -c '^\[api_log\] turn.start: turn [1-4]$')" -eq 4 ] \
  || fail "demo: not four turn lines: $out"
out=$("$volley" play rough-and-ready/palo-alto --seed 3 --bot US=random --bot MEX=random \
  --max-decisions 300 --mod $mods/api_log.lua) || fail "Palo Alto with api_log exited $?"
echo "$out" | grep -qx '\[api_log\] activation.start: activation 1 by US' \
  || fail "Palo Alto: no first activation line"
echo "$out" | grep -q '^\[api_log\] activation.start: activation 2 by ' \
  || fail "Palo Alto: no second activation line"

# Holding a hex ends the game: the demo by a script's move, Palo Alto at its first check
printf 'move A2 0305\ndone\n' > "$tmp/a.script"
out=$("$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/a.script" \
  --mod $mods/api_hold.lua --save "$tmp/d.save") || fail "demo hold exited $?"
echo "$out" | grep -q '^game over: A decisive (A holds 0305) after 7 decisions' \
  || fail "demo hold: $out"
"$volley" replay "$tmp/d.save" > "$tmp/d.replay" || fail "demo hold: replay exited $?"
out=$("$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/a.script" \
  --mod $mods/api_hold.lua --json --as referee | tail -n 1)
case "$out" in
  *'"level":"decisive"'*'"reason":"A holds 0305"'*'"winner":"A"'*) ;;
  *) fail "demo hold JSON: $out" ;;
esac
grep -q "^state_hash $(echo "$out" | sed 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/')\$" \
  "$tmp/d.replay" || fail "demo hold: the replay's state differs"
out=$("$volley" play rough-and-ready/palo-alto --seed 3 --bot US=random --bot MEX=random \
  --mod $mods/api_hold.lua --json --save "$tmp/p.save" | tail -n 1) \
  || fail "Palo Alto hold exited $?"
case "$out" in
  *'"level":"decisive"'*'"reason":"US holds 3016"'*'"winner":"US"'*) ;;
  *) fail "Palo Alto hold: $out" ;;
esac
hash=$(echo "$out" | sed 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/')
"$volley" replay "$tmp/p.save" | grep -qx "state_hash $hash" || fail "Palo Alto hold: replay"

# Visibility: B's line reaches B's view and the referee's, never A's
printf 'done\ndone\ndone\ndone\n' > "$tmp/done.script"
a=$("$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/done.script" \
  --mod $mods/api_secret.lua --max-decisions 3)
echo "$a" | grep -q "turn 1: both armies stir" || fail "A's view: no line for all: $a"
echo "$a" | grep -q "A's pickets" || fail "A's view: no line for A: $a"
echo "$a" | grep -q "scouts" && fail "A's view reads B's line: $a"
b=$("$volley" play tests/data/demo --seed 3 --bot A=random --script "$tmp/done.script" \
  --mod $mods/api_secret.lua --max-decisions 3 --json)
echo "$b" | grep -q "B's scouts watch the ford unseen" || fail "B's view: no line for B: $b"
echo "$b" | grep -q "pickets" && fail "B's view reads A's line: $b"
r=$("$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random \
  --mod $mods/api_secret.lua --max-decisions 3)
echo "$r" | grep -q "scouts" || fail "the referee misses B's line: $r"
echo "$r" | grep -q "pickets" || fail "the referee misses A's line: $r"

# volley.log at load: refused, naming the mod's line
printf 'volley.log("hello")\n' > "$tmp/early.lua"
err=$("$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random \
  --mod "$tmp/early.lua" 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "volley.log at load: exit status"
echo "$err" | grep -q "early.lua:1: volley.log: a script logs from a handler, not while it loads" \
  || fail "volley.log at load: $err"
# ctx.game.param: the scenario's [params] turns (4), the system's default stack_limit (2), nil
out=$("$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random \
  --mod $mods/api_param.lua --max-decisions 2 2>&1)
echo "$out" | grep -q "params: turns 4, stack_limit 2, nope nil" || fail "param: $out"
echo ok
