#!/bin/sh
# volley list: one line per scenario and variant of the data path's scenarios/ folders, id
# first, sorted by id (docs/shell.md); a scenario that cannot be listed, or a scenario.ini at
# a depth that gives no id, goes to stderr (each message once) and makes the exit status 1;
# arguments are a usage error. The test roots are
# tests/data/root (four scenarios) and tests/data/root2 (a hidden id and broken names).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

expected='battle-of-buena-vista/buena-vista  Buena Vista, 23 February 1847  battle_of_buena_vista  US MEX  184 provisional
jackson-at-the-crossroads/cross-keys  Cross Keys, 8 June 1862 (historical)  spi_gbacw  USA CSA  419 provisional
jackson-at-the-crossroads/cross-keys/free-play  Cross Keys, 8 June 1862 (free play)  spi_gbacw  USA CSA  419 provisional
jackson-at-the-crossroads/port-republic  Port Republic, 9 June 1862  spi_gbacw  USA CSA  309 provisional
rough-and-ready/palo-alto  Palo Alto, 8 May 1846  rough_and_ready  US MEX  99 provisional
rough-and-ready/resaca-de-la-palma  Resaca de la Palma, 9 May 1846  rough_and_ready  US MEX  98 provisional
rough-and-ready/resaca-de-la-palma/hidden  Resaca de la Palma, 9 May 1846: variable deployment, hidden Mexican units  rough_and_ready  US MEX  98 provisional
rough-and-ready/resaca-de-la-palma/variable  Resaca de la Palma, 9 May 1846: variable deployment  rough_and_ready  US MEX  98 provisional
rough-and-ready/rio-sacramento  Rio Sacramento, 28 February 1847  rough_and_ready  US MEX  111 provisional
test-game/battle  Test battle  demo  A B  3 provisional
test-game/battle/variant  Test battle, variant deployment  demo  A B  3 provisional
test-game/battle/whole  Test battle, empty board  demo  A B  3 provisional
test-game/rr  Test on Rough & Ready'"'"'s tables  rough_and_ready  US MEX  37 provisional'

out=$(VOLLEY_PATH=tests/data/root "$volley" list 2>&1) || fail "list exited $?: $out"
[ "$out" = "$expected" ] || fail "unexpected listing:
$out"

# The source tree's scenarios/ (the data path's last root) holds Buena Vista, Palo Alto, Resaca
# de la Palma with its variable and hidden deployments, and Rio Sacramento.
palo='battle-of-buena-vista/buena-vista  Buena Vista, 23 February 1847  battle_of_buena_vista  US MEX  184 provisional
jackson-at-the-crossroads/cross-keys  Cross Keys, 8 June 1862 (historical)  spi_gbacw  USA CSA  419 provisional
jackson-at-the-crossroads/cross-keys/free-play  Cross Keys, 8 June 1862 (free play)  spi_gbacw  USA CSA  419 provisional
jackson-at-the-crossroads/port-republic  Port Republic, 9 June 1862  spi_gbacw  USA CSA  309 provisional
rough-and-ready/palo-alto  Palo Alto, 8 May 1846  rough_and_ready  US MEX  99 provisional
rough-and-ready/resaca-de-la-palma  Resaca de la Palma, 9 May 1846  rough_and_ready  US MEX  98 provisional
rough-and-ready/resaca-de-la-palma/hidden  Resaca de la Palma, 9 May 1846: variable deployment, hidden Mexican units  rough_and_ready  US MEX  98 provisional
rough-and-ready/resaca-de-la-palma/variable  Resaca de la Palma, 9 May 1846: variable deployment  rough_and_ready  US MEX  98 provisional
rough-and-ready/rio-sacramento  Rio Sacramento, 28 February 1847  rough_and_ready  US MEX  111 provisional'
out=$("$volley" list 2>&1) || fail "list of the source tree exited $?"
[ "$out" = "$palo" ] || fail "the source tree listed: $out"

# root2 comes second: its test-game/battle is hidden by root's; its broken names are reported.
out=$(VOLLEY_PATH=tests/data/root:tests/data/root2 "$volley" list 2>/dev/null)
[ $? -eq 1 ] || fail "problems must exit 1"
[ "$out" = "$expected" ] || fail "unexpected listing with root2:
$out"
err=$(VOLLEY_PATH=tests/data/root:tests/data/root2 "$volley" list 2>&1 >/dev/null)
expected_err="volley list: tests/data/root2/scenarios/other/x/scenario.ini:7: map: no file 'map.ini' in the scenario's folder (tests/data/root2/scenarios/other/x)
volley list: tests/data/root2/scenarios/Other/y: 'Other' is not an id segment ([a-z0-9-]+)
volley list: tests/data/root2/scenarios/other/x/Odd_Variant.ini: 'Odd_Variant' is not an id segment ([a-z0-9-]+)"
[ "$err" = "$expected_err" ] || fail "unexpected stderr:
$err"

# A scenario.ini at a depth that gives no id is reported, never skipped silently
# (tests/data/depth: scenarios/, scenarios/<game>/, two folders below a battle's).
out=$(VOLLEY_PATH=tests/data/root:tests/data/depth "$volley" list 2>/dev/null)
[ $? -eq 1 ] || fail "a misplaced scenario.ini must exit 1"
[ "$out" = "$expected" ] || fail "unexpected listing with tests/data/depth:
$out"
err=$(VOLLEY_PATH=tests/data/root:tests/data/depth "$volley" list 2>&1 >/dev/null)
place='(a scenario is scenarios/<game>/<battle>/scenario.ini)'
expected_err="volley list: tests/data/depth/scenarios/scenario.ini: too shallow for an id $place
volley list: tests/data/depth/scenarios/game/battle/sub/scenario.ini: too deep for an id $place
volley list: tests/data/depth/scenarios/game/battle/sub/deeper/scenario.ini: too deep for an id $place
volley list: tests/data/depth/scenarios/shallow/scenario.ini: too shallow for an id $place"
[ "$err" = "$expected_err" ] || fail "unexpected stderr with tests/data/depth:
$err"

# A broken file shared by a battle and its two variants is reported once, not three times.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r tests/data/root "$tmp/root"
sed -i '0,/^type = infantry$/s//type = cavalry/' "$tmp/root/scenarios/test-game/battle/oob.ini"
err=$(VOLLEY_PATH="$tmp/root" "$volley" list 2>&1 >/dev/null)
[ "$err" = "volley list: $tmp/root/scenarios/test-game/battle/oob.ini:25: unit A1: unknown type 'cavalry' (known: infantry, leader)" ] ||
  fail "a shared broken file, reported more or less than once:
$err"

"$volley" list extra >/dev/null 2>&1
[ $? -eq 2 ] || fail "an argument must exit 2"
"$volley" list --help | grep -q '^  <id>  <title>  <system>  <sides>  <n> provisional$' \
  || fail "no format in --help"
"$volley" --help | grep -q 'volley list ' || fail "list is not in volley --help"
echo ok
