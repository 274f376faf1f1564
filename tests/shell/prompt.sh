#!/bin/sh
# The program's skeleton: --version names its Lua, --help, bad options exit 2, the prompt
# answers help and quit, exits 0 on end of input, reads plain lines from a pipe.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

out=$("$volley" --version) || fail "--version exited $?"
echo "$out" | grep -Eq '^volley [0-9]+\.[0-9]+\.[0-9]+ \((Lua 5\.4|LuaJIT 2\.1)' || fail "--version printed: $out"

"$volley" --help | grep -q '^usage: volley' || fail "--help has no usage line"

"$volley" --no-such-option >/dev/null 2>&1
[ $? -eq 2 ] || fail "an unknown option must exit 2"

out=$(printf 'help\nquit\n' | "$volley") || fail "help, quit exited $?"
echo "$out" | grep -q 'quit' || fail "help does not list quit: $out"

out=$(printf 'help quit\n' | "$volley") || fail "help quit exited $?"
echo "$out" | grep -q 'leave volley' || fail "help quit does not explain quit: $out"

printf 'help\n' | "$volley" >/dev/null || fail "end of input must exit 0"

out=$(printf 'frobnicate\nquit\n' | "$volley") || fail "an unknown command must not end the prompt"
echo "$out" | grep -q "refused: 'frobnicate' is not one of this line's locations (3014 3015) \[rough_and_ready PA Initial Deployment\]" \
  || fail "no message for an unknown command: $out"

out=$(VOLLEY_PATH=/nonexistent "$volley" </dev/null 2>&1)
[ $? -eq 0 ] || fail "VOLLEY_PATH with a bad entry must fall back to the source tree"
# C modules load inside the program (liblua's symbols are visible to them): a runtime that
# requires lpeg, found first on VOLLEY_PATH.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/scripts/volley"
cat > "$tmp/scripts/volley/init.lua" <<'LUA'
local lpeg = require "lpeg"
io.stderr:write("lpeg ", tostring(lpeg.match(lpeg.P"ab", "abc")), "\n")
return {}
LUA
# (that runtime has no volley.play, so the prompt itself then fails: only lpeg is checked)
out=$(VOLLEY_PATH="$tmp" "$volley" </dev/null 2>&1)
echo "$out" | grep -q '^lpeg 3$' || fail "lpeg did not load in the program: $out"
echo ok
