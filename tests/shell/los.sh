#!/bin/sh
# volley los <id|path|map.ini> A B on the sample map (docs/los.md "The subcommand"): DESIGN.md's exact
# wording for a clear line, a line blocked at a hex and one blocked at a hexside, exit 0 for
# both answers; a hex off the map exits 1, usage errors (a bad label, a scenario id, missing
# arguments) exit 2.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
map=tests/data/maps/sample.ini

check() {  # check A B expected-line
  out=$("$volley" los "$map" "$1" "$2" 2>&1)
  status=$?
  [ $status -eq 0 ] || fail "los $1 $2 exited $status: $out"
  [ "$out" = "$3" ] || fail "los $1 $2: got '$out', expected '$3'"
}

check 0606 0101 "LOS 0606 -> 0101: blocked at 0505 (Light Woods: fire into, not through) [rough_and_ready PA 6.17] [rough_and_ready RP 6.17]"
check 1001 1005 "LOS 1001 -> 1005: clear"
check 0105 0305 "LOS 0105 -> 0305: blocked at 0205/0206 (along the hexside, Light Woods: fire into, not through) [rough_and_ready 6.18]"
check 1805 1807 "LOS 1805 -> 1807: blocked at 1805/1806 (no line through the Spur hexside) [rough_and_ready TEC] note g"
check 0613 0914 "LOS 0613 -> 0914: blocked at 0914 (the target is in a Resaca (light woods) hex, seen only from a resaca hex or one beside it) [rough_and_ready RP 6.17]"
check 0614 0914 "LOS 0614 -> 0914: clear"

out=$("$volley" los "$map" 0101 2101 2>&1)
[ $? -eq 1 ] || fail "a hex off the map must exit 1"
[ "$out" = "volley los: hex 2101 is not on the map" ] || fail "off the map: $out"

out=$("$volley" los nope/missing.ini 0101 0202 2>&1)
[ $? -eq 1 ] || fail "a missing map must exit 1"
[ "$out" = "nope/missing.ini: cannot open (No such file or directory)" ] || fail "missing map: $out"

"$volley" los "$map" 01 0202 >/dev/null 2>&1
[ $? -eq 2 ] || fail "a malformed label must exit 2"
# A scenario (an id, its folder, its .ini) names its map and the map's LOS policy.
want="LOS 0613 -> 0914: blocked at 0814 (Chaparral: fire into, not through) [rough_and_ready PA 6.17]"
for what in rough-and-ready/palo-alto scenarios/rough-and-ready/palo-alto \
            scenarios/rough-and-ready/palo-alto/scenario.ini scenarios/rough-and-ready/palo-alto/map.ini; do
  out=$("$volley" los "$what" 0613 0914 2>&1) || fail "los $what: exit $?: $out"
  [ "$out" = "$want" ] || fail "los $what: $out"
done
out=$("$volley" los nosuch 0101 0202 2>&1)
[ $? -eq 1 ] || fail "an unknown scenario must exit 1"
[ "$out" = "volley los: no scenario 'nosuch' (neither an id on the data path nor a file or folder)" ] ||
  fail "unknown scenario: $out"
"$volley" los "$map" 0101 >/dev/null 2>&1
[ $? -eq 2 ] || fail "one hex must exit 2"
"$volley" los "$map" 0101 0202 0303 >/dev/null 2>&1
[ $? -eq 2 ] || fail "three hexes must exit 2"
"$volley" --help | grep -q "volley los <id|path|map.ini> A B" || fail "--help does not list los"
exit 0
