#!/bin/sh
# JSON of issue 36 point 6 (docs/json.md "game_start", docs/shell.md, docs/sim.md): the
# game_start line first in every --json stream of play (referee and side views, --resume,
# options and mods, every file's SHA-256 as sha256sum computes it) and of sim; sim --merge -
# reading shards one after another from a pipe; list, check and hooks --json, each one line
# that dkjson parses into the documented shape.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT
XDG_STATE_HOME=$tmp/state
export XDG_STATE_HOME
root=tests/data/root
version=$("$volley" --version | sed 's/^volley \([^ ]*\) .*/\1/')

# Runs the Lua of $2 (dkjson at hand as json; the first line of file $1 decoded as `t`);
# fails the test with $3 when it raises.
check_lua() {
  FILE=$1 lua5.4 -e 'json = require "dkjson"
    local f = assert(io.open(os.getenv("FILE")))
    t = assert(json.decode(f:read("*l")))
    f:close()' -e "$2" || fail "$3: $(head -c 600 "$1")"
}

# ---- play: game_start first, what the save's header records
VOLLEY_PATH=$root "$volley" play test-game/battle --seed 3 --bot A=random --bot B=random \
  --option fog --mod tests/data/mods/api_log.lua --max-decisions 20 --json --save "$tmp/g.save" \
  > "$tmp/play.jsonl" 2> "$tmp/err" || fail "play: $(cat "$tmp/err")"
head -n 1 "$tmp/play.jsonl" | grep -q '^{"event":"game_start","v":1,' || fail "play: $(head -c 200 "$tmp/play.jsonl")"
[ "$(grep -c '"event":"game_start"' "$tmp/play.jsonl")" -eq 1 ] || fail "one game_start"
# every file of the save's header, with the hash sha256sum gives it
grep '^file \|^option \|^mod ' "$tmp/g.save" | while read -r kind a b c hash; do
  case $kind in file|option) path=$b ;; mod) path=$a hash=$c ;; esac
  case $path in /*) file=$path ;; *) file=$root/$path; [ -e "$file" ] || file=$path ;; esac
  [ "$(sha256sum "$file" | cut -d' ' -f1)" = "$hash" ] || echo "$path"
done > "$tmp/odd"
[ ! -s "$tmp/odd" ] || fail "the save's hashes are not the files': $(cat "$tmp/odd")"
grep '^file ' "$tmp/g.save" | awk '{print $2, $3, $5}' > "$tmp/header.files"
VERSION=$version check_lua "$tmp/play.jsonl" '
  assert(t.event == "game_start" and t.v == 1)
  assert(t.volley == os.getenv("VERSION"), "volley " .. tostring(t.volley))
  assert(t.save_format == 1 and t.scenario == "test-game/battle" and t.seed == 3)
  assert(#t.bots == 2 and t.bots[1].side == "A" and t.bots[1].name == "random"
         and t.bots[2].side == "B", "bots")
  assert(#t.options == 1 and t.options[1].name == "fog" and #t.options[1].sha256 == 64, "options")
  assert(#t.mods == 1 and t.mods[1].path == "tests/data/mods/api_log.lua", "mods")
  assert(t.max_decisions == 20 and t.view == "referee" and t.undo == "strict", "cap, view, undo")
  assert(t.sides[1] == "A" and t.sides[2] == "B", "sides")
  local want = {}
  for line in io.lines((os.getenv("FILE"):gsub("play.jsonl$", "header.files"))) do
    want[#want + 1] = line
  end
  assert(#t.files == #want and #want > 3, #t.files .. " files, the header " .. #want)
  for i, f in ipairs(t.files) do
    assert(f.role .. " " .. f.path .. " " .. f.sha256 == want[i], "file " .. i)
  end' "play game_start"
# a side's view: no seed
VOLLEY_PATH=$root "$volley" play test-game/battle --seed 3 --bot A=random --bot B=random \
  --as A --max-decisions 5 --json > "$tmp/side.jsonl" || fail "side view"
check_lua "$tmp/side.jsonl" 'assert(t.event == "game_start" and t.seed == nil and t.view == "A")' \
  "a side's game_start names the seed"
# --resume: the game's own header, and how many answers were replayed
VOLLEY_PATH=$root "$volley" play test-game/battle --seed 3 --bot A=random --bot B=random \
  --max-decisions 4 > /dev/null || fail "capped game"
VOLLEY_PATH=$root "$volley" play --resume --max-decisions 9 --json > "$tmp/resume.jsonl" \
  || fail "--resume --json"
check_lua "$tmp/resume.jsonl" 'assert(t.event == "game_start" and t.seed == 3 and t.resumed == 4
  and t.max_decisions == 9 and t.scenario == "test-game/battle", "resume")' "--resume game_start"

# ---- sim: game_start first; shards one after another through a pipe merge as the whole run
"$volley" sim tests/data/demo --games 6 --bots random,random --seed 7 --json > "$tmp/all.jsonl" \
  || fail "sim"
check_lua "$tmp/all.jsonl" 'assert(t.event == "game_start" and t.seed == 7 and t.shard == "1/1"
  and t.games == 6 and t.scenario == "tests/data/demo" and #t.files > 3, "sim game_start")' "sim"
strip() { sed 's/"decisions_per_s":[0-9.]*}$/"decisions_per_s":X}/'; }
{
  "$volley" sim tests/data/demo --games 6 --bots random,random --seed 7 --shard 2/3 --json
  "$volley" sim tests/data/demo --games 6 --bots random,random --seed 7 --shard 1/3 --json
  "$volley" sim tests/data/demo --games 6 --bots random,random --seed 7 --shard 3/3 --json
} | "$volley" sim --merge - --json > "$tmp/merged.jsonl" || fail "sim --merge - exited $?"
[ "$(strip < "$tmp/merged.jsonl")" = "$(strip < "$tmp/all.jsonl")" ] \
  || fail "the merged pipe differs from the whole run: $(diff "$tmp/merged.jsonl" "$tmp/all.jsonl" | head -c 800)"
# a stream holding one shard twice, or shards of another scenario, is refused
"$volley" sim tests/data/demo --games 6 --bots random,random --seed 7 --shard 1/2 --json > "$tmp/s1"
"$volley" sim tests/data/demo --games 6 --bots random,random --seed 7 --shard 2/2 --json > "$tmp/s2"
err=$(cat "$tmp/s1" "$tmp/s1" "$tmp/s2" | "$volley" sim --merge - 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "a shard twice in a stream: not refused"
[ "$err" = "volley sim: shard 1/2 given twice (-, -)" ] || fail "a shard twice: $err"
VOLLEY_PATH=$root "$volley" sim test-game/battle --games 6 --bots random,random --seed 7 --max-decisions 400 \
  --shard 2/2 --json > "$tmp/other"
err=$(cat "$tmp/s1" "$tmp/other" | "$volley" sim --merge - 2>&1 >/dev/null)
[ $? -eq 1 ] || fail "shards of two scenarios: not refused"
[ "$err" = "volley sim: - and - are not shards of one run (another game_start: scenario, files, bots, options or mods)" ] \
  || fail "shards of two scenarios: $err"
# a stream cut in the middle of its second shard
head -n 3 "$tmp/s2" | cat "$tmp/s1" - | "$volley" sim --merge - >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "a cut stream: not refused"
grep -qx 'volley sim: -: no sim_summary line (an unfinished shard?)' "$tmp/err" || fail "cut: $(cat "$tmp/err")"

# ---- list, check, hooks --json: one line each, the documented shapes
VOLLEY_PATH=$root "$volley" list --json > "$tmp/list.json" || fail "list --json exited $?"
[ "$(wc -l < "$tmp/list.json")" -eq 1 ] || fail "list --json: not one line"
VOLLEY_PATH=$root "$volley" list | sed 's/  /|/g' > "$tmp/list.txt"
TEXT=$tmp/list.txt check_lua "$tmp/list.json" '
  assert(t.event == "list" and t.v == 1 and #t.problems == 0, "list")
  local n = 0
  for line in io.lines(os.getenv("TEXT")) do
    n = n + 1
    local s = t.scenarios[n]
    local id, title, system, sides, p = line:match("^(.-)|(.-)|(.-)|(.-)|(%d+) provisional$")
    assert(s.id == id and s.title == title and s.system == system, "scenario " .. n)
    assert(table.concat(s.sides, " ") == sides and s.provisional == tonumber(p), "scenario " .. n)
  end
  assert(n == #t.scenarios and n >= 4, n .. " lines, " .. #t.scenarios .. " scenarios")' "list --json"
mkdir -p "$tmp/bad/scenarios/x/Bad"
cp "$root/scenarios/test-game/battle/scenario.ini" "$tmp/bad/scenarios/x/Bad/"
VOLLEY_PATH=$tmp/bad "$volley" list --json > "$tmp/badlist.json" 2>"$tmp/err"
[ $? -eq 1 ] || fail "list --json with a problem must exit 1"
[ ! -s "$tmp/err" ] || fail "list --json wrote on stderr: $(cat "$tmp/err")"
check_lua "$tmp/badlist.json" 'assert(#t.problems == 1 and t.problems[1]:match("is not an id segment"),
  "problems")' "list --json problems"

"$volley" check tests/data/demo --json > "$tmp/check.json" || fail "check --json exited $?"
check_lua "$tmp/check.json" 'assert(t.event == "check" and t.v == 1 and t.ok == true and #t.errors == 0
  and #t.warnings == 0 and t.provisional == 0 and t.scenario == "tests/data/demo", "check")' "check"
cp -R "$root/scenarios/test-game/battle" "$tmp/b"
echo 'volley.on("no.such", function() end)' > "$tmp/b/rules.lua"
"$volley" check "$tmp/b" --json > "$tmp/check.json" 2>"$tmp/err"
[ $? -eq 1 ] || fail "check --json with errors must exit 1"
[ ! -s "$tmp/err" ] || fail "check --json wrote on stderr: $(cat "$tmp/err")"
DIR=$tmp/b check_lua "$tmp/check.json" '
  local e = t.errors[1]
  assert(t.ok == false and #t.errors == 1 and e.file == os.getenv("DIR") .. "/rules.lua"
         and e.line == 1 and e.message:match("^unknown hook point .no%.such."), "error")
  local w = t.warnings[1]
  assert(#t.warnings == 1 and w.file == os.getenv("DIR") .. "/scenario.ini" and w.line == 6
         and w.message:match("has no max_decisions"), "warning")
  assert(t.provisional == 3, "provisional")' "check --json errors"

"$volley" hooks demo --json > "$tmp/hooks.json" || fail "hooks --json"
check_lua "$tmp/hooks.json" '
  assert(t.event == "hooks" and t.v == 1 and t.system == "demo" and t.api_version == 1, "hooks")
  local seen = {}
  for _, p in ipairs(t.points) do
    assert(type(p.name) == "string" and type(p.kinds) == "table" and type(p.when) == "string"
           and type(p.actions) == "table" and type(p.fields) == "table", "point")
    for _, f in ipairs(p.fields) do assert(f.name and f.type and f.meaning, p.name) end
    seen[p.name] = true
  end
  assert(seen["sequence.step"] and seen["fire.drm"], "points")' "hooks --json"
exit 0
