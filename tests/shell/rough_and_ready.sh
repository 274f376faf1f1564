#!/bin/sh
# Rough & Ready through the program: its hook catalogue (volley hooks rough_and_ready), the
# fixture battle tests/data/rr and Palo Alto played by bots through activations and victory checks
# (docs/rough_and_ready.md), the activated units moving and facing. Until combat exists
# (#23-#24) Battle Lost points come only from disorder (a D entry of the chart) and the road
# hexes, so bot games end at the decision cap or, rarely, by a withdrawal.
# VOLLEY_TEST_GAMES sets how many (20; 5 ASan).
set -u
volley=$1
games=${VOLLEY_TEST_GAMES:-20}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$("$volley" hooks rough_and_ready) || fail "hooks rough_and_ready exited $?"
for point in activation.roll fire.drm fire.resolved shock.drm shock.resolved retreat.apply \
             rally.attempt victory.check activation.select play.pass; do
  echo "$out" | grep -q "^$point " || fail "no point $point: $out"
done
echo "$out" | grep -qx '  activation.roll: side, target, kind, rating, streak, mods, natural, total, success' \
  || fail "no fields of activation.roll"

# One game, twice: the same lines (the pinned state across VMs is game_spec.lua's).
"$volley" play tests/data/rr --seed 3 --bot US=random --bot MEX=random --json > "$tmp/g.jsonl" \
  || fail "play exited $?"
"$volley" play tests/data/rr --seed 3 --bot US=random --bot MEX=random --json > "$tmp/g2.jsonl" \
  || fail "play exited $?"
cmp -s "$tmp/g.jsonl" "$tmp/g2.jsonl" || fail "the same seed played twice differs"
last=$(tail -n 1 "$tmp/g.jsonl")
case "$last" in
  '{"event":"game_over","v":1,"decisions":300,"max_decisions":300,"reason":"capped","seed":3,'*'"winner":null}') ;;
  *) fail "unexpected last line: $last" ;;
esac
grep -q '"kind":"activate"' "$tmp/g.jsonl" || fail "no activate request"
grep -q '"kind":"free_activation"' "$tmp/g.jsonl" || fail "no free activation"
grep -q '"kind":"move"' "$tmp/g.jsonl" || fail "no move request"
grep -q '"kind":"face"' "$tmp/g.jsonl" || fail "no facing asked after a move"
grep -q '"rule":"\[rough_and_ready 3.11\]"' "$tmp/g.jsonl" || fail "no roll citing 3.11"

# Text mode: the rolls with their rule, the victory checks.
"$volley" play tests/data/rr --seed 3 --bot US=random --bot MEX=random --max-decisions 80 \
  > "$tmp/g.txt" || fail "text play exited $?"
grep -q '^roll d10: [0-9] (US activation of [a-z]*) \[rough_and_ready 3.11\]' "$tmp/g.txt" \
  || fail "no activation roll line"
grep -q 'cannot exceed Withdrawal Level 15: no roll \[rough_and_ready 8.0\]' "$tmp/g.txt" \
  || fail "no victory check line"
grep -q '^[A-Za-z0-9-]* moves [0-9]* -> [0-9 ]* ([0-9]* MP of [0-9]*.*) \[rough_and_ready 5.11\]' \
  "$tmp/g.txt" || fail "no move line"

# A script moving and facing: the set-up's five US facings, Garland's command, no guns, a
# move with the cheapest path, its facing answered with an alias, a typed path refused with
# its rule, done. (The prompt's command language refuses `face <unit> <dir>` while a move
# request is pending and reads it as `<unit> <dir>` at a face request, so the turn in place
# is left to movement_spec.lua.)
printf 'S/SW\nS/SW\nS/SW\nS/SW\nS/SW\ngarland\ndone\nmove 4US-2 0405\nE\nmove Garland 0406 0407\ndone\n' \
  > "$tmp/s.txt"
"$volley" play tests/data/rr --seed 3 --script "$tmp/s.txt" --bot MEX=first --max-decisions 40 \
  > "$tmp/s.out" 2>&1
[ $? -eq 1 ] || fail "the script with a refused line did not exit 1: $(cat "$tmp/s.out")"
for line in '4US-2 moves 0402 -> 0403 0404 0405 (5 MP of 5) [rough_and_ready 5.11]' \
            '4US-2 faces NE/SE [rough_and_ready 5.34]' \
            "$tmp/s.txt:10: 0302 -> 0406: not adjacent [rough_and_ready 5.12]"; do
  grep -qxF "$line" "$tmp/s.out" || fail "no line '$line': $(cat "$tmp/s.out")"
done

# Forced dice: the set-up (facings, where asked), the opening, then the US rolls 9 for its second command (rating 5, +1 for
# Taylor's Leadership, which the first bot adds) and fails.
"$volley" play tests/data/rr --seed 3 --bot US=first --bot MEX=first --dice 9 \
  --max-decisions 40 > "$tmp/f.txt" || fail "forced play exited $?"
grep -q "d10 9 = 9 against rating 5 +1 (Taylor's Leadership) = 6: fails, play passes to MEX" \
  "$tmp/f.txt" || fail "no failed roll: $(cat "$tmp/f.txt")"

i=1
while [ "$i" -le "$games" ]; do
  out=$("$volley" play tests/data/rr --seed "$i" --bot US=random --bot MEX=random --json \
    | tail -n 1)
  case "$out" in
    *'"event":"game_over"'*'"reason":"capped"'*) ;;
    *'"event":"game_over"'*'"reason":"US withdraws"'*|*'"reason":"MEX withdraws"'*) ;;
    *) fail "game $i ended with: $out" ;;
  esac
  i=$((i + 1))
done

# Palo Alto (its default set-up asked of the bots first): the chain through its rules.lua
# and options, capped at 300 decisions a game.
i=1
while [ "$i" -le "$games" ]; do
  out=$("$volley" play rough-and-ready/palo-alto --seed "$i" --bot US=random --bot MEX=random \
    --option balance --max-decisions 300 --json | tail -n 1)
  case "$out" in
    *'"event":"game_over"'*'"reason":"capped"'*) ;;
    *'"event":"game_over"'*'"reason":"US withdraws"'*|*'"reason":"MEX withdraws"'*) ;;
    *) fail "Palo Alto game $i ended with: $out" ;;
  esac
  i=$((i + 1))
done
echo ok
