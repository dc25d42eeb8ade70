#!/usr/bin/env bash
# cli.repl.tmux: `tvlab repl` on a terminal (tmux): the prompt, libedit line editing (cursor keys,
# Ctrl-A), history (Up, and the history file), an error that does not end the session, quit.
set -u
tvlab="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
spec="$root/tests/data/specs/xe_f16_a_col_major.json"
command -v tmux >/dev/null || bash "$root/scripts/setup.sh"
fails=0; passes=0
tmp="$(mktemp -d)"
sock="tvlab-repl-test-$$"
cleanup() { tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
ok() { passes=$((passes+1)); }
ko() { echo "FAIL $1"; fails=$((fails+1)); }
screen() { tmux -L "$sock" capture-pane -p -t t -S -200 2>/dev/null; }
# Waits (up to 10 s) until the screen shows the text.
wait_for() {
  local i
  for i in $(seq 100); do screen | grep -qF -- "$1" && return 0; sleep 0.1; done
  return 1
}
expect() {  # name, text
  if wait_for "$2"; then ok; else ko "$1: '$2' not on the screen"; screen | tail -15 | sed 's/^/  /'; fi
}
keys() { tmux -L "$sock" send-keys -t t "$@"; }

tmux -L "$sock" new-session -d -s t -x 160 -y 50 \
  "env TVLAB_HISTORY=$tmp/history TERM=xterm $tvlab repl; echo \"EXITED rc=\$?\"; sleep 30"
expect banner "tvlab repl: type help for the commands"
expect prompt "tvlab>"
keys "load $spec" Enter
expect load "loaded $spec"
keys "owner A (1,0)" Enter
expect owner "A (1,0): copy A (registers, D) T1V0 T17V0 | MMA A T0V1 T16V1"
# Line editing: type (2,0 without the closing parenthesis... fix it with the cursor keys.
keys "owner A 2,0)" Left Left Left Left "(" Enter
expect cursor-keys "A (2,0): copy A (registers, D)"
keys "ner A (3,0)" C-a "ow" Enter
expect ctrl-a "A (3,0): copy A (registers, D)"
# History: Up recalls the previous line.
keys "where A T1V0" Enter
expect where "A T1V0: copy A (registers, D) holds (1,0)"
keys "clear-marker" Enter
expect marker "error: unknown command at prompt: 'clear-marker'"
keys Up Up Enter
if wait_for "A T1V0: copy" && [ "$(screen | grep -c 'A T1V0: copy')" -ge 2 ]; then ok; else ko "history: Up Up did not rerun where"; fi
# An error does not end the session.
keys "owner A (99,99)" Enter
expect error "error: coordinate at prompt: (99,99) is outside the 64x32 tile of A"
keys "diff A 1" Enter
expect after-error "A: "
keys "quit" Enter
expect quit "EXITED rc=0"
if grep -qF "T1V0" "$tmp/history" 2>/dev/null; then ok; else ko "history file not written"; fi
screen > "$tmp/screen.txt"
echo "cli.repl.tmux: $passes passed, $fails failed"
[ "$fails" = 0 ]
