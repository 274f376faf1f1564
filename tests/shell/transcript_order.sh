#!/bin/sh
# The transcript prints rolls and narrative lines in the order they happened
# (docs/shell.md "The transcript", docs/json.md): in a Palo Alto game between bots, a morale
# check's roll is told after the fire's lines that led to it and right before the line it
# decides ("LigC rolls 5 against Adjusted Morale 5"), in the text and in the JSON events.
# (Until 2026-11-30 every roll of an answer came before its first line.)
# (Seed 7 since issue 33: a charge with no target is no longer offered, and seed 4's game
# then had no morale check in its first 400 decisions.)
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state"
"$volley" play rough-and-ready/palo-alto --seed 7 --bot US=random --bot MEX=random \
  --max-decisions 400 >"$tmp/t.txt" 2>/dev/null || fail "play exited $?"
# every morale line right after its own roll, and at least one such roll after a line told
# by the same answer (not right after the answer)
awk '/rolls [0-9]+ against Adjusted Morale/ {
       n++
       if (prev !~ /^roll d10: [0-9]+ \(.* morale check/) { print "not after its roll: " $0; bad++ }
       if (prev2 !~ /^roll / && prev2 !~ /^[0-9]+\. /) inner++
     }
     { prev2 = prev; prev = $0 }
     END { if (n == 0) print "no morale check"; if (inner == 0) print "no roll among the lines";
           exit (bad > 0 || n == 0 || inner == 0) }' "$tmp/t.txt" >"$tmp/why" \
  || fail "text: $(cat "$tmp/why")"
"$volley" play rough-and-ready/palo-alto --seed 7 --bot US=random --bot MEX=random \
  --max-decisions 400 --json >"$tmp/t.json" 2>/dev/null || fail "play --json exited $?"
awk '/"event":"result".*rolls [0-9]+ against Adjusted Morale/ {
       n++
       if (prev !~ /"event":"roll".*morale check/) { print "not after its roll: " $0; bad++ }
     }
     { prev = $0 }
     END { if (n == 0) print "no morale check"; exit (bad > 0 || n == 0) }' "$tmp/t.json" \
  >"$tmp/why" || fail "json: $(cat "$tmp/why")"
echo ok
