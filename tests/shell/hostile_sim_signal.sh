#!/bin/sh
# volley sim stopped by SIGINT or SIGTERM (issue 31, finding 16): the summary of the games
# already finished is printed, marked interrupted, and the exit status is 130 or 143; the
# summary is the one a run of just those games prints; --merge refuses an interrupted shard
# [docs/sim.md "Interrupted"]. A background job of a script ignores SIGINT (POSIX), and a
# signal ignored on entry stays ignored (a rule sim keeps), so the run is started through
# perl (Essential in Debian) with SIGINT put back to its default. The waits below poll for
# games to be written; no assertion depends on time.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
pid=
watchdog=
cleanup() {
  [ -n "$watchdog" ] && kill "$watchdog" 2>/dev/null
  [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# Starts a long run (its pid in $pid), its stdout in $tmp/$1; a watchdog kills it after 120 s
# should the signal be lost (a safety net: the test then fails on the exit status).
start() {
  out=$1
  shift
  : > "$tmp/$out"   # there before the job opens it: the wait below reads it at once
  perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die "exec: $!\n"' \
    "$volley" sim tests/data/demo --games 100000 --seed 5 "$@" >> "$tmp/$out" 2> "$tmp/$out.err" &
  pid=$!
  perl -e 'sleep 120; kill "KILL", $ARGV[0]' "$pid" < /dev/null > /dev/null 2>&1 &
  watchdog=$!   # one process, holding none of the test's descriptors
}
# Waits until the run has written $1 lines (or 600 polls), then sends signal $2 and waits.
stop_after() {
  n=0
  while [ "$(wc -l < "$tmp/$out")" -lt "$1" ] && [ $n -lt 600 ]; do
    sleep 0.1
    n=$((n + 1))
  done
  kill "-$2" "$pid"
  wait "$pid"
  status=$?
  kill "$watchdog" 2>/dev/null
  wait "$watchdog" 2>/dev/null
  pid=
  watchdog=
}

# 1. SIGINT with --json: the game_start line, the game_over lines, then the summary of
#    exactly those games.
start int.json --json
stop_after 4 INT
[ $status -eq 130 ] || fail "SIGINT: exit $status: $(cat "$tmp/int.json.err")"
[ ! -s "$tmp/int.json.err" ] || fail "SIGINT: stderr: $(cat "$tmp/int.json.err")"
games=$(grep -c '"event":"game_over"' "$tmp/int.json")
[ "$games" -ge 3 ] || fail "SIGINT: $games games"
last=$(tail -1 "$tmp/int.json")
case $last in
  '{"event":"sim_summary",'*',"interrupted":"SIGINT","planned":100000}') ;;
  *) fail "SIGINT: the last line: $last" ;;
esac
echo "$last" | grep -q "\"games\":$games," || fail "SIGINT: $games game_over lines, summary $last"
# the same summary as a run of those games alone (the rate aside: it is the machine's)
"$volley" sim tests/data/demo --games "$games" --seed 5 --json > "$tmp/whole.json" \
  || fail "the run of $games games"
# (and the game_start line aside: it names the games planned)
strip() { sed -e 's/"decisions_per_s":[0-9.]*//' -e 's/,"interrupted":"SIGINT","planned":100000//' \
  -e '/^{"event":"game_start",/d'; }
[ "$(strip < "$tmp/int.json")" = "$(strip < "$tmp/whole.json")" ] \
  || fail "SIGINT: not the summary of the games played:
$(tail -1 "$tmp/int.json")
$(tail -1 "$tmp/whole.json")"

# 2. A merge refuses the interrupted output: its shard lacks games.
err=$("$volley" sim --merge "$tmp/int.json" 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "merge of an interrupted shard: not refused"
[ "$err" = "volley sim: $tmp/int.json: an interrupted shard (SIGINT after $games games): play it again" ] \
  || fail "merge of an interrupted shard said: $err"

# 3. SIGTERM: with --json, and in the text summary, marked on its first line; exit 143.
#    The text has no line per game to wait for: wait until the program catches SIGTERM
#    (its SigCgt mask in /proc), so the signal never comes before the handler.
start term.json --json
stop_after 3 TERM
[ $status -eq 143 ] || fail "SIGTERM: exit $status"
tail -1 "$tmp/term.json" | grep -q '"interrupted":"SIGTERM","planned":100000}$' \
  || fail "SIGTERM: $(tail -1 "$tmp/term.json")"
start term2.txt
n=0
while [ $n -lt 600 ]; do
  mask=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$pid/status" 2>/dev/null)
  [ -n "$mask" ] && [ $(( 0x$mask & 0x4000 )) -ne 0 ] && break
  sleep 0.1
  n=$((n + 1))
done
stop_after 0 TERM
[ $status -eq 143 ] || fail "SIGTERM, text: exit $status"
head -1 "$tmp/term2.txt" | grep -q '^interrupted by SIGTERM after [0-9]* of 100000 games: the summary of those$' \
  || fail "SIGTERM, text: $(cat "$tmp/term2.txt")"
sed -n 2p "$tmp/term2.txt" | grep -q '^tests/data/demo: [0-9]* games (seed 5, shard 1/1): ' \
  || fail "SIGTERM, text: $(cat "$tmp/term2.txt")"

echo "hostile_sim_signal: ok"
