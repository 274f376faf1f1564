#!/bin/sh
# shellcheck disable=SC1003 # the patterns hold a backslash, the hex's drawn edge
# The prompt's map made for reading (issue 37 point 3; docs/shell.md "map"): golden
# transcripts of `map --width 80` and `--width 120` on the demo and on Palo Alto
# (tests/golden/map/*.txt from the *.script beside them), centred on the action and panned;
# then every line of every map picture, at the prompt and from `volley render --width`, in
# Unicode and in ASCII, no wider than the width asked for.
# VOLLEY_GOLDEN_UPDATE=1 rewrites the golden files instead of comparing (review the diff).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
golden=tests/golden/map
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8
unset COLUMNS LC_ALL LC_CTYPE
# check NAME FLAGS...: the prompt fed NAME.script against NAME.txt (the source tree's path
# in Palo Alto's header written SRC/)
check() {
  name=$1
  shift
  "$volley" "$@" <"$golden/$name.script" >"$tmp/$name.out" 2>&1
  echo "exit $?" >>"$tmp/$name.out"
  sed -i -e "s#$(pwd)/#SRC/#g" "$tmp/$name.out"
  if [ "${VOLLEY_GOLDEN_UPDATE:-}" = 1 ]; then
    cp "$tmp/$name.out" "$golden/$name.txt"
  else
    diff -u "$golden/$name.txt" "$tmp/$name.out" >"$tmp/diff" \
      || fail "the transcript differs from $golden/$name.txt:
$(head -n 60 "$tmp/diff")"
  fi
}
check demo play tests/data/demo --seed 3 --bot B=random
check palo_alto --seed 5 --bot MEX=random

# the widest line of the pictures in a transcript (from a header to its key: line) that were
# drawn at width W: each picture is asked for with --width W
widest() {
  LC_ALL=C.UTF-8 sed -n '/map.ini: /,/^key: /p' "$1" | LC_ALL=C.UTF-8 wc -L
}
for w in 80 120; do
  for s in demo palo_alto; do
    grep "width $w\$" "$golden/$s.script" >"$tmp/$s.$w.script"
    echo quit >>"$tmp/$s.$w.script"
  done
  "$volley" play tests/data/demo --seed 3 --bot B=random <"$tmp/demo.$w.script" >"$tmp/d$w" 2>&1
  { echo 'default all'; echo 'activate garland'; cat "$tmp/palo_alto.$w.script"; } >"$tmp/pa$w.in"
  "$volley" --seed 5 --bot MEX=random <"$tmp/pa$w.in" >"$tmp/pa$w" 2>&1
  for f in "$tmp/d$w" "$tmp/pa$w"; do
    grep -q '^key: ' "$f" || fail "no picture in $f: $(tail -n 3 "$f")"
    [ "$(widest "$f")" -le $w ] || fail "a line of the map wider than $w: $(widest "$f") in $f"
  done
  for target in tests/data/demo rough-and-ready/palo-alto; do
    for ascii in "" --ascii; do
      "$volley" render $target --text --width $w $ascii >"$tmp/r" 2>&1 || fail "render $target --width $w"
      [ "$(LC_ALL=C.UTF-8 wc -L <"$tmp/r")" -le $w ] ||
        fail "render $target --text --width $w $ascii: a line of $(LC_ALL=C.UTF-8 wc -L <"$tmp/r")"
    done
  done
done
# every hex label in its own cell: a label is never next to another hex's contents on its
# line (the old map put a hex's label under its contents, beside the next column's units)
"$volley" render rough-and-ready/palo-alto --text --ascii --width 120 --hex 3018 >"$tmp/pa.txt"
if grep -n '[0-9][0-9][0-9][0-9] */[A-Za-z]' "$tmp/pa.txt"; then fail "a label beside a unit's code"; fi
grep -q '/3018  \\' "$tmp/pa.txt" || fail "3018's label in its cell: $(grep 3018 "$tmp/pa.txt")"
grep -q '/3US-2 <3\\' "$tmp/pa.txt" || fail "3US-2's counter under 3018's label"
echo ok
