#!/bin/sh
# volley sources on Battle of Buena Vista's tables (issue 43 point 1): a scenario on the
# system's charts lists every designed table once and then each row of its cells, in
# DESIGN.md's line format, and no table the text gives (the shifts, the fire DRMs, the Loss
# Track, the victory levels).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$(VOLLEY_PATH=tests/data/bvcharts:. "$volley" sources test-game/bv) || fail "sources exited $?"
reason='designed: printed only on the map, absent from the text; axes and codes from 8.2-8.4'
echo "$out" | grep -qxF "provisional system charts/battle_of_buena_vista/combat.ini:31 table.shock_combat =  -- $reason" \
  || fail "the shock table's line: $out"
echo "$out" | grep -qxF "provisional system charts/battle_of_buena_vista/combat.ini:41 table.shock_combat.6 = r/r | ·/r | ·/r | ·/R | ·/R | ·/R | ·/R | ·/R -- $reason" \
  || fail "the shock table's sixth row"
for t in shock_combat fire_combat fire_max_range rout saltillo_combat random_events reserve_arc rain_arc; do
  echo "$out" | grep -q " table\.$t = " || fail "no line for $t"
done
for t in shock_shifts fire_shifts fire_drm loss_track victory_level; do
  if echo "$out" | grep -q " table\.${t}[ .]"; then fail "$t is the text's, not provisional"; fi
done
# each row of cells a line: 6 shock rows, 7 fire rows, 11 random events
[ "$(echo "$out" | grep -c ' table\.shock_combat\.')" -eq 6 ] || fail "shock rows"
[ "$(echo "$out" | grep -c ' table\.fire_combat\.')" -eq 7 ] || fail "fire rows"
[ "$(echo "$out" | grep -c ' table\.random_events\.')" -eq 11 ] || fail "random event rows"
exit 0
