#!/bin/sh
# Issue 34 points 3 and 4 (docs/scenarios.md "A scenario laid over another", "Files of the
# game's folder"): test-game/board (tests/data/extends) extends rough-and-ready/palo-alto and
# gives only its map (the game's map.ini), its units and their set-up. It is listed, checked,
# its line of sight cites Palo Alto's layer, it is played by a script under Palo Alto's rules (its victory keys: the board's road hex scores
# for MEX) and replayed; a replay whose inherited or shared file changed names that file; a
# board whose chain is broken is refused by `volley check` with file:line.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

VOLLEY_PATH=tests/data/extends
export VOLLEY_PATH

out=$("$volley" list 2>&1) || fail "list exited $?: $out"
expected='battle-of-buena-vista/buena-vista  Buena Vista, 23 February 1847  battle_of_buena_vista  US MEX  184 provisional
jackson-at-the-crossroads/cross-keys  Cross Keys, 8 June 1862 (historical)  spi_gbacw  USA CSA  419 provisional
jackson-at-the-crossroads/cross-keys/free-play  Cross Keys, 8 June 1862 (free play)  spi_gbacw  USA CSA  419 provisional
jackson-at-the-crossroads/port-republic  Port Republic, 9 June 1862  spi_gbacw  USA CSA  309 provisional
rough-and-ready/palo-alto  Palo Alto, 8 May 1846  rough_and_ready  US MEX  99 provisional
rough-and-ready/resaca-de-la-palma  Resaca de la Palma, 9 May 1846  rough_and_ready  US MEX  98 provisional
rough-and-ready/resaca-de-la-palma/hidden  Resaca de la Palma, 9 May 1846: variable deployment, hidden Mexican units  rough_and_ready  US MEX  98 provisional
rough-and-ready/resaca-de-la-palma/variable  Resaca de la Palma, 9 May 1846: variable deployment  rough_and_ready  US MEX  98 provisional
rough-and-ready/rio-sacramento  Rio Sacramento, 28 February 1847  rough_and_ready  US MEX  111 provisional
test-game/board  Test board under Palo Alto'"'"'s rules  rough_and_ready  US MEX  32 provisional
test-game/hold  Test board: the US must take 0302  rough_and_ready  US MEX  99 provisional
test-game/mid-chain  Test board: the US chain under way  rough_and_ready  US MEX  99 provisional'
[ "$out" = "$expected" ] || fail "unexpected listing:
$out"

out=$("$volley" check test-game/board 2>&1) || fail "check exited $?: $out"
[ "$out" = "0 errors, 0 warnings, 32 provisional values" ] || fail "check: $out"

# the line of sight layer is Palo Alto's (its own 6.17 alone; the system's cites both battles')
out=$("$volley" los test-game/board 0103 0201 2>&1) || fail "los exited $?: $out"
[ "$out" = "LOS 0103 -> 0201: blocked at 0102 (Light Woods: fire into, not through) [rough_and_ready PA 6.17]" ] \
  || fail "los: $out"

printf 'activate garland\nmove 8US-1 0402\nface 8US-1 NE/SE\nmove 5US-1 0302\nface 5US-1 NE/SE\ndone\n' \
  > "$tmp/board.script"
# a copy of the data the board is made of, first on the path, so that a file can change
mkdir -p "$tmp/root/scenarios/rough-and-ready"
cp -R tests/data/extends/scenarios/test-game "$tmp/root/scenarios/"
cp -R scenarios/rough-and-ready/palo-alto "$tmp/root/scenarios/rough-and-ready/"
VOLLEY_PATH=$tmp/root
out=$("$volley" play test-game/board --seed 5 --bot MEX=random --script "$tmp/board.script" \
  --strict --save "$tmp/board.save" 2>&1)
[ -s "$tmp/board.save" ] || fail "play saved no game: $out"
echo "$out" | grep -q '^stopped at decision 8 (US to answer activate' || fail "play: $out"
echo "$out" | grep -q '^MEX: BL 1 cannot exceed Withdrawal Level 20: no roll \[rough_and_ready 8.0\]$' \
  || fail "the board's road hex did not score under Palo Alto's victory keys: $out"
for f in scenarios/test-game/board/scenario.ini scenarios/rough-and-ready/palo-alto/scenario.ini \
    scenarios/test-game/map.ini scenarios/rough-and-ready/palo-alto/rules.lua \
    scenarios/rough-and-ready/palo-alto/terrain.ini scenarios/rough-and-ready/palo-alto/los.ini; do
  grep -q "^file scenario $f sha256 " "$tmp/board.save" || fail "the save's header lacks $f"
done
out=$("$volley" replay "$tmp/board.save" 2>&1) || fail "replay exited $?: $out"
echo "$out" | grep -Eq '^state_hash [0-9a-f]{16}$' || fail "replay: $out"

# an inherited file changes: the replay names it
echo '-- changed' >> "$tmp/root/scenarios/rough-and-ready/palo-alto/rules.lua"
out=$("$volley" replay "$tmp/board.save" 2>&1)
[ $? -ne 0 ] || fail "a replay with a changed inherited file must fail"
[ "$out" = "volley replay: the save does not match the files now: scenarios/rough-and-ready/palo-alto/rules.lua has changed since the game was saved" ] \
  || fail "inherited change: $out"
cp scenarios/rough-and-ready/palo-alto/rules.lua "$tmp/root/scenarios/rough-and-ready/palo-alto/"
# a file of the game's folder changes: the same
echo '; changed' >> "$tmp/root/scenarios/test-game/map.ini"
out=$("$volley" replay "$tmp/board.save" 2>&1)
[ "$out" = "volley replay: the save does not match the files now: scenarios/test-game/map.ini has changed since the game was saved" ] \
  || fail "shared change: $out"

# check: an id that is no scenario, a game: path out of the game's folder
sed 's|^extends = .*|extends = rough-and-ready/nowhere|' \
  tests/data/extends/scenarios/test-game/board/scenario.ini > "$tmp/root/scenarios/test-game/board/scenario.ini"
out=$("$volley" check test-game/board 2>&1)
[ $? -eq 1 ] || fail "check of a missing id must exit 1"
echo "$out" | grep -q "scenarios/test-game/board/scenario.ini:7: extends: no scenario 'rough-and-ready/nowhere' on the data path" \
  || fail "missing id: $out"
sed 's|^map = .*|map = game:../../map.ini|' \
  tests/data/extends/scenarios/test-game/board/scenario.ini > "$tmp/root/scenarios/test-game/board/scenario.ini"
out=$("$volley" check test-game/board 2>&1)
echo "$out" | grep -q "scenario.ini:9: map: 'game:../../map.ini' is not a path inside the game's folder (relative, without '..')" \
  || fail "game: with ..: $out"
exit 0
