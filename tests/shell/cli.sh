#!/bin/sh
# The command line (docs/shell.md "The command line"): one table (scripts/volley/cli.lua)
# and one parser for every subcommand. Every flag the parser knows is in its command's
# --help; every command is in volley --help, in the manual page (man -l) and dispatched by
# the program; --flag=value is --flag value; a mistyped flag or command gets a "did you
# mean"; usage errors exit 2; the manual page and the bash completion are installed, and the
# completion completes commands, flags, scenario ids, option names and bot names.
set -u
volley=$1
build=$(dirname "$volley")
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every command and every flag (and alias) of the parser lua-argparse builds from the table.
lua5.4 -e 'package.path = "scripts/?.lua;" .. package.path
  local cli = require "volley.cli"
  for _, c in ipairs(cli.COMMANDS) do
    print(c.name)
    for _, opt in ipairs(cli.parser(c)._options) do
      for _, name in ipairs(opt._aliases) do print(c.name .. " " .. name) end
    end
  end' > "$tmp/known" || fail "cannot read the parser's flags"
[ "$(grep -c ' --' "$tmp/known")" -gt 40 ] || fail "too few flags: $(cat "$tmp/known")"
grep -qx 'sim --games' "$tmp/known" || fail "sim --games unknown to the parser"

"$volley" --help > "$tmp/main" || fail "volley --help exited $?"
while read -r cmd flag; do
  if [ -z "$flag" ]; then
    grep -q "^  volley $cmd\( \|$\)" "$tmp/main" || fail "volley --help does not list $cmd"
    "$volley" "$cmd" --help > "$tmp/$cmd.help" || fail "volley $cmd --help exited $?"
    head -n 1 "$tmp/$cmd.help" | grep -q "^usage: volley $cmd" || fail "$cmd --help: no usage"
    grep -q '^Exit status: ' "$tmp/$cmd.help" || fail "$cmd --help: no exit status"
  else
    grep -q -- "^  \(.*[ ,]\)\?$flag\([ ,]\|$\)" "$tmp/$cmd.help" ||
      fail "volley $cmd --help does not list $flag"
  fi
done < "$tmp/known"

# The program dispatches exactly the table's commands: volley --help lists no other.
sed -n 's/^  volley \([a-z]*\).*/\1/p' "$tmp/main" | sort > "$tmp/listed"
grep -v ' ' "$tmp/known" | sort > "$tmp/names"
cmp -s "$tmp/listed" "$tmp/names" || fail "volley --help and the table differ"

# --flag=value is --flag value (the game is the same to the byte).
a=$("$volley" play tests/data/demo --seed 3 --bot A=random --bot B=random --json) || fail "play $?"
b=$("$volley" play tests/data/demo --seed=3 --bot=A=random --bot B=random --json) || fail "play= $?"
if [ -z "$a" ] || [ "$a" != "$b" ]; then fail "--seed=3 is not --seed 3"; fi
out=$("$volley" render tests/data/maps/sample.ini --text --hex=0606 --radius=1 --colour=never) ||
  fail "render with --flag=value exited $?"
[ "$out" = "$("$volley" render tests/data/maps/sample.ini --text --hex 0606 --radius 1 \
  --colour never)" ] || fail "render --hex=0606 differs from --hex 0606"

# A mistyped flag or command: exit 2, the message, the nearest names.
usage2() {   # usage2 EXPECTED-STDERR-LINE ARGS...: exits 2 with that first line on stderr
  want=$1
  shift
  "$volley" "$@" >/dev/null 2>"$tmp/err"
  st=$?
  [ $st -eq 2 ] || fail "volley $*: exit $st, not 2"
  [ "$(head -n 1 "$tmp/err")" = "$want" ] || fail "volley $*: $(head -n 1 "$tmp/err")"
}
usage2 "volley play: unknown option '--sed' (did you mean --seed?)" play tests/data/demo --sed 3
usage2 "volley sim: unknown option '--game' (did you mean --games?)" sim tests/data/demo --game 3
usage2 "volley render: unknown option '--txt' (did you mean --text?)" render x --txt
usage2 "volley check: unknown option '--mods' (did you mean --mod?)" check x --mods f
usage2 "volley: unknown command or option 'rendr' (did you mean render?)" rendr
usage2 "volley play: --json takes no value" play tests/data/demo --json=yes
usage2 "volley play: --seed takes an integer from 0 to 2^53 - 1" play tests/data/demo --seed=-1
usage2 "volley sim: --games given twice" sim tests/data/demo --games 2 --games=3
usage2 "volley export: --as takes a side" export x.save --as=

# The manual page, as installed: every command, the prompt's commands, the exit status.
[ -f "$build/volley.1" ] || fail "no $build/volley.1 (made by the build)"
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null || fail "cmake --install failed"
page=$tmp/prefix/share/man/man1/volley.1
[ -f "$page" ] || fail "volley.1 is not installed in share/man/man1"
[ -f "$tmp/prefix/share/bash-completion/completions/volley" ] ||
  fail "the completion is not installed in share/bash-completion/completions"
if command -v man >/dev/null 2>&1; then
  MANWIDTH=100 man -l "$page" 2>"$tmp/man.err" > "$tmp/man" ||
    fail "man -l volley.1: $(cat "$tmp/man.err")"
  while read -r cmd; do
    grep -q "^ *volley $cmd\( \|$\)" "$tmp/man" || fail "man volley does not show $cmd"
  done < "$tmp/names"
  for section in SYNOPSIS COMMANDS "PROMPT COMMANDS" "EXIT STATUS" ENVIRONMENT; do
    grep -q "^$section" "$tmp/man" || fail "man volley: no $section"
  done
  for word in "move <unit> <hex>" "face \[<unit>\] <dir>" "undo" "quit"; do
    sed -n '/^PROMPT COMMANDS/,/^EXIT STATUS/p' "$tmp/man" | grep -q "^ *$word" ||
      fail "man volley: the prompt's $word missing"
  done
  grep -q -- "--max-decisions N" "$tmp/man" || fail "man volley: no play --max-decisions"
else
  echo "man is not installed: the manual page was not read" >&2
fi

# The bash completion, as installed (and shellcheck-clean as bash, when shellcheck is here).
if command -v shellcheck >/dev/null 2>&1; then
  shellcheck -s bash "$build/volley.bash" >&2 || fail "shellcheck of volley.bash"
fi
cat > "$tmp/complete.bash" <<'EOF'
. "$1"
prog=$2
# comp LINE: what _volley offers for the line, cursor at its end, as bash would call it
comp() {
  COMP_LINE="$prog $1"
  COMP_POINT=${#COMP_LINE}
  read -r -a COMP_WORDS <<< "$COMP_LINE"
  case $COMP_LINE in *" ") COMP_WORDS+=("") ;; esac
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _volley
  echo "${COMPREPLY[*]}"
}
check() {   # check LINE EXPECTED
  got=$(comp "$1")
  [ "$got" = "$2" ] || { echo "FAIL: completion of '$1': got '$got', not '$2'" >&2; exit 1; }
}
check "ren" "render"
check "play --se" "--seed"
check "sim tests/data/demo --ga" "--games"
check "play rough-and" "rough-and-ready/palo-alto rough-and-ready/resaca-de-la-palma rough-and-ready/resaca-de-la-palma/hidden rough-and-ready/resaca-de-la-palma/variable rough-and-ready/rio-sacramento"
check "play rough-and-ready/p" "rough-and-ready/palo-alto"
check "play rough-and-ready/palo-alto --option gr" "grass-fire"
check "play tests/data/demo --bot A=r" "random"
check "sim tests/data/demo --bots random,f" "random,first"
check "render tests/data/demo --text --colour n" "never"
check "--seed 3 --option mex" "mexican-ammunition"
check "hooks d" "demo"
complete -p volley | grep -q -- "-F _volley" || { echo "FAIL: not registered" >&2; exit 1; }
EOF
command -v bash >/dev/null 2>&1 || fail "no bash"
bash "$tmp/complete.bash" "$tmp/prefix/share/bash-completion/completions/volley" "$volley" ||
  fail "bash completion"
echo ok
