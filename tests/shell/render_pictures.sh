#!/bin/sh
# volley render's pictures: the terminal map against golden renders (Unicode and ASCII, colour
# off and on, a hex and radius, panned to a width, a pointy-top map) of small maps with unit
# marks from --units fixtures; the SVG of the sample map (one data-hex polygon per map hex,
# each unit, stack and leader with its data-hex and code, xmllint accepting it); the options
# refused with their messages; every broken fixture of tests/data/views/broken/ refused with
# "<file>:<line>: <message>".
# VOLLEY_GOLDEN_UPDATE=1 rewrites the golden files instead of comparing (then review the diff).
# shellcheck disable=SC2086 # the flag lists ($bots, $args, $units ...) split on purpose
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
golden=tests/golden/render
sample=tests/data/maps/sample.ini
small=tests/data/maps/small.ini

# A render with a known environment: no terminal (stdout is a file), no COLUMNS, no NO_COLOR.
run() {
  env -u COLUMNS -u NO_COLOR -u LC_ALL -u LC_CTYPE -u LANG TERM=xterm "$@"
}

# golden NAME ENV... -- volley ARGS: compares stdout with $golden/NAME
check_golden() {
  name=$1
  shift
  run "$@" >"$tmp/$name" 2>"$tmp/err" || fail "$name: exit $?: $(cat "$tmp/err")"
  [ -s "$tmp/err" ] && fail "$name: wrote to stderr: $(cat "$tmp/err")"
  if [ "${VOLLEY_GOLDEN_UPDATE:-}" = 1 ]; then
    mkdir -p "$golden"
    cp "$tmp/$name" "$golden/$name"
  else
    diff -u "$golden/$name" "$tmp/$name" >"$tmp/diff" || fail "$name differs from $golden/$name:
$(head -n 40 "$tmp/diff")"
  fi
}

units="--units tests/data/views/small_units.ini"
check_golden small.utf8.txt LANG=C.UTF-8 "$volley" render $small --text $units
check_golden small.ascii.txt LANG=C.UTF-8 "$volley" render $small --text --ascii $units
check_golden small.colour.txt LANG=C.UTF-8 "$volley" render $small --text --colour always $units
# a unit's status: Disordered in lower case, Hits as a subscript digit (ASCII !)
status="--units tests/data/views/status_units.ini"
check_golden status.utf8.txt LANG=C.UTF-8 "$volley" render $small --text $status
check_golden status.ascii.txt LANG=C.UTF-8 "$volley" render $small --text --ascii $status
# codes that begin alike: each cell tells its mark apart from the others
check_golden alike.utf8.txt LANG=C.UTF-8 "$volley" render $small --text \
  --units tests/data/views/alike_units.ini
check_golden small_hex.utf8.txt LANG=C.UTF-8 "$volley" render $small --text --hex 0302 --radius 1 $units
check_golden small_pointy.utf8.txt LANG=C.UTF-8 "$volley" render tests/data/maps/small_pointy.ini \
  --text --units tests/data/views/small_pointy_units.ini
check_golden sample_pan.ascii.txt COLUMNS=60 "$volley" render $sample --text --hex 1604 \
  --units tests/data/views/sample_units.ini
check_golden small.svg "$volley" render $small --svg - $units

# The locale picks the characters: no UTF-8 locale, no UTF-8 byte; a UTF-8 locale, box drawing.
run LC_ALL=C "$volley" render $small --text $units >"$tmp/c" || fail "LC_ALL=C render"
LC_ALL=C grep -q "$(printf '[\200-\377]')" "$tmp/c" && fail "LC_ALL=C drew non-ASCII characters"
cmp -s "$tmp/c" "$golden/small.ascii.txt" || fail "LC_ALL=C differs from --ascii"
run LANG=en_GB.utf8 "$volley" render $small --text $units | cmp -s - "$golden/small.utf8.txt" ||
  fail "LANG=en_GB.utf8 is a UTF-8 locale"
run LC_CTYPE=C LANG=C.UTF-8 "$volley" render $small --text $units | cmp -s - "$golden/small.ascii.txt" ||
  fail "LC_CTYPE comes before LANG"

# Colour: off in a file, off with NO_COLOR even when asked for auto, on when always.
esc=$(printf '\033')
grep -q "$esc" "$golden/small.utf8.txt" && fail "colour in a file"
run NO_COLOR=1 LANG=C.UTF-8 "$volley" render $small --text --colour auto $units | grep -q "$esc" &&
  fail "NO_COLOR=1 drew colours"
grep -q "$esc\[0;1;38;5;33m5US" "$golden/small.colour.txt" || fail "5US is not in the first side's blue"
grep -q "$esc\[0;1;38;5;160mLan" "$golden/small.colour.txt" || fail "Lancers is not in the second side's red"

# Widths: COLUMNS=80 fits 9 columns of the sample and says which; no COLUMNS, all 20.
run COLUMNS=80 LANG=C.UTF-8 "$volley" render $sample --text >"$tmp/w80" || fail "COLUMNS=80"
[ "$(LC_ALL=C.UTF-8 wc -L <"$tmp/w80")" -le 80 ] || fail "a line wider than 80 at COLUMNS=80"
grep -qx 'columns 01-09 of 01-20 shown; --hex H draws the columns around H' "$tmp/w80" ||
  fail "COLUMNS=80: $(grep '^columns' "$tmp/w80")"
run COLUMNS=120 LANG=C.UTF-8 "$volley" render $sample --text --hex 2008 >"$tmp/w120" || fail "COLUMNS=120"
grep -qx 'columns 07-20 of 01-20 shown (around the hex asked for)' "$tmp/w120" ||
  fail "COLUMNS=120 --hex 2008: $(grep '^columns' "$tmp/w120")"

# The SVG of the sample map: one polygon with data-hex per map hex, every label once.
run "$volley" render $sample --svg "$tmp/sample.svg" --units tests/data/views/sample_units.ini \
  >"$tmp/out" 2>&1 || fail "--svg exited $?: $(cat "$tmp/out")"
[ -s "$tmp/out" ] && fail "--svg wrote to the terminal: $(cat "$tmp/out")"
xmllint --noout "$tmp/sample.svg" || fail "xmllint refuses the SVG"
head -n 2 "$tmp/sample.svg" | grep -q '^<svg xmlns="http://www.w3.org/2000/svg"' || fail "not an SVG document"
grep -o '<polygon [^>]*data-hex="[0-9]*"' "$tmp/sample.svg" | sed 's/.*data-hex="//; s/"$//' |
  sort >"$tmp/hexes"
[ "$(wc -l <"$tmp/hexes")" -eq 300 ] || fail "expected 300 hex polygons, got $(wc -l <"$tmp/hexes")"
[ "$(grep -c '<polygon ' "$tmp/sample.svg")" -eq 300 ] || fail "polygons other than hexes"
[ "$(sort -u "$tmp/hexes" | wc -l)" -eq 300 ] || fail "a hex has two polygons"
for c in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
  for r in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15; do echo "$c$r"; done
done | sort | cmp -s - "$tmp/hexes" || fail "the polygons' labels are not the map's 300 hexes"
grep -q '<polygon class="hex" data-hex="1604" data-terrain="c" data-level="3" ' "$tmp/sample.svg" ||
  fail "the hilltop 1604 (clear, level 3)"
grep -q '<polygon class="hex" data-hex="1503" data-terrain="c" data-level="2.5" ' "$tmp/sample.svg" ||
  fail "the slope 1503 (level 2.5)"
# units, stacks and leaders: an element each, with class, data-hex and the code as text
[ "$(grep -c '<g class="unit" ' "$tmp/sample.svg")" -eq 4 ] || fail "4 units (3 on the map, 1 on a track)"
[ "$(grep -c '<g class="stack" ' "$tmp/sample.svg")" -eq 3 ] || fail "3 stacks"
[ "$(grep -c '<g class="leader" ' "$tmp/sample.svg")" -eq 2 ] || fail "2 leaders"
grep '<g class="unit" data-hex="0708" data-side="US" data-code="5US" data-facing="N/NE">' "$tmp/sample.svg" |
  grep -q '>5US</text>.*rotate(30)' || fail "5US at 0708 facing N/NE"
grep '<g class="stack" data-hex="0808" ' "$tmp/sample.svg" | grep -q 'data-count="3">.*>2D</text>' ||
  fail "the stack 2D at 0808"
grep -q '<g class="leader" data-hex="1607" data-side="MEX" data-code="Arista">' "$tmp/sample.svg" ||
  fail "Arista at 1607"
grep -q '<g class="unit" data-track="saltillo" data-space="G" ' "$tmp/sample.svg" || fail "Lancers on G"
grep -q '<g class="stack" data-box="reserve" ' "$tmp/sample.svg" || fail "Reserve1 in the reserve box"
# hexside features (29 stream, ford, bridge, 5 wall, 2 redoubt, 2 marsh, ravine, spur), roads
[ "$(grep -c '<line class="hexside" ' "$tmp/sample.svg")" -eq 42 ] || fail "42 hexside lines"
grep -q '<line class="hexside" data-hexside="1008/1108" data-feature="bridge" ' "$tmp/sample.svg" ||
  fail "the bridge 1008/1108"
[ "$(grep -c '<polyline class="road" ' "$tmp/sample.svg")" -eq 2 ] || fail "2 roads"
[ "$(grep -c '<rect class="space" ' "$tmp/sample.svg")" -eq 7 ] || fail "7 track spaces"
[ "$(grep -c '<g class="box" ' "$tmp/sample.svg")" -eq 2 ] || fail "2 boxes"
[ "$(grep -c '<path class="reach" ' "$tmp/sample.svg")" -eq 1 ] || fail "the reach"
# a counter's state as attributes (for volley serve's page) and on its second line
run "$volley" render $small --svg "$tmp/status.svg" --units tests/data/views/status_units.ini ||
  fail "--svg with the status fixture"
grep -q '<svg [^>]* data-layout="flat-top" data-parity="odd-columns-down">' "$tmp/status.svg" ||
  fail "the root names the layout"
grep -q '<g class="stack" data-hex="0203" [^>]* data-count="3" data-rating="7" data-hits="2" data-square="1">.*class="state">H2 S</text>' \
  "$tmp/status.svg" || fail "2D's state"
grep -q '<g class="unit" data-hex="0502" [^>]* data-rating="5/3" data-hits="1" data-disordered="1">.*class="rating">5/3</text>' \
  "$tmp/status.svg" || fail "Lancers' ratings and state"
grep -q 'H2 Hits, D Disordered, S in Square' "$tmp/status.svg" || fail "the state's legend"
xmllint --noout "$tmp/status.svg" || fail "xmllint refuses the status SVG"
# a hex and radius: 1 + 3r(r + 1) hexes
run "$volley" render $sample --svg "$tmp/r2.svg" --hex 1008 --radius 2 || fail "--svg --hex --radius"
xmllint --noout "$tmp/r2.svg" || fail "xmllint refuses the SVG of a radius"
[ "$(grep -c '<polygon [^>]*data-hex=' "$tmp/r2.svg")" -eq 19 ] || fail "radius 2: 19 hexes"
# the same bytes every time
run "$volley" render $sample --svg - --units tests/data/views/sample_units.ini | cmp -s - "$tmp/sample.svg" ||
  fail "--svg - differs from --svg FILE"

# Options refused: exit 2, the message, then the usage line.
refused() {
  want=$1
  shift
  run LANG=C.UTF-8 "$volley" render "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ $status -eq 2 ] || fail "render $*: exit $status, expected 2"
  [ -s "$tmp/out" ] && fail "render $*: wrote to stdout"
  [ "$(head -n 1 "$tmp/err")" = "volley render: $want" ] || fail "render $*: got '$(head -n 1 "$tmp/err")'"
  [ "$(sed -n 2p "$tmp/err")" = "usage: volley render <id|path|map.ini> (--svg F | --text) [--hex H [--radius R]]" ] ||
    fail "render $*: no usage line"
}
refused "give --text or --svg FILE, not both" $sample --text --svg "$tmp/x.svg"
refused "give --text or --svg FILE" $sample --hex 1008
refused "--radius needs --hex" $sample --text --radius 2
refused "bad radius 'two' (a number of hexes, 0 to 999)" $sample --text --hex 1008 --radius two
refused "bad radius '-1' (a number of hexes, 0 to 999)" $sample --text --hex 1008 --radius -1
refused "--hex: 2199 is not on the map (columns 01-20, rows 01-15)" $sample --text --hex 2199
refused "--hex: invalid hex label '10080': expected 4 digits" $sample --text --hex 10080
refused "--colour takes always, never or auto, not 'sometimes'" $sample --text --colour sometimes
refused "--ascii and --colour are for --text" $sample --svg "$tmp/x.svg" --ascii
refused "--svg needs a value" $sample --svg
refused "--hex given twice" $sample --text --hex 1008 --hex 1009
refused "bad width '8' (a number of columns, 20 to 9999)" $sample --text --width 8
refused "--width is for --text" $sample --svg "$tmp/x.svg" --width 80
[ -e "$tmp/x.svg" ] && fail "a refused render wrote its SVG"

# --help: the usage and the options, exit 0
run "$volley" render --help >"$tmp/out" 2>&1 || fail "render --help exited $?"
head -n 1 "$tmp/out" | grep -qx 'usage: volley render <id|path|map.ini> (--svg F | --text) \[--hex H \[--radius R\]\]' ||
  fail "render --help: $(head -n 1 "$tmp/out")"
grep -q -- '--units FILE' "$tmp/out" || fail "render --help does not list --units"

# Refused with exit 1: an unknown scenario id, an unwritable SVG, a fixture.
out=$(VOLLEY_PATH=tests/data/root run "$volley" render no-game/none --text 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "an unknown scenario id must exit 1"
case $out in
  "volley render: no scenario 'no-game/none' on the data path (scenarios/ of tests/data/root, "*) ;;
  *) fail "unknown scenario id: $out" ;;
esac
out=$(run "$volley" render $sample --svg "$tmp/no/such/dir.svg" 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "an unwritable SVG must exit 1"
[ "$out" = "$tmp/no/such/dir.svg: cannot open (No such file or directory)" ] || fail "unwritable: $out"
out=$(run "$volley" render $sample --text --units nope/units.ini 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "a missing fixture must exit 1"
[ "$out" = "nope/units.ini: cannot open (No such file or directory)" ] || fail "missing fixture: $out"
n=0
for f in tests/data/views/broken/*.ini; do
  expect=$(grep -a '^; expect: ' "$f" | head -n 1 | sed 's/^; expect: //')
  [ -n "$expect" ] || fail "$f has no '; expect:' line"
  run "$volley" render $sample --text --units "$f" >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ $status -eq 1 ] || fail "$f: exit $status, expected 1"
  [ -s "$tmp/out" ] && fail "$f: wrote to stdout"
  [ "$(cat "$tmp/err")" = "$f:$expect" ] || fail "$f: got '$(cat "$tmp/err")', expected '$f:$expect'"
  n=$((n + 1))
done
[ $n -ge 19 ] || fail "only $n broken fixtures"
echo "ok (9 golden renders, the sample's SVG, $n broken fixtures)"
