#!/bin/sh
# SPI GBACW I (issue 50): Jackson at the Crossroads' battles and the system's test battle check
# with 0 errors, list under spi_gbacw with sides USA CSA (the test battle, opened by path, is
# never listed), list their designed tables and counter estimates in `volley sources` and none
# of the text's whole tables, draw every set-up unit, and open and end at the prompt while the
# system has no rules (20 bot games of the test battle).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for id in jackson-at-the-crossroads/cross-keys jackson-at-the-crossroads/cross-keys/free-play \
          jackson-at-the-crossroads/port-republic tests/data/spi_gbacw; do
  out=$("$volley" check "$id" 2>&1) || fail "check $id exited $?: $out"
  echo "$out" | tail -n 1 | grep -q '^0 errors, 0 warnings, [0-9]* provisional values$' \
    || fail "check $id: $out"
done

list=$("$volley" list 2>&1) || fail "list exited $?"
n=$(echo "$list" | grep -c '^jackson-at-the-crossroads/[a-z/-]*  .*  spi_gbacw  USA CSA  [0-9]* provisional$')
[ "$n" -eq 3 ] || fail "list: $n Jackson battles: $list"
if echo "$list" | grep -q 'SPI GBACW test battle'; then fail "the test battle is listed"; fi

src=$("$volley" sources jackson-at-the-crossroads/cross-keys) || fail "sources exited $?"
for t in fire melee range_effects tec_charge tec_los tec_fire tec_melee momentum; do
  echo "$src" | grep -q " table\.$t = " || fail "sources: no line for the designed table $t"
done
[ "$(echo "$src" | grep -c ' table\.fire\.')" -eq 6 ] || fail "sources: the fire table's rows"
[ "$(echo "$src" | grep -c ' table\.melee\.')" -eq 6 ] || fail "sources: the melee table's rows"
for t in density elephant leader_casualty ammo_loss vp_schedule exit_award stacking_units; do
  if echo "$src" | grep -q " table\.${t}[ .]"; then fail "sources: $t is the text's"; fi
done
echo "$src" | grep -q 'movement.ini:[0-9]* hex\.w\.cav = 3 -- designed' || fail "sources: movement"
echo "$src" | grep -q 'oob.ini:[0-9]* Trimble\.effectiveness_radius = 4 -- estimated' \
  || fail "sources: the leaders' estimates"
echo "$src" | grep -q 'los.ini:[0-9]* los\.level = 20 -- the map key is missing' || fail "sources: los"

# set-up units drawn (the top of each stack; the hexes of every unit: jackson_spec.lua)
"$volley" render jackson-at-the-crossroads/cross-keys --svg "$tmp/ck.svg" || fail "render cross-keys"
for u in 6La 7La 8La 9La 1LaBn 42Va 48Va 1VaBn 15Al Lusk-B; do
  grep -q ">$u<" "$tmp/ck.svg" || fail "cross-keys: $u not drawn"
done
"$volley" render jackson-at-the-crossroads/port-republic --svg "$tmp/pr.svg" || fail "render port-republic"
for u in 7In 66Oh H1Oh-C Jackson 2Va Poague-B Carpenter-B 52Va 31Va; do
  grep -q ">$u<" "$tmp/pr.svg" || fail "port-republic: $u not drawn"
done
text=$("$volley" render jackson-at-the-crossroads/cross-keys --text 2>&1) || fail "render --text"
echo "$text" | grep -q 'Bayard (USA, arrives turn 6 at 2201 or 1501)' || fail "render --text: the schedule"

out=$("$volley" sim tests/data/spi_gbacw --games 20 --bots random,random 2>&1) || fail "sim: $out"
echo "$out" | grep -q '^draw *20 ' || fail "sim: $out"
exit 0
