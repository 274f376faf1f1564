#!/bin/sh
# tests/soak/run.sh -- make soak: plays SOAK_GAMES (500) Palo Alto games, random bot against
# random bot, with run seed SOAK_SEED (24), on Lua 5.4 (./build) and on LuaJIT (./build-luajit).
# Each VM's run is cut into SOAK_JOBS shards (the machine's cores) played at once with
# `volley sim --shard k/n --json`, then merged with `volley sim --merge` (docs/sim.md). Prints
# per VM the merged summary (win rates with their 95% intervals, the capped count, mean
# decisions and the decisions/s of one process), the wall time and the decisions/s of all
# shards together; then checks that both VMs ended every game in the same state (same seeds,
# same bots: the same game, DESIGN.md principle 3). The issue's acceptance (#24): at least 95%
# of the games end by a Withdrawal, not by the cap. Exit 1 when a run fails or the VMs
# disagree; the figures are reports, never assertions on time.
#
#   make soak                              500 games a VM
#   make soak SOAK_GAMES=40 SOAK_JOBS=2    fewer games (each takes ~15-25 s of one core)
#   SOAK_VMS=build make soak               Lua 5.4 only
#   SOAK_KEEP=DIR make soak                also keep each VM's merged JSON lines in DIR
#   SOAK_AGAINST=FILE SOAK_VMS=build-luajit make soak
#                                          compare the states with a kept run of the other
#                                          VM (FILE: a SOAK_KEEP file of the same games)
#
# Then SOAK_RESACA (100) whole Resaca de la Palma games (issue 39), random against random,
# run seed SOAK_RESACA_SEED (39), on the same VMs and shards with the same cross-VM check
# (each takes some 30 s of one core on Lua 5.4; SOAK_RESACA=0 skips them, and
# `SOAK_GAMES=0 SOAK_RESACA=2 SOAK_JOURNAL=0 SOAK_KILLS=0 make soak` plays just two); then
# SOAK_RESACA_HIDDEN (100) whole games of its hidden deployment (issue 40,
# rough-and-ready/resaca-de-la-palma/hidden), run seed SOAK_RESACA_HIDDEN_SEED (40), the same
# way (SOAK_RESACA_HIDDEN=0 skips them).
# Then SOAK_RIO (100) whole Rio Sacramento games (issue 41), the same way, run seed
# SOAK_RIO_SEED (41); SOAK_RIO=0 skips them. Then SOAK_BV (20) whole Battle of Buena Vista
# games (issue 44: twelve turns, or to the rain, with movement only), run seed SOAK_BV_SEED
# (44), the same way (some 15 s a game on Lua 5.4; SOAK_BV=0 skips them).
#
# Then the journal property test of issue 32 (docs/build.md "The journal property test"):
# SOAK_JOURNAL (200) random sequences on each VM from seed SOAK_JOURNAL_FIRST (1), each
# checked against one replay of its final journal; with both VMs, a sixth of them played
# again on Lua 5.4 with the whole battery and their saves replayed on LuaJIT.
#
#   SOAK_GAMES=0 SOAK_RESACA=0 SOAK_RIO=0 make soak   the journal property test only
#   SOAK_JOURNAL=0 make soak               the bot games only
set -u
cd "$(dirname "$0")/../.."
games=${SOAK_GAMES:-500}
seed=${SOAK_SEED:-24}
jobs=${SOAK_JOBS:-$(nproc 2>/dev/null || echo 2)}
vms=${SOAK_VMS:-build build-luajit}
keep=${SOAK_KEEP:-}
journal=${SOAK_JOURNAL:-200}
resaca=${SOAK_RESACA:-100}
resaca_seed=${SOAK_RESACA_SEED:-39}
hidden=${SOAK_RESACA_HIDDEN:-100}
hidden_seed=${SOAK_RESACA_HIDDEN_SEED:-40}
rio=${SOAK_RIO:-100}
rio_seed=${SOAK_RIO_SEED:-41}
bv=${SOAK_BV:-20}
bv_seed=${SOAK_BV_SEED:-44}
journal_first=${SOAK_JOURNAL_FIRST:-1}
against=${SOAK_AGAINST:-}
[ -z "$against" ] || [ -r "$against" ] || { echo "make soak: cannot read $against" >&2; exit 1; }
scenario=rough-and-ready/palo-alto
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "make soak: $*" >&2; exit 1; }
now() { date +%s; }

# soak_games SCENARIO GAMES SEED TAG: GAMES random games of SCENARIO on every VM of $vms,
# sharded and merged, then (with two VMs) the cross-VM check; $tmp/<vm>.<TAG>.merged holds
# each VM's merged lines, $tmp/<vm>.<TAG>.hashes its games' end states.
soak_games() {
  scenario=$1 n=$2 s=$3 tag=$4
  for vm in $vms; do
    volley=./$vm/volley
    [ -x "$volley" ] || fail "$volley is missing (make $vm)"
    [ "$n" -gt 0 ] || continue
    echo "== $vm: $n games of $scenario, random,random, seed $s, $jobs shards =="
    start=$(now)
    pids=""
    k=1
    while [ "$k" -le "$jobs" ]; do
      "$volley" sim "$scenario" --games "$n" --bots random,random --seed "$s" \
        --shard "$k/$jobs" --json > "$tmp/$vm.$tag.$k.jsonl" 2> "$tmp/$vm.$tag.$k.err" &
      pids="$pids $!"
      k=$((k + 1))
    done
    status=0
    for p in $pids; do wait "$p" || status=1; done
    wall=$(( $(now) - start ))
    [ "$status" -eq 0 ] || { cat "$tmp"/"$vm.$tag".*.err >&2; fail "$vm: a shard failed"; }
    "$volley" sim --merge "$tmp"/"$vm.$tag".*.jsonl || fail "$vm: the merge failed"
    "$volley" sim --merge "$tmp"/"$vm.$tag".*.jsonl --json > "$tmp/$vm.$tag.merged" \
      || fail "$vm: merge"
    total=$(grep '"event":"game_over"' "$tmp/$vm.$tag.merged" \
            | sed 's/.*"decisions":\([0-9]*\).*/\1/' | awk '{s += $1} END {print s + 0}')
    finished=$(tail -n 1 "$tmp/$vm.$tag.merged" | sed 's/.*"finished":\([0-9]*\).*/\1/')
    echo "wall ${wall} s for $total decisions: $(awk -v d="$total" -v w="$wall" \
      'BEGIN {printf "%.0f", (w > 0 ? d / w : 0)}') decisions/s over $jobs shards;" \
      "$(awk -v f="$finished" -v g="$n" 'BEGIN {printf "%.1f", 100 * f / g}')% of the games" \
      "ended by the rules (acceptance: 95%)"
    grep '"event":"game_over"' "$tmp/$vm.$tag.merged" \
      | sed 's/.*"game":\([0-9]*\).*"state_hash":"\([0-9a-f]*\)".*/\1 \2/' \
      > "$tmp/$vm.$tag.hashes"
  done
  set -- $vms
  if [ $# -eq 2 ] && [ "$n" -gt 0 ]; then
    cmp -s "$tmp/$1.$tag.hashes" "$tmp/$2.$tag.hashes" \
      || fail "$1 and $2 ended some $scenario game in different states:" \
         "$(diff "$tmp/$1.$tag.hashes" "$tmp/$2.$tag.hashes" | head -n 4 | tr '\n' ' ')"
    echo "== $1 and $2 ended all $n games of $scenario in the same states =="
  fi
}

soak_games "$scenario" "$games" "$seed" pa
if [ -n "$keep" ] && [ "$games" -gt 0 ]; then
  for vm in $vms; do
    mkdir -p "$keep" && cp "$tmp/$vm.pa.merged" "$keep/$vm.jsonl" || fail "cannot keep in $keep"
  done
fi
if [ -n "$against" ]; then
  grep '"event":"game_over"' "$against" \
    | sed 's/.*"game":\([0-9]*\).*"state_hash":"\([0-9a-f]*\)".*/\1 \2/' > "$tmp/against"
  for vm in $vms; do
    cmp -s "$tmp/against" "$tmp/$vm.pa.hashes" \
      || fail "$vm and $against ended some game in different states (or played other" \
         "games): $(diff "$tmp/against" "$tmp/$vm.pa.hashes" | head -n 4 | tr '\n' ' ')"
    echo "== $vm and $against ended all $games games in the same states =="
  done
fi

# Resaca de la Palma's whole random games (issue 39), the same way: its own count and seed.
soak_games rough-and-ready/resaca-de-la-palma "$resaca" "$resaca_seed" resaca
# Its hidden deployment's (issue 40), the same way.
soak_games rough-and-ready/resaca-de-la-palma/hidden "$hidden" "$hidden_seed" hidden

# Rio Sacramento's whole random games (issue 41), the same way: its own count and seed.
soak_games rough-and-ready/rio-sacramento "$rio" "$rio_seed" rio

# Battle of Buena Vista's whole random games (issue 44), the same way.
soak_games battle-of-buena-vista/buena-vista "$bv" "$bv_seed" bv

# The journal property test: each VM's interpreter with its own build's volley/core.so.
lua_of() { case "$1" in *luajit*) echo luajit ;; *) echo lua5.4 ;; esac; }
if [ "$journal" -gt 0 ]; then
  for vm in $vms; do
    echo "== $vm: the journal property, $journal sequences from seed $journal_first =="
    VOLLEY_PATH=$PWD XDG_STATE_HOME="$tmp/state" "$(lua_of "$vm")" \
      tests/soak/journal_property.lua "$vm" "$journal" "$journal_first" \
      || fail "$vm: the journal property broke (above)"
  done
  set -- $vms
  if [ $# -eq 2 ]; then
    cross=$(( journal / 6 > 0 ? journal / 6 : 1 ))
    echo "== $cross sequences played on $1 with the whole battery, replayed on $2 =="
    mkdir -p "$tmp/kept"
    VOLLEY_PATH=$PWD XDG_STATE_HOME="$tmp/state" "$(lua_of "$1")" \
      tests/soak/journal_property.lua "$1" --battery --keep "$tmp/kept" "$cross" \
      "$journal_first" > /dev/null
    VOLLEY_PATH=$PWD XDG_STATE_HOME="$tmp/state" "$(lua_of "$2")" \
      tests/soak/journal_property.lua "$2" --against "$tmp/kept" \
      || fail "a save made on $1 replays otherwise on $2 (above)"
  fi
fi
