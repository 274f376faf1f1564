#!/bin/sh
# Hostile input to volley play and sim: each case once hung, lost data or leaked an internal
# path; each now fails cleanly before any harm with the message pinned here.
# shellcheck disable=SC2086 # the flag lists ($bots, $args, $units ...) split on purpose
# shellcheck disable=SC2016 # sed scripts with their own $
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bots="--bot A=random --bot B=random"

# 1. A handler that registers a handler: refused with the script's line and the point, in
#    play and in sim (the registry once grew the list it was walking, without end)
#    [docs/modding.md "Hooks"].
printf 'local function reg() volley.on("turn.start", reg, {kind="observe"}) end\nvolley.on("turn.start", reg, {kind="observe"})\n' \
  > "$tmp/reg.lua"
err=$(timeout 60 "$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/reg.lua" 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] || fail "hook from a handler: play exit $status: $err"
[ "$err" = "volley play: the game stopped: $tmp/reg.lua:1: volley.on: hooks are registered when the script loads, not from a handler (turn.start)" ] \
  || fail "hook from a handler: play said: $err"
err=$(timeout 60 "$volley" sim tests/data/demo --games 1 --seed 5 --mod "$tmp/reg.lua" 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] || fail "hook from a handler: sim exit $status: $err"
echo "$err" | grep -qF "$tmp/reg.lua:1: volley.on: hooks are registered when the script loads, not from a handler (turn.start)" \
  || fail "hook from a handler: sim said: $err"

# 2, 3. What --save needs is checked before the game: exit 1, the reason, no game played.
mkdir "$tmp/out"
long=$(printf '%0251d' 0)
for case in "$tmp/none/x.save|$tmp/none/x.save: cannot write in the folder $tmp/none (No such file or directory)" \
            "$tmp/out|$tmp/out: is a directory" \
            "$tmp/out/|$tmp/out/: a folder, not a file name" \
            "$tmp/out/$long|$tmp/out/$long: the file name is too long (251 bytes; at most 250)"; do
  target=${case%%|*}
  want=${case#*|}
  out=$("$volley" play tests/data/demo --seed 3 $bots --save "$target" 2>"$tmp/err")
  status=$?
  [ $status -eq 1 ] || fail "--save $target: exit $status"
  [ -z "$out" ] || fail "--save $target: the game was played: $out"
  [ "$(cat "$tmp/err")" = "volley play: --save: $want" ] || fail "--save $target said: $(cat "$tmp/err")"
done
# A scenario played by a path that is not an id is saved (quoted) and replays.
cp -r tests/data/demo "$tmp/demo"
"$volley" play "$tmp/demo/" --seed 3 $bots --save "$tmp/out/p.save" >/dev/null \
  || fail "a path-addressed scenario is not saved"
grep -qx "scenario \"$tmp/demo\"" "$tmp/out/p.save" || fail "the scenario line: $(sed -n 3p "$tmp/out/p.save")"
"$volley" replay "$tmp/out/p.save" >/dev/null || fail "a path-addressed save does not replay"
# A symbolic link planted at the temporary name is never written through.
echo precious > "$tmp/victim"
ln -s "$tmp/victim" "$tmp/out/.v.save.tmp"
"$volley" play tests/data/demo --seed 3 $bots --save "$tmp/out/v.save" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "a planted link: not refused"
[ "$(cat "$tmp/victim")" = precious ] || fail "a planted link: the target was overwritten"
grep -qF "$tmp/out/.v.save.tmp': it exists and is not a regular file (remove it)" "$tmp/err" \
  || fail "a planted link: $(cat "$tmp/err")"

# 4. --save never overwrites what the game reads: the --script file, a --mod, the scenario's
#    files (compared by device and inode, so a hard link to the file is caught too).
cp tests/data/mods/veterans.lua "$tmp/m.lua"
ln "$tmp/m.lua" "$tmp/m-link.lua"
printf 'end\n' > "$tmp/s.script"
for case in "--mod $tmp/m.lua --save $tmp/m-link.lua|--save $tmp/m-link.lua would overwrite the --mod file $tmp/m.lua" \
            "--save $tmp/demo/map.ini|--save $tmp/demo/map.ini would overwrite the game's scenario file $tmp/demo/map.ini"; do
  args=${case%%|*}
  want=${case#*|}
  cp "$tmp/m.lua" "$tmp/before"
  cp "$tmp/demo/map.ini" "$tmp/map.before"
  out=$("$volley" play "$tmp/demo" --seed 3 $bots $args 2>"$tmp/err")
  status=$?
  [ $status -eq 2 ] || fail "$args: exit $status"
  [ -z "$out" ] || fail "$args: the game was played"
  [ "$(head -1 "$tmp/err")" = "volley play: $want" ] || fail "$args said: $(cat "$tmp/err")"
  cmp -s "$tmp/m.lua" "$tmp/before" && cmp -s "$tmp/demo/map.ini" "$tmp/map.before" \
    || fail "$args: an input was overwritten"
done
out=$("$volley" play "$tmp/demo" --seed 3 --bot B=random --script "$tmp/s.script" --save "$tmp/s.script" 2>"$tmp/err")
[ $? -eq 2 ] || fail "--save onto the script: not refused"
[ "$(head -1 "$tmp/err")" = "volley play: --save $tmp/s.script would overwrite the --script file $tmp/s.script" ] \
  || fail "--save onto the script said: $(cat "$tmp/err")"
[ "$(cat "$tmp/s.script")" = end ] || fail "--save onto the script: overwritten"

# The prompt's save (and the save offered when it is left) never overwrites them either: the
# answer is refused, the file kept, the game goes on [docs/shell.md "The prompt"].
printf 'save %s\nsave %s\nsave %s\nquit\n' "$tmp/demo/oob.ini" "$tmp/m-link.lua" "$tmp/out/ok.save" \
  > "$tmp/save.in"
cp "$tmp/demo/oob.ini" "$tmp/oob.before"
out=$("$volley" play "$tmp/demo" --seed 3 --bot B=random --mod "$tmp/m.lua" < "$tmp/save.in" 2>&1)
echo "$out" | grep -qxF "refused: save: $tmp/demo/oob.ini would overwrite the game's scenario file $tmp/demo/oob.ini" \
  || fail "prompt save onto oob.ini: $out"
echo "$out" | grep -qxF "refused: save: $tmp/m-link.lua would overwrite the --mod file $tmp/m.lua" \
  || fail "prompt save onto a mod's link: $out"
echo "$out" | grep -qxF "saved 0 answers to $tmp/out/ok.save" || fail "prompt save: $out"
cmp -s "$tmp/m.lua" "$tmp/before" && cmp -s "$tmp/demo/oob.ini" "$tmp/oob.before" \
  || fail "the prompt's save overwrote an input"

# 5. volley list does not follow linked folders in its search for misplaced scenario.ini
#    files: twelve links to "." once made it exponential (and reported each file many times).
cp -r tests/data/depth "$tmp/depth"
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do ln -s . "$tmp/depth/scenarios/game/battle/l$n"; done
err=$(VOLLEY_PATH="$tmp/depth" timeout 20 "$volley" list 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] || fail "list with linked folders: exit $status"
place='(a scenario is scenarios/<game>/<battle>/scenario.ini)'
[ "$err" = "volley list: $tmp/depth/scenarios/scenario.ini: too shallow for an id $place
volley list: $tmp/depth/scenarios/game/battle/sub/scenario.ini: too deep for an id $place
volley list: $tmp/depth/scenarios/game/battle/sub/deeper/scenario.ini: too deep for an id $place
volley list: $tmp/depth/scenarios/shallow/scenario.ini: too shallow for an id $place" ] \
  || fail "list with linked folders said: $err"

# 6. Script lines: at most 4096 bytes, UTF-8 without NUL, CR or controls; a leading BOM
#    skipped; a file without line ends read in bounded memory, the save still written.
printf 'move A4 0605\n' > "$tmp/lines.script"
head -c 5000 /dev/zero | tr '\0' x >> "$tmp/lines.script"
printf '\nab\000cd\nab\377\nx\ry\n\033[2Jz\nquit\n' >> "$tmp/lines.script"
"$volley" play tests/data/demo --seed 3 --bot B=first --script "$tmp/lines.script" \
  --save "$tmp/out/lines.save" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "refused lines: exit status"
[ "$(cat "$tmp/err")" = "$tmp/lines.script:2: line too long (5000 bytes; at most 4096)
$tmp/lines.script:3: NUL byte at column 3
$tmp/lines.script:4: invalid UTF-8 at column 3
$tmp/lines.script:5: a carriage return at column 2
$tmp/lines.script:6: a control character (U+001B) at column 1" ] || fail "refused lines said: $(cat "$tmp/err")"
grep -q '^answer A move "A4 0605"' "$tmp/out/lines.save" || fail "refused lines: not saved"
printf '\357\273\277move A4 0605\nquit\n' > "$tmp/bom.script"
out=$("$volley" play tests/data/demo --seed 3 --bot B=first --script "$tmp/bom.script" 2>&1) \
  || fail "a leading BOM: $out"
echo "$out" | grep -qx 'A> move A4 0605' || fail "a leading BOM: $out"
out=$(timeout 60 "$volley" play tests/data/demo --seed 3 --bot B=first --script /dev/zero \
  --save "$tmp/out/zero.save" 2>&1)
[ $? -eq 1 ] || fail "/dev/zero: exit status: $out"
echo "$out" | grep -qx "/dev/zero:1: line too long (no line end within 268435456 bytes; at most 4096): the rest of the script is not read" \
  || fail "/dev/zero said: $out"
[ -s "$tmp/out/zero.save" ] || fail "/dev/zero: not saved"

# 7. --dice: a value no die has is a usage error; a face the die rolled cannot show names
#    the flag or the script line, not the runtime's file.
for d in 99999999999999999999 2147483648; do
  "$volley" play tests/data/demo --seed 3 $bots --dice "$d" >/dev/null 2>"$tmp/err"
  [ $? -eq 2 ] || fail "--dice $d: exit status"
  [ "$(head -1 "$tmp/err")" = "volley play: --dice takes die faces, e.g. --dice 3,0,6 ($d is no face)" ] \
    || fail "--dice $d said: $(cat "$tmp/err")"
done
"$volley" play tests/data/demo --seed 3 $bots --dice 9 >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "--dice 9: exit status"
[ "$(cat "$tmp/err")" = "volley play: the game stopped: --dice: face 9 is out of range for d6 (1-6)" ] \
  || fail "--dice 9 said: $(cat "$tmp/err")"
sed 's/^dice force 5$/dice force 9/' tests/golden/play/hotseat.script > "$tmp/dice.script"
"$volley" play tests/data/demo --seed 3 --script "$tmp/dice.script" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "dice force 9: exit status"
[ "$(cat "$tmp/err")" = "volley play: the game stopped: $tmp/dice.script:7: dice force: face 9 is out of range for d6 (1-6)" ] \
  || fail "dice force 9 said: $(cat "$tmp/err")"

# 8. A folder as --mod or --script: refused before the game (it opens, then reads as nothing).
mkdir "$tmp/folder"
for args in "play tests/data/demo --seed 3 $bots --mod $tmp/folder" \
            "play tests/data/demo --seed 3 --bot B=random --script $tmp/folder" \
            "sim tests/data/demo --games 1 --seed 3 --mod $tmp/folder"; do
  out=$("$volley" $args 2>"$tmp/err")
  [ $? -eq 1 ] || fail "$args: exit status"
  [ -z "$out" ] || fail "$args: the game was played"
  [ "$(cat "$tmp/err")" = "volley ${args%% *}: $tmp/folder: cannot read (Is a directory)" ] \
    || fail "$args said: $(cat "$tmp/err")"
done

# 9. A mod's text (a modifier's label and rule, an error message) reaches the transcript, the
#    terminal and JSON without control characters or bytes that are not UTF-8: each becomes
#    U+FFFD [docs/modding.md "Text from a script"].
printf 'volley.on("fire.drm", function(ctx) ctx.mods:add(1, "vet\\n\\27[31mred\\255", "[x\\0 1]") end, { kind = "modify" })\n' \
  > "$tmp/text.lua"
printf 'volley.on("turn.start", function() error("boom\\nfake line\\27[2J\\255") end)\n' > "$tmp/err.lua"
r=$(printf '\357\277\275')
out=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/text.lua" 2>&1 | grep -m1 'vet')
[ "$out" = "roll d6: 2 (A4 fires at B1) [demo 5.2]; +1 vet$r${r}[31mred$r [x$r 1] ($tmp/text.lua); total 3 on fire row 4 or less: Nothing" ] \
  || fail "a mod's label in the transcript: $out"
"$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/text.lua" --json > "$tmp/text.jsonl" 2>&1
iconv -f UTF-8 -t UTF-8 "$tmp/text.jsonl" >/dev/null 2>&1 || fail "the JSON holds bytes that are not UTF-8"
grep -q '"label":"vet\\ufffd\\ufffd\[31mred\\ufffd","rule":"\[x\\ufffd 1\]"' "$tmp/text.jsonl" \
  || fail "a mod's label in JSON: $(grep -m1 vet "$tmp/text.jsonl")"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/err.lua" 2>&1 >/dev/null)
[ "$err" = "volley play: the game stopped: $tmp/err.lua:1: boom${r}fake line${r}[2J$r (turn.start)" ] \
  || fail "a mod's error message: $err"

# 9b. A modifier or priority beyond the documented ranges (an infinity, 2^60, a table) is
#    refused where the mod gives it, with its file:line and the point, never a table's address.
printf 'volley.on("fire.drm", function(ctx, mods) mods:add(2^60, "big", "[x 1]") end, {kind = "modify"})\n' \
  > "$tmp/big.lua"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/big.lua" 2>&1 >/dev/null)
[ "$err" = "volley play: the game stopped: $tmp/big.lua:1: bad modifier value 1.1529215046068e+18 (an integer from -1000 to 1000 expected) (fire.drm)" ] \
  || fail "a huge modifier: $err"
printf 'volley.on("turn.start", function() end, {priority = {}})\n' > "$tmp/prio.lua"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/prio.lua" 2>&1 >/dev/null)
[ "$err" = "volley play: $tmp/prio.lua:1: bad priority (a table) for 'turn.start' (integer expected) (load, $tmp/prio.lua)" ] \
  || fail "a table as priority: $err"
printf 'volley.on("turn.start", function() end, {priority = 1e308})\n' > "$tmp/prio.lua"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/prio.lua" 2>&1 >/dev/null)
[ "$err" = "volley play: $tmp/prio.lua:1: bad priority 1e+308 for 'turn.start' (an integer from -1000000 to 1000000 expected) (load, $tmp/prio.lua)" ] \
  || fail "a huge priority: $err"

# 9c. System code that fails after a mod's handler ran in the same step (here: the handler
#    set the movement overlay's ma to a string) names that handler [docs/modding.md].
printf 'volley.on("movement.cost", function(ctx) ctx.overlay.ma = "lots" end, {kind = "modify"})\n' \
  > "$tmp/cost.lua"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/cost.lua" 2>&1 >/dev/null)
case $err in
  "volley play: the game stopped: "*"movement.lua:"*": query: ma must be an integer from 0 to 1000000 (after $tmp/cost.lua's modify handler of movement.cost, the last script handler to run)") ;;
  *) fail "a failure after a mod's handler: $err" ;;
esac
err=$("$volley" sim tests/data/demo --games 1 --seed 3 --bots random,random --mod "$tmp/cost.lua" 2>&1 >/dev/null)
case $err in
  "volley sim: game 0 (seed "*"): the game stopped: "*"movement.lua:"*": query: ma must be an integer from 0 to 1000000 (after $tmp/cost.lua's modify handler of movement.cost, the last script handler to run)") ;;
  *) fail "sim: a failure after a mod's handler: $err" ;;
esac

# 10. A flag given twice is a usage error (exit 2), as is an --option the scenario lacks in sim.
for args in "play tests/data/demo --seed 3 $bots --json --json|--json given twice" \
            "play tests/data/demo --seed 3 --bot B=random --script $tmp/s.script --strict --strict|--strict given twice" \
            "sim tests/data/demo --games 2 --seed 3 --shard 1/2 --shard 2/2|--shard given twice" \
            "sim tests/data/demo --games 1 --json --json|--json given twice" \
            "sim tests/data/demo --games 1 --option nosuch|unknown option 'nosuch' (the scenario's: none)" \
            "render tests/data/demo --text --text|--text given twice" \
            "export $tmp/out/p.save --as A --as B|--as given twice"; do
  a=${args%%|*}
  want=${args#*|}
  "$volley" $a >/dev/null 2>"$tmp/err"
  status=$?
  [ $status -eq 2 ] || fail "$a: exit $status"
  [ "$(head -1 "$tmp/err")" = "volley ${a%% *}: $want" ] || fail "$a said: $(head -1 "$tmp/err")"
done

# volley.ask: a mod's handler asks a player as a rule does; the answer is checked, recorded in
# the save and replayed [docs/modding.md "What a mod may and may not change"].
cat > "$tmp/ask.lua" <<'LUA'
volley.on("fire.drm", function(ctx, mods)
  local v = volley.ask("A", { kind = "house", prompt = "Bonus for this fire?", options = { 1, 0 },
                              rule = "[house 2]" })
  mods:add(v, "house bonus", "[house 2]")
end, { kind = "modify" })
LUA
out=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/ask.lua" --save "$tmp/out/ask.save" 2>&1) \
  || fail "volley.ask: $out"
echo "$out" | grep -qx '19\. A house: 0' || fail "volley.ask: no answer in the transcript"
echo "$out" | grep -qF "roll d6: 2 (A4 fires at B1) [demo 5.2]; +0 house bonus [house 2] ($tmp/ask.lua); total 2" \
  || fail "volley.ask: the answer is not the modifier"
grep -q '^answer A house 0 state ' "$tmp/out/ask.save" || fail "volley.ask: the answer is not saved"
"$volley" replay "$tmp/out/ask.save" >/dev/null || fail "volley.ask: the save does not replay"
printf 'volley.ask("A", {kind = "x", prompt = "?", options = {1}, rule = "[h 1]"})\n' > "$tmp/ask2.lua"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/ask2.lua" 2>&1 >/dev/null)
[ "$err" = "volley play: $tmp/ask2.lua:1: volley.ask: a script asks from a handler, not while it loads (load, $tmp/ask2.lua)" ] \
  || fail "volley.ask while loading: $err"
printf 'volley.on("turn.start", function() volley.ask("Z", {kind = "x", prompt = "?", options = {1}, rule = "[h 1]"}) end)\n' \
  > "$tmp/ask3.lua"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/ask3.lua" 2>&1 >/dev/null)
[ "$err" = "volley play: the game stopped: $tmp/ask3.lua:1: volley.ask: no side 'Z' (sides: A B) (turn.start)" ] \
  || fail "volley.ask of no side: $err"
# What a mod's request hands the host is checked in volley.ask, naming the mod's line: an
# option or a default that is not a string, an integer or a boolean (a table holding itself
# once stopped the program with 'play.lua:903: a request: a table that holds itself'), more
# than 10000 options; an enumerate's list when it is called.
for case in 'options = { {} }|: option #1 is a table (string, integer or boolean expected)' \
            'options = { 1.5 }|: option #1 is a number that is not an integer (string, integer or boolean expected)' \
            'options = { "a" }, default = {}|: default is a table (string, integer or boolean expected)' \
            'options = big| has more than 10000 options'; do
  printf 'local big = {} for i = 1, 10001 do big[i] = i end\nvolley.on("turn.start", function()\n  volley.ask("A", { kind = "x", prompt = "?", rule = "[h 1]", %s })\nend)\n' \
    "${case%%|*}" > "$tmp/askbad.lua"
  err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/askbad.lua" 2>&1 >/dev/null)
  [ "$err" = "volley play: the game stopped: $tmp/askbad.lua:3: volley.ask: request 'x'${case#*|} (turn.start)" ] \
    || fail "a bad request (${case%%|*}): $err"
done
printf 'volley.on("turn.start", function()\n  volley.ask("A", { kind = "x", prompt = "?", rule = "[h 1]", enumerate = function() return { {} } end })\nend)\n' \
  > "$tmp/askbad.lua"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/askbad.lua" 2>&1 >/dev/null)
[ "$err" = "volley play: the game stopped: $tmp/askbad.lua: volley.ask: request 'x': option #1 is a table (string, integer or boolean expected) (ask)" ] \
  || fail "a bad enumerate: $err"
# An enumerate's list is counted raw, as it is copied: a __len that says 3 over 10001
# entries does not pass the bound (docs/robustness.md, issue 31's audit).
printf 'volley.on("turn.start", function()\n  volley.ask("A", { kind = "x", prompt = "?", rule = "[h 1]", enumerate = function() local t = {} for i = 1, 10001 do t[i] = i end return setmetatable(t, {__len = function() return 3 end}) end })\nend)\n' \
  > "$tmp/asklen.lua"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/asklen.lua" 2>&1 >/dev/null)
[ "$err" = "volley play: the game stopped: $tmp/asklen.lua: volley.ask: request 'x' has more than 10000 options (ask)" ] \
  || fail "an enumerate with a lying __len: $err"
# A request's explain says why an answer is refused [docs/modding.md]: its text is cleaned
# like any script text and cut at 300 bytes; it may not ask (the journal would record the
# nested request's answers as the outer one's); the answer is refused and the game goes on.
cat > "$tmp/explain.lua" <<'LUA'
volley.on("turn.start", function()
  local v
  repeat v = volley.ask("A", { kind = "house", prompt = "Pick one", rule = "[house 1]",
    options = { "done", "stay" },
    explain = function(a)
      if a == "nl" then return "line one\nA> fake\27[31m" end
      if a == "big" then return string.rep("x", 5000) end
      if a == "ask" then return volley.ask("A", { kind = "inner", prompt = "?", rule = "[house 2]", options = { "a" } }) end
      return "no such thing as " .. a .. " [house 3]"
    end })
  until v == "done"
end)
LUA
printf 'zz\nnl\nbig\nask\na\ndone\nquit\n' > "$tmp/explain.in"
out=$("$volley" play tests/data/demo --seed 3 --bot B=random --mod "$tmp/explain.lua" \
  --save "$tmp/out/explain.save" < "$tmp/explain.in" 2>&1)
echo "$out" | grep -qxF "refused: 'zz' is not a legal answer to house: no such thing as zz (legal: done, stay) [house 3]" \
  || fail "explain: $out"
echo "$out" | grep -qxF "refused: 'nl' is not a legal answer to house: line one$(printf '\357\277\275')A> fake$(printf '\357\277\275')[31m (legal: done, stay) [house 1]" \
  || fail "explain: control characters not cleaned: $out"
echo "$out" | grep -qxF "refused: 'big' is not a legal answer to house: $(printf '%300s' '' | tr ' ' x)... (legal: done, stay) [house 1]" \
  || fail "explain: a long reason not cut: $out"
echo "$out" | grep -qF "volley.ask: a request's validate or explain only checks an answer; it may not ask (ask)" \
  || fail "explain: an ask from explain not refused: $out"
echo "$out" | grep -qxF "refused: 'a' is not a legal answer to house: no such thing as a (legal: done, stay) [house 3]" \
  || fail "explain: the inner request was asked: $out"
"$volley" replay "$tmp/out/explain.save" >/dev/null || fail "explain: the save does not replay"


# 11. volley sim --merge reads the shards' lines as input like any other: every field it uses
#     is checked, with the file and line, never a runtime error, a table's address or a mean
#     of inf [docs/sim.md "Shards and merging"].
"$volley" sim tests/data/demo --games 4 --seed 1 --shard 1/2 --json > "$tmp/m1.jsonl" 2>/dev/null \
  && "$volley" sim tests/data/demo --games 4 --seed 1 --shard 2/2 --json > "$tmp/m2.jsonl" 2>/dev/null \
  || fail "merge: the shards were not played"
# (line 1 of a shard is its game_start, line 2 its first game_over, the last its summary)
merge_refuses() {  # merge_refuses SED-SCRIPT MESSAGE: m1 edited so is refused so
  sed "$1" "$tmp/m1.jsonl" > "$tmp/bad.jsonl"
  "$volley" sim --merge "$tmp/bad.jsonl" "$tmp/m2.jsonl" > "$tmp/merged" 2> "$tmp/err"
  status=$?
  [ $status -eq 1 ] || fail "merge of '$1': exit $status: $(cat "$tmp/merged")"
  [ "$(cat "$tmp/err")" = "volley sim: $2" ] || fail "merge of '$1' said: $(cat "$tmp/err")"
}
merge_refuses '2s/"decisions":[0-9]*/"decisions":-5/' \
  "$tmp/bad.jsonl:2: a game_over line: decisions -5 is not a count (0 to 1000000000)"
merge_refuses '2s/"decisions":[0-9]*/"decisions":1e400/' \
  "$tmp/bad.jsonl:2: a game_over line: decisions inf is not a count (0 to 1000000000)"
merge_refuses '2s/"decisions":[0-9]*/"decisions":401/' \
  "$tmp/bad.jsonl:2: game 0 has 401 decisions, more than the run's cap 400"
merge_refuses '2s/"reason":"[^"]*"/"reason":"capped"/' \
  "$tmp/bad.jsonl:2: game 0 has 39 decisions, capped but not at the run's cap 400"
merge_refuses '2s/"winner":null/"winner":{}/' \
  "$tmp/bad.jsonl:2: a game_over line: winner a table is neither a side nor null"
merge_refuses '$s/"seed":1,/"seed":1.5,/' \
  "$tmp/bad.jsonl:4: a sim_summary line: seed 1.5 is not a run's seed (0 to 2^53 - 1)"
merge_refuses '$s/"shard":"1\/2"/"shard":"1\/0"/' \
  "$tmp/bad.jsonl:4: a sim_summary line: shard '1/0' is not k/n with 1 <= k <= n <= 1000000000"
merge_refuses '$s/"max_decisions":400,"sides"/"max_decisions":"x","sides"/' \
  "$tmp/bad.jsonl:4: a sim_summary line: max_decisions 'x' is not a cap (1 to 1000000000)"
merge_refuses '$s/"decisions_per_s":[0-9.]*/"decisions_per_s":-1e308/' \
  "$tmp/bad.jsonl:4: a sim_summary line: decisions_per_s -1e+308 is not a rate (a number, 0 or more)"
merge_refuses '1s/"shard":"1\/2"/"shard":"2\/2"/' \
  "$tmp/bad.jsonl:1: game_start of shard '2/2', sim_summary of shard '1/2'"
merge_refuses '1s/"shard":"1\/2"/"shard":7/' \
  "$tmp/bad.jsonl:1: a game_start line without its shard (not a sim --json output)"
{ head -c 100000 /dev/zero | tr '\0' '['; echo; } > "$tmp/deep.jsonl"
"$volley" sim --merge "$tmp/deep.jsonl" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && [ "$(cat "$tmp/err")" = "volley sim: $tmp/deep.jsonl:1: not a JSON line (merge takes the shards' --json outputs)" ] \
  || fail "merge of a deep nesting said: $(cat "$tmp/err")"
"$volley" sim --merge "$tmp/folder" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] && [ "$(cat "$tmp/err")" = "volley sim: $tmp/folder: cannot read (Is a directory)" ] \
  || fail "merge of a folder said: $(cat "$tmp/err")"


# 12. The prompt's lua prints any value a script makes without running its metamethods or
#     failing in the runtime: keys of any type in a total order, strings quoted with their
#     control characters escaped (a value cannot forge a transcript line) and bytes that are
#     not UTF-8 as U+FFFD [docs/shell.md "The prompt"].
cat > "$tmp/lua.in" <<'IN'
lua {[true]=1,[false]=2}
lua {[{}]=1, a=2, [1]=3}
lua {[setmetatable({}, {__tostring=function() return {} end})]=1}
lua setmetatable({}, {__pairs = function() while true do end end})
lua "\n1. A move: fake\27[2J\255"
quit
IN
out=$("$volley" play tests/data/demo --seed 3 --bot B=random < "$tmp/lua.in" 2>&1)
[ "$(printf '%s\n' "$out" | sed -n '/^A> lua/{n;p}')" = "{false = 2, true = 1}
{3, a = 2, table = 1}
{table = 1}
{}
\"\\n1. A move: fake\\027[2J$r\"" ] || fail "lua's printer: $out"


# 13. --resume takes the newest of the autosaves volley names (<UTC time>-<nn>.save): another
#     file of the folder that sorts last (a save copied there) does not hide the game.
mkdir -p "$tmp/rs"
printf 'move A4 0605\n' > "$tmp/one.script"
XDG_STATE_HOME="$tmp/rs" "$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/one.script" \
  > /dev/null 2>&1 || fail "resume: the first game"
echo 'not a save' > "$tmp/rs/volley/zzz.save"
printf 'done\n' > "$tmp/two.script"
out=$(XDG_STATE_HOME="$tmp/rs" "$volley" play --resume --bot B=random --script "$tmp/two.script" 2>&1) \
  || fail "resume past another file: $out"
printf '%s\n' "$out" | grep -qx 'A> done' || fail "resume past another file: $out"


# 14. A picture never replaces a file that is not one: volley render --svg and the prompt's
#     svg refuse a file that is neither new, empty nor an SVG picture (a scenario's map.ini,
#     a save given by mistake) and leave it whole; an earlier picture is replaced.
cp tests/data/demo/map.ini "$tmp/map.before"
cp -r tests/data/demo "$tmp/pic"
"$volley" render "$tmp/pic" --svg "$tmp/pic/map.ini" > /dev/null 2> "$tmp/err"
[ $? -eq 1 ] || fail "render --svg onto map.ini: not refused"
[ "$(cat "$tmp/err")" = "volley render: $tmp/pic/map.ini: not an SVG picture, so not replaced (remove it or give another name)" ] \
  || fail "render --svg onto map.ini said: $(cat "$tmp/err")"
cmp -s "$tmp/pic/map.ini" "$tmp/map.before" || fail "render --svg overwrote map.ini"
"$volley" render "$tmp/pic" --svg "$tmp/pic.svg" && "$volley" render "$tmp/pic" --svg "$tmp/pic.svg" \
  || fail "render --svg does not replace its own picture"
printf 'svg %s\nmap 0505 99999999999999999\nsvg %s\nquit\n' "$tmp/pic/oob.ini" "$tmp/pic.svg" > "$tmp/svg.in"
cp "$tmp/pic/oob.ini" "$tmp/oob2.before"
out=$("$volley" play "$tmp/pic" --seed 3 --bot B=random < "$tmp/svg.in" 2>&1)
printf '%s\n' "$out" | grep -qxF "refused: svg: $tmp/pic/oob.ini: not an SVG picture, so not replaced (remove it or give another name)" \
  || fail "the prompt's svg onto oob.ini: $out"
printf '%s\n' "$out" | grep -qxF "refused: map: bad radius '99999999999999999' (a number of hexes, 0 to 999)" \
  || fail "the prompt's map with a huge radius: $out"
printf '%s\n' "$out" | grep -qxF "wrote $tmp/pic.svg" || fail "the prompt's svg over a picture: $out"
cmp -s "$tmp/pic/oob.ini" "$tmp/oob2.before" || fail "the prompt's svg overwrote oob.ini"

# 15. A scenario's text cannot carry a terminal escape: a control character in an INI line
#     is refused with its file, line and column [docs/formats.md "The INI dialect"].
mkdir -p "$tmp/esc/scenarios/g/b"
cp tests/data/demo/*.ini "$tmp/esc/scenarios/g/b/"
sed -i 's/^title = .*/title = evil \x1b[2J red/' "$tmp/esc/scenarios/g/b/scenario.ini"
line=$(grep -n '^title' "$tmp/esc/scenarios/g/b/scenario.ini" | cut -d: -f1)
err=$(VOLLEY_PATH="$tmp/esc" "$volley" list 2>&1 >/dev/null)
[ "$err" = "volley list: $tmp/esc/scenarios/g/b/scenario.ini:$line: a control character (U+001B) at column 14" ] \
  || fail "a title with an escape: $err"

# 16. A script's error(msg, level) with a level past its own frames does not name the
#     runtime's files; volley hooks lists each known system once.
printf 'volley.on("turn.start", function() error("lvl", 5) end)\n' > "$tmp/lvl.lua"
err=$("$volley" play tests/data/demo --seed 3 $bots --mod "$tmp/lvl.lua" 2>&1 >/dev/null)
[ "$err" = "volley play: the game stopped: $tmp/lvl.lua:1: lvl (turn.start)" ] || fail "error level 5: $err"
err=$("$volley" hooks no_such 2>&1)
known=$(printf '%s\n' "$err" | sed -n "s/^volley hooks: unknown system 'no_such' (known: \(.*\))\$/\1/p")
printf '%s\n' "$known" | grep -q '^battle_of_buena_vista, demo, ' || fail "hooks: $err"
[ -z "$(printf '%s\n' "$known" | tr ',' '\n' | tr -d ' ' | sort | uniq -d)" ] || fail "hooks lists a system twice: $err"

# 17. A standard descriptor the caller closed is opened on /dev/null first: with stdout
#     closed (>&-) the autosave took descriptor 1 and the transcript was written into it.
mkdir -p "$tmp/fd"
XDG_STATE_HOME="$tmp/fd" "$volley" play tests/data/demo --seed 3 $bots --save "$tmp/out/fd.save" >&- 2>&-
[ $? -eq 0 ] || fail "a closed stdout: exit status"
"$volley" replay "$tmp/fd/volley/"*.save > /dev/null || fail "a closed stdout: the autosave is broken"
"$volley" replay "$tmp/out/fd.save" > /dev/null || fail "a closed stdout: the save is broken"

# 18. One process at a time appends to a game: a --resume of an autosave another volley is
#     still playing is refused (two resumes once both appended, and the file became two games
#     neither could replay) [docs/shell.md "volley play --resume"].
mkdir -p "$tmp/lk" && rm -f "$tmp/lk.fifo" && mkfifo "$tmp/lk.fifo"
XDG_STATE_HOME="$tmp/lk" "$volley" play tests/data/demo --seed 3 --bot B=random --script "$tmp/lk.fifo" \
  > /dev/null 2>&1 &
first=$!
exec 7> "$tmp/lk.fifo"    # the first game waits for its script: its autosave stays open
printf 'move A4 0605\n' >&7
saved() { for f in "$tmp/lk/volley/"*.save; do [ -s "$f" ] && return 0; done; return 1; }
n=0
while ! saved && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
sleep 0.5
out=$(XDG_STATE_HOME="$tmp/lk" "$volley" play --resume --bot B=random --script "$tmp/two.script" 2>&1)
status=$?
printf 'done\n' >&7
exec 7>&-
wait $first
[ $status -eq 1 ] || fail "a resume of a game being played: exit $status: $out"
case $out in
  "volley play: --resume: $tmp/lk/volley/"*".save: another volley is playing this game now (its autosave is in use)") ;;
  *) fail "a resume of a game being played said: $out" ;;
esac
"$volley" replay "$tmp/lk/volley/"*.save > /dev/null || fail "the game being played was broken"

# 19. A save replaces only a save (or an empty file): --save (when the game stops) and the
#     prompt's save refuse a file with something else in it, and keep it.
echo 'my notes' > "$tmp/notes.txt"
"$volley" play tests/data/demo --seed 3 $bots --save "$tmp/notes.txt" > /dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "--save onto notes: not refused"
[ "$(cat "$tmp/err")" = "volley play: --save: $tmp/notes.txt: not a volley save, so not replaced (remove it or give another name)" ] \
  || fail "--save onto notes said: $(cat "$tmp/err")"
[ "$(cat "$tmp/notes.txt")" = "my notes" ] || fail "--save overwrote the notes"
printf 'save %s\nsave %s\nsave %s\nquit\n' "$tmp/notes.txt" "$tmp/out/again.save" "$tmp/out/again.save" > "$tmp/notes.in"
out=$("$volley" play tests/data/demo --seed 3 --bot B=random < "$tmp/notes.in" 2>&1)
printf '%s\n' "$out" | grep -qxF "refused: save: $tmp/notes.txt: not a volley save, so not replaced (remove it or give another name)" \
  || fail "the prompt's save onto notes: $out"
[ "$(printf '%s\n' "$out" | grep -c "^saved 0 answers to $tmp/out/again.save\$")" -eq 2 ] \
  || fail "a save does not replace a save: $out"
[ "$(cat "$tmp/notes.txt")" = "my notes" ] || fail "the notes were overwritten"

# 20. A device is no save: volley replay /dev/zero once read a GiB (2 GB of memory, seconds)
#     before refusing it.
err=$(timeout 20 "$volley" replay /dev/zero 2>&1)
[ $? -eq 1 ] && [ "$err" = "volley replay: /dev/zero: cannot read '/dev/zero': a device, not a file" ] \
  || fail "replay /dev/zero: $err"

echo ok
