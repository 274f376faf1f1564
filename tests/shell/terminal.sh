#!/bin/sh
# The prompt at a terminal (docs/shell.md "At a terminal"), driven through tmux on the demo
# (seed 3, B a bot): Tab completes a command and a unit id, a second Tab lists the
# candidates, Ctrl-C cancels the line being typed and the game goes on, UTF-8 input, Ctrl-D
# offers to save and quits, the history comes back after a restart, a history file that
# cannot be written is one warning; and a unit hidden from the view is never offered. Every
# wait polls the screen (30 s at most). Exits 77 (skipped) when tmux is not installed
# (deps/debian.txt installs it with the test group).
set -u
volley=$1
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed (deps/debian.txt, group test)"
  exit 77
fi

tmp=$(mktemp -d)
run=0                                         # one tmux server (socket) per start
T() { tmux -S "$tmp/sock$run" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home"
data=${VOLLEY_PATH:-$PWD}

# The pane runs the program through a shell that writes its exit status to a file (tmux
# 3.3 does not always tell a pane's status); the shell ignores SIGINT, the program sets its
# own handler. Under ASan, LeakSanitizer is told of libedit's own leak: el_set(EL_ADDFN)
# keeps wide copies (wcsdup) of the function's name and help that el_end never frees.
echo 'leak:wcsdup' > "$tmp/lsan.supp"
cat > "$tmp/run.sh" <<EOF
trap '' INT
env -u EDITRC -u COLUMNS -u LINES HOME='$tmp/home' XDG_STATE_HOME="\$1" LANG=C.UTF-8 \
  NO_COLOR=1 VOLLEY_PATH='$data' LSAN_OPTIONS='suppressions=$tmp/lsan.supp' \
  '$volley' play "\$3" --seed "\$4" --bot B=random
echo \$? > "\$2.tmp" && mv "\$2.tmp" "\$2"
EOF
# start STATE_HOME [SCENARIO SEED]: the demo (seed 3) at the prompt, side B a bot, in a fresh
# 100x30 pane kept after the program exits
start() {
  T kill-server 2>/dev/null
  run=$((run + 1))
  T new-session -d -s t -x 100 -y 30 -c "$PWD" \
    "sh '$tmp/run.sh' '$1' '$tmp/status$run' '${2:-tests/data/demo}' '${3:-3}'" \; \
    set-option -t t remain-on-exit on >/dev/null || fail "tmux cannot start"
}
screen() { T capture-pane -p -J -t t; }       # wrapped lines joined
info() { T display -p -t t "$1"; }
cursor_line() { T capture-pane -p -t t | sed -n "$(($(info '#{cursor_y}') + 1))p"; }
keys() { T send-keys -t t "$@"; }
type_() { T send-keys -t t -l "$1"; }

# wait_for ERE: until a line of the screen matches
wait_for() {
  n=0
  until screen | grep -Eq -- "$1"; do
    n=$((n + 1))
    [ $n -le 300 ] || fail "no line matching '$1' after 30 s; the screen:
$(screen)"
    sleep 0.1
  done
}
# wait_cursor TEXT X: until the cursor's line is TEXT (trailing blanks trimmed) and the
# cursor in column X
wait_cursor() {
  n=0
  until [ "$(cursor_line)" = "$1" ] && [ "$(info '#{cursor_x}')" = "$2" ]; do
    n=$((n + 1))
    [ $n -le 300 ] || fail "the cursor's line is not '$1' (column $2) after 30 s but \
'$(cursor_line)' (column $(info '#{cursor_x}')); the screen:
$(screen)"
    sleep 0.1
  done
}
# wait_exit: until the program has exited, with status 0
wait_exit() {
  n=0
  until [ -s "$tmp/status$run" ]; do
    n=$((n + 1))
    [ $n -le 300 ] || fail "the program did not exit after 30 s; the screen:
$(screen)"
    sleep 0.1
  done
  [ "$(cat "$tmp/status$run")" = 0 ] || fail "exit status $(cat "$tmp/status$run"); the screen:
$(screen)"
}

# --- completion, Ctrl-C, UTF-8, Ctrl-D with the save offer ---------------------------------
start "$tmp/state"
wait_cursor "A>" 3
type_ mo
keys Tab
wait_cursor "A> move" 8                      # the one command beginning with mo, and a blank
type_ A
keys Tab Tab                                 # A1..A4 may all move: the second Tab lists them
wait_for '^A1  A2  A3  A4$'
wait_cursor "A> move A" 9
type_ "4 060"
keys Tab Tab                                 # A4's destinations beginning 060
wait_for '^0603  0605  0607$'
wait_cursor "A> move A4 060" 14
type_ 5
keys Enter
wait_for '^A4 moves 0205 -> 0605 \(4 MP\) \[demo 4\.2\]$'
wait_cursor "A>" 3
type_ "move A1 0102"
keys Enter
wait_for '^A1 moves 0103 -> 0102'
wait_cursor "A>" 3
type_ "move A2 0106"
keys Enter
wait_for '^A2 moves 0105 -> 0106'
wait_cursor "A>" 3
type_ "move "
keys Tab                                     # A3 is the one unit left to move
wait_cursor "A> move A3" 11
type_ 01
wait_cursor "A> move A3 01" 13               # (the terminal drops unread input at Ctrl-C)
keys C-c                                     # cancels the line; the game goes on
wait_for '^A> move A3 01\^C$'
wait_cursor "A>" 3
type_ answers
keys Enter
wait_for '^  move A3 0106 0108 '
wait_cursor "A>" 3
screen | grep -q 'stopped at' && fail "Ctrl-C ended the game: $(screen)"
type_ "show é"                               # UTF-8 input reaches the game whole
keys Enter
wait_for "^refused: nothing named 'é' \(a unit, leader, command, hex or track space\)$"
wait_cursor "A>" 3
keys C-d                                     # quits, offering to save the 3 answers
wait_for '^save the game\? \(a file name, or Enter to leave without saving\)'
type_ "$tmp/game.save"
keys Enter
wait_for "^saved 3 answers to $tmp/game.save\$"
wait_for '^stopped at decision 4 \(A to answer move \[demo 4\.2\]\): quit$'
wait_exit
"$volley" replay "$tmp/game.save" | grep -q '^state_hash ' || fail "the save does not replay"

# --- the history after a restart; Ctrl-D with nothing to save ------------------------------
grep -q '^answers$' "$tmp/state/volley/history" || fail "no history file: $(ls -R "$tmp/state")"
start "$tmp/state"
wait_cursor "A>" 3
keys Up                                      # the last line typed (not the save's file name)
wait_cursor "A> show é" 9
keys Up
wait_cursor "A> answers" 10
keys C-c
wait_cursor "A>" 3
keys C-d                                     # no answer yet: nothing to save, no question
wait_for '^stopped at decision 1 \(A to answer move \[demo 4\.2\]\): quit$'
wait_exit
screen | grep -q 'save the game' && fail "a save offered with nothing to save: $(screen)"

# --- a history file that cannot be written: one warning, the game goes on --------------------
: > "$tmp/file"
start "$tmp/file"
wait_cursor "A>" 3
type_ answers
keys Enter
wait_for "^volley: warning: cannot write the history file $tmp/file/volley/history: Not a directory\$"
wait_for '^  move A1 '
wait_cursor "A>" 3
type_ "help quit"
keys Enter
wait_for 'leave volley'
wait_cursor "A>" 3
[ "$(screen | grep -c 'cannot write the history')" = 1 ] || fail "not one warning: $(screen)"
keys C-d
wait_exit

# --- a unit hidden from the view is never offered ------------------------------------------
# (tests/data/hidden: B4 sets up hidden; A plays, and sees B1, B2, B3)
start "$tmp/state" tests/data/hidden 5
wait_cursor "A>" 3
type_ "reach B"
keys Tab Tab
wait_for '^B1  B2  B3$'
wait_cursor "A> reach B" 10
screen | grep -q 'B4' && fail "completion offers the hidden B4: $(screen)"
keys C-c
wait_cursor "A>" 3
keys C-d
wait_exit
echo ok
