#!/bin/sh
# Issue 37 point 4: hot-seat golden transcripts of Palo Alto typed at the prompt (stdin, forced
# dice): its set-up, and one full activation, in the one-line-per-decision forms
# (tests/golden/hotseat/*.script; docs/shell.md "One line per decision"). Each transcript must
# equal its golden file, and the lines typed (all but comments, `dice force`, `default all`
# and `quit`) must be as many as the decisions the game's journal holds, counted by
# tests/golden/hotseat/decisions.awk (from the first activation on, after `default all`), the
# free Leadership bonus not counted. VOLLEY_GOLDEN_UPDATE=1 rewrites the golden files instead.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
golden=tests/golden/hotseat
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8 COLUMNS=
for name in setup activation; do
  "$volley" play rough-and-ready/palo-alto --seed 5 --save "$tmp/$name.save" \
    <"$golden/$name.script" >"$tmp/$name.out" 2>&1
  echo "exit $?" >>"$tmp/$name.out"
  if [ "${VOLLEY_GOLDEN_UPDATE:-}" = 1 ]; then
    cp "$tmp/$name.out" "$golden/$name.txt"
  else
    diff -u "$golden/$name.txt" "$tmp/$name.out" >"$tmp/diff" \
      || fail "the transcript differs from $golden/$name.txt:
$(head -n 60 "$tmp/diff")"
  fi
  typed=$(grep -cvE '^(#|dice force |default all$|quit$)' "$golden/$name.script")
  if grep -q '^default all$' "$golden/$name.script"; then
    # the set-up answered by default: the decisions from the first activation on
    sed -n '/^answer [A-Z]* activate /,$p' "$tmp/$name.save" >"$tmp/$name.j"
  else
    grep '^answer ' "$tmp/$name.save" >"$tmp/$name.j"
  fi
  decisions=$(awk -v form=short -f "$golden/decisions.awk" "$tmp/$name.j" \
    | grep -vc '	leadership yes$')
  [ "$typed" = "$decisions" ] \
    || fail "$name: $typed lines typed, $decisions decisions in the journal:
$(awk -v form=short -f "$golden/decisions.awk" "$tmp/$name.j")"
  [ "$decisions" -gt 0 ] || fail "$name: no decision in the journal"
done
# several shots in one line (`fire A 1916, B 1917`): the same game as fire, shot, fire, shot
shots() {   # shots <the fire lines>
  printf 'default all\nbelknap A2US-1 A2US-2\ndice force 7 3 8 2\n%s\nhash\nquit\n' "$1" \
    | "$volley" play rough-and-ready/palo-alto --seed 5 2>&1
}
one=$(shots 'fire A2US-1 1423, A2US-2 1423')
long=$(shots 'fire
A2US-1 1423
fire
A2US-2 1423')
echo "$one" | grep -q '^56\. US fire: A2US-2 1423 (from "fire A2US-1 1423, A2US-2 1423")' \
  || fail "two shots in one line: $one"
[ "$(echo "$one" | grep '^state_hash')" = "$(echo "$long" | grep '^state_hash')" ] \
  || fail "two shots in one line differ from four lines: $one"
echo ok
