#!/bin/sh
# What a mod reaches is the same in every process and on both VMs, and one mod's failure is
# never swallowed by another's pcall (issue 32; docs/modding.md "Determinism", "When a script
# fails"). The mods are tests/data/mods/det_*.lua, each saying on its first lines what it
# tries. Every expected text below is the same on Lua 5.4 and LuaJIT: this test runs in each
# configuration. `timeout` is only a safety net: every check is on the outcome.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
mods=tests/data/mods
demo() { timeout 120 "$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random "$@"; }

# A mod deciding in pairs order and one writing numbers and a table as text: the labels are
# the same in every run and on both VMs (before: another key order on every run under Lua
# 5.4, "5.0" for 10/2 under Lua 5.4 only, a table's address).
out=$(demo --json --mod $mods/det_pairs_demo.lua --mod $mods/det_tostring_demo.lua) \
  || fail "the demo with det_pairs_demo and det_tostring_demo did not play out"
roll=$(echo "$out" | grep -m1 '"event":"roll"')
echo "$roll" | grep -q '"label":"order 1 2.5 3 alpha bravo charlie delta echo true","rule":"\[det 1\]","source":"tests/data/mods/det_pairs_demo.lua","value":1' \
  || fail "pairs order: $roll"
echo "$roll" | grep -q '"label":"half 5 5 5 5 5,0.5 table nan"' || fail "number text: $roll"
again=$(demo --json --mod $mods/det_pairs_demo.lua --mod $mods/det_tostring_demo.lua)
[ "$out" = "$again" ] || fail "the same game played twice differs"

# A replace handler that runs each step under pcall, and a mod failing in a point of the
# step: the game stops naming the failing mod and point, as if there were no pcall (before:
# the failure was swallowed, the step left half done, and the game went on).
err=$(demo --mod $mods/det_pcall_default.lua --mod $mods/det_raise_demo.lua 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] || fail "det_pcall_default: exit $status (expected 1): $err"
echo "$err" | grep -q "^volley play: the game stopped: $mods/det_raise_demo.lua:4: no move for [A-Z][0-9]* (movement.enter)" \
  || fail "det_pcall_default: the failing mod is not named: $err"

# Palo Alto: a mod pcalls ctx.game.hit, and another raises a table when the unit is
# eliminated: the bot's answer fails naming the second mod and its point, the error object
# as text; the first mod never goes on with the elimination half done (before: "probe caught
# table: 0x..." and the game went on to crash in system code).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
err=$(timeout 120 "$volley" play rough-and-ready/palo-alto --seed 3 --bot US=random \
  --bot MEX=random --mod $mods/det_probe_rr.lua --mod $mods/det_eliminated_rr.lua \
  2>&1 >"$tmp/out")
status=$?
[ $status -eq 1 ] || fail "det_probe_rr: exit $status (expected 1): $err"
[ "$err" = "volley play: the game stopped: $mods/det_eliminated_rr.lua:4: (error object is a table value) (unit.eliminated)" ] \
  || fail "det_probe_rr: $err"
grep -q "probe caught" "$tmp/out" && fail "det_probe_rr went on after the failure"
grep -q "table: 0x" "$tmp/out" && fail "an address in the output"

# Syntax only Lua 5.4 reads, and an integer LuaJIT cannot hold: refused at load on both VMs,
# naming the file and line.
err=$(demo --mod $mods/det_syntax.lua 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] || fail "det_syntax: exit $status (expected 1): $err"
echo "$err" | grep -q "$mods/det_syntax.lua:6: '//' (floor division) is Lua 5.4 only: write math.floor(a / b) (scripts run on Lua 5.4 and on LuaJIT alike)" \
  || fail "det_syntax: $err"
err=$(demo --mod $mods/det_bigint.lua 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] || fail "det_bigint: exit $status (expected 1): $err"
echo "$err" | grep -q "$mods/det_bigint.lua:3: integer 9007199254740993 is beyond 2^53, which LuaJIT cannot hold exactly" \
  || fail "det_bigint: $err"

# The prompt's `lua` prints numbers as scripts write them, alike on both VMs.
printf 'lua 10/2\nlua {2^53, 0.5, x = 0/0}\nquit\n' > "$tmp/script"
out=$(timeout 60 "$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/script" 2>&1)
echo "$out" | grep -A1 -x "A> lua 10/2" | tail -1 | grep -qx "5" || fail "lua 10/2: $out"
echo "$out" | grep -qx "{9007199254740992, 0.5, x = nan}" || fail "lua {2^53, ...}: $out"
exit 0
