#!/bin/sh
# volley play with bots on every side: JSON lines, the same game on both VMs (pinned hash),
# whole demo games ending by the demo's rules, the decision cap, usage errors.
# VOLLEY_TEST_GAMES sets how many random games to play (20; the ASan build sets 5).
set -u
volley=$1
games=${VOLLEY_TEST_GAMES:-20}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random --json > "$tmp/g.jsonl" \
  || fail "play exited $?"
last=$(tail -n 1 "$tmp/g.jsonl")
# pinned: the same final state on Lua 5.4 and LuaJIT (this script runs in both builds)
[ "$last" = '{"event":"game_over","v":1,"decisions":40,"draw":true,"max_decisions":400,"reason":"last turn","seed":3,"state_hash":"de9c0337e3a27448","winner":null}' ] \
  || fail "unexpected last line: $last"

# Every line is one JSON object with event and v first.
JSONL="$tmp/g.jsonl" lua5.4 -e '
  local json = require "dkjson"
  local n = 0
  for line in io.lines(os.getenv("JSONL")) do
    n = n + 1
    local t = json.decode(line)
    assert(type(t) == "table" and t.v == 1 and type(t.event) == "string", "line " .. n)
    assert(line:find("^{\"event\":\"[a-z_]+\",\"v\":1,"), "line " .. n .. " starts otherwise")
  end
  assert(n > 3)' || fail "a line that is not a JSON event"
grep -c '"event":"request"' "$tmp/g.jsonl" | grep -qx 40 || fail "not 40 requests"
grep -c '"event":"checkpoint"' "$tmp/g.jsonl" | grep -qx 40 || fail "not 40 checkpoints"

# Whole games end by the demo's rules [demo 6], never by the cap.
i=1
while [ "$i" -le "$games" ]; do
  out=$("$volley" play tests/data/demo --seed "$i" --bot A=random --bot B=random --json | tail -n 1)
  case "$out" in
    *'"event":"game_over"'*'"reason":"annihilation"'*|*'"event":"game_over"'*'"reason":"last turn"'*) ;;
    *) fail "game $i ended with: $out" ;;
  esac
  i=$((i + 1))
done

# The cap: a game_over whose reason is "capped" and winner null, exit 0.
out=$("$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random --json \
  --max-decisions 5 | tail -n 1) || fail "a capped game must exit 0"
echo "$out" | grep -q '"decisions":5,"max_decisions":5,"reason":"capped",.*"winner":null' \
  || fail "capped: $out"

# Text mode ends with a summary line.
"$volley" play tests/data/demo --seed 3 --bot A=first --bot B=random | tail -n 1 \
  | grep -q '^game over: ' || fail "no summary line in text mode"

# Test mode: --dice forces the next rolls, and the roll says so [DESIGN "The command line"].
"$volley" play tests/data/demo --seed 10 --bot A=random --bot B=random --dice 6,6 \
  | grep -m1 '^roll d6: 6 forced ' >/dev/null || fail "--dice 6,6 did not force the first roll"
"$volley" play tests/data/demo --seed 10 --bot A=random --bot B=random --dice 7 >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "a forced 7 on a d6 must stop the game with exit 1"
grep -qx "volley play: the game stopped: --dice: face 7 is out of range for d6 (1-6)" "$tmp/err" || fail "no message for a forced 7: $(cat "$tmp/err")"

# A data root that adds one file to charts/demo/ hides none of the others (the fire table).
mkdir -p "$tmp/root/charts/demo"
cp charts/demo/los.ini "$tmp/root/charts/demo/los.ini"
VOLLEY_PATH="$tmp/root" "$volley" play tests/data/demo --seed 10 --bot A=random --bot B=random \
  --json | tail -n 1 | grep -q '"event":"game_over"' || fail "a data root hid charts/demo/fire.ini"

# Seeds up to 2^53 - 1 are written exactly in JSON on both VMs (LuaJIT's dkjson would write
# 1.2345678901235e+14).
"$volley" play tests/data/demo --seed 123456789012345 --bot A=first --bot B=first --json \
  | tail -n 1 | grep -q '"seed":123456789012345,' || fail "a large seed is not exact in JSON"

# A broken chart of the scenario is refused before the game starts, not at the first fire.
mkdir -p "$tmp/bad"
cp -r tests/data/demo "$tmp/bad/demo"
mkdir -p "$tmp/bad/demo/charts"
printf '[fire]\ntitle = x\nsource = [demo 5.2]\ndie = d6\nresults = fire\n3 or less = Nothing\n5-6 = 1 Hit\n' \
  > "$tmp/bad/demo/charts/fire.ini"
"$volley" play "$tmp/bad/demo" --seed 4 --bot A=random --bot B=random > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] || fail "a broken scenario chart must exit 1"
[ ! -s "$tmp/out" ] || fail "the game started before the broken chart was refused"
grep -q "charts/fire.ini:7: " "$tmp/err" || fail "the broken chart is not named: $(cat "$tmp/err")"

# Usage errors exit 2 with a message.
for args in "tests/data/demo --bot A=random --bot B=random --frobnicate" \
            "tests/data/demo --bot A" "tests/data/demo --bot A=random --bot B=clever" \
            "tests/data/demo --bot A=random --bot C=random" "" ; do
  # shellcheck disable=SC2086
  "$volley" play $args --seed 1 >/dev/null 2>"$tmp/err"
  [ $? -eq 2 ] || fail "play $args must exit 2"
  grep -q '^volley play: ' "$tmp/err" || fail "play $args: no message"
done
# A side without a bot and without --script is answered at the prompt (here: no input).
out=$("$volley" play tests/data/demo --bot A=random --seed 1 </dev/null 2>&1)
[ $? -eq 0 ] || fail "play with a side at the prompt must exit 0 at the end of its input"
echo "$out" | grep -q '^stopped at decision [0-9]* (B to answer move \[demo 4.2\]): the input ended$' \
  || fail "the prompt did not answer B: $out"
"$volley" play tests/data/demo --bot A=random --bot B=clever --seed 1 2>&1 >/dev/null \
  | grep -q "unknown bot 'clever' (known: first, random, search, smart)" || fail "no list of known bots"
"$volley" play tests/data/no-such --bot A=random --seed 1 >/dev/null 2>&1
[ $? -eq 1 ] || fail "a missing scenario must exit 1"
echo ok
