#!/bin/sh
# volley render <map.ini> --text: the sample map draws with exit 0; every file of
# tests/data/broken/ is refused with exit 1 and exactly "<file>:<line>: <message>" on stderr,
# the message its "; expect:" line gives; usage errors exit 2.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

map=tests/data/maps/sample.ini
"$volley" render "$map" --text >"$tmp/out" 2>"$tmp/err" || fail "render $map exited $?: $(cat "$tmp/err")"
[ -s "$tmp/err" ] && fail "render $map wrote to stderr: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/out")" -eq 18 ] || fail "expected 18 lines (header, labels, 15 rows, legend), got $(wc -l <"$tmp/out")"
head -n 1 "$tmp/out" | grep -qx "$map: rough_and_ready; flat-top, odd-columns-down; columns 01-20, rows 01-15; north at the top" ||
  fail "header: $(head -n 1 "$tmp/out")"
sed -n 2p "$tmp/out" | grep -qx '   01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20' ||
  fail "column labels: $(sed -n 2p "$tmp/out")"
sed -n 3p "$tmp/out" | grep -qx '01 w  w  w  w  w  c  c  c  c  c  c  c  c  c  c  c  c  c  c  c' ||
  fail "row 01: $(sed -n 3p "$tmp/out")"
# row 07 and row 14 continue on indented lines in the file
sed -n 9p "$tmp/out" | grep -qx '07 c  c  c  c  c  h  h  c  c  c  c  c  c  c  c  c  c  c  c  c' ||
  fail "row 07: $(sed -n 9p "$tmp/out")"
sed -n 16p "$tmp/out" | grep -qx '14 c  c  c  c  c  c  rc rc rw rc rc rw rc c  ch ch ch ch ch c' ||
  fail "row 14: $(sed -n 16p "$tmp/out")"
tail -n 1 "$tmp/out" | grep -qx 'legend: c Clear, ch Chaparral, g Tall Grass, h Hacienda, l Lagoon, m Marsh, rc Resaca (clear), rw Resaca (light woods), w Light Woods' ||
  fail "legend: $(tail -n 1 "$tmp/out")"

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
[ "$out" = "nope/missing.ini: cannot open (No such file or directory)" ] || fail "missing file: $out"

"$volley" render >/dev/null 2>&1
[ $? -eq 2 ] || fail "render without a map must exit 2"
"$volley" render "$map" >/dev/null 2>&1
[ $? -eq 2 ] || fail "render without --text must exit 2"
"$volley" render "$map" --text --bogus >/dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown option must exit 2"
"$volley" render "$map" "$map" --text >/dev/null 2>&1
[ $? -eq 2 ] || fail "two maps must exit 2"
"$volley" --help | grep -q 'volley render <map.ini> --text' || fail "--help does not list render"
echo "ok ($n broken maps)"
