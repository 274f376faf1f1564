#!/bin/sh
# Issue 34's acceptance: a scenario that ends the game when a side holds a hex, on the demo
# (tests/data/demo/hold.ini, a variant over the demo battle) and under Palo Alto's rules
# (test-game/hold in tests/data/extends, laid over the mid-chain board, itself over Palo Alto:
# Palo Alto's rules.lua and the scenario's hold.lua both play). The result is declared through
# the system's victory procedure (docs/modding.md "Declaring the result"), ends the game, and
# the replay of its save gives the same state.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The demo: A2 moves into 0305; at the end of the turn the victory check ends the game.
printf 'move A2 0305\ndone\n' > "$tmp/demo.script"
out=$("$volley" play tests/data/demo/hold.ini --seed 3 --bot B=random --as referee \
  --script "$tmp/demo.script" --save "$tmp/d.save" 2>&1) || fail "demo exited $?: $out"
line=$(printf '%s\n' "$out" | grep '^game over:') || fail "demo: no game over: $out"
case "$line" in "game over: A decisive (A holds 0305) after "*) ;; *) fail "demo: $line" ;; esac
hash=$(printf '%s\n' "$line" | sed 's/.*state \([0-9a-f]*\)$/\1/')
"$volley" replay "$tmp/d.save" | grep -qx "state_hash $hash" || fail "demo: the replay differs"

# Palo Alto's rules: Garland's command goes on with the chain, 4US-2 takes 0302, and the
# victory check after the activation ends the game (--ask-free: the script answers the
# Leadership bonus itself).
VOLLEY_PATH=tests/data/extends
export VOLLEY_PATH
printf 'dice force 0\ngarland\nno\nmove 4US-2 0302\nface NE/SE\ndone\n' > "$tmp/pa.script"
out=$("$volley" play test-game/hold --seed 1 --as referee --script "$tmp/pa.script" \
  --ask-free --save "$tmp/p.save" 2>&1) || fail "Palo Alto exited $?: $out"
line=$(printf '%s\n' "$out" | grep '^game over:') || fail "Palo Alto: no game over: $out"
case "$line" in "game over: US decisive (US holds 0302) after 5 decisions; "*) ;;
  *) fail "Palo Alto: $line" ;; esac
hash=$(printf '%s\n' "$line" | sed 's/.*state \([0-9a-f]*\)$/\1/')
"$volley" replay "$tmp/p.save" | grep -qx "state_hash $hash" || fail "Palo Alto: the replay differs"
# both battle scripts were played: Palo Alto's, then the scenario's own
grep -q '^file scenario scenarios/rough-and-ready/palo-alto/rules.lua ' "$tmp/p.save" \
  || fail "Palo Alto's rules.lua is not in the save"
grep -q '^file scenario scenarios/test-game/hold/hold.lua ' "$tmp/p.save" \
  || fail "hold.lua is not in the save"
echo ok
