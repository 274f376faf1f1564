#!/bin/sh
# A combined fire typed with its guns in another order [rough_and_ready 6.22] (issue 33
# point 7): the prompt sends it to the rules (no "did you mean"), the rules read it as the
# listed set (volley.ask's canonical), and the save keeps the listed order.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Garland activates Churchill's two 18-pounders (3018), Churchill-2 first: the fire request
# lists their set as Churchill-2+Churchill-1; the player types the other order.
printf 'default all\ngarland\nChurchill-2\nChurchill-1\ndone\nfire\nChurchill-1+Churchill-2 1318\n' \
  | XDG_STATE_HOME="$tmp" "$volley" play rough-and-ready/palo-alto --seed 5 --script - \
      --save "$tmp/g.save" > "$tmp/out.txt" 2>&1
grep -q "did you mean" "$tmp/out.txt" && fail "the prompt refused the set: $(cat "$tmp/out.txt")"
grep -q "^Churchill-2 and Churchill-1 fire at 1318 (range 17): d10 [0-9] +1 (2 guns combining)" \
  "$tmp/out.txt" || fail "no combined fire: $(tail -n 5 "$tmp/out.txt")"
grep -q '^answer US fire "Churchill-2+Churchill-1 1318" ' "$tmp/g.save" \
  || fail "the save does not keep the listed order: $(grep 'answer US fire' "$tmp/g.save")"
"$volley" replay "$tmp/g.save" > /dev/null || fail "the save does not replay"
exit 0
