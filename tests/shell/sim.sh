#!/bin/sh
# volley sim on the demo: a run's counts add up, --shard 1/2 and 2/2 merged give the unsharded
# output, a game replayed alone with volley play ends in the same state, capped games, an
# empty shard, the progress bar only on a terminal, merge refusals, usage errors.
# VOLLEY_TEST_GAMES sets the games of a run (20; the ASan build sets 5). The 200-game
# acceptance run of docs/sim.md is run by hand in the Lua 5.4 build.
set -u
volley=$1
games=${VOLLEY_TEST_GAMES:-20}
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- a run: one game_over per game, in order, then a summary whose counts add up
"$volley" sim tests/data/demo --games "$games" --bots random,random --seed 7 --json \
  > "$tmp/all.jsonl" 2> "$tmp/err" || fail "sim exited $?"
[ ! -s "$tmp/err" ] || fail "stderr is not a terminal, yet sim wrote: $(cat "$tmp/err")"
[ "$(wc -l < "$tmp/all.jsonl")" -eq $((games + 2)) ] \
  || fail "not a game_start, $games games and a summary"
# the run's game_start first (docs/json.md): the run's seed, its shard, the games planned
head -n 1 "$tmp/all.jsonl" | grep -q '^{"event":"game_start","v":1,"bots":\[{"name":"random","side":"A"},{"name":"random","side":"B"}\],.*"games":'"$games"',.*"scenario":"tests/data/demo","seed":7,"shard":"1/1",' \
  || fail "game_start: $(head -n 1 "$tmp/all.jsonl")"
# pinned (computed apart from volley): game 0 of run 7 has seed SplitMix64(7) >> 11
sed -n 2p "$tmp/all.jsonl" | grep -q '"game":0,.*"seed":3511274219185729,' \
  || fail "game 0 of seed 7: $(sed -n 2p "$tmp/all.jsonl")"
tail -n 1 "$tmp/all.jsonl" | grep -q '^{"event":"sim_summary","v":1,"seed":7,"shard":"1/1","games":'"$games"',"finished":[0-9]*,"capped":[0-9]*,"max_decisions":400,"sides":{"A":{"wins":[0-9]*,"rate":[0-9.]*,"ci95":\[[0-9.]*,[0-9.]*\]},"B":{"wins":[0-9]*,"rate":[0-9.]*,"ci95":\[[0-9.]*,[0-9.]*\]}},"draws":[0-9]*,"decisions":{"mean":[0-9.]*,"sd":[0-9.]*},"decisions_per_s":[0-9.]*}$' \
  || fail "summary: $(tail -n 1 "$tmp/all.jsonl")"
JSONL="$tmp/all.jsonl" GAMES="$games" lua5.4 -e '
  local json = require "dkjson"
  local n, sum, wins, draws, capped = 0, 0, { A = 0, B = 0 }, 0, 0
  local s
  for line in io.lines(os.getenv("JSONL")) do
    local t = json.decode(line)
    if t.event == "game_over" then
      assert(t.game == n, "game " .. n .. " out of order")
      assert(t.max_decisions == 400 and type(t.state_hash) == "string", "game " .. n)
      n, sum = n + 1, sum + t.decisions
      if t.winner ~= nil then wins[t.winner] = wins[t.winner] + 1
      elseif t.reason == "capped" then capped = capped + 1
      else draws = draws + 1 end
    else
      s = t
    end
  end
  local games = tonumber(os.getenv("GAMES"))
  assert(s.event == "sim_summary" and n == games, "games")
  assert(s.sides.A.wins + s.sides.B.wins + s.draws + s.capped == games, "counts do not add up")
  assert(s.finished == games - s.capped, "finished")
  assert(s.sides.A.wins == wins.A and s.sides.B.wins == wins.B, "wins")
  assert(s.draws == draws and s.capped == capped, "draws or capped")
  for _, side in ipairs{ "A", "B" } do
    local e = s.sides[side]
    assert(math.abs(e.rate - e.wins / games) < 1e-6, side .. " rate")
    assert(e.ci95[1] <= e.rate and e.rate <= e.ci95[2], side .. " interval")
  end
  assert(math.abs(s.decisions.mean - sum / games) < 1e-6, "mean")' \
  || fail "the summary does not match the game_over lines"

# ---- shards: 1/2 plays the even games, 2/2 the odd; merged they give the unsharded output
"$volley" sim tests/data/demo --games "$games" --bots random,random --seed 7 --shard 1/2 \
  --json > "$tmp/s1.jsonl" || fail "shard 1/2 exited $?"
"$volley" sim tests/data/demo --games "$games" --bot A=random --bot B=random --seed 7 \
  --shard 2/2 --json > "$tmp/s2.jsonl" || fail "shard 2/2 exited $?"
grep '"event":"game_over"' "$tmp/s2.jsonl" | grep -v '"game":[0-9]*[13579],' \
  && fail "shard 2/2 played an even game"
tail -n 1 "$tmp/s1.jsonl" | grep -q '"shard":"1/2","games":'$(((games + 1) / 2))',' \
  || fail "shard 1/2 summary: $(tail -n 1 "$tmp/s1.jsonl")"
"$volley" sim --merge "$tmp/s2.jsonl" "$tmp/s1.jsonl" --json > "$tmp/merged.jsonl" \
  || fail "merge exited $?"
strip() { sed 's/"decisions_per_s":[0-9.]*}$/"decisions_per_s":X}/' "$1"; }
strip "$tmp/all.jsonl" > "$tmp/a"
strip "$tmp/merged.jsonl" > "$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "merged shards differ from the unsharded run: $(diff "$tmp/a" "$tmp/b")"
# a merged output merges again, as one shard
"$volley" sim --merge "$tmp/merged.jsonl" --json | strip /dev/stdin > "$tmp/c"
cmp -s "$tmp/a" "$tmp/c" || fail "a merged output does not merge as itself"
"$volley" sim --merge "$tmp/s1.jsonl" "$tmp/s2.jsonl" | head -n 1 \
  | grep -qx "$games games (seed 7, shard 1/1): [0-9]* finished, [0-9]* capped at 400 decisions" \
  || fail "merge's text summary"

# ---- any game replayed alone: volley play with its seed prints the sim's line but "game"
line=$(sed -n 2p "$tmp/all.jsonl")
seed=$(echo "$line" | sed 's/.*"seed":\([0-9]*\),.*/\1/')
want=$(echo "$line" | sed 's/"game":[0-9]*,//')
got=$("$volley" play tests/data/demo --seed "$seed" --bot A=random --bot B=random --json | tail -n 1)
[ "$got" = "$want" ] || fail "game 1 replayed alone: $got, the sim said $want"

# ---- capped games count as capped, never as wins or draws
"$volley" sim tests/data/demo --games 3 --bots first,random --seed 1 --max-decisions 5 --json \
  | tail -n 1 | grep -q '"games":3,"finished":0,"capped":3,"max_decisions":5,"sides":{"A":{"wins":0,"rate":0,"ci95":\[0,0.561506\]},"B":{"wins":0,"rate":0,"ci95":\[0,0.561506\]}},"draws":0,"decisions":{"mean":5,"sd":0},' \
  || fail "a capped run"

# ---- a shard with no games still lists every side, zeros included
out=$("$volley" sim tests/data/demo --games 1 --seed 1 --shard 2/2 --json) || fail "empty shard"
out=$(echo "$out" | tail -n 1)
[ "$(echo "$out" | sed 's/"decisions_per_s":[0-9.]*}$/X/')" = \
  '{"event":"sim_summary","v":1,"seed":1,"shard":"2/2","games":0,"finished":0,"capped":0,"max_decisions":400,"sides":{"A":{"wins":0,"rate":0,"ci95":[0,1]},"B":{"wins":0,"rate":0,"ci95":[0,1]}},"draws":0,"decisions":{"mean":0,"sd":0},X' ] \
  || fail "empty shard: $out"

# ---- without --seed: a fresh seed, printed in full on stderr and in the summary
"$volley" sim tests/data/demo --games 1 --json > "$tmp/out" 2> "$tmp/err" || fail "no --seed"
seed=$(sed -n 's/^volley sim: seed \([0-9]*\)$/\1/p' "$tmp/err")
[ -n "$seed" ] || fail "no seed on stderr: $(cat "$tmp/err")"
tail -n 1 "$tmp/out" | grep -q "\"seed\":$seed," || fail "the summary has another seed than $seed"

# ---- text mode: the summary alone
"$volley" sim tests/data/demo --games 2 --seed 7 > "$tmp/text" || fail "text mode exited $?"
head -n 2 "$tmp/text" | tr -s ' ' > "$tmp/head"
printf 'tests/data/demo: 2 games (seed 7, shard 1/1): 2 finished, 0 capped at 400 decisions\nside wins rate 95%% interval\n' \
  | cmp -s - "$tmp/head" || fail "text summary: $(cat "$tmp/text")"
tail -n 1 "$tmp/text" | grep -q '^decisions per game: mean [0-9.]*, sd [0-9.]*; [0-9.]* decisions/s$' \
  || fail "text summary's last line: $(tail -n 1 "$tmp/text")"

# ---- the progress bar: on stderr when it is a terminal (util-linux script gives one)
if command -v script > /dev/null 2>&1; then
  script -qec "\"$volley\" sim tests/data/demo --games 2 --seed 7 --json > \"$tmp/tty.jsonl\"" \
    /dev/null > "$tmp/tty" 2>&1 < /dev/null || fail "sim on a terminal exited $?"
  grep -q '\[###############...............\] 1/2 games  [0-9.]* games/s  ETA [0-9]*s' "$tmp/tty" \
    || fail "no progress bar on a terminal: $(cat "$tmp/tty")"
  grep -q 'games/s' "$tmp/tty.jsonl" && fail "the progress bar reached stdout"
fi

# ---- merge refusals (exit 1)
expect1() {  # expect1 MESSAGE ARGS...: exit 1 with that message
  msg=$1; shift
  "$volley" sim "$@" > /dev/null 2> "$tmp/err"
  st=$?
  [ $st -eq 1 ] || fail "sim $*: exit $st, not 1"
  [ "$(cat "$tmp/err")" = "volley sim: $msg" ] || fail "sim $*: $(cat "$tmp/err")"
}
expect1 "shard 2/2 is missing" --merge "$tmp/s1.jsonl"
expect1 "shard 1/2 given twice ($tmp/s1.jsonl, $tmp/s1.jsonl)" --merge "$tmp/s1.jsonl" "$tmp/s1.jsonl"
head -n 2 "$tmp/s2.jsonl" > "$tmp/cut.jsonl"
expect1 "$tmp/cut.jsonl: no sim_summary line (an unfinished shard?)" --merge "$tmp/s1.jsonl" "$tmp/cut.jsonl"
sed 's/"seed":7,/"seed":8,/' "$tmp/s2.jsonl" > "$tmp/other.jsonl"
expect1 "$tmp/other.jsonl and $tmp/s1.jsonl are not shards of one run (another seed)" \
  --merge "$tmp/s1.jsonl" "$tmp/other.jsonl"
echo 'game over' > "$tmp/text.out"
expect1 "$tmp/text.out:1: not a JSON line (merge takes the shards' --json outputs)" --merge "$tmp/text.out"
expect1 "$tmp/nothere.jsonl: No such file or directory" --merge "$tmp/nothere.jsonl"

# ---- games that cannot be played (exit 1): a mod refused at load, before any game; a game
# stopped by a mod, after the games before it (game 4 of run 1 is the first with a fire)
"$volley" sim tests/data/demo --games 5 --seed 1 --mod tests/data/mods/evil_io.lua --json \
  > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] || fail "a mod refused at load must exit 1"
[ ! -s "$tmp/out" ] || fail "games were played with a mod refused at load"
[ "$(cat "$tmp/err")" = "volley sim: tests/data/mods/evil_io.lua:2: 'io' is not available to scripts (load, tests/data/mods/evil_io.lua)" ] \
  || fail "evil_io: $(cat "$tmp/err")"
"$volley" sim tests/data/demo --games 5 --seed 1 --mod tests/data/mods/evil_loop.lua --json \
  > "$tmp/out" 2> "$tmp/err"
[ $? -eq 1 ] || fail "a game stopped by a mod must exit 1"
[ "$(grep -c '"event":"game_over"' "$tmp/out")" -eq 4 ] && ! grep -q sim_summary "$tmp/out" \
  || fail "a stopped game: not games 0-3 and no summary: $(cat "$tmp/out")"
grep -q '^volley sim: game 4 (seed 3483696855544120): the game stopped: tests/data/mods/evil_loop.lua:4: ' "$tmp/err" \
  || fail "evil_loop: $(cat "$tmp/err")"

# ---- usage errors (exit 2, the message then the usage)
expect2() {  # expect2 MESSAGE ARGS...
  msg=$1; shift
  "$volley" sim "$@" > "$tmp/out" 2> "$tmp/err"
  st=$?
  [ $st -eq 2 ] || fail "sim $*: exit $st, not 2"
  [ ! -s "$tmp/out" ] || fail "sim $*: wrote on stdout"
  [ "$(head -n 1 "$tmp/err")" = "volley sim: $msg" ] || fail "sim $*: $(head -n 1 "$tmp/err")"
  grep -q '^usage: volley sim <id|path> --games N' "$tmp/err" || fail "sim $*: no usage"
}
expect2 "which scenario? give an id or a path" --games 3
expect2 "how many games? give --games N" tests/data/demo
expect2 "--games takes a number of games from 1 to 1000000000" tests/data/demo --games 0
expect2 "--shard needs --seed: every shard must play the same run" tests/data/demo --games 3 --shard 1/2
expect2 "--shard takes k/n with 1 <= k <= n, e.g. --shard 2/4" tests/data/demo --games 3 --seed 1 --shard 0/2
expect2 "give --bots or --bot, not both" tests/data/demo --games 3 --bots random,random --bot A=first
expect2 "--bots names 1 bot for 2 sides (sides: A B)" tests/data/demo --games 3 --bots random
expect2 "unknown bot 'clever' (known: first, random, search, smart)" tests/data/demo --games 3 --bots random,clever
expect2 "no side 'C' in this scenario (sides: A B)" tests/data/demo --games 3 --bot C=random
expect2 "--merge takes shard outputs and --json only, not --games" --merge "$tmp/s1.jsonl" --games 3
expect2 "unknown option '--frobnicate'" tests/data/demo --games 3 --frobnicate
"$volley" sim --help | head -n 1 | grep -q '^usage: volley sim <id|path> --games N' \
  || fail "--help"
exit 0
