#!/bin/sh
# volley replay and volley dump (docs/shell.md, docs/save.md "Replay, undo and resume"):
# every recorded demo game of tests/replay/ replays to its recorded state hash (in every
# configuration, so Lua 5.4 and LuaJIT agree), its dump hashes (XXH3-64, xxhsum -H3) to that
# hash, an edited save that is signed again diverges at the answer edited, and a save whose
# checksum is wrong or that is cut short is refused with file:line.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v xxhsum >/dev/null || fail "xxhsum is missing (Debian's xxhash, deps/debian.txt test)"
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT

n=0
for save in tests/replay/*.save; do
  want=$(cat "${save%.save}.hash")
  out=$("$volley" replay "$save" 2>&1) || fail "replay $save exited $?: $out"
  [ "$out" = "state_hash $want" ] || fail "replay $save: '$out', recorded $want"
  "$volley" dump "$save" > "$tmp/dump" || fail "dump $save exited $?"
  head -n 1 "$tmp/dump" | grep -qx 'volley-state 1' || fail "dump $save: no version line"
  got=$(xxhsum -H3 < "$tmp/dump" | sed 's/.* = //')
  [ "$got" = "$want" ] || fail "dump $save hashes to $got, its game to $want"
  n=$((n + 1))
done
[ "$n" -ge 3 ] || fail "only $n recorded games in tests/replay"

# games volley play saves (the golden scripts: undo, forced dice, a reaction) replay to the
# state the playing computed after its last answer
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME
golden=tests/golden/play
"$volley" play tests/data/demo --seed 3 --bot B=random --script "$golden/demo.script" \
  --save "$tmp/demo.save" > /dev/null 2>&1
"$volley" play tests/data/demo --seed 3 --script "$golden/hotseat.script" \
  --save "$tmp/hotseat.save" > /dev/null 2>&1 || fail "the hot seat game"
grep -q '^forced d6 5 ' "$tmp/hotseat.save" || fail "no forced roll in the hot seat save"
for save in "$tmp/demo.save" "$tmp/hotseat.save"; do
  last=$(grep '^answer ' "$save" | tail -n 1 | sed 's/.* state \([0-9a-f]*\) rolls .*/\1/')
  out=$("$volley" replay "$save" 2>&1) || fail "replay $save: $out"
  [ "$out" = "state_hash $last" ] || fail "replay $save: '$out', the game's last state $last"
done

# sign FILE: replaces the checksum line by the SHA-256 of every byte before it.
sign() {
  head -n -1 "$1" > "$1.body"
  sum=$(sha256sum < "$1.body" | cut -d ' ' -f 1)
  { cat "$1.body"; echo "checksum sha256 $sum"; } > "$1"
  rm -f "$1.body"
}
game=tests/replay/demo-charge-1.save
# line N: the line of the game's Nth answer (the header's length follows the files it names)
line() { awk -v n="$1" '/^answer /{k++; if (k == n) {print NR; exit}}' "$game"; }
l3=$(line 3) l4=$(line 4) l6=$(line 6) l7=$(line 7)
[ "$l7" -eq $((l6 + 1)) ] || fail "answers 6 and 7 of $game are not on adjacent lines"

# answer 3 made illegal
sed "${l3}s/\"A2 0503\"/\"A2 1212\"/" "$game" > "$tmp/edited.save"
sign "$tmp/edited.save"
out=$("$volley" replay "$tmp/edited.save" 2>&1)
[ $? -eq 1 ] || fail "an illegal answer must exit 1"
[ "$out" = "diverged at answer 3: 'A2 1212' is not a legal answer to move [demo 4.2] (line $l3)" ] \
  || fail "edited answer: $out"

# answer 4 another legal answer: the state differs after it
s4=$(sed -n "${l4}s/.* state \([0-9a-f]*\) rolls .*/\1/p" "$game")
sed "${l4}s/\"A3 0505\"/\"A3 0506\"/" "$game" > "$tmp/other.save"
sign "$tmp/other.save"
out=$("$volley" replay "$tmp/other.save" 2>&1)
[ $? -eq 1 ] || fail "another answer must exit 1"
case $out in
  "diverged at answer 4: state "*" after it, the save says $s4 (line $l4)") ;;
  *) fail "another answer: $out" ;;
esac

# answers 6 and 7 swapped
{
  sed -n "1,$((l6 - 1))p" "$game"
  sed -n "${l7}p" "$game"
  sed -n "${l6}p" "$game"
  sed -n "$((l7 + 1)),\$p" "$game"
} > "$tmp/swapped.save"
sign "$tmp/swapped.save"
out=$("$volley" replay "$tmp/swapped.save" 2>&1)
[ $? -eq 1 ] || fail "swapped lines must exit 1"
[ "$out" = "diverged at answer 6: the game asks B for move, the save has A's react \"fire\" (line $l6)" ] \
  || fail "swapped lines: $out"
out=$("$volley" dump "$tmp/swapped.save" 2>&1)
[ $? -eq 1 ] || fail "dump of a diverging save must exit 1"

# edited but not signed again: the checksum refuses it
sed "${l3}s/\"A2 0503\"/\"A2 1212\"/" "$game" > "$tmp/unsigned.save"
err=$("$volley" replay "$tmp/unsigned.save" 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "a bad checksum must exit 1"
case $err in
  "volley replay: $tmp/unsigned.save:"*": "*checksum*) ;;
  *) fail "bad checksum: $err" ;;
esac

# a header that names what the scenario lacks (checksum made again): refused with file:line
# by replay, load and --resume alike, never as flags the user did not type (docs/save.md)
# (the recorded game's test bot 'charge' made volley's 'first', which --resume can run)
sed 's/^\(bot [A-Z]*\) charge$/\1 first/' "$game" > "$tmp/base.save"
sign "$tmp/base.save"
hl() { grep -n "^$1" "$game" | head -n 1 | cut -d: -f1; }
lview=$(hl 'view ') lbot=$(hl 'bot ') lcap=$(hl 'cap ')
for edit in "s/^view .*/view XX/|$lview: view 'XX': no such side (sides: A B; or referee)" \
            "${lbot}s/^bot .*/bot MEX evil/|$lbot: bot for side 'MEX': no such side (sides: A B)" \
            "${lbot}s/^bot \([A-Z]*\) .*/bot \1 evil/|$lbot: unknown bot 'evil' (known: first, random, search, smart)|resume" \
            "$((lbot + 1))s/^bot .*/bot A first/|$((lbot + 1)): two bots for side A" \
            "s/^cap .*/cap 9007199254740992/|$lcap: cap 9007199254740992 is out of range (1 to 1000000000, as --max-decisions)"; do
  only=${edit##*|}
  [ "$only" = resume ] && edit=${edit%|resume}
  sed "${edit%%|*}" "$tmp/base.save" > "$tmp/header.save"
  sign "$tmp/header.save"
  err=$("$volley" replay "$tmp/header.save" 2>&1 >/dev/null)
  if [ "$only" = resume ]; then
    [ $? -eq 0 ] || fail "header ${edit%%|*}: a bot's name does not matter to a replay: $err"
  else
    [ $? -eq 1 ] || fail "header ${edit%%|*}: replay must exit 1"
    [ "$err" = "volley replay: $tmp/header.save:${edit#*|}" ] || fail "header ${edit%%|*}: $err"
  fi
  rm -rf "$tmp/rstate"
  mkdir -p "$tmp/rstate/volley"
  cp "$tmp/header.save" "$tmp/rstate/volley/20260101T000000Z-1.save"
  err=$(XDG_STATE_HOME=$tmp/rstate "$volley" play --resume --script /dev/null 2>&1 >/dev/null)
  [ $? -eq 1 ] || fail "header ${edit%%|*}: --resume must exit 1: $err"
  [ "$err" = "volley play: --resume: $tmp/rstate/volley/20260101T000000Z-1.save:${edit#*|}" ] \
    || fail "header ${edit%%|*}: --resume said: $err"
done

# cut short
head -n 40 "$game" > "$tmp/short.save"
err=$("$volley" replay "$tmp/short.save" 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "a save cut short must exit 1"
case $err in
  "volley replay: $tmp/short.save:"[0-9]*": "*) ;;
  *) fail "cut short: $err" ;;
esac

# usage
"$volley" replay > /dev/null 2>&1; [ $? -eq 2 ] || fail "replay without a file must exit 2"
"$volley" dump a b > /dev/null 2>&1; [ $? -eq 2 ] || fail "dump of two files must exit 2"
exit 0
