#!/usr/bin/env bash
# cli.repl: `tvlab repl` through a pipe (plain line reading): every command, errors that do not end the
# session, control characters, exit codes.
set -u
tvlab="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
data="$root/tests/data/specs"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
ok() { passes=$((passes+1)); }
ko() { echo "FAIL $1"; fails=$((fails+1)); }
has() {  # name, needle, file
  if grep -qF -- "$2" "$3"; then ok; else ko "$1: '$2' not in $(basename "$3")"; sed 's/^/  /' "$3" | head -30; fi
}
hasnt() { if grep -qF -- "$2" "$3"; then ko "$1: '$2' in $(basename "$3")"; else ok; fi; }
session() {  # name, want rc; stdin: the commands
  local name="$1" want="$2"
  "$tvlab" repl >"$tmp/$name.out" 2>"$tmp/$name.err"; local rc=$?
  if [ "$rc" = "$want" ]; then ok; else ko "$name: rc=$rc want $want"; sed 's/^/  /' "$tmp/$name.err" | head -5; fi
}

# A full session on the refuted Xe spec (verify: copy D (T1,V0) -> (1,0) but MMA A expects (1,0) in (T0,V1)).
printf '%s\n' "help" "load $data/xe_f16_a_col_major.json" "owner A (1,0)" "owner A (4, 7)" "where A T1V0" \
  "where A T3" "diff A 3" "eval composition((4,8):(8,1), (2,4))" "show XE_DPAS_TT<8,float,half_t>" \
  "render spec --view subgroup --operand A -o $tmp/sg.txt" "explore -o $tmp/page.html" "verify" "quit" \
  "owner A (0,0)" | session good 0
o="$tmp/good.out"
has help "owner X (R,C)" "$o"
has load "loaded $data/xe_f16_a_col_major.json: column-major f16 A (M contiguous)" "$o"
has load-operands "  A: 64x32 (m,k), copy A (registers, D) -> MMA A," "$o"
has owner "A (1,0): copy A (registers, D) T1V0 T17V0 | MMA A T0V1 T16V1 | mismatch: the subgroup reorder moves it" "$o"
has owner-spaces "A (4,7): copy A (registers, D)" "$o"
has where-value "A T1V0: copy A (registers, D) holds (1,0) | MMA A holds " "$o"
has where-expects "  MMA A expects (1,0) in T0V1 T16V1" "$o"
has where-thread "A T3: " "$o"
has where-thread-v0 "  V0  " "$o"
has diff-head "A: " "$o"
has diff-more " more (diff A all)" "$o"
has eval "(2,4):(8,1)" "$o"
has show "XE_DPAS_TT<8,float,half_t>" "$o"
has explore "wrote the page" "$o"
has verify "warn reorder.A" "$o"
hasnt quit-ends "A (0,0):" "$o"
[ -s "$tmp/sg.txt" ] && ok || ko "render wrote nothing"
[ -s "$tmp/page.html" ] && ok || ko "explore wrote nothing"
[ "$(grep -c . "$tmp/good.err")" = 0 ] && ok || { ko "good: stderr not empty"; cat "$tmp/good.err"; }

# Errors never end the session; a piped session with a failed line exits 2.
printf 'frobnicate\nowner A (1,0)\nload %s\nowner A (99,0)\nowner B (0,0)\nwhere A T999\nwhere A X3\nload /nonexistent.json\neval (4,8):(8\nshow NO_SUCH_ATOM\nrender -o %s/x.svg\ndiff A lots\nowner A\n\001\033[A\nowner A (0,1)\n   \n# a comment\n"unterminated\nowner A (2,0)\n' \
  "$data/xe_f16_a_col_major.json" "$tmp" | session bad 2
e="$tmp/bad.err"; o="$tmp/bad.out"
has unknown "error: unknown command at line 1: 'frobnicate'; type help for the commands" "$e"
has no-spec "error: no spec at line 2: load one first: load SPEC" "$e"
has outside "error: coordinate at line 4: (99,0) is outside the 64x32 tile of A" "$e"
has no-operand "error: operand B at line 5: the spec has no copy for operand B; it has A" "$e"
has bad-thread "error: work-item at line 6: T999: the work-group has T0..T63" "$e"
has bad-who "error: work-item at line 7: 'X3' is not T3 or T3V5" "$e"
has bad-load "error: unreadable spec at /nonexistent.json" "$e"
has bad-eval "error: " "$e"
has bad-show "NO_SUCH_ATOM" "$e"
has bad-diff "error: diff at line 12: 'lots' is not a count or all" "$e"
has usage "error: owner at line 13: usage: owner X (R,C)" "$e"
has control "error: input at line 14: control character 0x01 at column 1; the line is ignored" "$e"
has quote "error: command at line 18: unterminated quote \"" "$e"
has after-errors "A (0,1): copy A (registers, D)" "$o"
has last-line "A (2,0): copy A (registers, D)" "$o"

# A bad spec does not end the session either; SPEC on the command line loads first.
printf '{"mma": 3}\n' >"$tmp/bad.json"
printf 'load %s\nowner A (1,0)\n' "$tmp/bad.json" | "$tvlab" repl "$data/xe_f16_a_col_major.json" >"$tmp/arg.out" 2>"$tmp/arg.err"
[ $? = 2 ] && ok || ko "bad spec: rc"
has arg-load "loaded $data/xe_f16_a_col_major.json" "$tmp/arg.out"
has arg-bad "error: invalid spec at $tmp/bad.json" "$tmp/arg.err"
has arg-kept "A (1,0): copy A (registers, D) T1V0" "$tmp/arg.out"

# NVIDIA: whole TV layouts; MMA A holds every element in two threads, the copy in one.
printf 'load %s\noperands\ndiff A 2\nowner A (0,0)\n' "$data/sm80_f16_a_thr_val_copy.json" | session nv 0
has nv-diff "A: 512 of 512 elements mismatch (copy A (registers, D) -> MMA A)" "$tmp/nv.out"
has nv-owner "A (0,0): copy A (registers, D) T0V0 | MMA A T0V0 T64V0 | mismatch: it must move between threads" "$tmp/nv.out"
# End of input without quit ends the session with 0; an empty session too.
printf '' | session empty 0

# The REPL's eval reads CuTe's C++ spellings too.
printf '%s\n' 'eval Layout<Shape<_4,_8>, Stride<_8,_1>>{}' 'eval make_layout(make_shape(4, 8), LayoutRight{})' \
  'eval Layout<Stride<_4>>{}' 'quit' | session cpp 2
has cpp-type "(4,8):(8,1)" "$tmp/cpp.out"
[ "$(grep -c '^(4,8):(8,1)$' "$tmp/cpp.out")" = 2 ] && ok || ko "cpp: two results expected: $(cat "$tmp/cpp.out")"
has cpp-error "Stride<...> given where a Shape was expected" "$tmp/cpp.err"

echo "cli.repl: $passes passed, $fails failed"
[ "$fails" = 0 ]
