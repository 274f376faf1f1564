#!/bin/sh
# volley play --mod: a house rule's modifier reaches the roll with the mod's path as its
# source [DESIGN "Hooks, requests and modifiers"]; hostile mods stop the game cleanly with
# exit 1 naming the file (no hang, no crash) [DESIGN principles 8, 9; docs/modding.md].
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
play() { "$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random "$@"; }

out=$(play --json --mod tests/data/mods/veterans.lua | grep '"event":"roll"') || fail "no roll"
echo "$out" | grep -q '"modifiers":\[{"label":"veterans","rule":"\[house 1\]","source":"tests/data/mods/veterans.lua","value":1}\]' \
  || fail "the mod's modifier is not in the roll: $out"
echo "$out" | grep -q '"natural":2,.*"total":3' || fail "the total does not add the mod's +1: $out"

for evil in evil_loop evil_io evil_gc evil_mem evil_pattern evil_yield evil_recursion; do
  err=$(timeout 60 "$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random \
    --mod "tests/data/mods/$evil.lua" 2>&1 >/dev/null)
  status=$?
  [ $status -eq 1 ] || fail "$evil: exit $status (expected 1): $err"
  echo "$err" | grep -q "tests/data/mods/$evil.lua:[0-9]*: " || fail "$evil: not named: $err"
done
err=$(play --mod tests/data/mods/evil_loop.lua 2>&1 >/dev/null)
echo "$err" | grep -q "instruction budget exceeded (10000000 instructions) (fire.drm)" \
  || fail "evil_loop: no budget message: $err"
err=$(play --mod tests/data/mods/evil_io.lua 2>&1 >/dev/null)
echo "$err" | grep -q "'io' is not available to scripts (load" || fail "evil_io: $err"

# A battle's rules.lua and a chosen option load before the mods, credited to "battle".
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r tests/data/demo "$tmp/demo"
cat > "$tmp/demo/rules.lua" <<'LUA'
volley.on("fire.drm", function(ctx) ctx.mods:add(1, "dusk", "[demo BT 1]") end, { kind = "modify" })
LUA
mkdir "$tmp/demo/options"
cat > "$tmp/demo/options/night.lua" <<'LUA'
volley.on("fire.drm", function(_, mods) mods:add(-2, "night", "[demo BT 2]") end, { kind = "modify" })
LUA
sed -i 's/^max_decisions = 400$/max_decisions = 400\nrules = rules.lua/' "$tmp/demo/scenario.ini"
printf '\n[options]\nnight = options/night.lua\n' >> "$tmp/demo/scenario.ini"
out=$("$volley" play "$tmp/demo" --seed 3 --bot A=random --bot B=random --json --option night \
  --mod tests/data/mods/veterans.lua | grep '"event":"roll"') || fail "no roll with the battle's rules"
echo "$out" | grep -q '"label":"dusk","rule":"\[demo BT 1\]","source":"battle","value":1},{"label":"night","rule":"\[demo BT 2\]","source":"battle","value":-2},{"label":"veterans","rule":"\[house 1\]","source":"tests/data/mods/veterans.lua","value":1}' \
  || fail "rules.lua, the option and the mod are not credited in order: $out"

# A mod that does not exist is refused before the game starts.
play --mod tests/data/mods/no-such.lua >/dev/null 2>&1
[ $? -eq 1 ] || fail "a missing mod must exit 1"
echo ok
