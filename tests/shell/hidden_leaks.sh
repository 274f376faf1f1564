#!/bin/sh
# What a side may not learn of another's hidden units and secrets by asking (issue #40 points
# 2-3; docs/shell.md "Views"; found by a hostile review of session 10):
# - a refused move: a hex within the mover's MA that only a hidden Mexican unit closes and no
#   way reaches is refused as out of reach, as an empty hex there is -- before, the refusal
#   named "an enemy unit (a hidden unit)", so typed moves could sweep the map for them
#   [rough_and_ready RP Hidden Mexican Deployment, 5.11];
# - undo: another side's answer taken back is named without its value (the US's secret entry,
#   in the Mexican view);
# - a script's request listing no answer is refused where it is asked (a bot had nothing to
#   draw and stopped with an internal error; a person waited for ever).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT

# Seed 33, the US enters by 4408 and activates Belknap: hidden units stand in 5107 and 5109
# (the referee's view says so), 5108 and 5110 are empty; May (8 MP) reaches none of them.
printf '4408\nbelknap\nA2US-1\ndone\nlater\nmove May 5107\nmove May 5108\nmove May 5109\nmove May 5110\n' \
  > "$tmp/us"
"$volley" play rough-and-ready/resaca-de-la-palma/hidden --seed 33 --bot MEX=random --as US \
  --script "$tmp/us" --max-decisions 300 --no-autosave > "$tmp/out" 2>&1
for h in 5107 5108 5109 5110; do
  grep -q "^$tmp/us:[0-9]*: $h is out of May's reach: May has 8 \[rough_and_ready 5.11\]\$" "$tmp/out" \
    || fail "move May $h: $(grep -A1 "move May $h" "$tmp/out" | tail -1)"
done
grep -q "hidden unit" "$tmp/out" && fail "a refusal told the US of a hidden unit: $(grep "hidden unit" "$tmp/out")"
# the referee sees the units the US may not: the test is about hexes that hold some
printf '4408\nbelknap\nA2US-1\ndone\nlater\nshow 5107\nshow 5109\nshow 5108\n' > "$tmp/ref"
"$volley" play rough-and-ready/resaca-de-la-palma/hidden --seed 33 --bot MEX=random \
  --as referee --script "$tmp/ref" --max-decisions 300 --no-autosave > "$tmp/rout" 2>&1
grep -q "^hex 5107: .*; [^n]" "$tmp/rout" && grep -q "^hex 5109: .*; [^n]" "$tmp/rout" \
  && grep -q "^hex 5108: .*; no units\$" "$tmp/rout" \
  || fail "the referee's view of 5107-5109: $(grep '^hex 510' "$tmp/rout")"

# undo in the Mexican view: the US's secret entry goes back unnamed
printf '4408\nundo\n4126\n' | "$volley" play rough-and-ready/resaca-de-la-palma/variable \
  --seed 5 --as MEX --script - --no-autosave > "$tmp/undo" 2>&1
grep -q "^undo: US entry ? taken back\$" "$tmp/undo" || fail "undo as MEX: $(grep undo "$tmp/undo")"
grep -v "4126 or 4408" "$tmp/undo" | grep -q "4408" \
  && fail "the Mexican view read the secret 4408: $(grep 4408 "$tmp/undo")"

# a request with no answer, from a mod
cat > "$tmp/empty.lua" <<'LUA'
volley.on("game.start", function(ctx)
  ctx.game.ask("A", { kind = "pick", prompt = "nothing", options = {}, rule = "[demo 1.0]" })
end)
LUA
out=$("$volley" sim tests/data/demo --mod "$tmp/empty.lua" --games 1 --seed 1 2>&1)
echo "$out" | grep -q "empty.lua:2: volley.ask: request 'pick' lists no answer" \
  || fail "an empty request: $out"
echo "$out" | grep -q "bad argument" && fail "an internal error: $out"
# the `los` read hidden.lua spots with, given hostile ends by a mod: each refused by name, no
# runtime path, no script's __tostring run, no long text echoed (before: a nil first end
# skipped the check and failed inside sight.lua; a table's __tostring ran; 1 MB came back)
cat > "$tmp/los.lua" <<'LUA'
volley.on("game.start", function(ctx)
  local out = {}
  local function try(a, b) out[#out + 1] = select(2, pcall(ctx.game.los, a, b)) end
  try(nil, "1234")
  try(setmetatable({}, { __tostring = function() error("its __tostring ran") end }), "1234")
  try(string.rep("x", 100000), "1234")
  try("9999", "1234")
  error(table.concat(out, " | "))
end)
LUA
out=$("$volley" sim rough-and-ready/palo-alto --mod "$tmp/los.lua" --games 1 --seed 1 \
  --max-decisions 200 2>&1)
echo "$out" | grep -qF "los.lua:8: game.los: the first hex must be a non-empty string | game.los: the first hex must be a non-empty string | game.los: the first hex is 100000 bytes long (at most 4096) | game.los: no hex 9999 on the map (game.start)" \
  || fail "the los read: $(echo "$out" | cut -c1-400)"
echo "hidden leaks: none"
