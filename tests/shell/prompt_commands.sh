#!/bin/sh
# The prompt's commands, each once, in golden transcripts (tests/golden/prompt/*.txt from the
# *.script beside them): `volley play tests/data/demo --seed 3 --bot B=random` (no
# --script: A is answered at the prompt) reads them from a pipe,
# so each is echoed as `A> command` (docs/shell.md "The prompt"). The svg and save files go
# to a temporary folder, named SVGFILE and SAVEFILE in the transcript.
# VOLLEY_GOLDEN_UPDATE=1 rewrites the golden file instead of comparing (review the diff).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
golden=tests/golden/prompt
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8 COLUMNS=
# check NAME FLAGS...: the prompt fed NAME.script against NAME.txt
check() {
  name=$1
  shift
  sed -e "s#SVGFILE#$tmp/map.svg#" -e "s#SAVEFILE#$tmp/game.save#" "$golden/$name.script" \
    > "$tmp/in"
  "$volley" "$@" <"$tmp/in" >"$tmp/out" 2>&1
  echo "exit $?" >>"$tmp/out"
  sed -i -e "s#$tmp/#TMP/#g" -e 's#/volley/[0-9]\{8\}T[0-9]\{6\}Z-[0-9]*\.save#/volley/AUTOSAVE.save#g' \
    "$tmp/out"
  if [ "${VOLLEY_GOLDEN_UPDATE:-}" = 1 ]; then
    cp "$tmp/out" "$golden/$name.txt"
  else
    diff -u "$golden/$name.txt" "$tmp/out" >"$tmp/diff" \
      || fail "the transcript differs from $golden/$name.txt:
$(head -n 60 "$tmp/diff")"
  fi
}
# every command once, A at the prompt against B's random bot (A's view)
check commands play tests/data/demo --seed 3 --bot B=random
# hot seat (the referee's view): a reaction fired, log with rolls, shock refused, the prompt
# after the game is over
check hotseat play tests/data/demo --seed 3
# Palo Alto (the default scenario), US at the prompt against MEX's random bot: the set-up,
# a Rough & Ready move request's answers as they are typed, help on its answer words
check palo_alto --seed 5 --bot MEX=random
grep -q '<polygon class="hex"' "$tmp/map.svg" || fail "svg wrote no map"
tail -n 1 "$tmp/game.save" | grep -q '^checksum sha256 ' || fail "save wrote no save file"
# load a finished game: its seed and the state volley replay computes
"$volley" play tests/data/demo --seed 1 --bot A=random --bot B=random --save "$tmp/done.save" \
  >/dev/null || fail "play --save exited $?"
want=$("$volley" replay "$tmp/done.save" | sed 's/^state_hash //')
out=$(printf 'load %s\nquit\n' "$tmp/done.save" | "$volley" play tests/data/demo --seed 3)
echo "$out" | grep -q "^game over: .*; seed 1; state $want\$" || fail "load: $out"
# the prompt's map cut to 80 columns is centred on the action (the US to activate names no
# unit: the last event, MEX's set-up facing TampVet in 1423; it was the US units' median hex,
# 3019, before the last event counted) and points at map HEX and the pan words, not at
# render's --hex
out=$(printf 'default all\nmap\nquit\n' | COLUMNS=80 "$volley" --seed 5 --bot MEX=random)
echo "$out" | grep -qx 'columns 10-18 of 01-40 shown, around 1423; map HEX centres on a hex,' &&
  echo "$out" | grep -qx ' map left|right|up|down \[N\] pans, map all the whole map small' \
  || fail "the map's hint at the prompt: $(echo "$out" | grep columns)"
# an input that ends without quit (make play < /dev/null) says so; play --help names the prompt
out=$("$volley" </dev/null | tail -n 1)
[ "$out" = "stopped at decision 1 (US to answer place [rough_and_ready PA Initial Deployment]): the input ended" ] \
  || fail "the end of the input: $out"
"$volley" play --help | tr '\n' ' ' | grep -q 'without --script, at the prompt' \
  || fail "play --help does not name the prompt"
# the acceptance line of issue #17: the default scenario's name and the commands
out=$(printf 'help\nquit\n' | "$volley") || fail "help, quit exited $?"
echo "$out" | grep -q 'rough-and-ready/palo-alto: Palo Alto, 8 May 1846' || fail "no scenario name: $out"
echo "$out" | grep -q '^  lua <expr>' || fail "help does not list lua: $out"
echo ok
