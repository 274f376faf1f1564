#!/bin/sh
# --undo strict across load (issue 32; docs/save.md "Undo strict across load"): under strict an
# answer followed by a roll stands, and `load` of an earlier save of the same game cannot take
# it back in the process that showed the roll -- even after another game was loaded in
# between; a load that takes back no answer followed by a roll is let be, and so is any load
# under --undo solo and a load of another game.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A hot-seat demo game: two answers saved, then B's move and A's reaction fire (a roll shown).
opening() {
  cat <<SCRIPT
move A4 0605
done
save $tmp/early.save
move B4 0705
dice force 4
fire
hash
SCRIPT
}

# 1. strict: the load is refused, naming the answer it would take back and --undo solo; the
# game goes on untouched.
{ opening; printf 'load %s\nhash\ndone\n' "$tmp/early.save"; } >"$tmp/a.script"
"$volley" play tests/data/demo --seed 3 --script "$tmp/a.script" >"$tmp/a.out" 2>&1
[ $? -eq 1 ] || fail "strict: a refused load makes the exit status 1: $(tail -n 3 "$tmp/a.out")"
grep -qx "$tmp/a.script:8: load: $tmp/early.save would take back B's answer \"B4 0705\" to move (answer 3), and a die was rolled since (roll 1 was shown); with --undo strict an answer followed by a roll stands, across load too (--undo solo takes it back; docs/save.md)" \
  "$tmp/a.out" || fail "strict: the refusal: $(grep 'load' "$tmp/a.out")"
h=$(sed -n 's/^state_hash //p' "$tmp/a.out")
[ "$(echo "$h" | wc -l)" -eq 2 ] && [ "$(echo "$h" | sort -u | wc -l)" -eq 1 ] \
  || fail "strict: the refused load changed the game: $h"
grep -q '^B> done$' "$tmp/a.out" && grep -q '^6\. A move' "$tmp/a.out" \
  || fail "strict: the game did not go on: $(tail -n 3 "$tmp/a.out")"

# 2. strict: a load that takes back no answer followed by a roll is let be (a save made
# after the roll, loaded back at once; then the game plays on from it).
{ opening; printf 'save %s\nload %s\ndone\n' "$tmp/late.save" "$tmp/late.save"; } >"$tmp/b.script"
"$volley" play tests/data/demo --seed 3 --script "$tmp/b.script" >"$tmp/b.out" 2>&1 \
  || fail "strict: a load taking nothing back was refused: $(grep -i 'load\|refused' "$tmp/b.out")"
grep -q "^loaded $tmp/late.save: 4 answers replayed$" "$tmp/b.out" || fail "strict: $(tail -n 4 "$tmp/b.out")"

# 3. solo: the same load is let be, and the game goes on from the earlier save.
{ opening; printf 'load %s\nhash\n' "$tmp/early.save"; } >"$tmp/c.script"
"$volley" play tests/data/demo --seed 3 --undo solo --script "$tmp/c.script" >"$tmp/c.out" 2>&1 \
  || fail "solo: the load was refused: $(grep 'load' "$tmp/c.out")"
grep -q "^loaded $tmp/early.save: 2 answers replayed$" "$tmp/c.out" || fail "solo: $(tail -n 4 "$tmp/c.out")"

# 4. strict: another game's save loads; but after it, the first game's early save is still
# refused (the process keeps the game it left), and so is a save of the same game's start.
"$volley" play tests/data/demo --seed 4 --bot A=first --bot B=first --max-decisions 3 \
  --save "$tmp/other.save" >/dev/null 2>&1 || fail "the other game"
printf 'move A4 0605\nsave %s\n' "$tmp/start.save" >"$tmp/d.script"
sed -n '2,$p' "$tmp/a.script" | sed '/^load /,$d' >>"$tmp/d.script"
printf 'load %s\nload %s\nload %s\n' "$tmp/other.save" "$tmp/early.save" "$tmp/start.save" \
  >>"$tmp/d.script"
"$volley" play tests/data/demo --seed 3 --script "$tmp/d.script" >"$tmp/d.out" 2>&1
[ $? -eq 1 ] || fail "kept: exit status: $(tail -n 3 "$tmp/d.out")"
grep -q "^loaded $tmp/other.save: 3 answers replayed$" "$tmp/d.out" \
  || fail "kept: the other game did not load: $(grep load "$tmp/d.out")"
grep -q "^$tmp/d.script:[0-9]*: load: $tmp/early.save would take back B's answer \"B4 0705\" to move (answer 3), and a die was rolled since" \
  "$tmp/d.out" || fail "kept: the first game's early save loaded: $(grep load "$tmp/d.out")"
grep -q "^$tmp/d.script:[0-9]*: load: $tmp/start.save would take back A's answer \"done\" to move (answer 2), and a die was rolled since" \
  "$tmp/d.out" || fail "kept: the first game's start loaded: $(grep load "$tmp/d.out")"
echo ok
