#!/bin/sh
# volley check --mod (issue 34 point 5; docs/shell.md "volley check"): a good mod passes and its
# game replays alike; a mod that does not parse and one that names an unknown hook point are
# named with file and line (the point with its nearest known names); the determinism check
# reports the other VM's divergence by answer (a fake other program, and the real one when
# the other configuration is built beside this one); usage.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A good mod: it loads, its game is played and replayed, exit 0.
out=$("$volley" check tests/data/demo --mod tests/data/mods/veterans.lua --other-vm "$volley")
[ $? -eq 0 ] || fail "a good mod: exit not 0: $out"
echo "$out" | grep -q "^determinism: played [0-9]* decisions with random bots (seed 1" \
  || fail "a good mod: no game played: $out"
echo "$out" | grep -q "^determinism: replayed from its journal on .*: the same [0-9]* state hashes$" \
  || fail "a good mod: no replay: $out"
echo "$out" | grep -q "^determinism: replayed on .*($volley): the same" \
  || fail "a good mod: --other-vm not replayed: $out"
echo "$out" | tail -n 1 | grep -q "^0 errors, 0 warnings, 0 provisional values$" || fail "summary: $out"

# A syntax error: file:line, exit 1, no game. (Written here: luacheck reads tests/data/mods.)
cat > "$tmp/syntax.lua" <<'LUA'
-- a mod that does not parse
volley.on("fire.drm", function(_, mods)
  mods:add(1 "tired", "[house 2]")
end, { kind = "modify" })
LUA
out=$("$volley" check tests/data/demo --mod tests/data/mods/veterans.lua --mod "$tmp/syntax.lua")
[ $? -eq 1 ] || fail "a syntax error: exit not 1: $out"
echo "$out" | grep -q "^$tmp/syntax.lua:3: .*(load, $tmp/syntax.lua)$" \
  || fail "a syntax error is not named: $out"
echo "$out" | grep -q "determinism" && fail "a mod that does not load is not played: $out"
echo "$out" | tail -n 1 | grep -q "^1 errors," || fail "a syntax error: summary: $out"

# An unknown hook point: named with the nearest known ones, exit 1.
out=$("$volley" check tests/data/demo --mod tests/data/mods/check_point.lua)
[ $? -eq 1 ] || fail "an unknown point: exit not 1: $out"
echo "$out" | grep -qF "tests/data/mods/check_point.lua:4: unknown hook point 'fire.drn' (nearest: fire.drm; volley hooks demo lists them all) (load, tests/data/mods/check_point.lua)" \
  || fail "an unknown point: $out"

# The other VM's divergence, reported by answer: a stand-in for the other program.
cat > "$tmp/other" <<'SH'
#!/bin/sh
[ "$1" = --version ] && { echo "volley 0.1.0 (Other VM 1.0)"; exit 0; }
echo "diverged at answer 3: state 00000000000000aa after it, the save says 00000000000000bb (line 9)"
exit 1
SH
chmod +x "$tmp/other"
out=$("$volley" check tests/data/demo --mod tests/data/mods/veterans.lua --other-vm "$tmp/other")
[ $? -eq 1 ] || fail "a divergence: exit not 1: $out"
echo "$out" | grep -q "^determinism: Other VM 1.0 ($tmp/other) diverged at answer 3: state 00000000000000aa after it, the save says 00000000000000bb (line 9) (answer 3 was A's move \"[^\"]*\")$" \
  || fail "a divergence is not reported: $out"
printf '#!/bin/sh\necho nonsense\n' > "$tmp/other"
out=$("$volley" check tests/data/demo --mod tests/data/mods/veterans.lua --other-vm "$tmp/other")
[ $? -eq 0 ] || fail "an other program that cannot replay: exit not 0: $out"
echo "$out" | grep -q "^determinism: $tmp/other could not replay the game: nonsense$" \
  || fail "an other program that cannot replay: $out"

# A mod the two VMs play otherwise: found when the other configuration's program is built
# beside this one (build/ and build-luajit/), else said not compared.
out=$("$volley" check tests/data/demo --mod tests/data/mods/check_border_demo.lua)
status=$?
if echo "$out" | grep -q "program was not found beside this one"; then
  [ $status -eq 0 ] || fail "not compared: exit $status: $out"
  echo "note: no other VM's program beside $volley: the real divergence is not checked"
else
  [ $status -eq 1 ] || fail "check_border_demo: exit $status: $out"
  echo "$out" | grep -q "^determinism: LuaJIT.* diverged at answer [0-9]*: state \|^determinism: Lua 5.4.* diverged at answer [0-9]*: state " \
    || fail "check_border_demo does not diverge on the other VM: $out"
  # what differs: a Hit the fire gave on one VM and not on the other
  echo "$out" | grep -q '^determinism: the state after answer [0-9]* differs first at line [0-9]*: "unit .*hits=1.*" here, "unit [^"]*" there$\|^determinism: the state after answer [0-9]* differs first at line [0-9]*: "unit [^"]*" here, "unit .*hits=1.*" there$' \
    || fail "check_border_demo: what differs is not said: $out"
fi

# Palo Alto: a mod of Rough & Ready's points, its game of 300 decisions played and replayed;
# a typo of a point named with the nearest ones.
out=$("$volley" check rough-and-ready/palo-alto --mod tests/data/mods/check_observe_rr.lua)
[ $? -eq 0 ] || fail "Palo Alto with a good mod: $out"
echo "$out" | grep -q "^determinism: played 300 decisions with random bots (seed 1), state " \
  || fail "Palo Alto's game: $out"
sed 's/activation.start/activation.strat/' tests/data/mods/check_observe_rr.lua > "$tmp/typo.lua"
out=$("$volley" check rough-and-ready/palo-alto --mod "$tmp/typo.lua")
[ $? -eq 1 ] || fail "Palo Alto with a typo: not 1: $out"
echo "$out" | grep -qF "$tmp/typo.lua:4: unknown hook point 'activation.strat' (nearest: activation.start; volley hooks rough_and_ready lists them all)" \
  || fail "Palo Alto with a typo: $out"

# Usage.
"$volley" check tests/data/demo --mod >/dev/null 2>&1
[ $? -eq 2 ] || fail "--mod without a file: not 2"
"$volley" check tests/data/demo --other-vm x >/dev/null 2>&1
[ $? -eq 2 ] || fail "--other-vm without --mod: not 2"
"$volley" check --help | grep -q "^usage: volley check <id|path> \[--mod FILE\]... \[--other-vm PATH\] \[--json\]$" \
  || fail "help"
echo ok
