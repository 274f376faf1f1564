#!/bin/sh
# shellcheck disable=SC2086 # $bots, the flag list, splits on purpose
# shellcheck disable=SC2010,SC2012 # the autosave names are volley's own (no odd characters)
# The autosave folder (docs/save.md "The autosave folder"; issue 36 point 5): --no-autosave
# leaves no file; a game of bots alone is named -bots, a game that ended -over; --resume goes
# on with the game of a person last played, not a run of bots started after it, and renames
# it to sort as the newest; past VOLLEY_AUTOSAVE_KEEP the oldest games that are over or of
# bots alone are removed, never an unfinished game of a person.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME
dir=$tmp/state/volley
bots="--bot A=random --bot B=random"
count() { ls "$dir" 2>/dev/null | grep -c -e "$1"; }

# --no-autosave: the game is played, no file is made; --resume refuses it (usage)
out=$("$volley" play tests/data/demo --seed 5 $bots --no-autosave 2>&1) || fail "--no-autosave: $out"
echo "$out" | tail -n 1 | grep -q '^game over: ' || fail "--no-autosave: not played: $out"
[ "$(count save)" -eq 0 ] || fail "--no-autosave left $(ls "$dir")"
err=$("$volley" play --resume --no-autosave 2>&1)
[ $? -eq 2 ] || fail "--resume --no-autosave must exit 2: $err"
[ "$(echo "$err" | head -n 1)" = "volley play: --no-autosave is for a new game (--resume goes on in its autosave)" ] \
  || fail "--resume --no-autosave: $err"

# the names: a game of a person, a run of bots (capped: not over), a run of bots that ended
printf 'move A4 0605\nquit\n' > "$tmp/one.script"
"$volley" play tests/data/demo --seed 7 --bot B=first --script "$tmp/one.script" \
  --max-decisions 60 > /dev/null || fail "the person's game"
"$volley" play tests/data/demo --seed 5 $bots --max-decisions 10 > /dev/null || fail "capped"
"$volley" play tests/data/demo --seed 5 $bots > /dev/null || fail "the whole run"
ls "$dir" > "$tmp/names"
grep -qx '[0-9]\{8\}T[0-9]\{6\}Z-[0-9][0-9]\.save' "$tmp/names" || fail "no person's name: $(cat "$tmp/names")"
grep -qx '[0-9]\{8\}T[0-9]\{6\}Z-[0-9][0-9]-bots\.save' "$tmp/names" || fail "no -bots: $(cat "$tmp/names")"
grep -qx '[0-9]\{8\}T[0-9]\{6\}Z-[0-9][0-9]-bots-over\.save' "$tmp/names" || fail "no -bots-over: $(cat "$tmp/names")"
[ "$(wc -l < "$tmp/names")" -eq 3 ] || fail "three games: $(cat "$tmp/names")"

# --resume takes the person's game, though two runs of bots came after it; it then sorts
# as the newest (the game last played)
person=$(grep -x '[0-9TZ]*-[0-9][0-9]\.save' "$tmp/names")
out=$(printf 'move A1 0505\nquit\n' | "$volley" play --resume --script - 2>&1) || fail "resume: $out"
echo "$out" | grep -qx 'stopped at decision 3 (A to answer move \[demo 4.2\]): quit' \
  || fail "--resume did not go on with the person's game: $out"
[ -e "$dir/$person" ] && fail "the resumed game kept its old name"
newest=$(ls "$dir" | sed 's/-bots//; s/-over//' | sort | tail -n 1)
[ -e "$dir/$newest" ] || fail "the resumed game is not the newest: $(ls "$dir")"
[ "$(grep -c '^answer A ' "$dir/$newest")" -eq 2 ] || fail "the resumed autosave: $(cat "$dir/$newest")"

# the bound: with 3 kept, four more runs of bots remove the oldest runs of bots and the
# finished game, never the person's unfinished one
for s in 1 2 3 4; do
  VOLLEY_AUTOSAVE_KEEP=3 "$volley" play tests/data/demo --seed $s $bots --max-decisions 10 \
    > /dev/null || fail "run $s"
done
[ "$(count save)" -eq 3 ] || fail "3 kept: $(ls "$dir")"
[ -e "$dir/$newest" ] || fail "the person's unfinished game was removed: $(ls "$dir")"
[ "$(count -over)" -eq 0 ] || fail "the finished run was kept: $(ls "$dir")"
# the two newest runs are the ones kept (seeds 3 and 4)
for f in "$dir"/*-bots.save; do grep '^seed ' "$f"; done | sort > "$tmp/seeds"
[ "$(cat "$tmp/seeds")" = "seed 3
seed 4" ] || fail "kept runs: $(cat "$tmp/seeds")"
# people's unfinished games are never removed, even past the bound
for s in 1 2 3; do
  VOLLEY_AUTOSAVE_KEEP=1 "$volley" play tests/data/demo --seed $s --bot B=first \
    --script "$tmp/one.script" --max-decisions 60 > /dev/null || fail "person $s"
done
[ "$(count -bots)" -eq 0 ] || fail "runs of bots past the bound kept: $(ls "$dir")"
[ "$(count save)" -eq 4 ] || fail "every person's game kept: $(ls "$dir")"
exit 0
