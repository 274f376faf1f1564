#!/bin/sh
# docs/designer-guide.md run as written (issue 34 point 7): every file it shows written and
# every command it shows run in a fresh folder, each output compared with the page, and the
# folder it leaves equal to examples/ (tests/tools/guide_run.lua). Then the examples are
# installed (cmake --install into a temporary prefix, as make install does) and the
# installed program checks the installed battle with the installed mod.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v lua5.4 >/dev/null 2>&1 || { echo "SKIP: lua5.4 is not installed" >&2; exit 77; }

lua5.4 tests/tools/guide_run.lua "$volley" docs/designer-guide.md examples || fail "the guide"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$(dirname "$volley")" --prefix "$tmp/p" >/dev/null || fail "cmake --install"
ex=$tmp/p/share/volley/examples
diff -r examples "$ex" >/dev/null || fail "the installed examples differ from examples/"
out=$(cd "$ex" && VOLLEY_PATH=$ex "$tmp/p/bin/volley" check guide/millers-ford \
  --mod mods/veterans.lua 2>&1) || fail "the installed example does not pass check: $out"
[ "$(echo "$out" | tail -n 1)" = "0 errors, 0 warnings, 13 provisional values" ] \
  || fail "check of the installed example: $out"
echo "ok"
