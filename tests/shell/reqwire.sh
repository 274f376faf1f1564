#!/bin/sh
# Issue 35 point 5, the request rules the runtime keeps, through `volley play`: a request
# with one legal answer is answered by the host (a line names it, its answer and its rule;
# neither the person, the script nor the bot is asked; the save journals it as any answer and
# replays); undo takes back the last answer that was asked with the automatic ones after it;
# a bare Enter at the prompt answers the default; `?` shows what each option costs or brings
# (Rough & Ready's move: its MP; a defender's retreat: the Hit of an enemy front [rough_and_ready
# 6.75]) and groups the combined fire of guns. On the demo (tests/data/demo) and on the Rough &
# Ready fixture (tests/data/rr, 4L-1 placed next to 4US-1 by a start state), the house rule
# tests/data/mods/one_answer.lua asking a one-answer request at each activation's start.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect() {
  printf '%s\n' "$out" | grep -qF -- "$1" || fail "expected '$1' in:
$out"
}
refuse() {
  if printf '%s\n' "$out" | grep -qF -- "$1"; then fail "did not expect '$1' in:
$out"; fi
}

# -- the demo: side A moves its four units; its fifth request, move with `done` alone, is
# answered by the host; the script's next line goes to the next request asked
out=$(printf '%s\n' 'move A1 0305' 'move A2 0306' 'move A3 0307' 'move A4 0605' undo \
  'move A4 0505' | "$volley" play tests/data/demo --seed 3 --bot B=random --script - \
  --undo solo --max-decisions 12 2>&1)
expect '5. A move: done (the only legal answer) [demo 4.2]'
expect '10. B move: done (the only legal answer) [demo 4.2]'
refuse 'A> done'
# undo at request 11 takes back the bots' answers, the host's `done` and A4's move, the last
# answer asked
expect 'undo: A move done taken back'
expect 'undo: A move A4 0605 taken back'
expect '4. A move: Side A: move a unit (<unit> <hex>) or done [demo 4.2]'
expect 'A4 moves 0205 -> 0505'

# undo at the person's first request, after the bot's and the host's answers alone: nothing
# of his is taken back; those answers are given again, the game as it was
out=$(printf '%s\n' undo quit | "$volley" play tests/data/demo --seed 3 --bot A=random \
  --script - --undo solo --max-decisions 12 --no-autosave 2>&1)
expect 'undo: nothing of yours was taken back (nothing to undo: no answer since the game began'
expect 'undo: A move A4 0507 taken back'
expect 'stopped at decision 6 (B to answer move [demo 4.2]): quit'

# the JSON names who answered: the host (`by` only)
out=$(printf '%s\n' 'move A1 0305' 'move A2 0306' 'move A3 0307' 'move A4 0605' \
  | "$volley" play tests/data/demo --seed 3 --bot B=random --script - --max-decisions 6 \
    --json 2>&1)
expect '"answer":"done","by":"only","decision":5,"kind":"move","side":"A"'

# a bare Enter at the prompt answers the request's default (the demo's move: done); in a
# script a blank line stays blank
out=$(printf 'move A1 0305\n\nquit\n' | "$volley" play tests/data/demo --seed 3 --bot B=random \
  2>&1)
expect '(default) done'
expect '3. B move: B1 1005'
out=$(printf 'move A1 0305\n\n' | "$volley" play tests/data/demo --seed 3 --bot B=random \
  --script - 2>&1)
refuse '(default) done'
expect 'stopped at decision 2 (A to answer move [demo 4.2]): the script ended'

# -- Rough & Ready: the house rule's one-answer `orders` request at each activation start,
# for the script's side and for a bot's
rr=$tmp/rr
mkdir "$rr"
cp tests/data/rr/*.ini "$rr/"
printf '[scenario]\nbase = scenario.ini\ntitle = reqwire: 4L-1 next to 4US-1\nstart = start.state\n' \
  > "$rr/start.ini"
printf 'unit 4L-1 hex 0303 facing NW/N\n' > "$rr/start.state"
play_rr() {   # play_rr <save> <answers...>
  save=$1
  shift
  printf '%s\n' "$@" | "$volley" play "$rr/start.ini" --mod tests/data/mods/one_answer.lua \
    --seed 1 --script - --bot MEX=random --as referee --undo solo --max-decisions 24 \
    --save "$save" 2>&1
}
out=$(play_rr "$tmp/a.save" 'default all' garland 'done' undo C3US 'done' 'dice force 9' belknap no)
expect '14. US orders: advance (the only legal answer) [house 1]'
expect 'undo: US orders advance taken back'
expect 'undo: US artillery done taken back'
expect 'Garland activates C3US [rough_and_ready 4.28]'
# Belknap's roll fails: MEX's bot activates Garcia, and its orders are the host's
expect '20. MEX orders: advance (the only legal answer) [house 1]'
refuse 'US> advance'
# (a bot's answer reads `20. MEX orders: advance`, without the rule)
if printf '%s\n' "$out" | grep -qxF '20. MEX orders: advance'; then fail "the bot was asked"; fi
[ "$(grep -c 'orders "advance"' "$tmp/a.save")" = 2 ] \
  || fail "the save does not journal the host's answers: $(cat "$tmp/a.save")"
live=$(printf '%s\n' "$out" | sed -n 's/^game over: .*; state \([0-9a-f]*\)$/state_hash \1/p')
again=$("$volley" replay "$tmp/a.save" 2>&1 | grep '^state_hash' | tail -1)
[ -n "$live" ] && [ "$live" = "$again" ] || fail "live $live, replay $again"

# `?`: the move request's MP a hex, the shock's retreat with its Hit [rough_and_ready 6.75],
# and the default a hex of no Hit
out=$(printf '%s\n' 'default all' garland 'done' '?' shock 'dice force 0 9 0' '4US-1 0303' '?' \
  | "$volley" play "$rr/start.ini" --seed 1 --script - 2>&1)
expect '  move 4US-1 0202 0301 0402 (1 MP)'
expect '16. MEX retreat: 4L-1 retreats from 0303'
expect '  0203  (no Hit)'
expect '  0403  (a Hit: the front of 4US-2)'
expect 'default: 0203'
exit 0
