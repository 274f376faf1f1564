#!/bin/sh
# Palo Alto from the command line (docs/scenarios/palo-alto.md): `volley list` shows it, and
# `volley los` on its map answers through the tall grass (clear), into and through the woods
# and the chaparral, and along a hexside, citing the rule [rough_and_ready PA 6.17, 6.18].
# (The scenario id form of `volley los`, `check`, `sources` and `render` arrive with the
# command line and set-up issues.)
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
map=scenarios/rough-and-ready/palo-alto/map.ini

"$volley" list | grep -qx 'rough-and-ready/palo-alto  Palo Alto, 8 May 1846  rough_and_ready  US MEX  99 provisional' \
  || fail "volley list does not show Palo Alto"

check() {  # check A B expected-line
  out=$("$volley" los "$map" "$1" "$2" 2>&1)
  status=$?
  [ $status -eq 0 ] || fail "los $1 $2 exited $status: $out"
  [ "$out" = "$3" ] || fail "los $1 $2: got '$out', expected '$3'"
}

# Ringgold's battery at 3016 sees the 10th Line at 1316 across the field of tall grass.
check 3016 1316 "LOS 3016 -> 1316: clear"
check 3014 1809 "LOS 3014 -> 1809: clear"
# Into the Palo Alto motte, not through it.
check 3409 3609 "LOS 3409 -> 3609: clear"
check 3409 3909 "LOS 3409 -> 3909: blocked at 3609 (Light Woods: fire into, not through) [rough_and_ready PA 6.17]"
check 3508 3908 "LOS 3508 -> 3908: blocked at 3608/3609 (along the hexside, both hexes block: Light Woods: fire into, not through) [rough_and_ready 6.18]"
# Into the chaparral behind the Mexican line, not through it.
check 1020 0820 "LOS 1020 -> 0820: clear"
check 1020 0620 "LOS 1020 -> 0620: blocked at 0820 (Chaparral: fire into, not through) [rough_and_ready PA 6.17]"
# Marsh and lagoon do not block.
check 2304 1604 "LOS 2304 -> 1604: clear"
echo ok
