#!/bin/sh
# Every scenario `volley list` shows is served (issue #49's acceptance, at the API; the
# browser's own test is web49's): its first side in a browser, the others to random bots;
# the set-up placed with `default all` (as many times as the set-up asks it), then the first
# request of that side after the set-up answered with its first listed answer, taken, and
# the board drawn. A scenario whose rules are not written yet (`volley play` stops at once)
# must stop serve too (exit 1) with the same reason. So each battle added later is served
# by this test.
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
pid=
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8
# shellcheck disable=SC2034   # $origin and $events are the helpers'
base='' port='' origin='' events=''   # serve_start sets them
# shellcheck disable=SC1091   # the helpers of the serve tests (shellcheck runs without -x)
. tests/tools/serve_lib.sh

"$volley" list --json > "$tmp/list.json" || fail "volley list --json"
field 'table.concat((function() local t = {} for _, s in ipairs(d.scenarios) do t[#t + 1] = s.id .. " " .. table.concat(s.sides, ",") end return t end)(), "\n")' \
  "$tmp/list.json" > "$tmp/ids"
[ "$(wc -l < "$tmp/ids")" -ge 5 ] || fail "too few scenarios: $(cat "$tmp/ids")"
served=0
skipped=0
opened=0
while read -r id sides; do
  human=${sides%%,*}
  bots=''
  for s in $(echo "$sides" | tr ',' ' '); do
    [ "$s" = "$human" ] || bots="$bots --bot $s=random"
  done
  # shellcheck disable=SC2086   # $bots: flags, one word each
  if ! "$volley" play "$id" $bots --bot "$human=random" --max-decisions 1 --no-autosave \
      > "$tmp/play.out" 2> "$tmp/play.err"; then
    # not playable yet: serve refuses it as play does, without a URL
    # shellcheck disable=SC2086
    "$volley" serve "$id" $bots --port 0 > "$tmp/refused.out" 2> "$tmp/refused.err" \
      && fail "serve $id started though play cannot: $(cat "$tmp/play.err")"
    why=$(grep 'the game stopped' "$tmp/play.err" | head -n 1)
    [ -n "$why" ] || fail "play $id: $(cat "$tmp/play.err")"
    grep -qF "$why" "$tmp/refused.err" || fail "serve $id does not say why: $(cat "$tmp/refused.err")"
    echo "skipped $id: its rules cannot be played yet ($why)"
    skipped=$((skipped + 1))
    continue
  fi
  # shellcheck disable=SC2086
  serve_start one "$id" $bots --seed 11 --no-autosave
  code=$(get "$human" api/state); expect 200 "$code" "$id: state"
  if [ "$(field d.over)" = true ]; then
    # a system whose sequence only opens the game (its rules are the next issues): served,
    # its board drawn, the game over at once
    code=$(get "$human" api/board.svg); expect 200 "$code" "$id: the board"
    serve_stop
    pid=
    echo "served $id: the game over at once (no rules yet)"
    opened=$((opened + 1))
    continue
  fi
  n=0
  while :; do
    code=$(post "$human" api/command '{"line":"default all"}')
    [ "$code" = 422 ] && break   # the set-up is over (or this request has no default)
    if [ "$code" = 409 ] && grep -q 'the game is over' "$tmp/body"; then break; fi
    expect 200 "$code" "$id: default all"
    n=$((n + 1))
    [ "$n" -lt 30 ] || fail "$id: default all never ends"
  done
  code=$(get "$human" api/state); expect 200 "$code" "$id: state after the set-up"
  if [ "$(field d.over)" = true ]; then
    # the set-up played, then a sequence that only opens the game ended it
    code=$(get "$human" api/board.svg); expect 200 "$code" "$id: the board"
    serve_stop
    pid=
    echo "served $id: the set-up ($n answers), then the game over (no rules yet)"
    opened=$((opened + 1))
    continue
  fi
  [ "$(field d.request.side)" = "$human" ] && [ "$(field d.request.mine)" = true ] \
    || fail "$id: $human is not asked after the set-up: $(head -c 400 "$tmp/body")"
  before=$(field d.decision)
  first=$(field 'd.request.options[1]')
  kind=$(field d.request.kind)
  code=$(post "$human" api/answer "{\"line\":\"$first\"}"); expect 200 "$code" "$id: $kind $first"
  [ "$(field d.taken)" = true ] && [ "$(field d.decision)" -gt "$before" ] \
    || fail "$id: $first not taken: $(cat "$tmp/body")"
  code=$(get "$human" api/board.svg); expect 200 "$code" "$id: the board"
  serve_stop
  pid=
  echo "served $id: the set-up ($before decisions), then $kind $first"
  served=$((served + 1))
done < "$tmp/ids"
[ "$served" -ge 5 ] || fail "only $served scenarios served"
echo "ok: $served scenarios served, $opened over at once, $skipped not playable yet"
