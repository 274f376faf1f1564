#!/bin/sh
# Issue 37 point 1, answers that carry what the player already knows, through `volley play
# --script` on the Rough & Ready fixture (tests/data/rr; a start state stacks 4US-2 with 4US-1
# in 0302 and sets RANCH-1 with Canales in 0504): a move with its facing in one line, a
# stack's move in one line [rough_and_ready 5.11, 5.12, 5.27], `fire <unit> <hex>` and
# `shock <units> <hex>` at the move request [rough_and_ready 6.12, 6.31], `charge <unit>
# <path> <facing>` [rough_and_ready 6.43]; what the line carries is journalled as the answers
# the long form gives (the same save lines and state hashes), a refused carried answer drops
# the rest of the line, `undo` takes back the whole line; the Leadership bonus, which costs
# nothing [rough_and_ready 4.25], answered yes unasked and listed by `log`, asked with
# --ask-free. Each check fails on the main of 7 Dec 2026 (the forms were refused there, and
# the Leadership bonus asked).
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
rr=$tmp/rr
mkdir "$rr"
cp tests/data/rr/*.ini "$rr/"
printf '[scenario]\nbase = scenario.ini\ntitle = compound: a stack\nstart = start.state\n' \
  > "$rr/start.ini"
printf 'unit 4US-2 hex 0302 facing NW/N\nunit RANCH-1 hex 0504 facing NW/N\nunit Canales hex 0504\n' \
  > "$rr/start.state"
play() {   # play <save> <flags...> -- <lines...>
  save=$1
  shift
  flags=""
  while [ "$1" != "--" ]; do flags="$flags $1"; shift; done
  shift
  # shellcheck disable=SC2086
  printf '%s\n' "$@" | "$volley" play "$rr/start.ini" --seed 1 --script - --undo solo \
    --save "$save" $flags 2>&1
}
answers() { grep '^answer ' "$1"; }

# -- a stack's move with its facing: one line, the answers of three requests
out=$(play "$tmp/short.save" -- 'default all' garland 'done' 'move 4US-1+4US-2 0202 SW/NW' 'done')
expect '4US-1 moves 0302 -> 0202 (1 MP of 5) [rough_and_ready 5.11]'
expect '13. US face: SW/NW (from "move 4US-1+4US-2 0202 SW/NW") [rough_and_ready 5.34]'
expect '14. US move: 4US-2 0202 (from "move 4US-1+4US-2 0202 SW/NW") [rough_and_ready 5.11]'
expect '4US-2 faces SW/NW as its stack does [rough_and_ready 5.27]'
# `done` ends the activation for every unit that has not acted (Garland has not moved)
expect '16. US activate: US: nominate another command or a hex of independents, and roll'
# the same game answered the long way: the same answers, the same hashes
out=$(play "$tmp/long.save" -- 'default all' garland 'done' 'move 4US-1 0202' SW/NW 'move 4US-2 0202' \
  'done')
[ "$(answers "$tmp/short.save")" = "$(answers "$tmp/long.save")" ] \
  || fail "the journals differ: $(answers "$tmp/short.save") / $(answers "$tmp/long.save")"
# the stack named by its hex, no facing: the facing is asked, then the next unit carried
out=$(play "$tmp/hex.save" -- 'default all' garland 'done' 'move 0302 0202' SW/NW 'done')
expect '13. US face: 4US-1 ends its move in 0202: its facing (a vertex) [rough_and_ready 5.34]'
expect '14. US move: 4US-2 0202 (from "move 0302 0202") [rough_and_ready 5.11]'
expect '4US-2 faces SW/NW as its stack does [rough_and_ready 5.27]'
expect '15. US move: Garland 0202 (from "move 0302 0202") [rough_and_ready 5.11]'

# -- undo takes back the whole line; a move with its facing
out=$(play "$tmp/u.save" -- 'default all' garland 'done' 'move 4US-1 0202 SW/NW' undo 'done')
expect '13. US face: SW/NW (from "move 4US-1 0202 SW/NW") [rough_and_ready 5.34]'
expect 'undo: US face SW/NW taken back'
expect 'undo: US move 4US-1 0202 taken back'

# -- fire and shock at the move request, each one line (4L-1 next to the stack)
printf 'unit 4US-1 hex 0302 facing SE/S\nunit 4US-2 hex 0302 facing SE/S\nunit 4L-1 hex 0303 facing NW/N\n' \
  > "$rr/start.state"
out=$(play "$tmp/f.save" -- 'default all' garland 'done' 'fire 4US-1 0303' 'dice force 9' \
  'fire 4US-2 0303' no 'dice force 0 9 0' 'shock 4US-1+4US-2 0303')
# 4US-1 is under 4US-2: the fire request's own reason, not the command language's
expect '4US-1 is not the top unit of 0302: only the top unit fires [rough_and_ready 5.24]'
expect '13. US fire: 4US-2 0303 (from "fire 4US-2 0303") [rough_and_ready 6.12, 6.22]'
expect '4US-2 fires at 4L-1 in 0303 (range 1): d10 9 = 9: 2 Hits [rough_and_ready 6.15]'
expect '16. US shock: 4US-1+4US-2 0303 (from "shock 4US-1+4US-2 0303") [rough_and_ready 6.31, 6.35]'
expect '4US-1, 4US-2 enter 0303 to shock 4L-1 [rough_and_ready 6.33]'
again=$("$volley" replay "$tmp/f.save" 2>&1 | grep -c '^state_hash') || true
[ "$again" -ge 1 ] || fail "the save does not replay: $("$volley" replay "$tmp/f.save" 2>&1)"

# -- a charge, its move and its facing in one line; failed Commitment drops the rest
printf 'unit 4US-2 hex 0302 facing NW/N\nunit RANCH-1 hex 0504 facing NW/N\nunit Canales hex 0504\n' \
  > "$rr/start.state"
mex() { printf '%s\n' 'default all' garland 'done' 'done' 'dice force 9' belknap canales 'done' \
  "dice force $1" 'charge RANCH-1 0604 0603 NW/N'; }
out=$(mex 0 | "$volley" play "$rr/start.ini" --seed 1 --script - 2>&1)
expect '18. MEX move: RANCH-1 0604 0603 (from "charge RANCH-1 0604 0603 NW/N") [rough_and_ready 5.11]'
expect 'RANCH-1 is Charging [rough_and_ready 6.41]'
expect '19. MEX face: NW/N (from "charge RANCH-1 0604 0603 NW/N") [rough_and_ready 5.34]'
out=$(mex 9 | "$volley" play "$rr/start.ini" --seed 1 --script - 2>&1)
expect 'RANCH-1 failed its charge Commitment: it does nothing this activation [rough_and_ready 6.43]'
expect '(not used from "charge RANCH-1 0604 0603 NW/N": RANCH-1 0604 0603, NW/N: the line stops at the refused answer)'
expect '18. MEX move: canales: move a unit (<unit> <hex> [path]) or done [rough_and_ready 5.11]'

# -- the Leadership bonus costs nothing [rough_and_ready 4.25]: yes, unasked, in the log
out=$(printf '%s\n' 'default all' garland 'done' 'done' 'dice force 3' belknap 'log 3' \
  | "$volley" play "$rr/start.ini" --seed 1 --script - 2>&1)
expect 'US leadership: yes (answered for US: the Leadership bonus costs nothing; volley play --ask-free asks it) [rough_and_ready 4.25]'
expect 'US rolls for belknap: d10 3 = 3 against rating 5 +1 (Taylor'"'"'s Leadership) = 6: activates'
refuse '14. US leadership: Add'
[ "$(printf '%s\n' "$out" | grep -c 'answered for US: the Leadership bonus')" = 2 ] \
  || fail "log does not list the Leadership answer: $out"
out=$(printf '%s\n' 'default all' garland 'done' 'done' 'dice force 3' belknap no \
  | "$volley" play "$rr/start.ini" --seed 1 --ask-free --script - 2>&1)
expect "14. US leadership: Add Taylor's Leadership (+1) to Belknap's activation rating 5? (yes/no) [rough_and_ready 4.25]"
expect 'US rolls for belknap: d10 3 = 3 against rating 5 = 5: activates'
exit 0
