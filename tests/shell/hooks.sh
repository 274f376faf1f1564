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
