#!/bin/sh
# A scenario folder from someone else (issue 31, findings 12 and 13): its files stay inside
# it, symbolic links included (a link within the folder is followed, one leading out is
# refused before a byte of its target is read, and no byte of it is echoed); an order of
# battle past the roster's bound (20,000 units and leaders) is refused at its line, at once
# [docs/scenarios.md "Decisions", docs/formats.md "oob.ini"].
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
keep="a scenario's files stay inside its folder, symbolic links included"
secret=SECRET_TOKEN_31_12

# The file the links lead to: valid Lua and a token that must never reach the output.
printf 'local t = {}\n%s garbage\n' "$secret" > "$tmp/outside.lua"
printf '[%s]\nkey = %s\n' "$secret" "$secret" > "$tmp/outside.ini"

# A copy of the demo with one change, in $tmp/$1.
demo() { cp -r tests/data/demo "$tmp/$1"; }
# volley check on it: exit 1 and exactly the message given, nothing of the target.
refused() {
  out=$("$volley" check "$tmp/$1" 2>&1)
  status=$?
  [ $status -eq 1 ] || fail "$1: check exit $status: $out"
  [ "$out" = "$2
1 errors, 0 warnings, 0 provisional values" ] || fail "$1: check said: $out"
  case $out in *"$secret"*) fail "$1: the target's bytes were echoed: $out" ;; esac
  out=$(timeout 60 "$volley" play "$tmp/$1" --bot A=random --bot B=random 2>&1)
  status=$?
  [ $status -ne 0 ] || fail "$1: played"
  case $out in *"$secret"*) fail "$1: play echoed the target's bytes: $out" ;; esac
}

# 1. rules.lua, map.ini, oob.ini and an option linked out of the folder; a folder linked out.
demo rules
sed -i 's/^oob = oob.ini$/oob = oob.ini\nrules = rules.lua/' "$tmp/rules/scenario.ini"
ln -s "$tmp/outside.lua" "$tmp/rules/rules.lua"
refused rules "$tmp/rules/scenario.ini:13: rules: 'rules.lua' leads out of the scenario's folder ($tmp/rules): $keep"
demo map
ln -sf "$tmp/outside.ini" "$tmp/map/map.ini"
refused map "$tmp/map/scenario.ini:11: map: 'map.ini' leads out of the scenario's folder ($tmp/map): $keep"
demo oob
ln -sf ../outside.ini "$tmp/oob/oob.ini"
refused oob "$tmp/oob/scenario.ini:12: oob: 'oob.ini' leads out of the scenario's folder ($tmp/oob): $keep"
demo opt
mkdir "$tmp/elsewhere"
cp "$tmp/outside.lua" "$tmp/elsewhere/fog.lua"
ln -s "$tmp/elsewhere" "$tmp/opt/options"
printf '\n[options]\nfog = options/fog.lua\n' >> "$tmp/opt/scenario.ini"
line=$(grep -n '^fog = ' "$tmp/opt/scenario.ini" | cut -d: -f1)
refused opt "$tmp/opt/scenario.ini:$line: option 'fog': 'options/fog.lua' leads out of the scenario's folder ($tmp/opt): $keep"

# 2. The scenario file itself, and a variant's base, linked out.
demo self
mv "$tmp/self/scenario.ini" "$tmp/self.ini"
ln -s "$tmp/self.ini" "$tmp/self/scenario.ini"
refused self "$tmp/self/scenario.ini: leads out of the scenario's folder ($tmp/self): $keep"
demo base
printf '[scenario]\ntitle = A variant\nbase = other.ini\n' > "$tmp/base/variant.ini"
ln -s "$tmp/self.ini" "$tmp/base/other.ini"
out=$("$volley" check "$tmp/base/variant.ini" 2>&1)
[ $? -eq 1 ] || fail "base: not refused: $out"
[ "$out" = "$tmp/base/other.ini: leads out of the scenario's folder ($tmp/base): $keep
1 errors, 0 warnings, 0 provisional values" ] || fail "base: check said: $out"

# 3. The layers the loaders find beside the files: terrain.ini beside the map, charts/.
demo terrain
ln -s "$tmp/outside.ini" "$tmp/terrain/terrain.ini"
refused terrain "map: $tmp/terrain/terrain.ini: leads out of the map's folder ($tmp/terrain): $keep"
demo charts
mkdir "$tmp/charts/charts"
ln -s "$tmp/outside.ini" "$tmp/charts/charts/fire.ini"
out=$("$volley" play "$tmp/charts" --bot A=random --bot B=random 2>&1)
[ $? -eq 1 ] || fail "a chart linked out: not refused: $out"
[ "$out" = "volley play: charts: $tmp/charts/charts/fire.ini: leads out of its folder ($tmp/charts/charts): $keep" ] \
  || fail "a chart linked out: $out"
demo chartdir
mkdir "$tmp/tables"
ln -s "$tmp/tables" "$tmp/chartdir/charts"
out=$("$volley" play "$tmp/chartdir" --bot A=random --bot B=random 2>&1)
[ $? -eq 1 ] || fail "charts/ linked out: not refused: $out"
[ "$out" = "volley play: charts: $tmp/chartdir/charts: leads out of the scenario's folder ($tmp/chartdir): $keep" ] \
  || fail "charts/ linked out: $out"

# 4. A link that stays inside the folder is followed: the game plays as the demo does.
demo inside
mkdir "$tmp/inside/maps"
mv "$tmp/inside/map.ini" "$tmp/inside/maps/map.ini"
ln -s maps/map.ini "$tmp/inside/map.ini"
want=$("$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random | tail -1)
got=$("$volley" play "$tmp/inside" --seed 3 --bot A=random --bot B=random 2>&1 | tail -1)
[ "$got" = "$want" ] || fail "a link inside the folder: $got (the demo: $want)"

# 5. volley list: a variant linked out and a FIFO among a battle's files are reported
#    without reading them (a FIFO once hung the listing).
mkdir -p "$tmp/root/scenarios/game"
cp -r tests/data/demo "$tmp/root/scenarios/game/battle"
ln -s "$tmp/outside.ini" "$tmp/root/scenarios/game/battle/linked.ini"
mkfifo "$tmp/root/scenarios/game/battle/pipe.ini"
err=$(VOLLEY_PATH="$tmp/root" timeout 20 "$volley" list 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] || fail "list: exit $status: $err"
[ "$err" = "volley list: $tmp/root/scenarios/game/battle/linked.ini: leads out of the scenario's folder ($tmp/root/scenarios/game/battle): $keep
volley list: $tmp/root/scenarios/game/battle/pipe.ini: not a regular file (a scenario is an .ini file)" ] \
  || fail "list said: $err"

# 6. An order of battle one unit past the bound: refused at that unit's line, before the
#    file's later sections are even read (it once took minutes: a linear duplicate scan).
demo big
awk 'BEGIN { for (i = 1; i <= 20100; i++)
  printf "\n[unit.X%d]\nside = A\ntype = infantry\ncommand = A\nstrength = 3\nma = 4\n", i }' \
  >> "$tmp/big/oob.ini"
line=$(grep -n '^\[unit.X19993\]$' "$tmp/big/oob.ini" | cut -d: -f1)
out=$(timeout 60 "$volley" check "$tmp/big" 2>&1)
status=$?
[ $status -eq 1 ] || fail "20,100 units: check exit $status: $out"
[ "$out" = "$tmp/big/oob.ini:$line: unit X19993: more than 20000 units and leaders (the bound of an order of battle, far above any battle's)
1 errors, 0 warnings, 0 provisional values" ] || fail "20,100 units: $out"

echo "hostile_files: ok"
