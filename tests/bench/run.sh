#!/bin/sh
# tests/bench/run.sh -- make bench: runs every tests/bench/*_bench.lua under Lua 5.4 (./build)
# and LuaJIT (./build-luajit), and every C benchmark program build/tests/bench_*. Each prints
# its own table of figures and ratios. Figures, never assertions: nothing here fails on time.
set -eu
cd "$(dirname "$0")/../.."
export VOLLEY_PATH="$PWD"
lp="$PWD/scripts/?.lua;$PWD/scripts/?/init.lua;$PWD/tests/?.lua;$PWD/tests/bench/?.lua"
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
  LUA_PATH="$lp;;" LUA_CPATH="$PWD/build/?.so;;" lua5.4 "$f" "Lua 5.4"
  LUA_PATH="$lp;;" LUA_CPATH="$PWD/build-luajit/?.so;;" luajit "$f" "LuaJIT"
done
[ $found -eq 1 ] || echo "no benchmarks yet"
