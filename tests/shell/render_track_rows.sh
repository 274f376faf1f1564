#!/bin/sh
# volley render --svg: a crowded off-map track space (docs/shell.md "The SVG picture"). The
# marks beside a space go in rows of as many as the panel holds; the spaces below move down
# to make room, and a space's link text ("to 2007, ...") starts a row of its own when the
# marks leave it no room. Drawn from tests/data/views/crowded_track_units.ini (seven marks on
# space E, four on G) on tests/data/maps/sample.ini; then Battle of Buena Vista's set-up,
# whose Saltillo Track E holds seven counters. Every mark must lie inside the picture, none on
# another, each above the next space; the link text below G's marks.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check SVG SPACE NEXT COUNT: the COUNT marks of track space SPACE inside the picture, apart,
# and above the top of space NEXT (or of nothing when NEXT is -)
check() {
  svg=$1 space=$2 next=$3 count=$4
  width=$(sed -n 's/^<svg [^>]* width="\([0-9]*\)".*/\1/p' "$svg")
  [ -n "$width" ] || fail "$svg: no width"
  grep "data-track=\"saltillo\" data-space=\"$space\" " "$svg" | grep -v '^<rect class="space"' \
    | sed -n 's/^<g class="[a-z]*" [^>]*><rect x="\([0-9]*\)" y="\([0-9]*\)" width="\([0-9]*\)".*/\1 \2 \3/p' \
    >"$tmp/marks"
  [ "$(wc -l <"$tmp/marks")" -eq "$count" ] || fail "$svg: $(wc -l <"$tmp/marks") marks on $space, not $count"
  awk -v w="$width" -v s="$space" '$1 + $3 > w { print s ": a mark at x " $1 " runs past the width " w; bad = 1 }
    { k = int($1 / 40) " " int($2 / 25); if (seen[k]++) { print s ": two marks at " $1 "," $2; bad = 1 } }
    END { exit bad }' "$tmp/marks" >"$tmp/why" || fail "$svg: $(cat "$tmp/why")"
  if [ "$next" != - ]; then
    top=$(sed -n "s/^<rect class=\"space\" data-space=\"$next\" x=\"[0-9]*\" y=\"\([0-9]*\)\".*/\1/p" "$svg")
    [ -n "$top" ] || fail "$svg: no space $next"
    awk -v t="$top" -v s="$space" '$2 + 22 > t { print s ": a mark at y " $2 " reaches space below (" t ")"; bad = 1 }
      END { exit bad }' "$tmp/marks" >"$tmp/why" || fail "$svg: $(cat "$tmp/why")"
  fi
}

"$volley" render tests/data/maps/sample.ini --units tests/data/views/crowded_track_units.ini \
  --svg "$tmp/crowded.svg" || fail "render of the crowded fixture exited $?"
check "$tmp/crowded.svg" E F 7
check "$tmp/crowded.svg" G - 4
# G's link text on a row below its four marks
last=$(grep 'data-space="G" ' "$tmp/crowded.svg" | sed -n 's/^<g [^>]*><rect x="[0-9]*" y="\([0-9]*\)".*/\1/p' | sort -n | tail -n 1)
link=$(sed -n 's/^<text x="[0-9]*" y="\([0-9]*\)" class="link">to 2007, 2008, 2009<\/text>$/\1/p' "$tmp/crowded.svg")
[ -n "$link" ] && [ "$link" -gt $((last + 22)) ] || fail "the link text (y ${link:-none}) is not below G's marks (y $last)"

"$volley" render battle-of-buena-vista/buena-vista --svg "$tmp/bv.svg" \
  || fail "render of battle-of-buena-vista/buena-vista exited $?"
check "$tmp/bv.svg" E F 7
check "$tmp/bv.svg" C D 3
if command -v xmllint >/dev/null 2>&1; then
  xmllint --noout "$tmp/crowded.svg" "$tmp/bv.svg" || fail "xmllint refused a picture"
fi
echo "ok (a crowded track space in two pictures)"
