#!/bin/sh
# volley play's autosave and --resume, and undo in a script (docs/save.md "Replay, undo and
# resume"; DESIGN.md "The save file"): every play autosaves under $XDG_STATE_HOME/volley/; a
# game stopped part way goes on with --resume and ends in the state the uninterrupted game
# ends in; the autosave replays; undo takes back the last answer of the side without a bot
# and the autosave follows it.
# shellcheck disable=SC2012 # ls of volley's own autosave names (no blanks), in name order
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME

# nothing to resume
err=$("$volley" play --resume 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "--resume without an autosave must exit 1"
[ "$err" = "volley play: --resume: no autosave in $tmp/state/volley" ] || fail "no autosave: $err"
"$volley" play --resume tests/data/demo > /dev/null 2>&1
[ $? -eq 2 ] || fail "--resume with a scenario must exit 2"
"$volley" play --resume --seed 3 > /dev/null 2>&1
[ $? -eq 2 ] || fail "--resume with --seed must exit 2"

# the whole game, bots on both sides: its state hash
whole=$("$volley" play tests/data/demo --seed 5 --bot A=random --bot B=random | tail -n 1)
hash=$(echo "$whole" | sed -n 's/.*; state \([0-9a-f]\{16\}\)$/\1/p')
[ -n "$hash" ] || fail "no state hash: $whole"
n=$(ls "$tmp/state/volley" | wc -l)
[ "$n" -eq 1 ] || fail "one play, $n autosaves"
auto=$tmp/state/volley/$(ls "$tmp/state/volley")
tail -n 1 "$auto" | grep -q '^checksum sha256 [0-9a-f]\{64\}$' || fail "the autosave was not closed"
out=$("$volley" replay "$auto") || fail "the autosave does not replay: $out"
[ "$out" = "state_hash $hash" ] || fail "the autosave replays to '$out', the game ended in $hash"

# the same game capped at 10 decisions, then resumed with a higher cap
"$volley" play tests/data/demo --seed 5 --bot A=random --bot B=random --max-decisions 10 \
  > /dev/null || fail "the capped game"
out=$("$volley" play --resume --max-decisions 400 | tail -n 1)
[ "$out" = "$whole" ] || fail "resumed: '$out', uninterrupted: '$whole'"

# killed (SIGKILL) right after its 7th answer was written: the autosave has no checksum line,
# and --resume goes on from there to the uninterrupted game's end
VOLLEY_TEST_CRASH_AFTER=7 "$volley" play tests/data/demo --seed 5 --bot A=random \
  --bot B=random > /dev/null 2>&1
[ $? -eq 137 ] || fail "VOLLEY_TEST_CRASH_AFTER=7 did not kill the program"
newest=$tmp/state/volley/$(ls "$tmp/state/volley" | tail -n 1)
[ "$(grep -c '^answer ' "$newest")" -eq 7 ] || fail "the killed game's autosave: $(cat "$newest")"
grep -q '^checksum ' "$newest" && fail "the killed game's autosave has its checksum line"
out=$("$volley" play --resume | tail -n 1)
[ "$out" = "$whole" ] || fail "resumed after the kill: '$out', uninterrupted: '$whole'"

# a script that quits, resumed with the rest of the script; undo on the way
printf 'move A4 0605\nmove A1 0505\nundo\nmove A1 0505\nquit\n' > "$tmp/one.script"
printf 'done\ndone\ndone\ndone\n' > "$tmp/two.script"
printf 'move A4 0605\nmove A1 0505\ndone\ndone\ndone\ndone\n' > "$tmp/all.script"
all=$("$volley" play tests/data/demo --seed 7 --bot B=first --script "$tmp/all.script" \
  --max-decisions 60 | tail -n 1)
out=$("$volley" play tests/data/demo --seed 7 --bot B=first --script "$tmp/one.script" \
  --max-decisions 60) || fail "the first half: $out"
echo "$out" | grep -qx 'undo: A move A1 0505 taken back' || fail "no undo: $out"
newest=$tmp/state/volley/$(ls "$tmp/state/volley" | tail -n 1)
[ "$(grep -c '^answer ' "$newest")" -eq 2 ] || fail "the autosave after undo: $(cat "$newest")"
out=$("$volley" play --resume --script "$tmp/two.script" | tail -n 1)
[ "$out" = "$all" ] || fail "resumed script: '$out', whole: '$all'"

# undo refused under strict after a roll: the player's own answer named, the game goes on
printf 'move A1 0505\nmove A2 0306\ndone\nmove A1 0605\nundo\nquit\n' > "$tmp/roll.script"
out=$("$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/roll.script" 2>&1)
[ $? -eq 1 ] || fail "a refused undo must exit 1: $out"
echo "$out" | grep -qx "$tmp/roll.script:5: cannot undo A's answer \"A1 0605\" to move: a die was rolled since (B's answer \"fire\" to react came after it); with --undo strict an answer followed by a roll or by hidden information stands (--undo solo takes it back; docs/save.md)" \
  || fail "strict undo after a roll: $out"
out=$("$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/roll.script" \
  --undo solo 2>&1) || fail "solo undo after a roll: $out"
echo "$out" | grep -qx 'undo: A move A1 0605 taken back' || fail "solo undo: $out"
# a play left before any answer leaves no autosave: --resume goes on with the last game
# that was played (a new player's `volley` opened only to read `help` hid his game)
rm -f "$tmp"/state/volley/*
"$volley" play tests/data/demo --seed 5 --bot A=random --bot B=random --max-decisions 10 \
  > /dev/null || fail "the capped game"
printf 'help\nquit\n' | "$volley" play tests/data/demo --seed 6 --bot B=random > /dev/null
[ "$(ls "$tmp/state/volley" | wc -l)" -eq 1 ] || fail "a play without answers left an autosave"
out=$("$volley" play --resume --max-decisions 400 | tail -n 1)
[ "$out" = "$whole" ] || fail "resumed past an empty play: '$out', uninterrupted: '$whole'"

# load at the prompt: the game before it stays in its autosave, closed; the loaded game goes
# on in a new autosave, which --resume takes
rm -f "$tmp"/state/volley/*
"$volley" play tests/data/demo --seed 5 --bot A=random --bot B=random --max-decisions 10 \
  --save "$tmp/ten.save" > /dev/null || fail "the game to load"
rm -f "$tmp"/state/volley/*
printf 'move A4 0605\nload %s\nquit\n' "$tmp/ten.save" > "$tmp/load.script"
out=$("$volley" play tests/data/demo --seed 7 --bot B=first --script "$tmp/load.script" 2>&1)
before=$(echo "$out" | sed -n 's/^the game before the load stays in its autosave //p')
[ -n "$before" ] || fail "load named no autosave kept: $out"
tail -n 1 "$before" | grep -q '^checksum sha256 ' || fail "the autosave before the load was not closed"
[ "$(grep -c '^answer ' "$before")" -eq 1 ] || fail "the autosave before the load: $(cat "$before")"
[ "$(ls "$tmp/state/volley" | wc -l)" -eq 2 ] || fail "load: $(ls "$tmp/state/volley")"
newest=$tmp/state/volley/$(ls "$tmp/state/volley" | tail -n 1)
[ "$newest" != "$before" ] || fail "the loaded game has no autosave of its own"
[ "$(grep -c '^answer ' "$newest")" -eq 10 ] || fail "the loaded game's autosave: $(cat "$newest")"
out=$("$volley" play --resume --bot A=random --max-decisions 400 | tail -n 1)
[ "$out" = "$whole" ] || fail "resumed after a load: '$out', uninterrupted: '$whole'"
# a relative XDG_STATE_HOME is ignored (XDG Base Directory specification): ~/.local/state
mkdir -p "$tmp/home" "$tmp/cwd"
(cd "$tmp/cwd" && HOME=$tmp/home XDG_STATE_HOME=rel "$volley" play "$OLDPWD/tests/data/demo" \
  --seed 5 --bot A=random --bot B=random --max-decisions 3 > /dev/null) || fail "relative XDG"
[ -d "$tmp/cwd/rel" ] && fail "a relative XDG_STATE_HOME was used"
[ "$(ls "$tmp/home/.local/state/volley" | wc -l)" -eq 1 ] || fail "no autosave under HOME"
exit 0
