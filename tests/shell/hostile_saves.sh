#!/bin/sh
# Hostile saves and the names scripts give that reach a save (issue 31, items 7-11): each case
# once lost a save, hung, took gigabytes or echoed a foreign byte; each now ends with the
# clean message pinned here.
# shellcheck disable=SC2086 # the flag lists ($bots, $args, $units ...) split on purpose
set -u
volley=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bots="--bot A=random --bot B=random"
# No ESC, NUL, BEL or other C0 byte but the line ends (tab included) in a file.
clean() { ! LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$1" && ! LC_ALL=C tr -d '\n' <"$1" | od -An -c | grep -q '\\0'; }
# A save's text with its checksum line (the body from stdin).
seal() { cat >"$1.body"; { cat "$1.body"; printf 'checksum sha256 %s\n' "$(sha256sum <"$1.body" | cut -c1-64)"; } >"$1"; }

# 7, 8. A request kind that is not a word, or longer than a save's word: refused where the mod
#    asks, naming it and its line; the game stops, and --save is still written and reads back.
for case in "evil_kind.lua|request kind 'house rule' is not a word" \
            "evil_long_kind.lua|request kind 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...' is not a word"; do
  mod=${case%%|*}
  want=${case#*|}
  rm -f "$tmp/k.save"
  "$volley" play tests/data/demo --seed 3 $bots --mod "tests/data/mods/$mod" --save "$tmp/k.save" \
    >/dev/null 2>"$tmp/err"
  status=$?
  [ $status -eq 1 ] || fail "$mod: exit $status: $(cat "$tmp/err")"
  [ "$(cat "$tmp/err")" = "volley play: the game stopped: tests/data/mods/$mod:5: volley.ask: $want (letters, digits and _ . / -, at most 255 bytes; a save records it) (turn.start)" ] \
    || fail "$mod said: $(cat "$tmp/err")"
  [ -f "$tmp/k.save" ] || fail "$mod: --save was not written"
  "$volley" replay "$tmp/k.save" >"$tmp/out" 2>&1
  grep -q "^diverged at answer 0: the game stopped: tests/data/mods/$mod:5: volley.ask: request kind" "$tmp/out" \
    || fail "$mod: the save does not replay to the same stop: $(cat "$tmp/out")"
done

# 9. Answers a mod's enumerate gives with a line end, an escape and a NUL are cleaned as its
#    options are: no forged transcript line, no escape, in the transcript, in `?` and the save.
"$volley" play tests/data/demo --seed 3 $bots --mod tests/data/mods/evil_enumerate.lua \
  --save "$tmp/e.save" >"$tmp/out" 2>&1 || fail "enumerate: exit $?: $(cat "$tmp/out")"
clean "$tmp/out" || fail "enumerate: the transcript holds a control byte"
grep -q '^forced' "$tmp/out" && fail "enumerate: a forged transcript line"
grep -q '^answer A house_rule "nul�byte" ' "$tmp/e.save" || fail "enumerate: the save: $(grep house "$tmp/e.save")"
"$volley" replay "$tmp/e.save" >/dev/null || fail "enumerate: the save does not replay"
printf '?\n' >"$tmp/q.script"
"$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/q.script" \
  --mod tests/data/mods/evil_enumerate.lua >"$tmp/out" 2>&1
clean "$tmp/out" || fail "enumerate: ? shows a control byte"
grep -q '^forced' "$tmp/out" && fail "enumerate: ? forged a transcript line"
grep -qx '  yes�forced d6 6 state 0000000000000000 rolls 9' "$tmp/out" || fail "enumerate: ?: $(cat "$tmp/out")"

# 7. Paths longer than a save's word (255 bytes): a scenario by an absolute path, by a
#    relative id-shaped one, and a mod, written and replayed to the same state.
long="$tmp/$(printf 'a%.0s' $(seq 200))/$(printf 'b%.0s' $(seq 100))"
mkdir -p "$long" && cp -r tests/data/demo "$long/demo" && cp tests/data/mods/veterans.lua "$long/m.lua"
hash=$("$volley" play "$long/demo" --seed 3 $bots --mod "$long/m.lua" --save "$tmp/l.save" | tail -1 | sed 's/.*state //')
[ -n "$hash" ] || fail "a long path: no game"
[ "$("$volley" replay "$tmp/l.save")" = "state_hash $hash" ] || fail "a long path: the save does not replay"
rel="$(printf 'c%.0s' $(seq 150))/$(printf 'd%.0s' $(seq 150))/demo"
mkdir -p "$tmp/r/$rel" && cp tests/data/demo/* "$tmp/r/$rel/"
here=$(pwd)
(cd "$tmp/r" && VOLLEY_PATH="$here" "$volley" play "$rel" --seed 3 $bots --save "$tmp/r.save" >/dev/null) \
  || fail "a long relative id-shaped path: no game"
(cd "$tmp/r" && VOLLEY_PATH="$here" "$volley" replay "$tmp/r.save" >/dev/null) \
  || fail "a long relative id-shaped path: the save does not replay"

# 10. A save larger than a game can make is refused before it is read; one too long a line or
#    answer at its line.
head -c 100 tests/data/saves/good.save >"$tmp/big.save"
truncate -s 70M "$tmp/big.save"
"$volley" replay "$tmp/big.save" 2>"$tmp/err" && fail "a 70 MB save was read"
[ "$(cat "$tmp/err")" = "volley replay: $tmp/big.save: cannot read '$tmp/big.save': larger than 64 MiB, the most a save holds" ] \
  || fail "a 70 MB save: $(cat "$tmp/err")"
head -n -1 tests/data/saves/good.save | sed '$d' >"$tmp/body"
{ cat "$tmp/body"; printf 'answer US move "%s" state 0123456789abcdef rolls 2\n' "$(printf 'x%.0s' $(seq 4097))"; } \
  | seal "$tmp/ans.save"
"$volley" replay "$tmp/ans.save" 2>"$tmp/err" && fail "a 4097-byte answer was read"
grep -qx "volley replay: $tmp/ans.save:[0-9]*: a string answer of 4097 bytes (at most 4096)" "$tmp/err" \
  || fail "a 4097-byte answer: $(cat "$tmp/err")"

# 11. A save's mod and scenario are checked before anything of them is opened or run: a FIFO
#     is not waited on, a file of the machine is not read as Lua nor echoed. (Each path written
#     as volley writes it -- bare when it is [A-Za-z0-9_./-], else quoted -- so the save reads
#     and its files are what is refused.)
"$volley" play tests/data/demo --seed 3 $bots --save "$tmp/d.save" >/dev/null || fail "no demo save"
mkfifo "$tmp/fifo"
n=0
for case in "mod|$tmp/fifo|cannot read '$tmp/fifo': not a regular file" \
            "mod|/etc/passwd|/etc/passwd (a mod) has changed since the game was saved" \
            "mod|/proc/self/environ|/proc/self/environ (a mod) has changed since the game was saved" \
            "scenario|\"$tmp/fifo\"|cannot read '$tmp/fifo': not a regular file" \
            "scenario|\"/etc/passwd\"|tests/data/demo/scenario.ini has changed since the game was saved"; do
  n=$((n + 1))
  what=${case%%|*}
  rest=${case#*|}
  path=${rest%%|*}
  want=${rest#*|}
  if [ "$what" = mod ]; then
    sed '$d' "$tmp/d.save" | sed "s|^seed |mod $path sha256 $(printf '0%.0s' $(seq 64))\nseed |" | seal "$tmp/h$n.save"
  else
    sed '$d' "$tmp/d.save" | sed "s|^scenario .*|scenario $path|" | seal "$tmp/h$n.save"
  fi
  timeout 60 "$volley" replay "$tmp/h$n.save" >"$tmp/out" 2>"$tmp/err"
  status=$?
  [ $status -eq 1 ] || fail "$what $path: exit $status: $(cat "$tmp/err")"
  [ "$(cat "$tmp/err")" = "volley replay: the save does not match the files now: $want" ] \
    || fail "$what $path said: $(cat "$tmp/err")"
  grep -q "root" "$tmp/err" && fail "$what $path: echoed the file"
done

# A control byte in a save's token is not echoed in the refusal.
{ sed '$d' "$tmp/d.save" | sed '$d'; printf 'answer B \033[2J 1 state 0123456789abcdef rolls 1\n'; } | seal "$tmp/esc.save"
"$volley" replay "$tmp/esc.save" 2>"$tmp/err" && fail "an escape in a save was read"
clean "$tmp/err" || fail "an escape in a save is echoed: $(cat "$tmp/err")"
grep -q "is not a word" "$tmp/err" || fail "an escape in a save: $(cat "$tmp/err")"
echo "hostile_saves: ok"
