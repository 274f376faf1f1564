#!/bin/sh
# make docs' two generators run through (docs/build.md "make docs"): LDoc with config.ld over
# the Lua runtime and the rule systems stops on no file (a doc comment it cannot read is an
# error that ends it: a table of arrays, a multiple assignment), and docs/tools/cref.lua
# writes a page per public header, with an anchor for what each declares. Exit 77 (skipped)
# without ldoc.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v ldoc >/dev/null || { echo "no ldoc (lua-ldoc): skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(ldoc -q -c config.ld -d "$tmp/lua" . 2>&1) ||
  fail "ldoc stopped: $(echo "$out" | grep -v 'formal argument' | tail -n 5)"
for m in volley volley.game volley.session volley.bots.random \
         systems.rough_and_ready systems.demo; do
  [ -f "$tmp/lua/modules/$m.html" ] || fail "LDoc wrote no page for $m"
done
grep -q 'new_state' "$tmp/lua/modules/volley.html" || fail "volley.html lacks new_state"

mkdir "$tmp/c"
lua5.4 docs/tools/cref.lua "$tmp/c" engine/include/volley/*.h || fail "cref.lua failed"
for h in engine/include/volley/*.h; do
  [ -f "$tmp/c/$(basename "$h").html" ] || fail "no page for $h"
done
grep -q 'id="vl_dice_bot_seed"' "$tmp/c/dice.h.html" || fail "dice.h.html: no vl_dice_bot_seed"
grep -q 'id="vl_path_new_from"' "$tmp/c/path.h.html" || fail "path.h.html: no vl_path_new_from"
grep -q 'href="dice.h.html"' "$tmp/c/index.html" || fail "the C index lacks dice.h"
echo "ok: LDoc and the C reference"
