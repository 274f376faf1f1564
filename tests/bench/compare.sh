#!/bin/sh
# tests/bench/compare.sh -- the part of make bench that compares this build with a build of a
# fixed older commit (issue #38; docs/performance.md): CPU per decision and decisions per CPU
# second of random Palo Alto games, on Lua 5.4 and LuaJIT, for both, and their ratio; the
# replay time of the longest recorded game (tests/replay) and of a whole random game recorded
# now, for both; and `volley play --json` with two bots against `volley sim` for the same game.
# Runs are interleaved (older, this, older, this) so a machine shared with others disturbs both
# alike; figures are CPU seconds (os.clock, in-process: tests/bench/compare_palo.lua).
#
# The older commit (VOLLEY_BENCH_BASE, default the commit before issue #38's work) is exported
# with `git archive` into build-bench/<commit>/ and its volley.so built there for both VMs, once
# (kept for the next make bench; make clean removes build-bench/). Never in make test.
# VOLLEY_BENCH_GAMES (default 3) games of VOLLEY_BENCH_CAP (default 3000) decisions a round,
# VOLLEY_BENCH_ROUNDS (default 2) rounds. Figures only, never a verdict.
# The figures come back as words on one line, split on purpose into $1 $2 ... (set -- $(...)).
# shellcheck disable=SC2046
set -eu
cd "$(dirname "$0")/../.."
here=$PWD
base=${VOLLEY_BENCH_BASE:-102f1a493bf163dcc5baec5da7ae13d3a3ab54c4}
games=${VOLLEY_BENCH_GAMES:-3}
cap=${VOLLEY_BENCH_CAP:-3000}
rounds=${VOLLEY_BENCH_ROUNDS:-2}
jobs=$(nproc 2>/dev/null || echo 2)
old=$here/build-bench/$(echo "$base" | cut -c1-12)

if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
  echo "compare: commit $base not in this repository; skipped"
  exit 0
fi
if [ ! -f "$old/build/volley.so" ] || [ ! -f "$old/build-luajit/volley.so" ]; then
  echo "== building the older commit $(echo "$base" | cut -c1-12) in $old (once) =="
  rm -rf "$old"
  mkdir -p "$old"
  git archive "$base" | tar -x -C "$old"
  cmake -S "$old" -B "$old/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$old/build" -j "$jobs" --target volley_module -- --no-print-directory >/dev/null
  cmake -S "$old" -B "$old/build-luajit" -DCMAKE_BUILD_TYPE=Release -DVOLLEY_LUAJIT=ON >/dev/null
  cmake --build "$old/build-luajit" -j "$jobs" --target volley_module -- --no-print-directory \
    >/dev/null
fi

state=$(mktemp -d)
trap 'rm -rf "$state"' EXIT
export XDG_STATE_HOME="$state"

# This build's measures run with the allocator its volley program links (Debian's jemalloc,
# when the build found it: CMakeLists.txt), preloaded into the stock interpreter that runs them.
alloc=$(ldd build/volley 2>/dev/null | awk '/libjemalloc/ { print $3 }')
glibc="glibc's malloc"
echo "this build's allocator: ${alloc:-$glibc}; the older commit's: $glibc"

# run TREE BUILD INTERP ARGS...: one compare_palo.lua measure against TREE's scripts and BUILD
run() {
  tree=$1 build=$2 interp=$3 pre=
  shift 3
  [ "$tree" = "$here" ] && pre=$alloc
  (cd "$tree" && VOLLEY_PATH="$tree" LUA_PATH="$tree/scripts/?.lua;$tree/scripts/?/init.lua;;" \
    LUA_CPATH="$tree/$build/?.so;;" LD_PRELOAD="$pre" $interp "$here/tests/bench/compare_palo.lua" \
    "$@")
}

echo "== random Palo Alto games: $(echo "$base" | cut -c1-12) against this build =="
echo "   ($rounds rounds of $games games capped at $cap decisions, interleaved; CPU time)"
printf '%-8s %-14s %10s %9s %13s %13s\n' "VM" "build" "decisions" "CPU s" "us/decision" \
  "decisions/s"
for vm in lua5.4 luajit; do
  # the older commit's module is <build>/volley.so; this tree's <build>/lua/<abi>/volley/core.so
  if [ "$vm" = lua5.4 ]; then b=build; abi=5.4; name="Lua 5.4"
  else b="build-luajit"; abi=5.1; name=LuaJIT; fi
  od=0 os=0 nd=0 ns=0 oh="" nh=""
  r=0
  while [ $r -lt "$rounds" ]; do
    set -- $(run "$old" "$b" "$vm" games "$cap" "$games")
    od=$((od + $2)); os=$(awk -v a="$os" -v b="$3" 'BEGIN { print a + b }'); oh=$4
    set -- $(run "$here" "$b/lua/$abi" "$vm" games "$cap" "$games")
    nd=$((nd + $2)); ns=$(awk -v a="$ns" -v b="$3" 'BEGIN { print a + b }'); nh=$4
    r=$((r + 1))
  done
  awk -v vm="$name" -v od="$od" -v os="$os" -v nd="$nd" -v ns="$ns" 'BEGIN {
    printf "%-8s %-14s %10d %9.2f %13.1f %13.0f\n", vm, "older", od, os, os / od * 1e6, od / os
    printf "%-8s %-14s %10d %9.2f %13.1f %13.0f\n", vm, "this", nd, ns, ns / nd * 1e6, nd / ns
    printf "%-8s ratio older/this, CPU per decision: %.2f\n", vm, (os / od) / (ns / nd) }'
  [ "$oh" = "$nh" ] || echo "$name: the games ended in other states ($oh against $nh)"
done

echo "== replay (CPU s; volley replay, in-process) =="
long=$state/palo-alto-long.save
seed=5103132997656651   # sim.seed_of(1, 0): the first game above
set -- $(run "$here" build/lua/5.4 lua5.4 sim "$seed" 100000)
simd=$2 sims=$3
set -- $(run "$here" build/lua/5.4 lua5.4 play "$seed" 100000 "$long")
plays=$2
printf '%-8s %-40s %8s %10s %10s %8s\n' "VM" "save" "answers" "older s" "this s" "ratio"
for vm in lua5.4 luajit; do
  # the older commit's module is <build>/volley.so; this tree's <build>/lua/<abi>/volley/core.so
  if [ "$vm" = lua5.4 ]; then b=build; abi=5.4; name="Lua 5.4"
  else b="build-luajit"; abi=5.1; name=LuaJIT; fi
  for f in "$here/tests/replay/palo-alto-random-24.save" "$long"; do
    set -- $(run "$old" "$b" "$vm" replay "$f")
    os=$3 oh=$4
    set -- $(run "$here" "$b/lua/$abi" "$vm" replay "$f")
    awk -v vm="$name" -v f="$(basename "$f")" -v n="$2" -v os="$os" -v ns="$3" 'BEGIN {
      printf "%-8s %-40s %8d %10.2f %10.2f %8.2f\n", vm, f, n, os, ns, os / ns }'
    [ "$oh" = "$4" ] || echo "$name: $(basename "$f") replayed to other states ($oh against $4)"
  done
done

echo "== volley play --json, two random bots, against volley sim: one whole game (Lua 5.4, this build) =="
awk -v d="$simd" -v s="$sims" -v p="$plays" 'BEGIN {
  printf "%d decisions: sim %.2f s, play --json %.2f s, play/sim %.2f\n", d, s, p, p / s }'
