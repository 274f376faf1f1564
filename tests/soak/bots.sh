#!/bin/sh
# tests/soak/bots.sh -- make soak's bot strength runs (docs/bots.md "Strength"): smart against
# random on Palo Alto from either seat, a sequential test (tests/soak/sprt.lua: SPRT of p = 0.5
# against p = 0.65, alpha = beta = 0.05) after every batch, stopped when it decides or at
# SOAK_BOTS games (200); then SOAK_BOTS_SELF (20) smart-against-smart games for the length of
# a battle (the decisions of each game). Batches of SOAK_JOBS games a seat, played at once
# (`volley sim --seed`: one run seed a seat and batch). VM: SOAK_BOTS_VM (build-luajit).
# The figures are reports: the run fails only when a game fails.
#
#   SOAK_BOTS=0 make soak                  skips them
#   SOAK_BOTS=8 SOAK_BOTS_SELF=2 sh tests/soak/bots.sh   a short run
set -u
cd "$(dirname "$0")/../.." || exit 1
cap=${SOAK_BOTS:-200}
self=${SOAK_BOTS_SELF:-20}
jobs=${SOAK_JOBS:-$(nproc 2>/dev/null || echo 2)}
vm=${SOAK_BOTS_VM:-build-luajit}
seed=${SOAK_BOTS_SEED:-47}
volley=./$vm/volley
scenario=rough-and-ready/palo-alto
[ "$cap" -gt 0 ] || exit 0
[ -x "$volley" ] || { echo "make soak: $volley is missing (make $vm)" >&2; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "make soak: $*" >&2; exit 1; }
: > "$tmp/all.jsonl"
echo "== $vm: smart against random, $scenario, SPRT, at most $cap games =="
played=0 batch=0
while [ "$played" -lt "$cap" ]; do
  pids=""
  k=1
  while [ "$k" -le "$jobs" ]; do
    s=$((seed * 100000 + batch * 100 + k))
    "$volley" sim "$scenario" --games 1 --bots smart,random --seed "$s" --json \
      > "$tmp/a.$k.jsonl" 2> "$tmp/a.$k.err" &
    pids="$pids $!"
    "$volley" sim "$scenario" --games 1 --bots random,smart --seed "$s" --json \
      > "$tmp/b.$k.jsonl" 2> "$tmp/b.$k.err" &
    pids="$pids $!"
    k=$((k + 1))
  done
  for p in $pids; do wait "$p" || fail "a smart game failed: $(cat "$tmp"/*.err)"; done
  cat "$tmp"/a.*.jsonl "$tmp"/b.*.jsonl >> "$tmp/all.jsonl"
  played=$((played + 2 * jobs))
  batch=$((batch + 1))
  line=$(lua5.4 tests/soak/sprt.lua smart random < "$tmp/all.jsonl") || fail "sprt failed"
  echo "$line"
  case $line in *": H1"|*": H0") break ;; esac
done
grep '"event":"game_over"' "$tmp/all.jsonl" | sed 's/.*"decisions":\([0-9]*\).*/\1/' \
  | sort -n | tr '\n' ' ' | sed 's/^/decisions of each game: /'
echo
if [ "$self" -gt 0 ]; then
  echo "== $vm: $self games smart against smart =="
  "$volley" sim "$scenario" --games "$self" --bots smart,smart --seed "$seed" --json \
    > "$tmp/self.jsonl" 2> "$tmp/self.err" || fail "smart,smart: $(cat "$tmp/self.err")"
  tail -n 1 "$tmp/self.jsonl"
  grep '"event":"game_over"' "$tmp/self.jsonl" | sed 's/.*"decisions":\([0-9]*\).*/\1/' \
    | sort -n | tr '\n' ' ' | sed 's/^/decisions of each game: /'
  echo
fi
