#!/bin/sh
# tests/fuzz/run.sh -- make fuzz: runs each harness of ./build-fuzz for FUZZ_SECONDS (default
# 60), FUZZ_JOBS at once (default 2), niced. FUZZ_KINDS="map save" runs those only. Each kind's
# corpus is build-fuzz/fuzz/corpus/<kind>/, seeded from the tree (tests/fuzz/seeds.txt,
# tests/fuzz/corpus/<kind>/, tests/fuzz/regressions/<kind>/) and kept between runs; its
# dictionary is made from the seeds' INI keys and sections, the command words, or a fixed
# list (build-fuzz/fuzz/dict/<kind>.dict). A finding is written to build-fuzz/fuzz/found/<kind>/
# (copy it to tests/fuzz/regressions/<kind>/ once fixed); the log of a run is
# build-fuzz/fuzz/log/<kind>.log, and its last line (executions, exec/s, coverage) is printed.
set -eu
SECONDS_EACH=${FUZZ_SECONDS:-60}
JOBS=${FUZZ_JOBS:-2}
out=build-fuzz/fuzz
bin=build-fuzz/tests/fuzz
mkdir -p "$out/corpus" "$out/dict" "$out/found" "$out/log"

kinds=${FUZZ_KINDS:-$(for f in tests/fuzz/fuzz_*.c; do basename "$f" .c | sed 's/^fuzz_//'; done)}

# The seeds of a kind: the globs of seeds.txt, the corpus and the regressions kept in the tree.
seed() {
  kind=$1
  dir=$out/corpus/$kind
  mkdir -p "$dir"
  grep "^${kind}[[:space:]]" tests/fuzz/seeds.txt | while read -r _ glob; do
    for f in $glob; do
      [ -f "$f" ] && cp "$f" "$dir/seed-$(echo "$f" | tr / _)"
    done
  done
  for d in tests/fuzz/corpus/$kind tests/fuzz/regressions/$kind; do
    [ -d "$d" ] && find "$d" -maxdepth 1 -type f ! -name '.*' -exec cp {} "$dir/" \;
  done
  return 0
}

# A dictionary line per word (libFuzzer's format), the words sorted and unique.
dict_of() {
  LC_ALL=C sort -u | LC_ALL=C grep -v -e '^$' -e '[^ -~]' | sed 's/\\/\\\\/g; s/"/\\"/g; s/.*/"&"/'
}

dictionary() {
  kind=$1
  case $kind in
    commands)
      lua5.4 -e 'package.path = "scripts/?.lua;scripts/?/init.lua;" .. package.path
        for _, w in ipairs(require("volley.commands").command_words()) do print(w) end' ;
      printf '%s\n' all A1 A2 B1 0103 0105 0203 0505 1203 pike/G Twiggs fire hold "done" \
        '#' '?' + , N NE SE S SW NW ;;
    placement)
      printf '%s\n' any hex hexes hexside above within of adjacent to from row column \
        north south east west road woods level Level with predicate reserve and or \
        including the "(" ")" "," "-" "/" space place box ;;
    chart_codes)
      printf '%s\n' R D DR "/" "-" "+" 1 2 3 "or" none check ;;
    save)
      sed -n 's/^\([a-z-]*\) .*/\1/p' tests/data/saves/good.save tests/replay/demo-*.save ;
      printf '%s\n' 'checksum sha256 ' 'volley-save 1' answer forced d6 d10 2d6 ;;
    sandbox)
      printf '%s\n' 'volley.on(' 'function' 'end' 'return' 'local' 'while true do' \
        'coroutine.wrap(' 'coroutine.yield(' 'pcall(' 'error(' 'setmetatable(' \
        'string.rep(' 'load(' 'volley.ask(' 'turn.start' 'fire.drm' ;;
    *)   # an INI file: the sections and keys of its seeds
      cat "$out/corpus/$kind"/seed-* 2>/dev/null |
        sed -n 's/^[[:space:]]*\(\[[^]]*\]\).*/\1/p; s/^[[:space:]]*\([A-Za-z0-9_.]*\)[[:space:]]*=.*/\1 = /p' ;
      printf '%s\n' ' = ' '[' ']' ';' '#' ;;
  esac | dict_of > "$out/dict/$kind.dict"
}

run() {
  kind=$1
  seed "$kind"
  dictionary "$kind"
  mkdir -p "$out/found/$kind"
  # a prompt line or a chart cell: at most 4096 bytes reach the grammar. Where Lua runs, memory
  # is the collector's, so libFuzzer's leak check after each input (which it makes whenever an
  # input's allocations and frees differ: always, with a collector) would cost 20 times the
  # input for nothing; ASan's check at exit stays.
  case $kind in
    commands|placement|chart_codes) max_len=4096 leaks=0 ;;
    sandbox) max_len=65536 leaks=0 ;;
    *) max_len=65536 leaks=1 ;;
  esac
  set +e
  nice -n 19 "$bin/fuzz_$kind" -max_total_time="$SECONDS_EACH" -timeout=30 -rss_limit_mb=2048 \
    -max_len="$max_len" -detect_leaks="$leaks" -print_final_stats=1 -dict="$out/dict/$kind.dict" \
    -artifact_prefix="$out/found/$kind/" "$out/corpus/$kind" > "$out/log/$kind.log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log/$kind.log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/log/$kind.log")
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$out/log/$kind.log" | tail -1)
  found=$(find "$out/found/$kind" -type f | wc -l)
  echo "fuzz_$kind: ${SECONDS_EACH}s, ${execs:-?} executions, ${rate:-?} exec/s, ${cov:-no coverage line}, findings: $found (exit $rc)"
}

n=0
for kind in $kinds; do
  run "$kind" &
  n=$((n + 1))
  if [ "$n" -ge "$JOBS" ]; then wait; n=0; fi
done
wait
if find "$out/found" -type f | grep -q .; then
  echo "make fuzz: findings in $out/found (see each kind's log in $out/log)"
  exit 1
fi
echo "make fuzz: no finding"
