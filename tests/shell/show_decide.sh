#!/bin/sh
# Issue 37 point 2, what a player needs to decide shown where he decides, through `volley
# play --script` with forced dice: `show UNIT` adds the system's lines (Rough & Ready: what
# the unit did this activation and its MP left, in command or not and why, its ratings; the
# demo: its phase and hits); a move answered warns, before its result, when it takes a unit
# out of its leader's range [rough_and_ready 4.22-4.23], into an enemy front [rough_and_ready
# 5.14], or ends a declared charge's path [rough_and_ready 6.41], and a demo move that stops
# next to an enemy [demo 3.3, 5.1]; `?` tells each fire answer's range and DRM, each shock
# answer's defenders, charge and counter-charge chance, a charge declaration's Commitment
# chance. Queries and warnings are read only: the hash is the same around them, and a save
# of the game replays to the live state hash.
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
# the line after the one holding $1 (the warning comes before the move's result)
next_after() {
  printf '%s\n' "$out" | grep -A1 -F -- "$1" | sed -n 2p
}
fixture() {   # fixture <dir> <start state lines...>: tests/data/rr with a start state
  mkdir "$1"
  cp tests/data/rr/*.ini "$1/"
  printf '[scenario]\nbase = scenario.ini\ntitle = show37\nstart = start.state\n' \
    > "$1/start.ini"
  d=$1
  shift
  printf '%s\n' "$@" > "$d/start.state"
}

# -- the demo: show's phase lines, and the warning of a move that stops next to an enemy
out=$(printf '%s\n' 'show A1' 'move A4 0605' 'done' 'move B1 0805' 'done' 'show A4' 'show B1' \
  'move A4 0705' | "$volley" play tests/data/demo --seed 3 --script - 2>&1)
expect 'A1 (A infantry 1): side A, infantry, hex 0103, command A, strength 3, ma 4, no markers'
expect "turn 1, side A's movement: A1 has not moved (4 MP) [demo 4.2]"
expect 'ratings: MA 4, strength 3 (0 hits: eliminated at 3 [demo 5.3])'
expect "turn 2, side A's movement: A4 has not moved (4 MP) [demo 4.2]"
expect "turn 2, side A's movement: B1 does not move in it; it may react to a move that ends next to it [demo 5.1]"
[ "$(next_after 'A> move A4 0705')" = \
  'warning: A4 stops in 0705 next to B1 [demo 3.3], which may fire at it [demo 5.1]' ] \
  || fail "no warning before A4's move: $out"
expect 'A4 moves 0605 -> 0705 (1 MP) [demo 4.2]'
# a move that stops next to no enemy says nothing more
refuse 'warning: A4 stops in 0605'

# -- Rough & Ready: 4L-1 next to Garland's 4US-1
rr=$tmp/rr
fixture "$rr" 'unit 4L-1 hex 0303 facing NW/N'
play_rr() {   # play_rr <answers...>
  printf '%s\n' "$@" | "$volley" play "$rr/start.ini" --seed 1 --script - --save "$tmp/rr.save" \
    2>&1
}
out=$(play_rr 'default all' garland 'done' hash 'show 4US-2' 'show Garland' hash \
  'move 4US-2 0707' 'move 4US-2 0703' 'S/SW' 'show 4US-2' fire '?' 'done' 'move 4US-1 0302' \
  'move 4US-1 0202' 'SE/S')
expect '4US-2 (4US-2): side US, infantry, hex 0402, facing S/SW, command garland, morale 6, morale_reverse 4, ma 5, no markers'
expect 'this activation (US, garland): activated, has done nothing yet; 5 MP left of 5'
expect 'in command: 4US-2 is 1 hex from Garland (range 3) [rough_and_ready 4.22]'
expect 'ratings: Morale 6, MA 5'
expect 'leads garland: command range 3, 2 of 2 units within it [rough_and_ready 4.22]'
expect 'ratings: MA 6, activation 5, command range 3'
# show changed nothing
[ "$(printf '%s\n' "$out" | grep -c '^state_hash')" = 2 ] || fail "no hashes: $out"
[ "$(printf '%s\n' "$out" | grep '^state_hash' | sort -u | wc -l)" = 1 ] \
  || fail "show changed the state: $out"
# a refused move is refused, not warned
refuse 'warning: 4US-2 in 0707'
expect "0707 is out of 4US-2's reach"
# out of Garland's range: warned before the move, which is made
[ "$(next_after 'US> move 4US-2 0703')" = \
  "warning: 4US-2 in 0703 is out of Garland's command range 3 [rough_and_ready 4.22]: out of command when next activated, MA halved, no shock [rough_and_ready 4.23]" ] \
  || fail "no command warning: $out"
expect '4US-2 moves 0402 -> 0502 0603 0703 (3 MP of 5) [rough_and_ready 5.11]'
expect 'this activation (US, garland): activated, moved; no move left: 4US-2 has moved this activation'
expect 'in command this activation (it was in range when activated) [rough_and_ready 4.23]; now out of command: no path of 3 hexes from Garland to 4US-2 clear of enemy combat units [rough_and_ready 4.22]: MA halved, no shock [rough_and_ready 4.23]'
# the fire request's answers tell their range and DRM
expect '  4US-1 0303  (range 1, DRM 0 (small arms))'
# into 4L-1's front (4US-1 is in it already: no warning for where it starts)
[ "$(next_after 'US> move 4US-1 0202')" = '4US-1 moves 0302 -> 0202 (1 MP of 5) [rough_and_ready 5.11]' ] \
  || fail "a warning where none was due: $out"
# into 4L-1's front: warned; the game the warning was given in replays to the same state
out=$(play_rr 'default all' garland 'done' 'move 4US-2 0302' hash)
[ "$(next_after 'US> move 4US-2 0302')" = \
  'warning: 4US-2 enters the front of 4L-1 in 0302: it stops there [rough_and_ready 5.14] and may draw reaction fire [rough_and_ready 6.14]' ] \
  || fail "no front warning: $out"
live=$(printf '%s\n' "$out" | sed -n 's/^state_hash \([0-9a-f]*\)$/\1/p')
again=$("$volley" replay "$tmp/rr.save" 2>&1 | sed -n 's/^state_hash \([0-9a-f]*\)$/\1/p')
[ -n "$live" ] && [ "$live" = "$again" ] || fail "live $live, replay $again"

# -- a charge: Canales' RANCH-1 rides at C3US; Commitment forced
ch=$tmp/ch
fixture "$ch" 'unit RANCH-1 hex 1003 facing NW/N' 'unit Canales hex 1003' \
  'unit VN-2 eliminated' 'unit 8US-1 eliminated' 'unit 8US-2 eliminated' \
  'unit Belknap eliminated' 'var last.side "US"' 'var last.target "garland"' 'var count 1'
out=$(printf '%s\n' 'default all' canales '?' 'dice force 1' 'charge RANCH-1' \
  'move RANCH-1 0702' 'NW/N' 'dice force 0' yes 'show C3US' 'show RANCH-1' shock '?' \
  | "$volley" play "$ch/start.ini" --seed 1 --script - 2>&1)
expect '  charge RANCH-1  (Commitment now: 6 in 10; +2 if Charging)'
# both warnings, before the move: C3US's front, where it stops, and the charge's end
[ "$(printf '%s\n' "$out" | grep -A3 -F 'MEX> move RANCH-1 0702')" = "MEX> move RANCH-1 0702
warning: RANCH-1 enters the front of C3US in 0702: it stops there [rough_and_ready 5.14] and may draw reaction fire [rough_and_ready 6.14]
warning: RANCH-1's charge path ends in 0702: it is Charging, +2 in its shock [rough_and_ready 6.41]
RANCH-1 moves 1003 -> 0902 0802 0702 (3 MP of 8) [rough_and_ready 5.11]" ] \
  || fail "no charge warning: $out"
expect 'this activation (MEX, canales): activated, moved, declared a charge, is Charging'
# C3US fired at it in reaction [rough_and_ready 6.14]; a gun has no leader's range
expect 'this activation (MEX, canales): not activated, fired in reaction'
expect 'in command: no leader'
expect '  RANCH-1 0602  (against C3US; charging +2)'
# a declared charger that moves one hex: warned that it is no charge
out=$(printf '%s\n' 'default all' canales 'dice force 1' 'charge RANCH-1' 'move RANCH-1 0902' \
  | "$volley" play "$ch/start.ini" --seed 1 --script - 2>&1)
[ "$(next_after 'MEX> move RANCH-1 0902')" = \
  'warning: RANCH-1 was declared to charge, but this move is no charge: RANCH-1 moved 1 hex: a charge needs 2 or more [rough_and_ready 6.41]' ] \
  || fail "no failed-charge warning: $out"

# -- a shock on cavalry: its counter-charge chance [rough_and_ready 6.44]; artillery's DRM
cc=$tmp/cc
fixture "$cc" 'unit VN-1 hex 0303 facing NW/N'
out=$(printf '%s\n' 'default all' garland C3US fire '?' 'done' shock '?' \
  | "$volley" play "$cc/start.ini" --seed 1 --script - 2>&1)
expect '  C3US 0303  (range 3, DRM +1 (artillery))'
expect '  4US-1 0303  (against VN-1; counter-charge: VN-1 5 in 10)'

# -- a house rule's request with a warn: its text is printed; a warn that fails is said,
# with its file and line and no control byte, and the answer is taken all the same
cat > "$tmp/warn.lua" <<'EOF'
-- a house rule whose request warns, and fails to for `hold`
volley.on("activation.start", function(ctx)
  volley.ask(ctx.side, { kind = "orders", prompt = "orders", rule = "[house 1]",
    options = { "advance", "hold" },
    warn = function(a) if a == "hold" then error("boom\27[2J") end return "ok " .. a end })
end)
EOF
out=$(printf '%s\n' 'default all' garland 'done' advance | "$volley" play tests/data/rr \
  --mod "$tmp/warn.lua" --seed 1 --script - 2>&1)
[ "$(next_after 'US> advance')" = 'warning: ok advance' ] || fail "no mod warning: $out"
out=$(printf '%s\n' 'default all' garland 'done' hold | "$volley" play tests/data/rr \
  --mod "$tmp/warn.lua" --seed 1 --script - 2>&1)
expect "warning: cannot be told: $tmp/warn.lua:5: boom"
if printf '%s' "$out" | grep -q "$(printf '\033')"; then fail "a control byte: $out"; fi
expect '16. US move: garland'
exit 0
