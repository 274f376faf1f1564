#!/bin/sh
# shellcheck disable=SC2086 # ${3:-}, the flags, split on purpose
# Issue 37 point 4, the measure: a fixed hot-seat game of the Rough & Ready fixture (four
# activations, each command's units stacked with their leader: tests/golden/compound/
# hotseat.script, answered a request a line as on the main of 7 Dec 2026, with --ask-free)
# is recorded; its journal's decisions are written again in both forms, a request a line and
# one line per decision (a stack's move with its facing, `fire <gun> <hex>`, the free
# Leadership bonus unasked), each played through `volley play --script`; both journals must
# equal the recorded one, answer for answer and hash for hash, and the new form must take at
# most 60% of the lines (at least 40% shorter). The forced dice are the recorded game's,
# given before the line whose answers roll them (every roll of the game is forced).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rr=$tmp/rr
mkdir "$rr"
cp tests/data/rr/*.ini "$rr/"
printf '[scenario]\nbase = scenario.ini\ntitle = the measure: stacks\nstart = start.state\n' \
  > "$rr/start.ini"
printf 'unit 4US-2 hex 0302 facing SE/S\nunit 8US-2 hex 0702 facing SE/S\nunit 4L-2 hex 0408 facing NW/N\nunit 6L-2 hex 0708 facing NW/N\n' \
  > "$rr/start.state"
play() {   # play <script> <save> [flags]
  "$volley" play "$rr/start.ini" --seed 5 --script "$1" --save "$2" --strict ${3:-} 2>&1 \
    || fail "$1 was refused: $("$volley" play "$rr/start.ini" --seed 5 --script "$1" ${3:-} 2>&1 | grep -B2 -A2 "$1:" | head -20)"
}
journal() { grep -E '^(answer|forced) ' "$1"; }

play tests/golden/compound/hotseat.script "$tmp/rec.save" --ask-free >/dev/null

# the recorded decisions in both forms (awk: one answer a line, or merged; set-up: default all)
convert() {   # convert long|short < save
  awk -v form="$1" '
    function value(line,   a, b) { a = index(line, "\""); b = a
      while ((c = index(substr(line, b + 1), "\"")) > 0) b += c
      return substr(line, a + 1, b - a - 1) }
    /^answer / { n++; side[n] = $2; kind[n] = $3; val[n] = value($0); next }
    /^forced / { forced[n] = forced[n] " " $3; next }
    function emit(text, first, last,   k, d) { d = ""
      for (k = first; k <= last; k++) d = d forced[k]
      if (d != "") print "dice force" d
      print text }
    END {
      i = 1
      while (i <= n && kind[i] != "activate") i++
      d = ""; for (k = 0; k < i; k++) d = d forced[k]
      if (d != "") print "dice force" d
      print "default all"
      while (i <= n) {
        v = val[i]; split(v, w, " ")
        if (form == "short" && kind[i] == "move" && (v == "fire" || v == "shock") \
            && i < n && kind[i + 1] == v && side[i + 1] == side[i]) {
          emit(v " " val[i + 1], i, i + 1); i += 2; continue }
        if (form == "short" && kind[i] == "move" && w[2] != "" \
            && w[1] !~ /^(face|charge|square|unsquare)$/) {
          path = substr(v, length(w[1]) + 2); units = w[1]; face = ""; j = i + 1
          if (j <= n && kind[j] == "face" && side[j] == side[i]) { face = " " val[j]; j++ }
          while (j <= n && kind[j] == "move" && side[j] == side[i]) {
            split(val[j], x, " ")
            if (substr(val[j], length(x[1]) + 2) != path) break
            units = units "+" x[1]; j++ }
          # the free Leadership bonus is asked no more: its roll goes with this line
          emit("move " units " " path face, i, j - 1); i = j; continue }
        last = i
        while (form == "short" && last < n && kind[last + 1] == "leadership" \
               && val[last + 1] == "yes" && side[last + 1] == side[i]) last++
        emit(v, i, last); i = last + 1
      }
    }'
}
convert long < "$tmp/rec.save" > "$tmp/long.script"
convert short < "$tmp/rec.save" > "$tmp/short.script"
play "$tmp/long.script" "$tmp/long.save" --ask-free >/dev/null
play "$tmp/short.script" "$tmp/short.save" >/dev/null
[ "$(journal "$tmp/long.save")" = "$(journal "$tmp/rec.save")" ] \
  || fail "the long form does not replay the game: $(cat "$tmp/long.script")"
[ "$(journal "$tmp/short.save")" = "$(journal "$tmp/rec.save")" ] \
  || fail "the short form does not replay the game: $(cat "$tmp/short.script")"
long=$(grep -vc '^dice force' "$tmp/long.script")
short=$(grep -vc '^dice force' "$tmp/short.script")
echo "the fixed game: $long lines a request a line, $short one line per decision"
[ $((short * 100)) -le $((long * 60)) ] \
  || fail "$short lines is not 40% fewer than $long: $(cat "$tmp/short.script")"
[ -n "${VOLLEY_MEASURE_SHOW:-}" ] && cat "$tmp/short.script"
exit 0
