#!/bin/sh
# tests/bench/run.sh -- make bench: runs every tests/bench/*_bench.lua under Lua 5.4 (./build)
# and LuaJIT (./build-luajit), and every C benchmark program build/tests/bench_*. Each prints
# its own table of figures and ratios. Figures, never assertions: nothing here fails on time.
set -eu
cd "$(dirname "$0")/../.."
export VOLLEY_PATH="$PWD"
lp="$PWD/scripts/?.lua;$PWD/scripts/?/init.lua;$PWD/tests/?.lua;$PWD/tests/bench/?.lua"
tsv=$(mktemp)
trap 'rm -f "$tsv"' EXIT
export VOLLEY_BENCH_TSV="$tsv"
found=0
for b in build/tests/bench_*; do
  [ -x "$b" ] || continue
  found=1
  echo "== $(basename "$b") (C) =="
  "$b"
done
for f in tests/bench/*_bench.lua; do
  [ -f "$f" ] || continue
  found=1
  echo "== $(basename "$f" .lua) =="
  LUA_PATH="$lp;;" LUA_CPATH="$PWD/build/lua/5.4/?.so;;" lua5.4 "$f" "Lua 5.4"
  LUA_PATH="$lp;;" LUA_CPATH="$PWD/build-luajit/lua/5.1/?.so;;" luajit "$f" "LuaJIT"
done
[ $found -eq 1 ] || echo "no benchmarks yet"
if [ -s "$tsv" ]; then
  echo "== Lua 5.4 against LuaJIT (ns through the C binding; ratio above 1: LuaJIT is faster) =="
  awk -F'\t' '
    $3 == "Lua 5.4" { lua[$1 "\t" $2] = $4; order[++n] = $1 "\t" $2 }
    $3 == "LuaJIT"  { jit[$1 "\t" $2] = $4 }
    END {
      printf "%-8s %-26s %12s %12s %9s\n", "bench", "operation", "Lua 5.4", "LuaJIT", "5.4/JIT"
      for (i = 1; i <= n; i++) {
        k = order[i]; split(k, p, "\t")
        if (k in jit && jit[k] > 0)
          printf "%-8s %-26s %12.1f %12.1f %9.2f\n", p[1], p[2], lua[k], jit[k], lua[k] / jit[k]
      }
    }' "$tsv"
fi
