#!/bin/sh
# A full disk (issue 42; docs/robustness.md "A full disk"): a file size limit (ulimit -f, with
# SIGXFSZ ignored, so that a write past it fails with EFBIG as on a full disk) stops `--save`
# and the autosave's first write. volley says which file it could not write and why, once,
# exits 1 (no crash), plays the game to its end all the same, and loses nothing saved before:
# no temporary file or cut autosave is left, a save of the same name keeps its bytes, and an
# earlier game's autosave stays for --resume. (The autosave filled in the middle of a game:
# tests/shell/hostile_autosave.sh.)
# shellcheck disable=SC2086 # $bots splits on purpose
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bots="--bot A=random --bot B=random"
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME
# The limit's unit (512 or 1024 bytes, by shell), measured.
unit=$( (trap '' XFSZ; ulimit -f 1; head -c 4096 /dev/zero > "$tmp/probe" 2>/dev/null;
         wc -c < "$tmp/probe") )
rm -f "$tmp/probe"
# limited BLOCKS COMMAND...: COMMAND under a limit of BLOCKS units, stderr in $tmp/err,
# stdout's last line in $tmp/last (through a pipe, which the limit does not touch); the status
limited() {
  blocks=$1
  shift
  ( (trap '' XFSZ; ulimit -f "$blocks"; "$@" 2>"$tmp/err"; echo "status $?" >"$tmp/status") \
    | tail -n 1 > "$tmp/last" )
  sed 's/^status //' "$tmp/status"
}
want=$("$volley" play tests/data/demo --seed 3 $bots --no-autosave --save "$tmp/old.save" \
  | tail -n 1) || fail "the game without a limit"
size=$(wc -c < "$tmp/old.save")
header=$(grep -b -m1 '^answer ' "$tmp/old.save" | cut -d: -f1)
small=$(( 2048 / unit ))   # 2 KiB: the demo's save is some 4 KiB
[ $(( small * unit )) -lt $(( size - 200 )) ] || fail "the demo's save fits in $small blocks"
cp "$tmp/old.save" "$tmp/old.copy"

# 1. --save to a new file: the reason said once, naming the file; nothing left; exit 1.
status=$(limited "$small" "$volley" play tests/data/demo --seed 3 $bots --no-autosave \
  --save "$tmp/new.save")
[ "$status" -eq 1 ] || fail "--save, a full disk: exit $status: $(cat "$tmp/err")"
[ "$(cat "$tmp/last")" = "$want" ] || fail "--save, a full disk: the game stopped: $(cat "$tmp/last")"
[ "$(cat "$tmp/err")" = "volley play: --save: cannot write '$tmp/.new.save.tmp': File too large ($tmp/new.save was not touched)" ] \
  || fail "--save, a full disk said: $(cat "$tmp/err")"
[ ! -e "$tmp/new.save" ] && [ ! -e "$tmp/.new.save.tmp" ] || fail "--save, a full disk left a file"

# 2. --save over an older save: the older save keeps its bytes and replays.
status=$(limited "$small" "$volley" play tests/data/demo --seed 4 $bots --no-autosave \
  --save "$tmp/old.save")
[ "$status" -eq 1 ] || fail "--save over a save, a full disk: exit $status"
[ "$(cat "$tmp/err")" = "volley play: --save: cannot write '$tmp/.old.save.tmp': File too large ($tmp/old.save was not touched)" ] \
  || fail "--save over a save, a full disk said: $(cat "$tmp/err")"
cmp -s "$tmp/old.save" "$tmp/old.copy" || fail "the older save changed"
[ ! -e "$tmp/.old.save.tmp" ] || fail "a temporary file was left"
"$volley" replay "$tmp/old.save" > /dev/null || fail "the older save does not replay"

# 3. The autosave's header cannot be written: said at the first answer and at the end, no cut
#    autosave left; the earlier game's autosave (capped at 10) is whole, and --resume takes it.
"$volley" play tests/data/demo --seed 3 $bots --max-decisions 10 > /dev/null \
  || fail "the capped game"
earlier=$(ls "$tmp"/state/volley/*.save)
cp "$earlier" "$tmp/earlier.copy"
[ $(( 1 * unit )) -lt "$header" ] || fail "the autosave's header fits in one block"
status=$(limited 1 "$volley" play tests/data/demo --seed 4 $bots)
[ "$status" -eq 1 ] || fail "the autosave, a full disk: exit $status"
name=$(sed -n "s|^volley play: autosave: cannot write '$tmp/state/volley/\([^']*\)': File too large; the game goes on without one$|\1|p" "$tmp/err")
[ -n "$name" ] || fail "the autosave, a full disk said: $(cat "$tmp/err")"
[ "$(tail -n 1 "$tmp/err")" = "volley play: the game has no autosave (cannot write '$tmp/state/volley/$name': File too large): --resume will not find it; exit status 1" ] \
  || fail "the autosave, a full disk, at the end: $(cat "$tmp/err")"
[ "$(ls "$tmp"/state/volley)" = "$(basename "$earlier")" ] || fail "autosaves: $(ls "$tmp"/state/volley)"
cmp -s "$earlier" "$tmp/earlier.copy" || fail "the earlier autosave changed"
got=$("$volley" play --resume --max-decisions 400 | tail -n 1)
[ "$got" = "$want" ] || fail "--resume after a full disk: $got (want $want)"
echo "full_disk: ok"
