#!/bin/sh
# tests/bench/smoke.sh -- one Lua bench in smoke mode, as ctest's bench.<name> runs it:
#   sh tests/bench/smoke.sh INTERPRETER MODULE_DIR tests/bench/<name>_bench.lua VM_NAME
# A few iterations of each measure (VOLLEY_BENCH_SMOKE=1, benchlib.n), with the paths make
# bench gives (tests/bench/run.sh), against MODULE_DIR/volley/core.so (MODULE_DIR is
# <builddir>/lua/<abi>): a bench that no longer runs fails make test. Its figures are printed
# and never asserted.
set -eu
interp=$1 build=$2 file=$3 vm=$4
cd "$(dirname "$0")/../.."
lp="$PWD/scripts/?.lua;$PWD/scripts/?/init.lua;$PWD/tests/?.lua;$PWD/tests/bench/?.lua"
VOLLEY_PATH="$PWD" VOLLEY_BENCH_SMOKE=1 VOLLEY_BENCH_TSV="" LUA_PATH="$lp;;" \
  LUA_CPATH="$build/?.so;;" exec $interp "$file" "$vm"
