#!/bin/sh
# tests/soak/kill_loop.sh -- make soak's random kill loop (issue 42; docs/robustness.md "Killed
# at random moments"): a bot game of Palo Alto, random against random, autosaved (every `volley
# play` autosaves, a game of bots alone too: docs/save.md "The autosave folder"), killed with
# SIGKILL SOAK_KILLS (50) times at random moments and resumed each time with `volley play
# --resume`, must end in the state the same game played without a break ends in, and its
# autosave must replay to that state.
#
# The moments, drawn from SOAK_KILL_SEED (42) with awk's generator:
#   play    a random point of the game (an answer count drawn from the last kill's on, so
#           that every kill has its share of what is left), then a random 0-0.3 s more;
#   replay  a random time into a `--resume` while it replays the journal (the answer count of
#           the autosave has not moved yet): a fraction of how long the last replay took
#           (every 4th kill from the 2nd, and every kill once fewer than 200 answers are left);
#   save    (every 6th kill from the 3rd) in the middle of writing `--save FILE`: the game capped a random number of
#           answers further on with VOLLEY_TEST_SAVE_STALL=1, which stops the process between
#           the write of the temporary file and its rename (docs/save.md "The save file");
#           killed while stopped, the older save of that name must be byte for byte as it was.
# A kill is counted by where it landed, checked after it, not by what was aimed at (a replay
# kill that came after the replay counts as a play kill). The autosave of a kill that fell
# between a line's write and its end would end in a cut line: counted as "cut a line".
#
#   SOAK_KILLS=N           kills (default 50; 0 skips the loop)
#   SOAK_KILL_CAP=N        cap the game at N decisions (default: the scenario's, so the whole
#                          game: some 19,000 decisions, 25-30 s of one core to play and as
#                          long to replay; the loop replays about N/2 answers a kill)
#   SOAK_KILL_SEED=S       the draws of the moments (default 42)
#   SOAK_KILL_GAME=S       the game's seed (default 11)
#   SOAK_KILL_VM=DIR       the build whose volley plays (default build)
# Prints a line a kill and a summary (kills by kind, the wall time); exit 1 on a failure.
set -u
cd "$(dirname "$0")/../.." || exit 1
kills=${SOAK_KILLS:-50}
cap=${SOAK_KILL_CAP:-}
seed=${SOAK_KILL_SEED:-42}
game=${SOAK_KILL_GAME:-11}
vm=${SOAK_KILL_VM:-build}
volley=./$vm/volley
scenario=rough-and-ready/palo-alto
[ "$kills" -gt 0 ] || exit 0
[ -x "$volley" ] || { echo "kill loop: $volley is missing (make $vm)" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
pid=""
cleanup() {
  [ -z "$pid" ] || kill -KILL "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
fail() { echo "kill loop: FAIL: $*" >&2; exit 1; }
now() { date +%s.%N; }
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME
dir=$tmp/state/volley
bots="--bot US=random --bot MEX=random"
capflag=""
[ -z "$cap" ] || capflag="--max-decisions $cap"

# draw N: a whole number in [0, N) (N >= 1); drawf A B: a number in [A, B) with 3 decimals
draws=0
draw() {
  draws=$((draws + 1))
  awk -v s="$seed" -v k="$draws" -v n="$1" 'BEGIN { srand(s * 1000003 + k); print int(rand() * n) }'
}
drawf() {
  draws=$((draws + 1))
  awk -v s="$seed" -v k="$draws" -v a="$1" -v b="$2" \
    'BEGIN { srand(s * 1000003 + k); printf "%.3f", a + rand() * (b - a) }'
}
auto() { for f in "$dir"/*.save; do [ -e "$f" ] && echo "$f"; done | tail -n 1; }
answers() { f=$(auto); if [ -n "$f" ]; then grep -c '^answer ' "$f"; else echo 0; fi; }
alive() { [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; }
stopped() { [ "$(sed 's/^.*) \(.\).*/\1/' "/proc/$pid/stat" 2>/dev/null)" = T ]; }
reap() { kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; pid=""; }

start=$(now)
echo "== the kill loop: $scenario, random,random, seed $game, ${cap:-whole game}, $kills kills" \
  "(SOAK_KILL_SEED $seed), $vm =="
# The game without a break (no autosave of its own; its --save is the older save that the save
# kills must leave whole).
# shellcheck disable=SC2086 # $bots and $capflag split on purpose
whole=$("$volley" play "$scenario" --seed "$game" $bots $capflag --no-autosave \
  --save "$tmp/kept.save" | tail -n 1) || fail "the game without a break: $whole"
hash=$(echo "$whole" | sed -n 's/.*; state \([0-9a-f]\{16\}\)$/\1/p')
total=$(echo "$whole" | sed -n 's/.* after \([0-9]*\) decisions.*/\1/p')
{ [ -n "$hash" ] && [ -n "$total" ]; } || fail "no state hash or decisions: $whole"
cp "$tmp/kept.save" "$tmp/kept.copy"
echo "without a break: $whole ($(awk -v a="$start" -v b="$(now)" 'BEGIN {printf "%.0f", b - a}') s)"

n_play=0 n_replay=0 n_save=0 n_cut=0 replay_time="" k=1 ended=""
while [ "$k" -le "$kills" ]; do
  before=$(answers)
  first=""
  [ -n "$(auto)" ] || first=1
  # the kind: the first run plays (there is nothing to resume); then every 4th kill from the
  # 2nd aims at the replay, every 6th from the 3rd at a save, the others at the play; near the
  # end (fewer than 200 answers left) only replays, which do not move the game on
  kind=play
  if [ -z "$first" ]; then
    if [ $((k % 4)) -eq 2 ] && [ -n "$replay_time" ]; then kind=replay
    elif [ $((k % 6)) -eq 3 ]; then kind=save
    fi
    [ $((total - before)) -ge 200 ] || kind=replay
    [ -n "$replay_time" ] || replay_time=1
  fi
  left=$((kills - k + 1))
  span=$(( (total - before) / (left + 1) ))
  [ "$span" -ge 1 ] || span=1
  target=$((before + 1 + $(draw "$span")))
  extra=""
  [ "$kind" != save ] || extra="--max-decisions $target --save $tmp/kept.save"
  t0=$(now)
  # shellcheck disable=SC2086 # the flag lists split on purpose
  if [ -n "$first" ]; then
    "$volley" play "$scenario" --seed "$game" $bots $capflag > "$tmp/out" 2> "$tmp/err" &
  elif [ "$kind" = save ]; then
    VOLLEY_TEST_SAVE_STALL=1 "$volley" play --resume $extra > "$tmp/out" 2> "$tmp/err" &
  else
    "$volley" play --resume $capflag > "$tmp/out" 2> "$tmp/err" &
  fi
  pid=$!
  case $kind in
    replay)
      sleep "$(drawf 0.05 0.9 | awk -v t="$replay_time" '{printf "%.3f", $1 * t}')"
      ;;
    save)
      while alive && ! stopped; do sleep 0.1; done
      alive || fail "kill $k: the game capped at $target for a save ended without stopping: $(cat "$tmp/err")"
      [ -s "$tmp/.kept.save.tmp" ] || fail "kill $k: stopped in the save, no temporary file"
      ;;
    play)
      grown=""
      while alive; do
        n=$(answers)
        if [ -z "$grown" ] && [ "$n" -gt "$before" ]; then
          grown=1
          [ -n "$first" ] || replay_time=$(awk -v a="$t0" -v b="$(now)" 'BEGIN {printf "%.3f", b - a}')
        fi
        [ "$n" -lt "$target" ] || break
        sleep 0.1
      done
      sleep "$(drawf 0 0.3)"
      ;;
  esac
  if ! alive; then   # the game ended before the kill: the loop is over
    wait "$pid"
    status=$?
    pid=""
    [ "$status" -eq 0 ] || fail "kill $k: the game exited $status: $(cat "$tmp/err")"
    ended=1
    echo "kill $k: the game ended first (at $(answers) answers)"
    break
  fi
  reap
  after=$(answers)
  f=$(auto)
  [ -n "$f" ] || fail "kill $k: no autosave"
  landed=$kind
  if [ "$kind" = save ]; then
    cmp -s "$tmp/kept.save" "$tmp/kept.copy" || fail "kill $k: the older --save changed"
    tail -n 1 "$tmp/.kept.save.tmp" | grep -q '^checksum sha256 [0-9a-f]\{64\}$' \
      || fail "kill $k: the temporary file of the save cut by the kill is not whole"
    n_save=$((n_save + 1))
  elif [ "$after" -eq "$before" ] && [ -z "$first" ]; then
    landed=replay
    n_replay=$((n_replay + 1))
  else
    landed=play
    n_play=$((n_play + 1))
  fi
  if [ -s "$f" ] && [ "$(tail -c 1 "$f" | od -An -c | tr -d ' ')" != '\n' ]; then
    n_cut=$((n_cut + 1))
  fi
  echo "kill $k: $landed (aimed: $kind), $before -> $after answers in the autosave"
  k=$((k + 1))
done

# the rest of the game, without a kill
if [ -z "$ended" ]; then
  # shellcheck disable=SC2086
  "$volley" play --resume $capflag > "$tmp/out" 2> "$tmp/err" \
    || fail "the last resume: $(cat "$tmp/err")"
fi
last=$(tail -n 1 "$tmp/out")
[ "$last" = "$whole" ] || fail "after the kills: '$last'; without a break: '$whole'"
got=$("$volley" replay "$(auto)") || fail "the autosave does not replay: $got"
[ "$got" = "state_hash $hash" ] || fail "the autosave replays to '$got', not $hash"
cmp -s "$tmp/kept.save" "$tmp/kept.copy" || fail "the older --save changed"
wall=$(awk -v a="$start" -v b="$(now)" 'BEGIN {printf "%.0f", b - a}')
echo "== $((k - 1)) kills: $n_play while playing, $n_replay while replaying a --resume," \
  "$n_save in a save; $n_cut cut a line; the game ended in $hash as without a break;" \
  "wall ${wall} s =="
