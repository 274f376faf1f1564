#!/bin/sh
# Resaca de la Palma's hidden Mexican units (issue #40 points 2-4; docs/scenarios/
# resaca-de-la-palma.md "Hidden deployment"): `volley list` shows the variant and `volley
# check` finds it clean; one capped bot game (random against random) is played twice, as the
# US (`--as US --json`) and as the referee, and
# - the two saves are the same but for the view they record, and so is the final state
#   (`volley dump`): the game is the same whatever the view;
# - the US's JSON carries no seed and no state_hash, and no line of it names a Mexican unit
#   before the line that reveals it (every Mexican counter is hidden from its set-up on);
# - `volley export` of the save as the US names no unit still hidden at the end;
# then `volley sim` plays VOLLEY_TEST_GAMES games (20; 5 under ASan) capped at
# VOLLEY_TEST_RP_HIDDEN_DECISIONS (300: the set-up alone is some 60 decisions; the view game
# above goes to VOLLEY_TEST_RP_DECISIONS, 1000), whose summary must add up (as
# tests/shell/resaca_sim.sh).
set -u
volley=$1
games=${VOLLEY_TEST_GAMES:-20}
cap=${VOLLEY_TEST_RP_DECISIONS:-1000}
simcap=${VOLLEY_TEST_RP_HIDDEN_DECISIONS:-300}
id=rough-and-ready/resaca-de-la-palma/hidden
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8

"$volley" list | grep -q "^$id  Resaca de la Palma, 9 May 1846: variable deployment, hidden Mexican units  rough_and_ready  US MEX  [0-9]* provisional\$" \
  || fail "volley list does not show the hidden variant"
out=$("$volley" check "$id" 2>&1) || fail "check exited $?: $out"
case $out in
  "0 errors, 0 warnings, "*" provisional values") ;;
  *) fail "check: $out" ;;
esac

play() {   # play VIEW
  "$volley" play "$id" --seed 5 --bot US=random --bot MEX=random --as "$1" --json \
    --max-decisions "$cap" --no-autosave --save "$tmp/$1.save" > "$tmp/$1.jsonl" 2> "$tmp/$1.err" \
    || fail "play as $1 exited $?: $(cat "$tmp/$1.err")"
}
play US
play referee
# the same save but for the view it records (and so its checksum); the same state
for v in US referee; do
  grep -v '^view \|^checksum ' "$tmp/$v.save" > "$tmp/$v.body"
  "$volley" dump "$tmp/$v.save" > "$tmp/$v.dump" 2>&1 || fail "dump $v: $(cat "$tmp/$v.dump")"
done
cmp -s "$tmp/US.body" "$tmp/referee.body" || fail "the saves differ with the view"
cmp -s "$tmp/US.dump" "$tmp/referee.dump" || fail "the final states differ with the view"
grep -q '"state_hash"' "$tmp/referee.jsonl" || fail "the referee's JSON has no state_hash"
! grep -q '"state_hash"\|"seed"' "$tmp/US.jsonl" || fail "the US's JSON carries a seed or a state_hash"

"$volley" export "$tmp/US.save" --as US > "$tmp/export" 2>&1 || fail "export: $(cat "$tmp/export")"
cat > "$tmp/check.lua" <<'LUA'
-- first.lua FILE [EXPORT]: no line of FILE names a Mexican counter before the line that
-- reveals it (every Mexican counter is hidden from its set-up on: hidden.ini); EXPORT names
-- none of those never revealed. Prints the counts.
local function names(text, u)
  local from = 1
  while true do
    local s, e = text:find(u, from, true)
    if not s then return false end
    local before = s > 1 and text:sub(s - 1, s - 1) or ""
    local after = text:sub(e + 1, e + 1)
    if not before:match("[%w_./-]") and not after:match("[%w_./-]") then return true end
    from = e + 1
  end
end
local mex = { "Arista", "4pdr-1", "4pdr-2", "8pdr", "Det-1", "Det-2", "Det-3", "Det-4",
  "Det-5", "4pdr-3", "4L-1", "4L-2", "4L-3", "TampVet", "Guardacosta", "Vega", "2Lig-1",
  "2Lig-2", "6L-1", "6L-2", "10L-1", "10L-2", "Garcia", "7LC-1", "7LC-2", "8LC-1",
  "8LC-2", "Presid", "Torrejon", "Ranch-1", "Ranch-2", "Canales" }
local seen, n, reveals = {}, 0, 0
for line in io.lines(arg[1]) do
  n = n + 1
  for _, u in ipairs(mex) do
    if not seen[u] and names(line, u) then
      assert(line:find(u .. " is revealed", 1, true),
        "line " .. n .. " names " .. u .. " before it is revealed: " .. line:sub(1, 300))
      seen[u] = true
      reveals = reveals + 1
    end
  end
end
local left = {}
for _, u in ipairs(mex) do if not seen[u] then left[#left + 1] = u end end
assert(#left > 0 and reveals > 0, "nothing stayed hidden, or nothing was revealed")
if arg[2] then
  local f = assert(io.open(arg[2]))
  local export = f:read("a")
  f:close()
  for _, u in ipairs(left) do
    assert(not names(export, u), "the export names " .. u .. ", still hidden")
  end
end
print(reveals .. " revealed, " .. #left .. " still hidden after " .. n .. " lines")
LUA
JSONL="$tmp/US.jsonl" lua5.4 -e '
  local json = require "dkjson"
  for line in io.lines(os.getenv("JSONL")) do assert(json.decode(line), line) end' \
  || fail "the US JSON is not JSON lines"
lua5.4 "$tmp/check.lua" "$tmp/US.jsonl" "$tmp/export" > "$tmp/check" 2>&1 \
  || fail "the US view: $(cat "$tmp/check")"
# every Mexican answer the export shows was shown in the US's JSON (given while a unit it
# names was hidden, it stays hidden there and in the export)
JSONL="$tmp/US.jsonl" EXPORT="$tmp/export" lua5.4 -e '
  local json = require "dkjson"
  local shown = {}
  for line in io.lines(os.getenv("JSONL")) do
    local t = json.decode(line)
    if t.event == "answer" and t.side == "MEX" then
      local k = t.kind .. " " .. tostring(t.answer)
      shown[k] = (shown[k] or 0) + 1
    end
  end
  local n = 0
  for line in io.lines(os.getenv("EXPORT")) do
    local kind, value = line:match("^answer MEX (%S+) \"(.*)\"$")
    if kind then
      local k = kind .. " " .. value
      assert((shown[k] or 0) > 0, "the export shows MEX " .. k .. ", which the US never saw")
      shown[k] = shown[k] - 1
      n = n + 1
    end
  end
  assert(n > 0, "no Mexican answer in the export")' > "$tmp/answers" 2>&1 \
  || fail "the export: $(cat "$tmp/answers")"
[ "$(grep -c 'is revealed' "$tmp/US.jsonl")" -eq "$(grep -c 'is revealed' "$tmp/referee.jsonl")" ] \
  || fail "the US saw another count of reveals than the referee"
echo "resaca hidden view: $(cat "$tmp/check")"

# At the prompt, the US asks for everything before its entry (every Mexican counter hidden)
# and after the opening's reveals, then plays on by default: map, show, log (the lines about
# a unit from before its reveal stay unseen), lua, reach, los.
cat > "$tmp/us.script" <<'SCRIPT'
show MEX
lua game.units
log 300
map
reach 3US-1
los 4126 5513
4126
show MEX
log 300
lua game.units
map
los 4126 5513
SCRIPT
"$volley" play "$id" --seed 5 --bot MEX=random --script "$tmp/us.script" --as US \
  --max-decisions 200 --no-autosave > "$tmp/us.txt" 2>&1
grep -q "^US> show MEX\$" "$tmp/us.txt" && grep -q "^command MEX: no units\$" "$tmp/us.txt" \
  || fail "the US saw Mexican units before the opening: $(head -n 5 "$tmp/us.txt")"
lua5.4 "$tmp/check.lua" "$tmp/us.txt" > "$tmp/check.txt" 2>&1 \
  || fail "the US prompt: $(cat "$tmp/check.txt")"
echo "resaca hidden prompt: $(cat "$tmp/check.txt")"

"$volley" sim "$id" --games "$games" --bots random,random --seed 40 --max-decisions "$simcap" \
  --json > "$tmp/run.jsonl" 2> "$tmp/err" || fail "sim exited $?: $(cat "$tmp/err")"
[ ! -s "$tmp/err" ] || fail "sim wrote on stderr: $(cat "$tmp/err")"
[ "$(wc -l < "$tmp/run.jsonl")" -eq $((games + 2)) ] || fail "not a game_start, $games games and a summary"
sums=$(lua5.4 "$(dirname "$0")/../tools/sim_games.lua" "$tmp/run.jsonl" "$games" "$simcap" 2>&1) \
  || fail "the games do not add up to the summary: $sums"
echo "resaca hidden sim: $games games at cap $simcap: $sums"
