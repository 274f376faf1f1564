#!/bin/sh
# The prompt's words (issue #37), in a golden transcript (tests/golden/prompt/words.txt from
# words.script): command words in any letter case (HELP, DEFAULT, Done, QUIT), clear (nothing
# written to a pipe: no control bytes in a transcript), answers and ? for the legal answers,
# options for the game's optional rules (Palo Alto with --option balance: balance on, the
# others off). VOLLEY_GOLDEN_UPDATE=1 rewrites the golden file instead (review the diff).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
golden=tests/golden/prompt
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8 COLUMNS=
"$volley" play rough-and-ready/palo-alto --seed 5 --bot MEX=random --option balance \
  <"$golden/words.script" >"$tmp/out" 2>&1
echo "exit $?" >>"$tmp/out"
if [ "${VOLLEY_GOLDEN_UPDATE:-}" = 1 ]; then
  cp "$tmp/out" "$golden/words.txt"
else
  diff -u "$golden/words.txt" "$tmp/out" >"$tmp/diff" \
    || fail "the transcript differs from $golden/words.txt:
$(head -n 60 "$tmp/diff")"
fi
# clear writes no control byte where the output is no terminal
if LC_ALL=C grep -q "$(printf '\033')" "$tmp/out"; then fail "an escape byte in the transcript"; fi
# a scenario without options says so
out=$(printf 'options\nquit\n' | "$volley" play tests/data/demo --seed 3 --bot B=random | grep "no optional rules")
[ "$out" = "this scenario has no optional rules (volley options tests/data/demo)" ] \
  || fail "options of the demo: $out"
# at a terminal (script(1) gives one): clear, then Ctrl-L, each clear the screen (ESC[H ESC[2J,
# xterm's) and the prompt comes back
if command -v script >/dev/null 2>&1; then
  printf 'clear\n\014quit\n' | TERM=xterm script -qec \
    "\"$volley\" play tests/data/demo --seed 3 --bot B=random" /dev/null 2>&1 \
    | tr -d '\r' | sed "s/$(printf '\033')/ESC/g" >"$tmp/tty"
  grep -q '^A> clear$' "$tmp/tty" || fail "no clear at a terminal: $(cat "$tmp/tty")"
  grep -q '^ESC\[HESC\[2JA> ESC\[HESC\[2JA> quit$' "$tmp/tty" \
    || fail "clear and Ctrl-L did not clear the screen: $(cat "$tmp/tty")"
fi
echo ok
