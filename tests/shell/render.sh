#!/bin/sh
# volley render <map.ini> --text: the sample map draws with exit 0, every hex once; every
# file of tests/data/broken/ is refused with exit 1 and exactly "<file>:<line>: <message>" on
# stderr, the message its "; expect:" line gives; usage errors exit 2. (render_pictures.sh
# checks the pictures themselves.)
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

map=tests/data/maps/sample.ini
LC_ALL=C.UTF-8 "$volley" render "$map" --text >"$tmp/out" 2>"$tmp/err" || fail "render $map exited $?: $(cat "$tmp/err")"
[ -s "$tmp/err" ] && fail "render $map wrote to stderr: $(cat "$tmp/err")"
# header, 4 lines a row and 3 more (the top edges, the shifted columns' bottoms), the terrain,
# hexside, road and key legends
[ "$(wc -l <"$tmp/out")" -eq 68 ] || fail "expected 68 lines (header, 63 of map, 4 of legend), got $(wc -l <"$tmp/out")"
head -n 1 "$tmp/out" | grep -qx "$map: rough_and_ready; flat-top, odd-columns-down; columns 01-20, rows 01-15; north at the top" ||
  fail "header: $(head -n 1 "$tmp/out")"
# every hex of the map is drawn, with its label, exactly once
sed -n '2,64p' "$tmp/out" | grep -o '[0-9][0-9][0-9][0-9]' | sort >"$tmp/labels"
[ "$(wc -l <"$tmp/labels")" -eq 300 ] || fail "expected 300 hex labels, got $(wc -l <"$tmp/labels")"
[ "$(sort -u "$tmp/labels" | wc -l)" -eq 300 ] || fail "a hex label is drawn twice"
grep -qx 0101 "$tmp/labels" && grep -qx 2015 "$tmp/labels" && grep -qx 1008 "$tmp/labels" || fail "labels 0101, 1008, 2015"
sed -n 65p "$tmp/out" | grep -qx 'terrain: (blank) Clear  ※ Chaparral  " Tall Grass  ⌂ Hacienda  ≈ Lagoon  ψ Marsh  ∪ Resaca (clear)  ♧ Resaca (light woods)  ♣ Light Woods' ||
  fail "terrain legend: $(sed -n 65p "$tmp/out")"
sed -n 66p "$tmp/out" | grep -qx 'hexsides: = Bridge  = Ford  # Redoubt  ~ Stream  # Wall' ||
  fail "hexside legend: $(sed -n 66p "$tmp/out")"
sed -n 67p "$tmp/out" | grep -qx 'roads: · Road  · Trail' || fail "road legend: $(sed -n 67p "$tmp/out")"
tail -n 1 "$tmp/out" | grep -qx "key: 0101 a hex's label (at the top of its hex) and its terrain" || fail "key: $(tail -n 1 "$tmp/out")"

n=0
for f in tests/data/broken/*.ini; do
  case $f in */chart_*) continue ;; esac   # broken chart files: tests/c/test_chart.c
  expect=$(grep -a '^; expect: ' "$f" | head -n 1 | sed 's/^; expect: //')
  [ -n "$expect" ] || fail "$f has no '; expect:' line"
  grep -aq '^\[map\]' "$f" || fail "$f has no [map] section"
  "$volley" render "$f" --text >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ $status -eq 1 ] || fail "$f: exit $status, expected 1"
  [ -s "$tmp/out" ] && fail "$f: wrote to stdout"
  [ "$(cat "$tmp/err")" = "$f:$expect" ] || fail "$f: got '$(cat "$tmp/err")', expected '$f:$expect'"
  n=$((n + 1))
done
[ $n -ge 13 ] || fail "only $n broken maps"

out=$("$volley" render nope/missing.ini --text 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "a missing file must exit 1"
[ "$out" = "volley render: no scenario 'nope/missing.ini' (neither an id on the data path nor a file or folder)" ] ||
  fail "missing file: $out"

"$volley" render >/dev/null 2>&1
[ $? -eq 2 ] || fail "render without a map must exit 2"
"$volley" render "$map" >/dev/null 2>&1
[ $? -eq 2 ] || fail "render without --text must exit 2"
"$volley" render "$map" --text --bogus >/dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown option must exit 2"
"$volley" render "$map" "$map" --text >/dev/null 2>&1
[ $? -eq 2 ] || fail "two maps must exit 2"
"$volley" --help | grep -q 'volley render <id|path|map.ini> (--svg F | --text) \[--hex H \[--radius R\]\]' || fail "--help does not list render"
echo "ok ($n broken maps)"
