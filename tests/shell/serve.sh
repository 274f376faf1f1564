#!/bin/sh
# `volley serve` (docs/serve.md): --help and the usage errors; Palo Alto served with the
# Mexicans to a bot, through the API as the page uses it:
# - the URL printed moves its token into a cookie (303, Set-Cookie HttpOnly SameSite=Strict,
#   the headers every answer carries) and serves the page's files (--web);
# - the set-up placed with `default all` (POST command), then an answer POSTed to api/answer
#   and one refused (422, nothing changed); the state, units, board, reach, show, log and the
#   event stream tell it;
# - the view hash the server gives is the one `volley play --as US` prints after the same
#   answers; stopped by SIGTERM (exit 0), the game goes on at the prompt (`volley play
#   --resume`, the same view hash) and back in the browser (`volley serve --resume`); the
#   save of the same answers served (`volley serve SAVE`) is that game; a bad save is refused.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8
# shellcheck disable=SC2034   # $origin is read by serve_lib.sh's post
base='' port='' origin='' events=''   # serve_start and events_open set them
# shellcheck disable=SC1091   # the helpers of both serve tests (shellcheck runs without -x)
. tests/tools/serve_lib.sh
mkdir "$tmp/web"
printf '<!doctype html><title>volley</title><script src="app.js"></script>\n' > "$tmp/web/index.html"
printf 'console.log("volley");\n' > "$tmp/web/app.js"

# usage and refusals, before anything listens
"$volley" serve --help > "$tmp/help" || fail "serve --help exited $?"
grep -q '^usage: volley serve' "$tmp/help" && grep -q -- '--listen' "$tmp/help" || fail "serve --help: $(cat "$tmp/help")"
"$volley" serve --port 70000 2> "$tmp/err"; [ $? -eq 2 ] || fail "--port 70000 is not a usage error"
grep -q -- '--port takes a number' "$tmp/err" || fail "--port 70000: $(cat "$tmp/err")"
"$volley" serve --resume rough-and-ready/palo-alto 2> "$tmp/err"; [ $? -eq 2 ] || fail "--resume with a scenario"
"$volley" serve --listen rebound.example 2> "$tmp/err"; [ $? -eq 1 ] || fail "--listen a name is not refused"
grep -q 'takes an IP address' "$tmp/err" || fail "--listen a name: $(cat "$tmp/err")"
"$volley" serve --bot US=random --bot MEX=random --port 0 > "$tmp/out" 2> "$tmp/err"; [ $? -eq 1 ] \
  || fail "bots on every side is not refused"
grep -q 'every side has a bot' "$tmp/err" || fail "bots on every side: $(cat "$tmp/err")"

serve_start pa rough-and-ready/palo-alto --bot MEX=random --seed 7 --web "$tmp/web"
[ "$(grep -c '^[A-Z]*: http://127.0.0.1:' "$tmp/pa.out")" = 1 ] || fail "not one URL: $(cat "$tmp/pa.out")"
url US | grep -q "^$base/US/?token=[A-Za-z0-9_-]\{43\}\$" || fail "the URL: $(url US)"

# the first load: the token into a cookie, the page from --web
curl -s -D "$tmp/head" -o /dev/null "$(url US)" || fail "curl the URL"
grep -q '^HTTP/1.1 303' "$tmp/head" || fail "the first load is not a 303: $(cat "$tmp/head")"
grep -qi "^Set-Cookie: volley-$port=$(token US); Path=/US/; HttpOnly; SameSite=Strict" "$tmp/head" \
  || fail "no cookie: $(cat "$tmp/head")"
grep -qi '^Location: /US/' "$tmp/head" || fail "no Location: $(cat "$tmp/head")"
grep -qi '^Referrer-Policy: no-referrer' "$tmp/head" || fail "no Referrer-Policy"
code=$(get US "" -D "$tmp/head"); expect 200 "$code" "the page"
grep -q '<script src="app.js">' "$tmp/body" || fail "not the page: $(cat "$tmp/body")"
grep -qi '^Content-Security-Policy: default-src' "$tmp/head" || fail "the page has no CSP"
grep -qi '^Content-Type: text/html' "$tmp/head" || fail "the page is not text/html"
code=$(get US app.js -D "$tmp/head"); expect 200 "$code" "app.js"
grep -qi '^Content-Type: text/javascript' "$tmp/head" || fail "app.js's type: $(cat "$tmp/head")"

# the set-up
code=$(get US api/state); expect 200 "$code" "state"
[ "$(field d.request.kind)" = place ] && [ "$(field d.request.mine)" = true ] \
  && [ "$(field d.decision)" = 0 ] || fail "the first state: $(head -c 600 "$tmp/body")"
cp "$tmp/body" "$tmp/state0"
events_open US "$tmp/events"
code=$(post US api/command '{"line":"default all"}'); expect 200 "$code" "default all"
[ "$(field d.taken)" = true ] || fail "default all took nothing: $(head -c 400 "$tmp/body")"
decision=$(field d.decision)
[ "$decision" -gt 20 ] || fail "default all answered $decision requests"
code=$(get US api/state); expect 200 "$code" "state"
kind=$(field d.request.kind)
first=$(field d.request.options[1])
[ -n "$first" ] && [ "$(field d.request.side)" = US ] || fail "after the set-up: $(head -c 600 "$tmp/body")"

# a refused answer changes nothing; a legal one is taken
code=$(post US api/answer '{"line":"no-such-answer 9999"}'); expect 422 "$code" "a wrong answer"
field d.error | grep -q '^refused: ' || fail "a refusal says: $(cat "$tmp/body")"
code=$(post US api/answer '{"line":"show 5US-1"}'); expect 422 "$code" "a query at api/answer"
code=$(get US api/state); expect 200 "$code" "state"
[ "$(field d.decision)" = "$decision" ] || fail "a refused answer changed the game"
code=$(post US api/answer "{\"line\":\"$first\"}"); expect 200 "$code" "the answer $first ($kind)"
[ "$(field d.taken)" = true ] || fail "$first was not taken: $(cat "$tmp/body")"
code=$(get US api/state); expect 200 "$code" "state"
hash=$(field d.view_hash)
after=$(field d.decision)
[ "$after" -gt "$decision" ] || fail "the answer did not count: $(head -c 400 "$tmp/body")"
[ "$(field d.log_count)" -gt 0 ] || fail "no log"
field 'd.log[#d.log].text or d.log[#d.log].roll.reason' | grep -q . || fail "the log's last entry"
! grep -q '"state_hash"\|"seed"' "$tmp/body" || fail "a side's state carries state_hash or seed"

# what the page reads besides
code=$(get US api/units); expect 200 "$code" "units"
[ "$(field '#d.units')" -gt 30 ] || fail "units: $(head -c 300 "$tmp/body")"
[ "$(field 'd.units[1].lines[1]')" != "" ] || fail "a unit has no show lines"
code=$(get US api/board.svg -D "$tmp/head"); expect 200 "$code" "board.svg"
grep -q '<svg' "$tmp/body" && grep -q 'data-hex="3014"' "$tmp/body" || fail "board.svg"
grep -qi '^Content-Type: image/svg+xml' "$tmp/head" || fail "board.svg's type"
code=$(get US 'api/reach?unit=5US-1'); expect 200 "$code" "reach"
[ "$(field d.from)" != "" ] && [ "$(field '#d.lines')" = 1 ] || fail "reach: $(cat "$tmp/body")"
code=$(get US 'api/show?name=5US-1'); expect 200 "$code" "show"
field 'd.lines[1]' | grep -q '^5US-1 ' || fail "show: $(cat "$tmp/body")"
code=$(get US 'api/show?name=nothing-such'); expect 422 "$code" "show of nothing"
code=$(get US 'api/log?from=1'); expect 200 "$code" "log"
[ "$(field 'd.log[1].n')" = 1 ] || fail "log?from=1: $(head -c 300 "$tmp/body")"
code=$(post US api/command '{"line":"log 3"}'); expect 200 "$code" "log 3"
[ "$(field '#d.output')" = 3 ] && [ "$(field d.taken)" = false ] || fail "log 3: $(cat "$tmp/body")"

serve_stop
wait "$events" 2>/dev/null
grep -q '^data: {"event":"hello","v":1' "$tmp/events" || fail "no hello event: $(head -c 300 "$tmp/events")"
grep -q '^data: {"event":"request","v":1' "$tmp/events" || fail "no request event"
grep -q '^data: {"event":"result","v":1' "$tmp/events" || fail "no result event"
grep -q "^data: {\"event\":\"update\",\"v\":1,\"decision\":$after," "$tmp/events" \
  || fail "no update for decision $after: $(tail -c 300 "$tmp/events")"
grep -q '^volley serve: stopped after' "$tmp/pa.out" || fail "no stop line: $(cat "$tmp/pa.out")"

# the same answers at the prompt: the same view hash
printf 'default all\n%s\n' "$first" > "$tmp/script"
"$volley" play rough-and-ready/palo-alto --bot MEX=random --seed 7 --json --script "$tmp/script" \
  --no-autosave --save "$tmp/pa.save" > "$tmp/play.jsonl" 2> "$tmp/play.err" || fail "play: $(cat "$tmp/play.err")"
want=$(grep '"checkpoint"' "$tmp/play.jsonl" | tail -n 1 | sed 's/.*"view_hash":"\([0-9a-f]*\)".*/\1/')
[ "$want" = "$hash" ] || fail "the server's view hash $hash, the prompt's $want"

# resumed at the prompt: the game the browser left, the same view
printf 'hash\nquit\n' | "$volley" play --resume > "$tmp/resume.out" 2>&1 || fail "resume: $(cat "$tmp/resume.out")"
grep -q "view_hash $hash" "$tmp/resume.out" || fail "the prompt resumed another game: $(cat "$tmp/resume.out")"

# and back in the browser
serve_start back --resume --web "$tmp/web"
code=$(get US api/state); expect 200 "$code" "the resumed state"
[ "$(field d.view_hash)" = "$hash" ] && [ "$(field d.decision)" = "$after" ] \
  || fail "serve --resume: $(head -c 400 "$tmp/body")"
serve_stop

# a save as the operand: the save's game, where it was
serve_start saved "$tmp/pa.save" --bot MEX=random --no-autosave
code=$(get US api/state); expect 200 "$code" "the loaded state"   # answered once it is loaded
grep -q "^loaded $tmp/pa.save: $after answers replayed" "$tmp/saved.out" || fail "the load: $(cat "$tmp/saved.out")"
[ "$(field d.view_hash)" = "$hash" ] && [ "$(field d.decision)" = "$after" ] \
  || fail "serve SAVE: $(head -c 400 "$tmp/body")"
serve_stop
printf 'volley-save 1\nscenario rough-and-ready/palo-alto\nnot a save\n' > "$tmp/bad.save"
"$volley" serve "$tmp/bad.save" --bot MEX=random --no-autosave --port 0 > "$tmp/bad.out" 2>&1
[ $? -eq 1 ] || fail "a bad save served: $(cat "$tmp/bad.out")"
grep -q '^refused: load' "$tmp/bad.out" || fail "a bad save: $(cat "$tmp/bad.out")"
pid=
echo "ok: served Palo Alto to decision $after, view $hash, as at the prompt; resumed both ways"
