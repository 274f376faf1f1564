#!/bin/sh
# make install's layout (docs/build.md "Installing"): cmake --install of this build directory
# into a temporary DESTDIR, with a prefix given at install time, then
# - the files where GNUInstallDirs and Lua put them (DESTDIR honoured), and no path of the build machine in the
#   installed program or modules;
# - the installed program finds its data with no VOLLEY_PATH, and plays the installed demo;
# - stock lua5.4 and luajit, with LUA_PATH and LUA_CPATH at the prefix's Lua folders,
#   `require "volley.core"` and `require "volley"`, and run the example of docs/api-map.md
#   (examples/lua/bot_game.lua): 300 decisions of a random-bot game of Palo Alto, ending in
#   the state the program reaches with the same seed and bots;
# - the rockspec names this version and passes luarocks lint.
# Under ASan only Lua 5.4 is run (the LuaJIT module is not built there), with the sanitizer
# runtimes preloaded (VOLLEY_STOCK_PRELOAD).
set -u
volley=$1
build=$(cd "$(dirname "$volley")" && pwd)
src=$(pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
cmake=${VOLLEY_CMAKE:-cmake}
stage=$build/install-test
prefix=/opt/volley
rm -rf "$stage"
DESTDIR=$stage "$cmake" --install "$build" --prefix "$prefix" >"$build/install-test.log" 2>&1 ||
  fail "cmake --install: $(tail -n 5 "$build/install-test.log")"
p=$stage$prefix

# DESTDIR honoured: nothing at the prefix itself. (The build directory's install_manifest.txt
# is not read: shell.designer_guide installs from the same directory, maybe at the same time.)
[ ! -e "$prefix" ] || fail "$prefix exists: DESTDIR was not honoured"

for f in bin/volley share/lua/5.4/volley/init.lua share/lua/5.4/volley/bots/random.lua \
         share/volley/scripts/volley/init.lua share/volley/scripts/systems/demo/init.lua \
         share/volley/scenarios/rough-and-ready/palo-alto/scenario.ini \
         share/volley/charts/rough_and_ready/terrain.ini \
         share/volley/examples/scenarios/guide/millers-ford/scenario.ini \
         share/volley/examples/demo/scenario.ini share/volley/examples/lua/bot_game.lua \
         share/volley/web/index.html share/volley/web/app.js share/volley/web/style.css \
         share/doc/volley/LICENSE share/doc/volley/README.md share/doc/volley/docs/build.md; do
  [ -f "$p/$f" ] || fail "not installed: $f"
done
cmod54=$(find "$p" -path '*/lua/5.4/volley/core.so' | head -n 1)
[ -n "$cmod54" ] || fail "no lua/5.4/volley/core.so under $p"
case $cmod54 in "$p"/lib*/lua/5.4/volley/core.so) ;; *) fail "core.so not in lib: $cmod54" ;; esac
cmod51=$(find "$p" -path '*/lua/5.1/volley/core.so' | head -n 1)

# No path of the build machine in what is installed (not checked under ASan: the sanitizers'
# instrumentation records each source file's path, and that build is never installed).
[ -n "${VOLLEY_STOCK_PRELOAD:-}" ] ||
for f in "$p/bin/volley" "$cmod54" $cmod51; do
  for path in "$src" "$build"; do
    if grep -q -a -F "$path" "$f"; then fail "$f holds $path"; fi
  done
done

# The installed program: its data from share/volley, nothing from the source tree.
out=$(cd "$stage" && env -u VOLLEY_PATH "$p/bin/volley" list 2>&1) || fail "installed list: $out"
case $out in "battle-of-buena-vista/buena-vista  "*"
rough-and-ready/palo-alto  "*) ;; *) fail "installed list printed: $out" ;; esac
# Buena Vista's system is installed with its data: the scenario checks.
out=$(cd "$stage" && env -u VOLLEY_PATH "$p/bin/volley" check battle-of-buena-vista/buena-vista 2>&1) \
  || fail "installed check of Buena Vista: $out"
case $out in "0 errors, "*) ;; *) fail "installed check of Buena Vista printed: $out" ;; esac

# The demo, installed as a folder to copy (README.md), plays from there.
out=$(cd "$stage" && env -u VOLLEY_PATH XDG_STATE_HOME="$stage/state" "$p/bin/volley" play \
        "$p/share/volley/examples/demo" --seed 3 --bot A=random --bot B=random 2>&1) ||
  fail "the installed demo: $(echo "$out" | tail -n 3)"

# What the program plays: the state after 300 decisions of random against random, seed 1.
want=$("$volley" play rough-and-ready/palo-alto --seed 1 --bot US=random --bot MEX=random \
         --max-decisions 300 --json | sed -n 's/.*"state_hash":"\([0-9a-f]*\)".*/\1/p' | tail -n 1)
[ -n "$want" ] || fail "no state hash from the program"

# The example docs/api-map.md shows is the installed file, line for line.
# shellcheck disable=SC2016 # sed's $, not the shell's
sed -n '/^```lua bot_game.lua$/,/^```$/p' docs/api-map.md | sed '1d;$d' >"$stage/doc.lua"
cmp -s "$stage/doc.lua" examples/lua/bot_game.lua ||
  fail "docs/api-map.md's bot game is not examples/lua/bot_game.lua"

stock() {  # stock <interpreter> <abi> <module> <args...>
  lua=$1 abi=$2 mod=$3
  shift 3
  (cd "$stage" && env -u VOLLEY_PATH \
    LUA_PATH="$p/share/lua/$abi/?.lua;$p/share/lua/$abi/?/init.lua;;" \
    LUA_CPATH="$(dirname "$(dirname "$mod")")/?.so;;" \
    LD_PRELOAD="${VOLLEY_STOCK_PRELOAD:-}" ASAN_OPTIONS=detect_leaks=0 "$lua" "$@")
}
vms="lua5.4:5.4:$cmod54"
[ -z "${VOLLEY_STOCK_PRELOAD:-}" ] && [ -n "$cmod51" ] && vms="$vms luajit:5.1:$cmod51"
for vm in $vms; do
  lua=${vm%%:*} rest=${vm#*:}
  abi=${rest%%:*} mod=${rest#*:}
  out=$(stock "$lua" "$abi" "$mod" -e 'local c = require "volley.core"
    print(c.version, c.data_path()[1])' 2>&1) || fail "$lua: require volley.core: $out"
  real=$(cd "$p/share/volley" && pwd -P)
  root=$(cd "${out#0.1.0	}" 2>/dev/null && pwd -P)
  if [ "${out%%	*}" != 0.1.0 ] || [ "$root" != "$real" ]; then
    fail "$lua: volley.core's version and first data root: $out (want $real)"
  fi
  out=$(stock "$lua" "$abi" "$mod" -e 'print(require("volley").version)' 2>&1) ||
    fail "$lua: require volley: $out"
  [ "$out" = 0.1.0 ] || fail "$lua: require volley: $out"
  out=$(stock "$lua" "$abi" "$mod" "$p/share/volley/examples/lua/bot_game.lua" 300 2>&1) ||
    fail "$lua: the example: $out"
  [ "$out" = "300 decisions	not over	$want" ] || fail "$lua: the example printed: $out (want $want)"
done

# The rockspec: this version, and luarocks lint when luarocks is here.
version=$(sed -n 's/^project(volley VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -f "volley-$version-1.rockspec" ] || fail "no volley-$version-1.rockspec for version $version"
if command -v luarocks >/dev/null; then
  out=$(luarocks lint "volley-$version-1.rockspec" 2>&1) || fail "luarocks lint: $out"
fi
rm -rf "$stage" "$build/install-test.log"
echo "ok: installed under DESTDIR, the stock-Lua example on: $vms"
