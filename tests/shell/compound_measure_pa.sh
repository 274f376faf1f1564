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
  awk -v form="$1" -f tests/golden/hotseat/decisions.awk
}
convert long < "$rec" > "$tmp/long.tsv"
convert short < "$rec" > "$tmp/short.tsv"
cut -f1 "$tmp/short.tsv" > "$tmp/short.script"
"$volley" play rough-and-ready/palo-alto --seed 24 --ask-free --strict --script "$tmp/short.script" \
  --save "$tmp/short.save" > "$tmp/short.out" 2>&1
[ "$(journal "$tmp/short.save")" = "$(journal "$rec")" ] \
  || fail "the short form does not replay the recorded game: $(journal "$tmp/short.save" | wc -l) answers; $(grep -m3 -i 'refused\|not used' "$tmp/short.out")"
count() { grep -vc '	leadership yes$' "$1"; }
long=$(count "$tmp/long.tsv")
short=$(count "$tmp/short.tsv")
echo "palo-alto-random-24: $long lines a request a line, $short one line per decision ($(( (long - short) * 100 / long ))% shorter)"
if [ -n "${VOLLEY_MEASURE_SHOW:-}" ]; then
  for f in long short; do echo "$f, lines by kind:"; cut -f2 "$tmp/$f.tsv" | sort | uniq -c | sort -rn; done
fi
[ $((short * 100)) -le $((long * 60)) ] || fail "$short lines is not 40% fewer than $long"
exit 0
