#!/bin/sh
# What the `volley serve` tests share (tests/shell/serve.sh and serve_security.sh source it;
# alone it does nothing): start a server and read its URLs, requests with curl, JSON
# fields read with Lua's dkjson. Needs $volley, $tmp and fail().
# shellcheck disable=SC2034,SC2154   # the variables set here are the sourcing script's, and
# so are $volley and $tmp
[ -n "${volley:-}" ] || exit 0

# serve_start NAME ARGS...: `volley serve ARGS --port 0` in the background, its output in
# $tmp/NAME.out and .err, its pid in $pid; waits for its URL lines (a wait for the server to
# be ready, bounded at a minute so a broken build fails rather than hangs: no assertion on
# time). Sets $base (http://127.0.0.1:PORT), $port and $origin ($base).
serve_start() {
  name=$1
  shift
  rm -f "$tmp/$name.out" "$tmp/$name.err"   # an earlier server's lines are not this one's
  "$volley" serve "$@" --port 0 > "$tmp/$name.out" 2> "$tmp/$name.err" &
  pid=$!
  n=0
  until grep -q '^(Ctrl-C stops the server' "$tmp/$name.out" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || fail "volley serve $* exited: $(cat "$tmp/$name.err")"
    n=$((n + 1))
    [ "$n" -lt 600 ] || fail "volley serve $* printed no URL: $(cat "$tmp/$name.err")"
    sleep 0.1
  done
  base=$(sed -n 's|^volley serve: .* on \(http://[^/]*\)/$|\1|p' "$tmp/$name.out")
  port=${base##*:}
  origin=$base
  { [ -n "$base" ] && [ -n "$port" ]; } || fail "no base URL in $(cat "$tmp/$name.out")"
}

# url SIDE: the side's URL as printed; token SIDE: its token.
url() { sed -n "s|^$1: ||p" "$tmp/$name.out"; }
token() { url "$1" | sed 's|.*?token=||'; }

# events_open SIDE FILE: the side's event stream into FILE in the background (its pid in
# $events), once it has said hello (the stream is open: what follows reaches it).
events_open() {
  curl -s -N -b "volley-$port=$(token "$1")" "$base/$1/api/events" > "$2" &
  events=$!
  n=0
  until grep -q '"event":"hello"' "$2" 2>/dev/null; do
    kill -0 "$events" 2>/dev/null || fail "$1's event stream ended"
    n=$((n + 1))
    [ "$n" -lt 600 ] || fail "$1's event stream says nothing"
    sleep 0.1
  done
}

# serve_stop: SIGTERM, and the server's exit status checked (0).
serve_stop() {
  kill -TERM "$pid" || fail "the server is gone: $(cat "$tmp/$name.err")"
  wait "$pid" || fail "volley serve exited $? on SIGTERM: $(cat "$tmp/$name.err")"
}

# get SIDE PATH [curl args...]: GET with the side's cookie; the body in $tmp/body, the status
# echoed.
get() {
  side=$1
  path=$2
  shift 2
  curl -s -o "$tmp/body" -w '%{http_code}' -b "volley-$port=$(token "$side")" "$@" \
    "$base/$side/$path"
}

# post SIDE PATH JSON [curl args...]: POST JSON as the page does (its cookie, the Origin
# $origin: the page's own, $base, unless a test sets another).
post() {
  side=$1
  path=$2
  body=$3
  shift 3
  curl -s -o "$tmp/body" -w '%{http_code}' -b "volley-$port=$(token "$side")" \
    -H "Origin: $origin" -H 'Content-Type: application/json' --data-binary "$body" "$@" \
    "$base/$side/$path"
}

# field EXPR [FILE]: a field of the JSON in FILE ($tmp/body), `d` being the decoded object:
# `field d.request.kind`.
field() {
  FILE=${2:-$tmp/body} EXPR=$1 lua5.4 -e '
    local json = require "dkjson"
    local f = assert(io.open(os.getenv("FILE")))
    local d = json.decode(f:read("a"))
    f:close()
    local v = load("local d = ...; return " .. os.getenv("EXPR"))(d)
    if v ~= nil and v ~= json.null then print(tostring(v)) end'
}

# expect CODE GOT WHAT: the status, or fail with the body.
expect() {
  [ "$2" = "$1" ] || fail "$3: status $2, not $1: $(head -c 400 "$tmp/body")"
}
