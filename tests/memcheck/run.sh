#!/bin/sh
# tests/memcheck/run.sh -- make memcheck (issue 42; docs/build.md "make memcheck",
# docs/robustness.md "Memcheck"): valgrind's memcheck on the Lua 5.4 build (./build, or
# MEMCHECK_BUILD): every C test (<build>/tests/test_*, the cmocka programs ctest runs as c.*),
# then `volley sim` of MEMCHECK_GAMES (20) bot games, random against random, of the demo
# (tests/data/demo) and of Palo Alto, each capped at MEMCHECK_DECISIONS (1000) decisions.
# Each run prints its valgrind `ERROR SUMMARY` line (one a process, for a child it forks that
# ends normally); a run with an error (a leak of a block no pointer reaches counts), a run that
# fails, or a program whose log has no summary fails the target and its log is shown. A child
# that runs another program or is killed on purpose has no summary: its log may hold nothing
# but valgrind's header. Suppressions: tests/memcheck/debian.supp (Debian's libraries only).
#
# The program links Debian's jemalloc when it is installed (CMakeLists.txt). Valgrind's own
# malloc, preloaded, takes the place of jemalloc's (the program's calls resolve to the first
# definition, valgrind's); --soname-synonyms says so explicitly, so the same build is checked
# that `make test` tests and players run. (The heap summary counts every allocation, and the
# totals are the same as with glibc's malloc.)
#
#   make memcheck                                      the whole run (about 1 h on 2 busy cores)
#   MEMCHECK_GAMES=2 MEMCHECK_DECISIONS=100 make memcheck   a short one
#   MEMCHECK_ONLY=c|sim                                the C tests or the games only
set -u
cd "$(dirname "$0")/../.." || exit 1
build=${MEMCHECK_BUILD:-build}
games=${MEMCHECK_GAMES:-20}
decisions=${MEMCHECK_DECISIONS:-1000}
only=${MEMCHECK_ONLY:-}
command -v valgrind > /dev/null || { echo "make memcheck: valgrind is missing (deps/debian.txt)" >&2; exit 1; }
[ -x "$build/volley" ] || { echo "make memcheck: $build/volley is missing (make build)" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
VOLLEY_PATH=$PWD
XDG_STATE_HOME=$tmp/state
export VOLLEY_PATH XDG_STATE_HOME
failed=0
start=$(date +%s)

# check NAME COMMAND...: COMMAND under memcheck, its output in $tmp/NAME.out; one log a process
check() {
  name=$1
  shift
  t0=$(date +%s)
  valgrind --error-exitcode=99 --leak-check=full --num-callers=30 \
    --suppressions=tests/memcheck/debian.supp '--soname-synonyms=somalloc=*jemalloc*' \
    --log-file="$tmp/$name.%p.log" "$@" > "$tmp/$name.out" 2>&1
  status=$?
  t=$(( $(date +%s) - t0 ))
  ok=1
  [ "$status" -eq 0 ] || ok=""
  n=0
  for log in "$tmp/$name".*.log; do
    [ -e "$log" ] || continue
    summary=$(grep 'ERROR SUMMARY:' "$log" | tail -n 1 | sed 's/^==[0-9]*== //')
    if grep -q "^==[0-9]*== Parent PID: $$\$" "$log"; then
      n=$((n + 1))   # the program itself: it must end with its summary
      [ -n "$summary" ] || summary="no ERROR SUMMARY line (the program did not end normally)"
    elif [ -z "$summary" ]; then
      # a child it forked that ran another program (not traced) or that it killed on purpose
      # (test_save's crash test): no summary, and nothing but valgrind's header is allowed
      if [ "$(grep -cv -e '^==[0-9]*== $' -e '^==[0-9]*== \(Memcheck, a memory\|Copyright\|Using Valgrind\|Command:\|Parent PID:\)' "$log")" -eq 0 ]; then
        continue
      fi
      summary="a report without an ERROR SUMMARY line (a child process)"
    fi
    echo "$name: $summary (${t} s)"
    case $summary in
      "ERROR SUMMARY: 0 errors "*) ;;
      *) ok=""; cat "$log" >&2 ;;
    esac
  done
  [ "$n" -gt 0 ] || ok=""
  if [ -z "$ok" ]; then
    echo "make memcheck: $name failed (exit $status)" >&2
    tail -n 20 "$tmp/$name.out" >&2
    failed=1
  fi
}

if [ "$only" != sim ]; then
  echo "== memcheck: the C tests of $build =="
  found=""
  for t in "$build"/tests/test_*; do
    [ -x "$t" ] || continue
    found=1
    check "c.$(basename "$t" | sed 's/^test_//')" "$t"
  done
  [ -n "$found" ] || { echo "make memcheck: no C test in $build/tests (cmocka?)" >&2; failed=1; }
fi
if [ "$only" != c ]; then
  echo "== memcheck: $games games of the demo and of Palo Alto, random,random, at most $decisions decisions a game =="
  check sim.demo "$build/volley" sim tests/data/demo --games "$games" --bots random,random \
    --seed 1 --max-decisions "$decisions"
  check sim.palo-alto "$build/volley" sim rough-and-ready/palo-alto --games "$games" \
    --bots random,random --seed 1 --max-decisions "$decisions"
  for f in "$tmp"/sim.*.out; do
    echo "$(basename "$f" .out): $(grep 'decisions per game' "$f")"
  done
fi
echo "make memcheck: $([ "$failed" -eq 0 ] && echo "no error" || echo "FAILED") in $(( $(date +%s) - start )) s"
exit "$failed"
