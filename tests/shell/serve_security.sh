#!/bin/sh
# shellcheck disable=SC2034   # $origin is read by tests/tools/serve_lib.sh (post)
# `volley serve`'s security (docs/serve.md "Security"), each hostile request answered with a
# 4xx that changes nothing:
# - Palo Alto with both sides in browsers: no token, a wrong one, the other side's: 403; a
#   Host that is not this server (DNS rebinding): 421; a POST from another site (Origin) or
#   with none: 403; a body over 8 KiB: 413; bad JSON, no line, not JSON: 400; a side answering
#   while the other is asked: 409; the commands a browser never gives (load, lua, svg, a
#   save outside the server's folder): 403, no file written; a path out of the page's
#   folder: 404; after all of it the game is where it was (decision 0, the same view hash);
#   then US answers (and takes it back and gives it again) and MEX's event stream and state
#   follow it;
# - Resaca de la Palma with hidden Mexican units, the Mexicans to a bot: after the US
#   set-up, the US's state, units, board, log, events and reach name no hidden Mexican unit
#   (those its show does not find: at least 10); and with both sides in browsers, the US's
#   state and events name none of them while the Mexicans set up from their page, and the
#   Mexicans may not undo the US's last answer.
set -u
volley=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")   # the server runs in another folder
[ -x "$volley" ] || { echo "FAIL: no program $1" >&2; exit 1; }
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8
base='' port='' origin='' events=''   # serve_start and events_open set them
# shellcheck disable=SC1091   # the helpers of both serve tests (shellcheck runs without -x)
. tests/tools/serve_lib.sh
mkdir "$tmp/web" "$tmp/run"
printf '<!doctype html><title>volley</title>\n' > "$tmp/web/index.html"
printf 'secret\n' > "$tmp/secret.txt"

top=$(pwd)
cd "$tmp/run" || fail "cd"   # the server's folder: where a save would go
serve_start two rough-and-ready/palo-alto --seed 3 --web "$tmp/web"
cd "$top" || fail "cd back"
[ "$(grep -c '^\(US\|MEX\): http://' "$tmp/two.out")" = 2 ] || fail "two URLs: $(cat "$tmp/two.out")"
code=$(get US api/state); expect 200 "$code" "US state"
[ "$(field d.request.side)" = US ] || fail "US is not asked first: $(head -c 300 "$tmp/body")"
hash=$(field d.view_hash)

# tokens
code=$(curl -s -o "$tmp/body" -w '%{http_code}' "$base/US/api/state"); expect 403 "$code" "no token"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -b "volley-$port=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" \
  "$base/US/api/state"); expect 403 "$code" "a wrong token"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -b "volley-$port=$(token US)" "$base/MEX/api/state")
expect 403 "$code" "the US token on the MEX page"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' "$base/MEX/?token=$(token US)"); expect 403 "$code" "the US token in MEX's URL"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' "$base/"); expect 404 "$code" "the root"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' "$base/XX/?token=$(token US)"); expect 404 "$code" "no such side"

# Host and Origin
code=$(get US api/state -H "Host: rebound.example:$port"); expect 421 "$code" "a DNS name as Host"
code=$(get US api/state -H "Host: 127.0.0.1:1"); expect 421 "$code" "another port in Host"
code=$(get US api/state -H "Host: localhost:$port"); expect 200 "$code" "localhost as Host"
origin=http://evil.example
code=$(post US api/command '{"line":"default"}'); expect 403 "$code" "a cross-site POST"
origin="http://127.0.0.1:$port.evil.example"
code=$(post US api/command '{"line":"default"}'); expect 403 "$code" "a cross-site POST (a prefix)"
origin=$base
code=$(get US api/state -H 'Origin: http://evil.example'); expect 403 "$code" "a cross-site GET"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -b "volley-$port=$(token US)" \
  -H 'Content-Type: application/json' --data-binary '{"line":"default"}' "$base/US/api/command")
expect 403 "$code" "a POST without Origin"

# bodies
awk 'BEGIN { printf "{\"line\":\""; for (i = 0; i < 9000; i++) printf "x"; printf "\"}" }' > "$tmp/big"
code=$(post US api/command "@$tmp/big"); expect 413 "$code" "a body over 8 KiB"
code=$(post US api/command '{"line":'); expect 400 "$code" "bad JSON"
code=$(post US api/command '{"text":"default"}'); expect 400 "$code" "no line"
code=$(post US api/command '["default"]'); expect 400 "$code" "a list"
code=$(post US api/command '{"line":"default\u0007"}'); expect 400 "$code" "a control byte"
code=$(post US api/command 'line=default' -H 'Content-Type: application/x-www-form-urlencoded')
expect 400 "$code" "a form's body"
code=$(get US api/command); expect 405 "$code" "GET of command"
code=$(get US api/nothing); expect 404 "$code" "no such API"

# what a browser never gives, and the other side's turn
for line in "load $tmp/x.save" 'lua 1+1' "svg $tmp/run/x.svg" 'save ../x.save' "save $tmp/x.save" \
    'map' 'quit' 'reload'; do
  code=$(post US api/command "{\"line\":\"$line\"}"); expect 403 "$code" "'$line'"
done
[ ! -e "$tmp/run/x.svg" ] && [ ! -e "$tmp/x.save" ] || fail "a file was written"
code=$(post MEX api/command '{"line":"default"}'); expect 409 "$code" "MEX answering US's request"
code=$(post MEX api/answer '{"line":"3014"}'); expect 409 "$code" "MEX answering at api/answer"
code=$(post MEX api/command '{"line":"undo"}'); expect 409 "$code" "MEX's undo on US's turn"
code=$(post MEX api/command '{"line":"?"}'); expect 409 "$code" "MEX's ? of US's request"
code=$(post MEX api/command '{"line":"show 5US-1"}'); expect 200 "$code" "MEX's show on US's turn"
field 'd.output[1]' | grep -q '^5US-1 ' || fail "MEX's show says: $(cat "$tmp/body")"

# paths out of the page's folder
for path in ../secret.txt ..%2Fsecret.txt .hidden 'a/b/c.html' index.sh; do
  code=$(get US "$path"); [ "$code" = 404 ] || [ "$code" = 403 ] || fail "$path: $code"
  ! grep -q secret "$tmp/body" || fail "$path served the file"
done

code=$(get US api/state); expect 200 "$code" "US state"
[ "$(field d.decision)" = 0 ] && [ "$(field d.view_hash)" = "$hash" ] || fail "the game changed: $(head -c 300 "$tmp/body")"
# the other browser follows: US answers, MEX's stream and state tell it
events_open MEX "$tmp/mex-events"
mexevents=$events
code=$(post US api/answer '{"line":"default"}'); expect 200 "$code" "US's default"
code=$(post US api/command '{"line":"undo"}'); expect 200 "$code" "US's undo of its own answer"
[ "$(field d.decision)" = 0 ] || fail "US's undo: $(cat "$tmp/body")"
code=$(post US api/answer '{"line":"default"}'); expect 200 "$code" "US's default again"
code=$(get MEX api/state); expect 200 "$code" "MEX state"
[ "$(field d.decision)" = 1 ] && [ "$(field d.request.mine)" = false ] || fail "MEX's state after US's answer: $(head -c 300 "$tmp/body")"
serve_stop
wait "$mexevents" 2>/dev/null
grep -q '^data: {"event":"update","v":1,"decision":1,' "$tmp/mex-events" \
  || fail "MEX's stream did not follow US's answer: $(cat "$tmp/mex-events")"

# hidden units stay hidden
serve_start rp rough-and-ready/resaca-de-la-palma/hidden --bot MEX=random --seed 5 --web "$tmp/web"
events_open US "$tmp/events"
code=$(get US api/state); expect 200 "$code" "Resaca state"
n=0
while [ "$(field d.request.side)" = US ] && [ "$(field d.request.kind)" != activate ] && [ "$n" -lt 10 ]; do
  code=$(post US api/command '{"line":"default all"}'); expect 200 "$code" "default all"
  code=$(get US api/state); expect 200 "$code" "Resaca state"
  n=$((n + 1))
done
[ "$(field d.decision)" -gt 10 ] || fail "the set-up was not played: $(head -c 400 "$tmp/body")"
cp "$tmp/body" "$tmp/rp.state"
get US api/units > /dev/null; cp "$tmp/body" "$tmp/rp.units"
get US api/board.svg > /dev/null; cp "$tmp/body" "$tmp/rp.svg"
get US 'api/log?from=1' > /dev/null; cp "$tmp/body" "$tmp/rp.log"
# the Mexican counters the US's show does not find are the hidden ones (a leader off the map
# is not hidden): none of them may be named anywhere in the US's pages
hidden=''
for u in Arista 4pdr-1 4pdr-2 8pdr Det-1 Det-2 Det-3 4pdr-3 4L-1 4L-2 4L-3 TampVet Guardacosta \
    Vega 2Lig-1 2Lig-2 6L-1 6L-2 10L-1 10L-2 Garcia 7LC-1 7LC-2 8LC-1 8LC-2 Presid Torrejon \
    Ranch-1 Ranch-2 Canales; do
  code=$(get US "api/show?name=$u")
  [ "$code" = 422 ] && hidden="$hidden $u"
done
[ "$(echo "$hidden" | wc -w)" -ge 10 ] || fail "too few hidden units to check:$hidden"
code=$(get US 'api/reach?unit=4L-1'); expect 422 "$code" "reach of a hidden unit"
sed 's/4L-1/NAME/g' "$tmp/body" > "$tmp/rp.reach"
code=$(get US 'api/reach?unit=No-such'); expect 422 "$code" "reach of no unit"
sed 's/No-such/NAME/g' "$tmp/body" | cmp -s - "$tmp/rp.reach" \
  || fail "reach of a hidden unit is not reach of no unit: $(cat "$tmp/rp.reach")"
code=$(post US api/command '{"line":"log"}'); expect 200 "$code" "log"
cp "$tmp/body" "$tmp/rp.prompt-log"
serve_stop
pid=
wait "$events" 2>/dev/null
[ "$(field '#d.units' "$tmp/rp.units")" -gt 5 ] || fail "the US sees no units"
for u in $hidden; do
  for f in state units svg log reach prompt-log; do
    ! grep -q "[^A-Za-z0-9_./-]${u}[^A-Za-z0-9_./-]" "$tmp/rp.$f" || fail "the US's $f names $u"
  done
  ! grep -q "[^A-Za-z0-9_./-]${u}[^A-Za-z0-9_./-]" "$tmp/events" || fail "the US's events name $u"
done
grep -q '"event":"update"' "$tmp/events" || fail "no events: $(head -c 300 "$tmp/events")"

# two browsers: the Mexicans set up from theirs (their requests name their hidden units);
# the US's state while they are asked, and its events, name none of them
serve_start rp2 rough-and-ready/resaca-de-la-palma/hidden --seed 5 --web "$tmp/web"
events_open US "$tmp/events2"
n=0
mex=0
while [ "$n" -lt 20 ]; do
  code=$(get US api/state); expect 200 "$code" "Resaca state (two browsers)"
  cp "$tmp/body" "$tmp/rp2.state$n"
  asked=$(field d.request.side)
  [ "$(field d.setup)" = true ] && [ -n "$asked" ] || break
  [ "$asked" = MEX ] && cp "$tmp/body" "$tmp/rp2.asked$n"
  if [ "$asked" = MEX ] && [ "$mex" = 0 ]; then   # the last answer is the US's: not MEX's to undo
    code=$(post MEX api/command '{"line":"undo"}'); expect 409 "$code" "MEX's undo of the US's answer"
    field d.error | grep -q "only its own" || fail "MEX's undo: $(cat "$tmp/body")"
  fi
  [ "$asked" = MEX ] && mex=$((mex + 1))
  code=$(post "$asked" api/command '{"line":"default all"}'); expect 200 "$code" "$asked's default all"
  n=$((n + 1))
done
[ "$mex" -gt 0 ] || fail "the Mexicans were never asked in the set-up: $(ls "$tmp"); $(head -c 600 "$tmp/body")"
code=$(get MEX api/units); expect 200 "$code" "MEX units"
cp "$tmp/body" "$tmp/rp2.mexunits"
hidden2=''   # those still hidden from the US at the end of this set-up
for u in $hidden; do
  code=$(get US "api/show?name=$u")
  [ "$code" = 422 ] && hidden2="$hidden2 $u"
done
[ "$(echo "$hidden2" | wc -w)" -ge 3 ] || fail "too few hidden units to check:$hidden2"
# while the Mexicans set up, none of theirs is revealed yet: the US's state names none
for u in $hidden; do
  for f in "$tmp"/rp2.asked*; do
    ! grep -q "[^A-Za-z0-9_./-]${u}[^A-Za-z0-9_./-]" "$f" || fail "the US's state names $u while MEX sets up: $(head -c 300 "$f")"
  done
done
named=0
for u in $hidden2; do
  grep -q "\"$u\"" "$tmp/rp2.mexunits" && named=$((named + 1))
  for f in "$tmp"/rp2.state*; do
    ! grep -q "[^A-Za-z0-9_./-]${u}[^A-Za-z0-9_./-]" "$f" || fail "the US's state names $u: $(head -c 300 "$f")"
  done
done
[ "$named" -gt 0 ] || fail "the Mexicans' own units page names none of their units"
serve_stop
pid=
wait "$events" 2>/dev/null
for u in $hidden2; do
  ! grep -q "[^A-Za-z0-9_./-]${u}[^A-Za-z0-9_./-]" "$tmp/events2" || fail "the US's events name $u (two browsers)"
done
echo "ok: hostile requests refused, nothing changed; no hidden Mexican unit in the US's pages"
