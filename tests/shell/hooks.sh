#!/bin/sh
# volley hooks <system-id>: the catalogue, one point a line, then the context fields;
# an unknown system exits 1 listing the known ones; usage errors exit 2.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

out=$("$volley" hooks demo) || fail "hooks demo exited $?"
echo "$out" | grep -qx 'sequence.step observe,replace each step of the sequence of play; replace to skip it or add work around it' \
  || fail "no sequence.step line: $out"
echo "$out" | grep -qx 'fire.drm modify before a fire roll is totalled' || fail "no fire.drm line: $out"
echo "$out" | grep -qx '  movement.enter: unit, from, to, cost' || fail "no fields of movement.enter: $out"
# Sorted: the point lines come in name order.
echo "$out" | sed -n '/^$/q;p' | awk '{print $1}' | sort -c || fail "points not sorted"

# The shared points (docs/runtime.md "Hook points"): both systems list the same names in the same
# order, each fired or not fired by that system.
shared() { "$1" hooks "$2" | sed -n '/^shared points/,/^$/p' | awk 'NF {print $1}'; }
[ "$(shared "$volley" demo)" = "$(shared "$volley" rough_and_ready)" ] \
  || fail "the shared points differ: $(shared "$volley" demo) / $(shared "$volley" rough_and_ready)"
[ "$(shared "$volley" demo | wc -l)" -eq 21 ] || fail "not a header and 20 shared points: $(shared "$volley" demo)"
echo "$out" | grep -qx '  movement.enter       fired' || fail "demo: movement.enter not fired: $out"
echo "$out" | grep -qx '  shock.drm            not fired by this system' || fail "demo: shock.drm: $out"
echo "$out" | grep -qx '  schedule.event       fired' || fail "demo: schedule.event: $out"
rr=$("$volley" hooks rough_and_ready) || fail "hooks rough_and_ready exited $?"
echo "$rr" | grep -qx '  turn.start           not fired by this system' || fail "rr: turn.start: $rr"
echo "$rr" | grep -qx '  game.start           fired' || fail "rr: game.start: $rr"
echo "$rr" | grep -qx '  schedule.event       not fired by this system' || fail "rr: schedule.event: $rr"
echo "$rr" | grep -qx '  reinforcement.due    fired' || fail "rr: reinforcement.due: $rr"

err=$("$volley" hooks no_such_system 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "an unknown system must exit 1"
echo "$err" | grep -q "unknown system 'no_such_system' (known: .*demo" || fail "no known list: $err"

"$volley" hooks >/dev/null 2>&1
[ $? -eq 2 ] || fail "no system id must exit 2"
"$volley" hooks 'Bad-Id' >/dev/null 2>&1
[ $? -eq 2 ] || fail "a malformed id must exit 2"
"$volley" hooks '' >/dev/null 2>&1
[ $? -eq 2 ] || fail "an empty id must exit 2"
echo ok
