#!/bin/sh
# volley los under GBACW's v2023 rules (docs/los.md "GBACW's slopes") on their fixture map,
# drawn in the series' terrain ids: woods and towns block on level ground, orchards do not; a
# hill higher than both ends blocks; a rise nearer the lower end blocks and one nearer the
# higher does not; a lower wooded hex next to a wooded firer blocks (Canopy); a steep slope
# hexside makes a midway rise block; a line along a woods hexside is blocked; both ways alike
# [gbacw 10.23] [gbacw 10.24] [gbacw 10.25] [gbacw 10.27].
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
map=tests/data/maps/gbacw/sight.ini

# both A B where: the line both ways is blocked at where (or clear: "clear")
both() {
  for pair in "$1 $2" "$2 $1"; do
    # shellcheck disable=SC2086
    out=$("$volley" los "$map" $pair 2>&1)
    status=$?
    [ $status -eq 0 ] || fail "los $pair exited $status: $out"
    case $3 in
      clear) [ "$out" = "LOS ${pair% *} -> ${pair#* }: clear" ] || fail "los $pair: $out" ;;
      *) case $out in
           "LOS ${pair% *} -> ${pair#* }: blocked at $3 ("*") [gbacw 10.2"?"]") ;;
           *) fail "los $pair: got '$out', expected blocked at $3" ;;
         esac ;;
    esac
  done
}

both 0102 0106 0104          # woods on level ground
both 0302 0306 clear         # an orchard does not block
both 0102 0104 clear         # woods are fired into, never through [gbacw 10.22]
both 0502 0506 0504          # a town
both 0702 0706 0704          # a hill higher than both ends
both 0902 0908 0904          # a rise nearer the lower end
both 1102 1108 clear         # nearer the higher end
both 1302 1307 1303          # Canopy
both 1702 1706 1704          # a steep slope makes a midway rise block
both 1902 1906 clear         # the same rise, gradual
both 0109 0309 0209/0210     # along a woods hexside

out=$("$volley" los "$map" 1302 1307)
[ "$out" = "LOS 1302 -> 1307: blocked at 1303 (canopy: a lower Woods hex beside a wooded end) [gbacw 10.24]" ] \
  || fail "canopy's sentence: $out"
exit 0
