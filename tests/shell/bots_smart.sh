#!/bin/sh
# The smart and search bots (docs/bots.md): short games of the Rough & Ready fixture battle
# that end in a state pinned for both VMs (the look-ahead's dice come from the bots' stream, its scores are
# integers), a save that replays to the same state, volley sim playing the same game as
# volley play, the bot's reasons in the transcript, the JSON answer events and `log`, and
# hidden from the other side's view.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state"

# ---- smart against smart: pinned, the same on Lua 5.4 and LuaJIT; the save replays
"$volley" play tests/data/rr --bot US=smart --bot MEX=smart --seed 7 --max-decisions 120 \
  --save "$tmp/s.save" > "$tmp/out" 2> "$tmp/err" || fail "play exited $?: $(cat "$tmp/err")"
tail -n 1 "$tmp/out" | grep -q 'after 120 decisions; seed 7; state f875c74a6e3ed07d$' \
  || fail "smart,smart seed 7: $(tail -n 1 "$tmp/out")"
"$volley" replay "$tmp/s.save" > "$tmp/replay" 2>&1 || fail "replay exited $?: $(cat "$tmp/replay")"
grep -q '^state_hash f875c74a6e3ed07d$' "$tmp/replay" || fail "replay: $(cat "$tmp/replay")"
# it fights: Hits given and taken in 120 decisions
[ "$(grep -c 'takes a Hit' "$tmp/out")" -ge 4 ] || fail "no fight: $(grep -c 'takes a Hit' "$tmp/out") Hits"
# every answer the bot chose says why, on the line after it (the only answers the host gives)
grep -q '^bot smart for US, move [^:]*: [+-][0-9]* over standing (first dice: ' "$tmp/out" \
  || fail "no reason for a move"

# ---- search against smart: pinned, the same on both VMs; the save replays (not under
# ASan, VOLLEY_TEST_GAMES=5, where it would take minutes: the puzzles ask search there too)
if [ "${VOLLEY_TEST_GAMES:-20}" -ge 20 ]; then
"$volley" play tests/data/rr --bot US=search --bot MEX=smart --seed 5 --max-decisions 40 \
  --save "$tmp/se.save" > "$tmp/se" 2>&1 || fail "search game exited $?: $(tail -n 3 "$tmp/se")"
tail -n 1 "$tmp/se" | grep -q 'after 40 decisions; seed 5; state 806a24eb0a278812$' \
  || fail "search,smart seed 5: $(tail -n 1 "$tmp/se")"
"$volley" replay "$tmp/se.save" 2>&1 | grep -q '^state_hash 806a24eb0a278812$' \
  || fail "the search game's save does not replay"
grep -q '^bot search for US, move [^:]*: [+-][0-9]* over standing on average in [0-9]* rollouts' \
  "$tmp/se" || fail "no reason of search's"
fi

# ---- volley sim plays the same game as volley play with the game's seed
"$volley" sim tests/data/rr --games 1 --bots smart,random --seed 7 --max-decisions 60 --json \
  > "$tmp/sim" 2>&1 || fail "sim exited $?: $(cat "$tmp/sim")"
gseed=$(sed -n 2p "$tmp/sim" | sed 's/.*"seed":\([0-9]*\).*/\1/')
ghash=$(sed -n 2p "$tmp/sim" | sed 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/')
"$volley" play tests/data/rr --bot US=smart --bot MEX=random --seed "$gseed" --max-decisions 60 \
  --no-autosave > "$tmp/one" 2>&1 || fail "play of sim's game exited $?"
tail -n 1 "$tmp/one" | grep -q "state $ghash\$" \
  || fail "sim's game $ghash, play's: $(tail -n 1 "$tmp/one")"

# ---- a game stopped and resumed ends as the uninterrupted one: the bot keeps no state
"$volley" play tests/data/rr --bot US=smart --bot MEX=random --seed 11 --max-decisions 60 \
  > /dev/null 2>&1 || fail "the first part exited $?"
"$volley" play --resume --max-decisions 100 > "$tmp/resumed" 2>&1 || fail "resume exited $?"
"$volley" play tests/data/rr --bot US=smart --bot MEX=random --seed 11 --max-decisions 100 \
  --no-autosave > "$tmp/whole" 2>&1 || fail "the whole game exited $?"
[ "$(tail -n 1 "$tmp/resumed")" = "$(tail -n 1 "$tmp/whole")" ] \
  || fail "resumed: $(tail -n 1 "$tmp/resumed"); whole: $(tail -n 1 "$tmp/whole")"

# ---- the reason in the JSON answer event; the other side's view sees neither it nor the line
"$volley" play tests/data/rr --bot MEX=smart --bot US=random --seed 7 --max-decisions 40 --json \
  --no-autosave > "$tmp/json" 2>&1 || fail "play --json exited $?"
grep -q '"by":"smart",.*"reason":"' "$tmp/json" || fail "no reason in a JSON answer event"
printf 'log 400\nquit\n' > "$tmp/script"
"$volley" play tests/data/rr --bot MEX=smart --seed 7 --max-decisions 30 --script "$tmp/script" \
  --no-autosave > "$tmp/us" 2>&1
grep -q 'bot smart' "$tmp/us" && fail "the US view sees the Mexican bot's reasons"
"$volley" play tests/data/rr --bot US=smart --seed 7 --max-decisions 30 --script "$tmp/script" \
  --no-autosave > "$tmp/mex" 2>&1
grep -q '^bot smart for US, ' "$tmp/mex" && fail "the MEX view sees the US bot's reasons"
# `log` in the bot's own side's view tells its reasons
"$volley" play tests/data/rr --bot US=smart --as US --seed 7 --max-decisions 30 \
  --script "$tmp/script" --no-autosave > "$tmp/as_us" 2>&1
sed -n '/> log 400$/,$p' "$tmp/as_us" | grep -q "^bot smart for US, face [A-Z/]*: the scenario's set-up$" \
  || fail "log in the US view: $(cat "$tmp/as_us")"
"$volley" play tests/data/rr --bot MEX=smart --bot US=smart --seed 7 --max-decisions 30 \
  --json --no-autosave > "$tmp/ref" 2>&1
grep -q '"bot smart for MEX, ' "$tmp/ref" || fail "the referee's view lacks a reason"
echo ok
