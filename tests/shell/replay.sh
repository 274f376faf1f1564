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

# sign FILE: replaces the checksum line by the SHA-256 of every byte before it.
sign() {
  head -n -1 "$1" > "$1.body"
  sum=$(sha256sum < "$1.body" | cut -d ' ' -f 1)
  { cat "$1.body"; echo "checksum sha256 $sum"; } > "$1"
  rm -f "$1.body"
}
game=tests/replay/demo-charge-1.save

# answer 3 (line 25) made illegal
sed '25s/"A2 0503"/"A2 1212"/' "$game" > "$tmp/edited.save"
sign "$tmp/edited.save"
out=$("$volley" replay "$tmp/edited.save" 2>&1)
[ $? -eq 1 ] || fail "an illegal answer must exit 1"
[ "$out" = "diverged at answer 3: 'A2 1212' is not a legal answer to move [demo 4.2] (line 25)" ] \
  || fail "edited answer: $out"

# answer 4 (line 26) another legal answer: the state differs after it
sed '26s/"A3 0505"/"A3 0506"/' "$game" > "$tmp/other.save"
sign "$tmp/other.save"
out=$("$volley" replay "$tmp/other.save" 2>&1)
[ $? -eq 1 ] || fail "another answer must exit 1"
case $out in
  "diverged at answer 4: state "*" after it, the save says c27894c4a9d38108 (line 26)") ;;
  *) fail "another answer: $out" ;;
esac

# answers 6 and 7 (lines 28 and 29) swapped
sed -n '1,27p' "$game" > "$tmp/swapped.save"
sed -n '29p' "$game" >> "$tmp/swapped.save"
sed -n '28p' "$game" >> "$tmp/swapped.save"
sed -n '30,$p' "$game" >> "$tmp/swapped.save"
sign "$tmp/swapped.save"
out=$("$volley" replay "$tmp/swapped.save" 2>&1)
[ $? -eq 1 ] || fail "swapped lines must exit 1"
[ "$out" = "diverged at answer 6: the game asks B for move, the save has A's react \"fire\" (line 28)" ] \
  || fail "swapped lines: $out"
out=$("$volley" dump "$tmp/swapped.save" 2>&1)
[ $? -eq 1 ] || fail "dump of a diverging save must exit 1"

# edited but not signed again: the checksum refuses it
sed '25s/"A2 0503"/"A2 1212"/' "$game" > "$tmp/unsigned.save"
err=$("$volley" replay "$tmp/unsigned.save" 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "a bad checksum must exit 1"
case $err in
  "volley replay: $tmp/unsigned.save:"*": "*checksum*) ;;
  *) fail "bad checksum: $err" ;;
esac

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
