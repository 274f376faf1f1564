#!/bin/sh
# shellcheck disable=SC2086 # ${3:-}, the flags, split on purpose
# Issue 37 point 4, the measure on Palo Alto: the recorded random-bot game
# tests/replay/palo-alto-random-24.save (1000 answers, its set-up and 68 activations) has its
# journal's decisions written again in both forms and played hot seat through
# `volley play --script` with its seed: a request a line, as on the main of 7 Dec 2026, and one
# line per decision (docs/shell.md "One line per decision"): the set-up's hexes and facings,
# twelve a line, an activation with the guns its leader takes along (`belknap A2US-2 A2US-1
# done`), a move with its facing (`move 3US-2 3318 SW/NW`), `fire U HEX` (several shots:
# `fire A 1916, B 1917`), the free Leadership bonus unasked. The short form is played and its
# journal must equal the recorded one, answer for answer and hash for hash (the long form is
# the save's own answers, a line each: tests/shell/replay.sh plays those); the lines are
# counted by kind and the short form must be at least 40% shorter. VOLLEY_MEASURE_SHOW=1 prints the table by kind.
#
# The bots refused the free Leadership bonus where a person is not asked it (a person's
# default, `yes`, costs nothing [rough_and_ready 4.25]): to play the bots' game again the short
# form is played with --ask-free and the bonus's `yes` is typed `default` and not counted (a
# person without --ask-free is not asked it); each `no` is counted as a line.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state"
rec=tests/replay/palo-alto-random-24.save
journal() { grep '^answer ' "$1" | head -n "$(grep -c '^answer ' "$rec")"; }

# the recorded decisions in both forms; each line after a tab names the kind it is counted as
convert() {   # convert long|short < save
  awk -v form="$1" '
    function value(line,   a, b, c) { a = index(line, "\""); b = a
      while ((c = index(substr(line, b + 1), "\"")) > 0) b += c
      return substr(line, a + 1, b - a - 1) }
    /^answer / { n++; side[n] = $2; kind[n] = $3; val[n] = value($0) }
    function out(text, what) { print text "\t" what }
    END {
      i = 1
      while (i <= n) {
        v = val[i]; k = kind[i]; split(v, w, " ")
        if (form == "long") {
          if (k == "leadership" && v == "yes") out("default", "leadership yes")
          else out(v, k)
          i++; continue }
        # the set-up: the hexes, then the facings, of a side, twelve a line
        if (!begun && (k == "place" || k == "face")) {
          line = v; j = i + 1
          while (j <= n && j - i < 12 && kind[j] == k && side[j] == side[i]) {
            line = line " " val[j]; j++ }
          out(line, "set-up " k "s"); i = j; continue }
        if (k == "activate" || k == "free_activation") begun = 1
        # an activation and the guns its leader takes along (the Leadership between: free)
        if ((k == "activate" || k == "free_activation") && v != "pass") {
          j = i + 1; lead = ""
          if (j <= n && kind[j] == "leadership" && side[j] == side[i]) { lead = val[j]; j++ }
          guns = ""
          while (j <= n && kind[j] == "artillery" && side[j] == side[i]) { guns = guns " " val[j]; j++ }
          out(v guns, k (guns != "" ? " + guns" : ""))
          if (lead == "yes") out("default", "leadership yes")
          else if (lead != "") out(lead, "leadership no")
          i = j; continue }
        # a move and its facing
        if (k == "move" && w[2] != "" && w[1] !~ /^(face|charge|square|unsquare)$/) {
          if (i < n && kind[i + 1] == "face" && side[i + 1] == side[i]) {
            out("move " v " " val[i + 1], "move + face"); i += 2; continue }
          out("move " v, "move"); i++; continue }
        # fire or shock and its answer; shots one after another in one line
        if (k == "move" && (v == "fire" || v == "shock") && i < n && kind[i + 1] == v \
            && val[i + 1] != "done") {
          line = v " " val[i + 1]; j = i + 2
          while (j + 1 <= n && kind[j] == "move" && val[j] == v && kind[j + 1] == v \
                 && val[j + 1] != "done" && side[j] == side[i] && side[j + 1] == side[i]) {
            line = line ", " val[j + 1]; j += 2 }
          out(line, v " U HEX"); i = j; continue }
        out(v, k (k == "move" ? " " w[1] : "")); i++
      }
    }'
}
convert long < "$rec" > "$tmp/long.tsv"
convert short < "$rec" > "$tmp/short.tsv"
for f in short; do
  cut -f1 "$tmp/$f.tsv" > "$tmp/$f.script"
  "$volley" play rough-and-ready/palo-alto --seed 24 --ask-free --strict --script "$tmp/$f.script" \
    --save "$tmp/$f.save" > "$tmp/$f.out" 2>&1
  [ "$(journal "$tmp/$f.save")" = "$(journal "$rec")" ] \
    || fail "the $f form does not replay the recorded game: $(journal "$tmp/$f.save" | wc -l) answers; $(grep -m3 -i 'refused\|not used' "$tmp/$f.out")"
done
count() { grep -vc '	leadership yes$' "$1"; }
long=$(count "$tmp/long.tsv")
short=$(count "$tmp/short.tsv")
echo "palo-alto-random-24: $long lines a request a line, $short one line per decision ($(( (long - short) * 100 / long ))% shorter)"
if [ -n "${VOLLEY_MEASURE_SHOW:-}" ]; then
  for f in long short; do echo "$f, lines by kind:"; cut -f2 "$tmp/$f.tsv" | sort | uniq -c | sort -rn; done
fi
[ $((short * 100)) -le $((long * 60)) ] || fail "$short lines is not 40% fewer than $long"
exit 0
