#!/bin/sh
# The live game is its journal (issue 32; docs/runtime.md "Disposable script worlds",
# "Queries"): with mods that count in a local (world_local.lua), keep a global
# (world_global.lua), fail on an answer (world_error.lua) and roll in movement.cost
# (world_roll.lua), played from a script through queries, refused answers (some whose checking
# runs the mods), a rolled-back answer and undo, `hash` gives the same state hash before and
# after every command that changed nothing, and the game's last hash is the one `volley
# replay` computes from its save. The configuration's volley runs it (Lua 5.4, LuaJIT, ASan).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mods=tests/data/mods

# The state hashes a transcript printed, one a line, in order.
hashes() { sed -n 's/^state_hash \([0-9a-f]\{16\}\)$/\1/p' "$1"; }
# nth N FILE: the Nth of them.
nth() { hashes "$2" | sed -n "$1p"; }
# same NAME I J: hashes I and J of NAME's transcript are equal (and are hashes).
same() {
  a=$(nth "$2" "$tmp/$1.out")
  b=$(nth "$3" "$tmp/$1.out")
  [ -n "$a" ] && [ "$a" = "$b" ] || fail "$1: hash $2 ($a) and hash $3 ($b) differ:
$(grep -v '^  ' "$tmp/$1.out" | tail -n 40)"
}
# replays NAME: the save's replay ends in the transcript's last hash.
replays() {
  want=$(hashes "$tmp/$1.out" | tail -n 1)
  got=$("$volley" replay "$tmp/$1.save" 2>&1)
  [ "$got" = "state_hash $want" ] || fail "$1: the live game ends in $want, its replay: $got"
}

# 1. The demo, both sides from the script: every query (reach runs the mods' movement.cost),
# an answer the rules refuse, one rolled back after world_error's failure, undo and redo, then
# a reaction whose fire roll the mods' counts decide.
cat >"$tmp/demo.script" <<'SCRIPT'
hash
reach A1
reach B1
show A1
los 0103 0505
log 3 rolls
lua game.sides
options
map 0103 1
hash
move A4 0605
hash
move A1 0909
move A2 0204
hash
move A2 0306
undo
move A2 0306
done
reach B4
move B4 0705
dice force 4
fire
done
hash
SCRIPT
"$volley" play tests/data/demo --seed 3 --script "$tmp/demo.script" --save "$tmp/demo.save" \
  --mod $mods/world_local.lua --mod $mods/world_global.lua --mod $mods/world_error.lua \
  >"$tmp/demo.out" 2>&1
[ $? -eq 1 ] || fail "demo: exit status (two refusals: 1): $(tail -n 5 "$tmp/demo.out")"
grep -q "^$tmp/demo.script:14: the answer failed: $mods/world_error.lua:6: the ford at 0204 is closed (movement.enter)$" \
  "$tmp/demo.out" || fail "demo: no rollback: $(grep failed "$tmp/demo.out")"
grep -q '^A4 fires at B4: d6 4+1 = 5: 1 Hit, hit \[demo 5.2\]$' "$tmp/demo.out" \
  || fail "demo: the mods' counts: $(grep 'fires at' "$tmp/demo.out")"
[ "$(hashes "$tmp/demo.out" | wc -l)" -eq 5 ] || fail "demo: $(hashes "$tmp/demo.out" | wc -l) hashes"
same demo 1 2          # the queries changed nothing
same demo 3 4          # nor the refused answer and the one rolled back
replays demo

# 2. Palo Alto (US from the script, MEX the random bot, undo solo): reach refused because a
# rule rolls in it (world_roll), the dice untouched; moves the rules refuse after their check
# ran the mods' movement.cost (put back); undo and redo; the mods' counts kept in the state
# after each move (Rough & Ready's movement.end).
cat >"$tmp/pa.script" <<'SCRIPT'
default all
twiggs
done
hash
reach 5US-1
reach Ker
show 5US-1
los 3014 2913
lua game.vars.battle
log 2 rolls
hash
move 5US-1 2913 2813 2713 2613
move 5US-1 2913 2913
hash
move 5US-1 2913
undo
move 5US-1 2913
default
move 5US-2 2914
default
lua game.vars.battle
done
hash
SCRIPT
"$volley" play rough-and-ready/palo-alto --seed 5 --undo solo --bot MEX=random --as referee \
  --script "$tmp/pa.script" --save "$tmp/pa.save" --max-decisions 70 --mod $mods/world_roll.lua \
  --mod $mods/world_local.lua --mod $mods/world_global.lua >"$tmp/pa.out" 2>&1
[ $? -eq 1 ] || fail "palo alto: exit status (refusals: 1): $(tail -n 5 "$tmp/pa.out")"
grep -q "^$tmp/pa.script:5: reach: cannot be shown: $mods/world_roll.lua:6: a query cannot roll dice (movement.cost); a query never rolls nor changes the game (the dice are untouched)$" \
  "$tmp/pa.out" || fail "palo alto: reach: $(grep 'reach' "$tmp/pa.out" | head -n 3)"
[ "$(hashes "$tmp/pa.out" | wc -l)" -eq 4 ] || fail "palo alto: $(hashes "$tmp/pa.out" | wc -l) hashes"
same pa 1 2            # the queries (reach refused) changed nothing, the dice included
same pa 1 3            # nor the moves refused after their check ran the mods
replays pa
grep -q '^answer US move "5US-2 2914"' "$tmp/pa.save" || fail "palo alto: the save: $(tail -n 3 "$tmp/pa.save")"
# 3. hash in a side's view is its view hash, never the state hash (the referee's); hash takes
# no arguments.
printf 'hash now\nhash\n' | "$volley" play tests/data/demo --seed 3 --bot B=random --script - \
  >"$tmp/view.out" 2>&1
grep -q '^stdin:1: hash takes no arguments$' "$tmp/view.out" || fail "view: $(cat "$tmp/view.out")"
v=$(sed -n 's/^view_hash \([0-9a-f]\{16\}\)$/\1/p' "$tmp/view.out")
[ -n "$v" ] || fail "view: no view hash: $(cat "$tmp/view.out")"
printf 'hash\n' | "$volley" play tests/data/demo --seed 3 --bot B=random --as referee \
  --script - >"$tmp/referee.out" 2>&1
r=$(sed -n 's/^state_hash \([0-9a-f]\{16\}\)$/\1/p' "$tmp/referee.out")
[ -n "$r" ] && [ "$r" != "$v" ] || fail "view: the referee's $r, the side's $v"
echo ok
