#!/bin/sh
# Issue 37 point 4's new one-line forms at Palo Alto's prompt, hot seat (docs/shell.md "One
# line per decision"), besides the golden transcripts (tests/shell/hotseat_golden.sh):
# set-up answers several a line (a refused one drops the rest; more than 17 refused), an
# activation with its guns (the leader's name in any case; a word that is no gun refused with
# 4.28; a gun refused drops the rest; the Leadership asked in between with --ask-free, or
# answered unasked; a failed roll leaves the guns unused, said at the side's next request),
# several shots in one line (a later one refused stops the line; at most 8 a line).
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" NO_COLOR=1 LANG=C.UTF-8 COLUMNS=
pa() {   # pa <lines> [flags]: Palo Alto hot seat, seed 5, the lines typed
  lines=$1; shift
  printf '%s\nquit\n' "$lines" | "$volley" play rough-and-ready/palo-alto --seed 5 "$@" 2>&1
}
has() {   # has <output> <fixed line>
  printf '%s\n' "$1" | grep -qxF -- "$2" || fail "no line '$2' in:
$(printf '%s\n' "$1" | tail -n 25)"
}

# set-up: several hexes a line; a refused one stops the line
out=$(pa '3015 3014 9999 3015')
has "$out" '2. US place: 3014 (from "3015 3014 9999 3015") [rough_and_ready PA Initial Deployment]'
has "$out" "refused: '9999' is not one of this line's locations (3014 3015) [rough_and_ready PA Initial Deployment]"
has "$out" '(not used from "3015 3014 9999 3015": 9999, 3015: the line stops at the refused answer)'
has "$out" '3. US place: set up 5US-3: 3014 or 3015 [rough_and_ready PA Initial Deployment]'
out=$(pa '3014 3014 3014 3015 3018 3017 3017 3019 3019 3019 3020 3023 3023 3023 3023 3023 3023 3023')
has "$out" 'refused: one line answers at most 17 place requests [rough_and_ready PA Initial Deployment]'
# set-up facings several a line, the hexes by default
out=$(pa 'default all
undo
undo
NW/N, S/SW')
has "$out" '48. MEX face: S/SW (from "NW/N, S/SW") [rough_and_ready PA Initial Deployment]'
has "$out" 'TampVet faces S/SW [rough_and_ready PA Initial Deployment]'

# an activation with its guns: the leader's name; a word that is no gun; a gun refused
out=$(pa 'default all
belknap A2US-1 8US-1
Belknap A2US-1 Churchill-1 A2US-2')
has "$out" "refused: '8US-1' is no gun or wagon of US: after the command, a line names the guns and wagons its leader takes along (belknap <gun>..., belknap all or belknap done) [rough_and_ready 4.28]"
has "$out" '50. US artillery: A2US-1 (from "Belknap A2US-1 Churchill-1 A2US-2") [rough_and_ready 4.28]'
has "$out" "refused: 'Churchill-1' is not a gun within Belknap's range [rough_and_ready 4.28]"
has "$out" '(not used from "Belknap A2US-1 Churchill-1 A2US-2": Churchill-1, A2US-2, done: the line stops at the refused answer)'
# a roll's Leadership: asked in between with --ask-free, the guns after it
out=$(pa 'default all
belknap
done
done
dice force 0
garland C3US-1 Churchill-1
no' --ask-free)
has "$out" "53. US leadership: Add Taylor's Leadership (+2) to Garland's activation rating 5? (yes/no) [rough_and_ready 4.25]"
has "$out" '55. US artillery: Churchill-1 (from "garland C3US-1 Churchill-1") [rough_and_ready 4.28]'
has "$out" '56. US artillery: done (from "garland C3US-1 Churchill-1") [rough_and_ready 4.28]'
# answered unasked without it; a failed roll: the guns are not used, said at US's next request
out=$(pa 'default all
belknap
done
done
dice force 9
garland C3US-1
dice force 9
pass
dice force 9')
has "$out" "US leadership: yes (answered for US: the Leadership bonus costs nothing; volley play --ask-free asks it) [rough_and_ready 4.25]"
printf '%s\n' "$out" | grep -q '^(not used from "garland C3US-1": C3US-1, done: the rules asked ' \
  || fail "a failed roll's guns: $(printf '%s\n' "$out" | tail -n 12)"
# several shots: a later one refused when it comes stops the line; at most 8 a line
out=$(pa 'default all
belknap A2US-1 A2US-2
dice force 3
fire A2US-1 1423, A2US-2 1423, A2US-1 1423, A2US-1 1423, A2US-1 1423, A2US-1 1423, A2US-1 1423, A2US-1 1423, A2US-1 1423
fire A2US-1 1423, 8US-1 1423')
has "$out" 'refused: one line fires at most 8 shots [rough_and_ready 5.11]'
has "$out" '55. US move: fire (from "fire A2US-1 1423, 8US-1 1423") [rough_and_ready 5.11]'
has "$out" "refused: '8US-1 1423' is not a legal answer to fire: 1423 is 16 hexes from 3023 (small arms reach 2) (legal: A2US-2 1423, done) [rough_and_ready 6.11]"
has "$out" '56. US fire: fire: <unit> <hex> (guns of one hex combine: <gun>+<gun> <hex>), or done [rough_and_ready 6.12, 6.22]'
echo ok
