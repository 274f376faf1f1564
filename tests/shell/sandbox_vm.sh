#!/bin/sh
# Hostile mods at the edges of the VM, in real games (issue 31; docs/modding.md "Limits"): a
# handler's yield that would leave its call open (a harmless mod then ran out of a budget it
# never used), table functions steered by __len, a sort of long strings, an xpcall handler
# that loops; `volley check` of a battle whose rules.lua sorts long strings; and the demo
# system on a map with 3-digit labels. `timeout` is only a safety net: every check is on the
# clean outcome, never on time.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
play() { timeout 120 "$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random "$@"; }

# A harmless mod using 40% of a call's instructions each time a unit enters a hex: with the
# call evil_coyield leaves open, its calls would share one budget and stop the game.
cat > "$tmp/busy.lua" <<'LUA'
volley.on("movement.enter", function() local n = 0 for i = 1, 1000000 do n = n + i end end)
LUA
err=$(play --mod tests/data/mods/evil_coyield.lua --mod "$tmp/busy.lua" 2>&1 >/dev/null)
status=$?
[ $status -eq 0 ] || fail "evil_coyield: exit $status (expected 0): $err"

# Table functions that ignore a lying __len: the game goes on.
err=$(play --mod tests/data/mods/evil_len.lua 2>&1 >/dev/null)
status=$?
[ $status -eq 0 ] || fail "evil_len: exit $status (expected 0): $err"

# The budget stops the sort and the message handler, naming the mod.
for evil in evil_sort evil_xpcall; do
  err=$(play --mod "tests/data/mods/$evil.lua" 2>&1 >/dev/null)
  status=$?
  [ $status -eq 1 ] || fail "$evil: exit $status (expected 1): $err"
  echo "$err" | grep -q "tests/data/mods/$evil.lua:[0-9]*: instruction budget exceeded (10000000 instructions) (fire.drm)" \
    || fail "$evil: not named with its budget: $err"
done

# volley check runs a battle's rules.lua under the same budgets.
cp -r tests/data/demo "$tmp/sorting"
cat > "$tmp/sorting/rules.lua" <<'LUA'
local a = ("x"):rep(4 * 1024 * 1024)
local b = a:sub(2) .. "y"
local t = {}
for i = 1, 100000 do t[i] = i % 2 == 0 and a or b end
table.sort(t)
LUA
sed -i 's/^max_decisions = 400$/max_decisions = 400\nrules = rules.lua/' "$tmp/sorting/scenario.ini"
out=$(timeout 120 "$volley" check "$tmp/sorting" 2>&1)
status=$?
[ $status -ne 0 ] && [ $status -ne 124 ] || fail "check: exit $status: $out"
echo "$out" | grep -q "rules.lua:5: instruction budget exceeded (10000000 instructions)" \
  || fail "check: the budget error is not reported: $out"

# The demo system on a map whose labels have 3 digits a part (0605 -> 006005).
cp -r tests/data/demo "$tmp/wide"
sed -i -e 's/\b\([0-9][0-9]\)\([0-9][0-9]\)\b/0\10\2/g' \
  "$tmp/wide/map.ini" "$tmp/wide/scenario.ini" "$tmp/wide/oob.ini"
sed -i -e 's/^columns = 01-12/columns = 001-012/' -e 's/^rows = 01-10/rows = 001-010/' \
  -e 's/^\([0-9][0-9]\) = /0\1 = /' "$tmp/wide/map.ini"
out=$(timeout 120 "$volley" play "$tmp/wide" --seed 3 --bot A=random --bot B=random 2>&1)
status=$?
[ $status -eq 0 ] || fail "3-digit labels: exit $status: $(echo "$out" | tail -3)"
echo "$out" | grep -q "moves 0[0-9][0-9]0[0-9][0-9] -> 0[0-9][0-9]0[0-9][0-9]" \
  || fail "3-digit labels: no move: $(echo "$out" | tail -3)"
echo ok
