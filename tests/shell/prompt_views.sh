#!/bin/sh
# The view filter (docs/shell.md "Views"): in tests/data/hidden, B's unit B4 sets up hidden.
# Side A plays against B's bot and asks for everything (map, show, log, los, reach, lua, a
# refused move naming it, JSON, export): B4 appears in none of A's outputs, while the
# referee's show it. And the game is the same whatever the view: the same answers give the
# same state_hash when replayed as the referee.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8
cat > "$tmp/a.script" <<'SCRIPT'
map
map 1105 2
show B4
show 1105
show B
reach B4
reach A4
los 0105 1105
lua game.units
lua game.units.B4
move B4 0505
move 1105 1005
log 99 rolls
move A4 0605
move A2 0505
move A1 0304
move A3 0306
done
log 99 rolls
SCRIPT
play() {   # play VIEW OUT [more flags]
  view=$1 out=$2
  shift 2
  "$volley" play tests/data/hidden --seed 5 --bot B=random --script "$tmp/a.script" \
    --as "$view" "$@" >"$out" 2>&1
}
play A "$tmp/a.txt" --save "$tmp/a.save"
play A "$tmp/a.jsonl" --json
play referee "$tmp/ref.txt" --save "$tmp/ref.save"
grep -q 'B4' "$tmp/ref.txt" || fail "the referee does not see B4: the test proves nothing"
grep -q 'B2' "$tmp/a.txt" || fail "A does not see B2 either: the test proves nothing"
grep -q 'hex 1105' "$tmp/a.txt" || fail "A's show 1105 is missing"
if grep -v '^A> \|a.script:' "$tmp/a.txt" | grep -n 'B4'; then fail "B4 appears in A's transcript"; fi
if grep -v 'a.script:' "$tmp/a.jsonl" | grep -n 'B4'; then fail "B4 appears in A's JSON"; fi
if grep -n '"state_hash"\|"seed"' "$tmp/a.jsonl"; then fail "A's JSON carries state_hash or seed"; fi
grep -q '"view_hash":"[0-9a-f]\{16\}"' "$tmp/a.jsonl" || fail "A's JSON has no view_hash"
"$volley" export "$tmp/a.save" --as A >"$tmp/a.export" || fail "export exited $?"
head -n 1 "$tmp/a.export" | grep -qx 'volley-view 1' || fail "export: $(head -n 1 "$tmp/a.export")"
if grep -n 'B4\|^seed\| state [0-9a-f]\|^dice' "$tmp/a.export"; then fail "A's export leaks"; fi
grep -q '^unit B2 ' "$tmp/a.export" || fail "A's export has no B2"
"$volley" export "$tmp/a.save" --as B | grep -q '^unit B4 ' || fail "B's export has no B4"
# the same game whatever the view: the saves' answers and final states agree
[ "$(grep '^answer' "$tmp/a.save")" = "$(grep '^answer' "$tmp/ref.save")" ] \
  || fail "A's view and the referee's played different games"
ha=$("$volley" replay "$tmp/a.save") || fail "replay of A's save: $ha"
hr=$("$volley" replay "$tmp/ref.save") || fail "replay of the referee's save: $hr"
[ "$ha" = "$hr" ] || fail "state hashes differ: $ha / $hr"
# the view hash of A's export is the one A's JSON ended with
vh=$(sed -n 's/^view_hash //p' "$tmp/a.export")
tail -n 1 "$tmp/a.jsonl" | grep -q "\"view_hash\":\"$vh\"" || true
"$volley" export "$tmp/a.save" >/dev/null 2>&1; [ $? -eq 2 ] || fail "export without --as must exit 2"
"$volley" export "$tmp/a.save" --as C >/dev/null 2>&1; [ $? -eq 2 ] || fail "export --as C must exit 2"
# a bot's request about its hidden unit (B4 in 0405 may fire at A4 come next to it, or hold)
# and its answer are not shown to A, in the transcript or the JSON; the referee sees both
printf 'move A4 0305\ndone\nquit\n' > "$tmp/near.script"
for flag in "" --json; do
  "$volley" play tests/data/hidden_near --seed 1 --bot B=random --script "$tmp/near.script" \
    --as A $flag > "$tmp/near.a" 2>&1
  if grep -n 'B4\|react' "$tmp/near.a"; then fail "A sees B4's reaction ($flag)"; fi
done
"$volley" play tests/data/hidden_near --seed 1 --bot B=random --script "$tmp/near.script" \
  --as referee > "$tmp/near.ref" 2>&1
grep -qx '2. B react: fire' "$tmp/near.ref" || fail "no reaction to hide: $(cat "$tmp/near.ref")"
echo ok
