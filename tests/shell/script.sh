#!/bin/sh
# volley play --script: the sides without a bot answered by a script's commands
# (scripts/volley/commands.lua), the transcript as interactive play prints it, refusals as
# FILE:LINE: why [rule] with the script going on (exit 1) or stopping (--strict), quit, the
# end of a script, standard input, --as (view_hash), --undo, JSON, usage errors.
# The golden transcripts are tests/golden/play/*.txt, from the scripts beside them;
# VOLLEY_GOLDEN_UPDATE=1 rewrites them instead of comparing (then review the diff).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
golden=tests/golden/play

# check NAME ARGS...: the transcript (stdout and stderr together) and the exit status
# against tests/golden/play/NAME.txt.
check() {
  name=$1
  shift
  "$volley" play "$@" >"$tmp/$name.txt" 2>&1
  echo "exit $?" >>"$tmp/$name.txt"
  if [ "${VOLLEY_GOLDEN_UPDATE:-}" = 1 ]; then
    cp "$tmp/$name.txt" "$golden/$name.txt"
  else
    diff -u "$golden/$name.txt" "$tmp/$name.txt" >"$tmp/diff" || fail "$name differs from $golden/$name.txt:
$(head -n 40 "$tmp/diff")"
  fi
}

# Side A from a script against the random bot: help, options, a refused ambiguous name, a
# unit named by its hex, a refused explicit path, undo and redo, a hex off the map, an
# illegal destination, forced dice, the game played to its end in A's view (exit 1: refusals).
check demo tests/data/demo --seed 3 --bot B=random --script "$golden/demo.script"
# Both sides from one script (hot seat, the referee's view): a reaction answered by a
# unique prefix, a forced roll, quit (exit 0: nothing refused).
check hotseat tests/data/demo --seed 3 --script "$golden/hotseat.script"

# One illegal command: the script goes on past it and the exit status is 1 ...
printf 'move A4 0605\nmove A1 0909\nmove A1 0505\ndone\n' > "$tmp/one.script"
"$volley" play tests/data/demo --seed 3 --bot B=first --script "$tmp/one.script" \
  --max-decisions 3 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "a script with a refused command must exit 1"
[ "$(cat "$tmp/err")" = "$tmp/one.script:2: 'A1 0909' is not a legal answer to move [demo 4.2]" ] \
  || fail "the refusal: $(cat "$tmp/err")"
grep -qx 'A1 moves 0103 -> 0505 (4 MP) \[demo 4.2\]' "$tmp/out" || fail "the script stopped at the refusal"
tail -n 1 "$tmp/out" | grep -q '^game over: no winner (capped) after 3 decisions; view A [0-9a-f]\{16\}$' \
  || fail "no capped end: $(tail -n 1 "$tmp/out")"
# ... and with --strict it stops there: nothing after line 2 is played.
"$volley" play tests/data/demo --seed 3 --bot B=first --script "$tmp/one.script" --strict \
  >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "--strict must exit 1 at the first refusal"
grep -q 'A1 moves' "$tmp/out" && fail "--strict went on past the refusal"
[ "$(tail -n 1 "$tmp/out")" = "stopped at decision 2 (A to answer move [demo 4.2]): stopped at the first refused command (--strict)" ] \
  || fail "--strict: $(tail -n 1 "$tmp/out")"
grep -qx "$tmp/one.script:2: 'A1 0909' is not a legal answer to move \[demo 4.2\]" "$tmp/err" \
  || fail "--strict: the refusal: $(cat "$tmp/err")"

# A script that ends before the game: where it stopped, exit 0 when nothing was refused.
printf '# only a comment\n\nmove A4 0605\n' | "$volley" play tests/data/demo --seed 3 \
  --bot B=first --script - >"$tmp/out" 2>"$tmp/err" || fail "an early end without refusals must exit 0"
[ "$(tail -n 1 "$tmp/out")" = "stopped at decision 2 (A to answer move [demo 4.2]): the script ended" ] \
  || fail "the end of the script: $(tail -n 1 "$tmp/out")"
[ ! -s "$tmp/err" ] || fail "stderr: $(cat "$tmp/err")"
# Standard input names its lines stdin:N.
printf 'frobnicate\n' | "$volley" play tests/data/demo --seed 3 --bot B=first --script - \
  2>&1 >/dev/null | grep -qx "stdin:1: 'frobnicate' is not a legal answer to move \[demo 4.2\]" \
  || fail "stdin is not named stdin"

# JSON: stdout is JSON lines only (the script's echo and notes are not there), answers by
# "script", refusals on stderr; a side's view carries view_hash, never state_hash or seed.
printf 'move A4 0605\nmove Z9 0101\nhelp\n?\ndone\n' > "$tmp/j.script"
"$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/j.script" --json \
  >"$tmp/j.jsonl" 2>"$tmp/err"
[ $? -eq 1 ] || fail "json: exit 1 expected (a refusal)"
JSONL="$tmp/j.jsonl" lua5.4 -e '
  local json = require "dkjson"
  for line in io.lines(os.getenv("JSONL")) do
    local t = assert(json.decode(line), line)
    assert(t.v == 1 and type(t.event) == "string", line)
    assert(t.state_hash == nil and t.seed == nil, "a side view leaks: " .. line)
  end' || fail "json: a line that is not a JSON event, or a leak"
grep -q '"event":"answer","v":1,"answer":"A4 0605","by":"script","decision":1,"kind":"move","side":"A"}' \
  "$tmp/j.jsonl" || fail "json: no script answer"
grep -q '"event":"checkpoint","v":1,"view_hash":"[0-9a-f]\{16\}"}' "$tmp/j.jsonl" || fail "json: no view_hash"
grep -q '"event":"result","v":1,"text":"A4 moves 0205 -> 0605 (4 MP) \[demo 4.2\]"}' "$tmp/j.jsonl" \
  || fail "json: no result event"
grep -q "j.script:2: no unit or leader 'Z9' \[demo 4.2\]" "$tmp/err" || fail "json: refusal: $(cat "$tmp/err")"
grep -q '^legal answers to move \[demo 4.2\]:$' "$tmp/err" || fail "json: options go to stderr"
# --as referee with a human side: the referee's hashes; --as A on a bot game: A's view.
"$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/j.script" --json --as referee \
  2>/dev/null | grep -q '"event":"checkpoint","v":1,"rolls":0,"state_hash":"[0-9a-f]\{16\}"}' \
  || fail "--as referee: no state_hash"
last=$("$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random --json --as A | tail -n 1)
echo "$last" | grep -q '^{"event":"game_over","v":1,"decisions":40,"draw":true,"max_decisions":400,"reason":"last turn","view_hash":"[0-9a-f]\{16\}","winner":null}$' \
  || fail "--as A: $last"
"$volley" play tests/data/demo --bot A=random --bot B=random --as A 2>&1 >/dev/null | grep -q seed \
  && fail "a side's view printed the seed"

# --save: the save file when the game ends (the acceptance line of the issue), on quit, when
# the script ends, when --strict stops: one answer line per decision, a checksum line over
# every byte before it.
checksum_ok() {
  want=$(tail -n 1 "$1" | sed -n 's/^checksum sha256 \([0-9a-f]\{64\}\)$/\1/p')
  got=$(head -n -1 "$1" | sha256sum | cut -d' ' -f1)
  [ -n "$want" ] && [ "$want" = "$got" ]
}
"$volley" play tests/data/demo --bot A=random --bot B=random --json --save "$tmp/g.sav" \
  >"$tmp/g.jsonl" 2>/dev/null || fail "--save: exit $?"
tail -n 1 "$tmp/g.jsonl" | grep -q '^{"event":"game_over","v":1,' || fail "--save: no game_over line"
checksum_ok "$tmp/g.sav" || fail "--save: a bad checksum"
n=$(grep -c '"event":"answer"' "$tmp/g.jsonl")
[ "$(grep -c '^answer ' "$tmp/g.sav")" -eq "$n" ] || fail "--save: not $n answer lines"
grep -qx 'scenario tests/data/demo' "$tmp/g.sav" || fail "--save: no scenario line"
grep -qx 'bot A random' "$tmp/g.sav" && grep -qx 'view referee' "$tmp/g.sav" \
  && grep -qx 'undo strict' "$tmp/g.sav" || fail "--save: header"
last=$(grep '^answer ' "$tmp/g.sav" | tail -n 1 | sed 's/.* state \([0-9a-f]*\) rolls .*/\1/')
tail -n 1 "$tmp/g.jsonl" | grep -q "\"state_hash\":\"$last\"" || fail "--save: the last answer's hash"
# quit, with the undo policy and the view recorded, forced rolls marked
"$volley" play tests/data/demo --seed 3 --script "$golden/hotseat.script" --undo solo --as A \
  --save "$tmp/q.sav" >/dev/null 2>&1 || fail "--save on quit: exit $?"
checksum_ok "$tmp/q.sav" || fail "--save on quit: a bad checksum"
[ "$(grep -c '^answer ' "$tmp/q.sav")" -eq 5 ] || fail "--save on quit: not 5 answers"
grep -q '^answer A react "fire" state [0-9a-f]\{16\} rolls 1$' "$tmp/q.sav" || fail "--save: no react line"
grep -q '^forced d6 5 state [0-9a-f]\{16\} rolls 1$' "$tmp/q.sav" || fail "--save: no forced line"
grep -qx 'undo solo' "$tmp/q.sav" && grep -qx 'view A' "$tmp/q.sav" || fail "--save: --undo, --as"
# the end of the script, and --strict
"$volley" play tests/data/demo --seed 3 --bot B=first --script "$tmp/one.script" --strict \
  --save "$tmp/s.sav" >/dev/null 2>&1
[ $? -eq 1 ] || fail "--strict --save must exit 1"
checksum_ok "$tmp/s.sav" && [ "$(grep -c '^answer ' "$tmp/s.sav")" -eq 1 ] || fail "--strict --save"
printf 'move A4 0605\n' | "$volley" play tests/data/demo --seed 3 --bot B=first --script - \
  --save "$tmp/e.sav" >/dev/null 2>&1 || fail "script end --save: exit $?"
checksum_ok "$tmp/e.sav" && [ "$(grep -c '^answer ' "$tmp/e.sav")" -eq 1 ] || fail "script end --save"
"$volley" play tests/data/demo --seed 3 --bot A=first --bot B=first --save "$tmp/no/such/dir/x.sav" \
  >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "a save that cannot be written must exit 1"
grep -q '^volley play: --save: ' "$tmp/err" || fail "unwritable save: $(cat "$tmp/err")"

# A command whose consequences fail (a mod's error) is refused like any other: FILE:LINE and
# the mod's file:line and point on stderr, the game put back as it was before the answer
# (the save's later state hashes are those of a game that never gave it), the script goes on,
# exit 1; --strict stops there [docs/modding.md "When a script fails"].
echo 'volley.on("movement.enter", function(ctx) if ctx.to == "0605" then error("boom") end end)' \
  > "$tmp/boom.lua"
printf 'move A4 0605\nmove A4 0504\ndone\n' | "$volley" play tests/data/demo --seed 3 --bot B=first \
  --script - --mod "$tmp/boom.lua" --save "$tmp/b.sav" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "a failing command must exit 1"
[ "$(cat "$tmp/err")" = "stdin:1: the answer failed: $tmp/boom.lua:1: boom (movement.enter)" ] \
  || fail "the failing command: $(cat "$tmp/err")"
grep -q 'A4 moves.*0605' "$tmp/out" && fail "the failed move was reported"
grep -q '^A> done' "$tmp/out" || fail "the script did not go on after the failed answer"
printf 'move A4 0504\ndone\n' | "$volley" play tests/data/demo --seed 3 --bot B=first \
  --script - --save "$tmp/b2.sav" >/dev/null 2>&1
checksum_ok "$tmp/b.sav" && [ "$(grep -c '^answer ' "$tmp/b.sav")" -ge 2 ] \
  || fail "the answers after the failed one were not saved"
[ "$(grep '^answer ' "$tmp/b.sav")" = "$(grep '^answer ' "$tmp/b2.sav")" ] \
  || fail "the failed answer left a trace: $(diff "$tmp/b.sav" "$tmp/b2.sav")"
printf 'move A4 0605\nmove A4 0504\n' | "$volley" play tests/data/demo --seed 3 --bot B=first \
  --script - --strict --mod "$tmp/boom.lua" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "--strict: a failing command must exit 1"
grep -q 'stopped at decision 1 (A to answer move \[demo 4.2\]): stopped at the first refused' \
  "$tmp/out" || fail "--strict did not stop at the failed answer: $(cat "$tmp/out")"
# reload after fixing the mod: the scripts are read again and the same answer now stands
echo 'volley.on("movement.enter", function() error("boom") end)' > "$tmp/fix.lua"
mkfifo "$tmp/in"
"$volley" play tests/data/demo --seed 3 --bot B=first --script - --mod "$tmp/fix.lua" \
  <"$tmp/in" >"$tmp/rout" 2>"$tmp/rerr" &
exec 3>"$tmp/in"
echo 'move A4 0605' >&3
i=0
until grep -q 'the answer failed' "$tmp/rerr" || [ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
echo 'volley.on("movement.enter", function() end)' > "$tmp/fix.lua"
printf 'reload\nmove A4 0605\n' >&3
exec 3>&-
wait $!
grep -q "^reloaded the scenario's files (changed: $tmp/fix.lua): 0 answers replayed" "$tmp/rout" \
  && grep -q 'A4 moves 0205 -> 0605' "$tmp/rout" || fail "reload of a fixed mod: $(cat "$tmp/rout" "$tmp/rerr")"
# with a bot answering, nobody can answer otherwise: the game stops (exit 1)
echo 'volley.on("movement.enter", function() error("boom") end)' > "$tmp/boom2.lua"
"$volley" play tests/data/demo --seed 3 --bot A=first --bot B=first --mod "$tmp/boom2.lua" \
  >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "a bot's failing answer must exit 1"
grep -q "^volley play: the game stopped: $tmp/boom2.lua:1: boom (movement.enter)$" "$tmp/err" \
  || fail "a bot's failing answer: $(cat "$tmp/err")"

# --help names every flag and the default cap.
help=$("$volley" play --help) || fail "--help exit $?"
for flag in --seed --mod --option --bot --as --undo --script --strict --json --save \
            --max-decisions --dice 10000; do
  echo "$help" | grep -q -- "$flag" || fail "--help does not mention $flag"
done

# Usage errors exit 2; a script that cannot be read exits 1.
for args in "--bot A=random --bot B=random --strict" "--bot A=random --bot B=random --script -" \
            "--bot B=random --script - --undo never" "--bot B=random --script - --as C" \
            "--bot B=random --script - --as A --as B" "--bot B=random --script" \
            "--bot B=random --save"; do
  # shellcheck disable=SC2086
  "$volley" play tests/data/demo $args --seed 1 </dev/null >/dev/null 2>"$tmp/err"
  [ $? -eq 2 ] || fail "play $args must exit 2"
  grep -q '^volley play: ' "$tmp/err" || fail "play $args: no message"
done
"$volley" play tests/data/demo --bot B=random --script "$tmp/no-such" --seed 1 >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "a missing script must exit 1"
grep -q "^volley play: cannot read the script: $tmp/no-such" "$tmp/err" || fail "missing script: $(cat "$tmp/err")"
echo ok
