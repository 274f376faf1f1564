#!/bin/sh
# docs/designer-guide.md run as written (issue 34 point 7): every file it shows written and
# every command it shows run in a fresh folder, each output compared with the page, and the
# folder it leaves equal to examples/ (tests/tools/guide_run.lua). Then the examples are
# installed (cmake --install into a temporary prefix, as make install does) and the
# installed program checks the installed battle with the installed mod. Last, the guide's
# .luacheckrc is compared with what the sandbox gives a script.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v lua5.4 >/dev/null 2>&1 || { echo "SKIP: lua5.4 is not installed" >&2; exit 77; }

lua5.4 tests/tools/guide_run.lua "$volley" docs/designer-guide.md examples || fail "the guide"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$(dirname "$volley")" --prefix "$tmp/p" >/dev/null || fail "cmake --install"
ex=$tmp/p/share/volley/examples
# (the demo, tests/data/demo, is installed beside them as examples/demo)
diff -r -x demo examples "$ex" >/dev/null || fail "the installed examples differ from examples/"
out=$(cd "$ex" && VOLLEY_PATH=$ex "$tmp/p/bin/volley" check guide/millers-ford \
  --mod mods/veterans.lua 2>&1) || fail "the installed example does not pass check: $out"
[ "$(echo "$out" | tail -n 1)" = "0 errors, 0 warnings, 16 provisional values" ] \
  || fail "check of the installed example: $out"

# The guide's .luacheckrc lists what the sandbox gives a script (docs/modding.md "What a script
# gets"): the same names and fields as a mod finds in its environment.
cat > "$tmp/globals.lua" <<'EOF'
local names = {}
for k, v in pairs(_G) do
  if type(v) == "table" and k ~= "_G" then
    local fields = {}
    for f in pairs(v) do fields[#fields + 1] = f end
    names[#names + 1] = k .. "{" .. table.concat(fields, " ") .. "}"
  else
    names[#names + 1] = k
  end
end
volley.on("turn.start", function() volley.log("globals: " .. table.concat(names, " ")) end)
EOF
got=$(VOLLEY_PATH=$PWD/examples "$volley" play guide/millers-ford --mod "$tmp/globals.lua" \
  --bot Blue=random --bot Red=random --seed 1 --max-decisions 1 | sed -n 's/^globals: //p')
want=$(lua5.4 - examples/.luacheckrc <<'LUA'
local env = {}
assert(loadfile(arg[1], "t", env))()
local names = {}
for k, v in pairs(env.std.read_globals) do
  if type(k) == "number" then
    names[#names + 1] = v
  else
    local fields = { table.unpack(v.fields) }
    table.sort(fields)
    names[#names + 1] = k .. "{" .. table.concat(fields, " ") .. "}"
  end
end
table.sort(names)
print(table.concat(names, " "))
LUA
)
[ -n "$got" ] && [ "$got" = "$want" ] \
  || fail "examples/.luacheckrc is not the sandbox's allow-list:
  the sandbox: $got
  .luacheckrc: $want"
echo "ok"
