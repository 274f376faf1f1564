#!/bin/sh
# volley render SAVE [--at N] (docs/shell.md "volley render"; issue 36 point 6): a saved
# game's board at its end or after its Nth answer, as SVG and as text; the SVG's title names
# the scenario, never a path, so the same render from two copies of the data in two working
# folders is the same bytes; the refusals.
set -u
volley=$1
case $volley in /*) ;; *) volley=$PWD/$volley ;; esac
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME
plain() { env -u COLUMNS -u NO_COLOR -u LC_ALL -u LC_CTYPE -u LANG TERM=xterm "$@"; }
mkdir "$tmp/a" "$tmp/b" "$tmp/elsewhere"
cp -R tests/data/root/. "$tmp/a"
cp -R tests/data/root/. "$tmp/b"

# a scenario drawn from two copies of the data, in two working folders: the same bytes, the
# title its id
(cd "$tmp/a" && VOLLEY_PATH=$tmp/a plain "$volley" render test-game/battle --svg -) \
  > "$tmp/one.svg" || fail "render from a"
(cd "$tmp/elsewhere" && VOLLEY_PATH=$tmp/b plain "$volley" render test-game/battle --svg -) \
  > "$tmp/two.svg" || fail "render from b"
cmp -s "$tmp/one.svg" "$tmp/two.svg" || fail "two renders differ: $(diff "$tmp/one.svg" "$tmp/two.svg" | head -n 6)"
grep -qx '<title>test-game/battle</title>' "$tmp/one.svg" || fail "title: $(grep '<title>' "$tmp/one.svg")"
grep -q "$tmp" "$tmp/one.svg" && fail "the SVG names a path of this machine"

# a game played and saved (and the same game stopped after 5 answers)
VOLLEY_PATH=$tmp/a "$volley" play test-game/battle --seed 3 --bot A=random --bot B=random \
  --save "$tmp/g.save" > "$tmp/game.txt" || fail "the game: $(cat "$tmp/game.txt")"
VOLLEY_PATH=$tmp/a "$volley" play test-game/battle --seed 3 --bot A=random --bot B=random \
  --max-decisions 5 --save "$tmp/five.save" > /dev/null || fail "the game of 5"
total=$(grep -c '^answer ' "$tmp/g.save")
[ "$total" -gt 5 ] || fail "a game of $total answers"

# the save at its end, from two copies and two folders: the same bytes, titled with the
# scenario and the point drawn
(cd "$tmp/a" && VOLLEY_PATH=$tmp/a plain "$volley" render "$tmp/g.save" --svg -) \
  > "$tmp/end1.svg" || fail "render the save from a"
(cd "$tmp/elsewhere" && VOLLEY_PATH=$tmp/b plain "$volley" render ../g.save --svg -) \
  > "$tmp/end2.svg" || fail "render the save from b"
cmp -s "$tmp/end1.svg" "$tmp/end2.svg" || fail "two renders of the save differ"
grep -qx "<title>test-game/battle, after answer $total of $total</title>" "$tmp/end1.svg" \
  || fail "the save's title: $(grep '<title>' "$tmp/end1.svg")"
xmllint --noout "$tmp/end1.svg" || fail "xmllint refuses the save's SVG"
VOLLEY_PATH=$tmp/a plain "$volley" render "$tmp/g.save" --svg - --at "$total" | cmp -s - "$tmp/end1.svg" \
  || fail "--at the last answer differs from the end"

VOLLEY_PATH=$tmp/a
export VOLLEY_PATH
# --at 5 draws the board the game of 5 answers ended with (the title aside)
untitled() { grep -v -e '<title>' -e 'class="title"' "$1"; }
plain "$volley" render "$tmp/g.save" --svg - --at 5 > "$tmp/at5.svg" || fail "--at 5"
plain "$volley" render "$tmp/five.save" --svg - > "$tmp/five.svg" || fail "five"
untitled "$tmp/at5.svg" > "$tmp/x"; untitled "$tmp/five.svg" > "$tmp/y"
cmp -s "$tmp/x" "$tmp/y" || fail "--at 5 is not the board after 5 answers"
untitled "$tmp/end1.svg" | cmp -s - "$tmp/x" && fail "--at 5 draws the end"
grep -qx "<title>test-game/battle, after answer 5 of $total</title>" "$tmp/at5.svg" \
  || fail "--at 5 title: $(grep '<title>' "$tmp/at5.svg")"
# the terminal: the same board, and the point drawn
plain "$volley" render "$tmp/g.save" --text --ascii --at 5 > "$tmp/at5.txt" || fail "--text --at 5"
plain "$volley" render "$tmp/five.save" --text --ascii > "$tmp/five.txt" || fail "--text five"
grep -qx "after answer 5 of $total" "$tmp/at5.txt" || fail "--text --at 5: $(tail -n 3 "$tmp/at5.txt")"
grep -v '^after answer ' "$tmp/at5.txt" > "$tmp/x"; grep -v '^after answer ' "$tmp/five.txt" > "$tmp/y"
cmp -s "$tmp/x" "$tmp/y" || fail "--text --at 5 differs from the board after 5 answers"
plain "$volley" render "$tmp/g.save" --text --ascii --at 0 | grep -qx "after answer 0 of $total" \
  || fail "--at 0"

# refusals: past the save's answers, a save that changed (exit 1); --at without a save, a
# bad count (usage, exit 2)
err=$("$volley" render "$tmp/g.save" --text --at 100000 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "--at past the end must exit 1"
[ "$err" = "volley render: $tmp/g.save: --at 100000: the save holds $total answers" ] || fail "past: $err"
sed 's/^seed 3$/seed 4/' "$tmp/g.save" > "$tmp/bad.save"
err=$("$volley" render "$tmp/bad.save" --text 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "a changed save must exit 1"
echo "$err" | grep -q "checksum mismatch" || fail "a changed save: $err"
err=$("$volley" render test-game/battle --text --at 3 2>&1 >/dev/null)
[ $? -eq 2 ] || fail "--at on a scenario must exit 2"
[ "$(echo "$err" | head -n 1)" = "volley render: --at is for a save file" ] || fail "--at scenario: $err"
err=$("$volley" render "$tmp/g.save" --text --at x3 2>&1 >/dev/null)
[ $? -eq 2 ] || fail "a bad --at must exit 2"
[ "$(echo "$err" | head -n 1)" = "volley render: bad --at 'x3' (a number of answers, 0 to 1000000000)" ] \
  || fail "bad --at: $err"
exit 0
