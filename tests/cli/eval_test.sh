#!/usr/bin/env bash
# CLI tests for `tvlab eval`: results, exit codes, one output line per input line, hostile input.
set -u
tvlab="$1"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

check() {  # name, expected exit code, expected stdout (exact), command...
  local name="$1" want_rc="$2" want_out="$3"; shift 3
  local out rc
  out="$("$@" 2>"$tmp/err")"; rc=$?
  if [ "$rc" != "$want_rc" ] || [ "$out" != "$want_out" ]; then
    echo "FAIL $name: rc=$rc (want $want_rc)"; echo "  got:  $out"; echo "  want: $want_out"; sed 's/^/  stderr: /' "$tmp/err"
    fails=$((fails+1))
  else passes=$((passes+1)); fi
}
check_err() {  # name, needle in stdout+stderr; command must exit 2 and not crash
  local name="$1" needle="$2"; shift 2
  local out rc
  out="$("$@" 2>&1)"; rc=$?
  if [ "$rc" != 2 ] || ! grep -qF -- "$needle" <<<"$out"; then
    echo "FAIL $name: rc=$rc (want 2), output lacks '$needle'"; echo "$out" | head -5 | sed 's/^/  /'
    fails=$((fails+1))
  else passes=$((passes+1)); fi
}

check anchors 0 $'(5,(2,2)):(16,(80,4))\n(2,3):(1,8)' "$tvlab" eval 'composition((10,2):(16,4),(5,4):(1,5))' 'complement(4:2,24)'
check style 0 '(_4,_8):(_8,_1)' "$tvlab" eval --style cute '(4,8):(8,1)'
printf 'coalesce((2,(1,6)):(1,(6,2)))\n(4,8):(1)\n\nsize((4,8))\n' > "$tmp/batch"
check batch-lines 2 $'12:1\nerror: layout at line 2, column 7: stride (1) does not match the profile of shape (4,8)\nerror: syntax at line 3, column 1: expected a value, found the end of the text\n32' "$tvlab" eval --batch "$tmp/batch"
check batch-stdin 0 $'4:1\n32' bash -c "printf 'right_inverse((4,2):(1,0))\nmax_common_vector((8,4):(1,8),32:1)\n' | '$tvlab' eval --batch -"
check_err stride-divisibility 'Stride Divisibility Condition' "$tvlab" eval 'composition((4,3):(1,8),2:6)'
check tile-to-shape-error 2 "error: tile_to_shape at column 1: block shape does not divide the target shape.: the block Sw<3,3,3> o 0 o (8,64):(64,1) has shape (8,64), the target shape is (100,64)" "$tvlab" eval 'tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (100,64))'
# CuTe's result where it is not the function (issue 22): the value and exit code stay CuTe's, stderr says so.
check divergence 0 '(2,2):(32,32)' "$tvlab" eval 'composition((3,2):(16,32),4:2)'
if grep -qF "warning: composition at column 1: CuTe's result (2,2):(32,32) is not the functional composition A o B: index 2 of the result maps to 32, but" "$tmp/err" &&
   grep -qF 'gives 48' "$tmp/err"; then passes=$((passes+1)); else echo "FAIL divergence: stderr"; cat "$tmp/err"; fails=$((fails+1)); fi
check no-divergence 0 '(5,(2,2)):(16,(80,4))' "$tvlab" eval 'composition((10,2):(16,4),(5,4):(1,5))'
if [ -s "$tmp/err" ]; then echo "FAIL no-divergence: stderr"; cat "$tmp/err"; fails=$((fails+1)); else passes=$((passes+1)); fi
# --no-divergence-check (issue 36): CuTe's value, no check, no warning; the check is on by default.
check divergence-off 0 '(2,2):(32,32)' "$tvlab" eval --no-divergence-check 'composition((3,2):(16,32),4:2)'
if [ -s "$tmp/err" ]; then echo "FAIL divergence-off: stderr"; cat "$tmp/err"; fails=$((fails+1)); else passes=$((passes+1)); fi
# Large results: proven from the structure (no warning), or refuted with a witness that is sampled.
check divergence-large-equal 0 '(1024,1024):(1,2048)' "$tvlab" eval 'composition((2048,2048):(1,2048),(1024,1024):(1,2048))'
if [ -s "$tmp/err" ]; then echo "FAIL divergence-large-equal: stderr"; cat "$tmp/err"; fails=$((fails+1)); else passes=$((passes+1)); fi
check divergence-large-refuted 0 '(2,65536):(32,32)' "$tvlab" eval 'composition((3,65536):(16,32),131072:2)'
if grep -qF "index 2 of the result maps to 32, but A(B(i)) = (3,65536):(16,32)(131072:2(i)) gives 48" "$tmp/err"; then
  passes=$((passes+1)); else echo "FAIL divergence-large-refuted: stderr"; cat "$tmp/err"; fails=$((fails+1)); fi
check_err unbalanced 'unbalanced' "$tvlab" eval '((4,8):(1,4)'
check_err basis-in-shape 'error: layout at column 1: Scaled basis not allowed' "$tvlab" eval '(2,21,1@1@1)'
check_err rank-mismatch 'profile' "$tvlab" eval '(4,8):(1)'
check_err empty 'end of the text' "$tvlab" eval ''
check_err garbage "unexpected" "$tvlab" eval '%%%'
check_err zero-shape 'non-positive' "$tvlab" eval '(0,4):(1,1)'
check_err negative-shape 'non-positive' "$tvlab" eval '(-3,4):(1,1)'
check_err overflow '64 bits' "$tvlab" eval '(1000000000,1000000000,1000000000):(1,1,1)'
python3 -c "print('('*100000 + '4' + ')'*100000)" > "$tmp/deep"
check_err deep-nesting 'nesting deeper than' "$tvlab" eval --batch "$tmp/deep"
python3 -c "print('(' + '1,'*1000000 + '1)')" > "$tmp/wide"
check_err megabyte-line 'expression too large' "$tvlab" eval --batch "$tmp/wide"
check_err missing-file 'cannot open' "$tvlab" eval --batch "$tmp/does-not-exist"
check_err no-args 'nothing to evaluate' "$tvlab" eval
check_err bad-option 'style' "$tvlab" eval --style fancy '4:1'
check help 0 "$("$tvlab" eval --help)" "$tvlab" eval --help
"$tvlab" eval --help | grep -q 'Stride Divisibility' && passes=$((passes+1)) || { echo "FAIL help lacks errors"; fails=$((fails+1)); }

# CuTe's C++ spellings (pasted from code) give the notation's results; errors name the column.
check cpp-layout 0 '(4,8):(8,1)' "$tvlab" eval 'Layout<Shape<_4,_8>,Stride<_8,_1>>{}'
check cpp-default-stride 0 '(4,8):(1,4)' "$tvlab" eval 'cute::Layout<cute::Shape<cute::_4, cute::_8>>{}'
check cpp-make-layout 0 $'(4,8):(8,1)\n(4,8):(8,1)\n(4,8):(1,4)' "$tvlab" eval 'make_layout(make_shape(4,8), make_stride(8,1))' \
  'make_layout(make_shape(4,8), LayoutRight{})' 'make_layout(make_shape(Int<4>{}, _8{}), LayoutLeft{})'
check cpp-values 0 $'8\n(2,4)\nSw<3,3,3>\n(4,8):(1@0,1@1)' "$tvlab" eval 'Int<8>{}' 'Shape<_2,_4>{}' 'Swizzle<3,3,3>{}' \
  'make_layout(make_shape(4,8), make_stride(E<0>{}, E<1>{}))'
check cpp-swizzle 0 'Sw<3,3,3> o _0 o (_8,_64):(_64,_1)' "$tvlab" eval --style cute \
  'cute::composition(cute::Swizzle<3,3,3>{}, cute::Layout<cute::Shape<cute::_8,cute::_64>, cute::Stride<cute::_64,cute::_1>>{})'
check cpp-multiline 0 '(4,8):(8,1)' "$tvlab" eval $'Layout<Shape<_4, _8>,\n       Stride<_8, _1>>{};'
check cpp-same-as-notation 0 "$("$tvlab" eval 'logical_divide((8,8):(8,1),(4,2))')" "$tvlab" eval \
  'logical_divide(Layout<Shape<_8,_8>,Stride<_8,_1>>{}, Tile<_4,_2>{})'
printf 'size<1>(Layout<Shape<_4,_8>>{})\nLayout<Stride<_4,_1>>{}\nmake_shape(2,3)\n' > "$tmp/cpp-batch"
check cpp-batch 2 $'8\nerror: syntax at line 2, column 8: Stride<...> given where a Shape was expected\n(2,3)' "$tvlab" eval --batch "$tmp/cpp-batch"
check_err cpp-unterminated "error: syntax at column 20: expected '>' to close Layout< at column 1" "$tvlab" eval 'Layout<Shape<_4,_8>'
check_err cpp-int-not-integer "error: syntax at column 5: Int<...> takes an integer, found 'x'" "$tvlab" eval 'Int<x>{}'
check_err cpp-runtime-type "'int' is a run-time type" "$tvlab" eval 'Shape<int,int>{}'
check_err cpp-mismatched "column 35: unexpected '>'" "$tvlab" eval 'Layout<Shape<_4,_8>,Stride<_8,_1>>>{}'
"$tvlab" eval --help | grep -qF 'Layout<Shape<_4,_8>,Stride<_8,_1>>{}' && passes=$((passes+1)) || { echo "FAIL help lacks a C++ spelling"; fails=$((fails+1)); }

# --json: one object a line; the divergence warning in it (value and exit code still CuTe's), errors too.
out="$("$tvlab" eval --json 'composition((3,2):(16,32),4:2)' 'size((4,8))' 2>"$tmp/err")"; rc=$?
if [ "$rc" = 0 ] && [ ! -s "$tmp/err" ] && python3 -c "
import json, sys
a, b = [json.loads(l) for l in sys.argv[1].splitlines()]
assert a['value'] == '(2,2):(32,32)' and a['warnings'][0]['function'] == 'composition', a
assert a['warnings'][0]['column'] == 1 and 'index 2 of the result maps to 32' in a['warnings'][0]['text'], a
assert b == {'expr': 'size((4,8))', 'value': '32', 'warnings': []}, b
" "$out"; then passes=$((passes+1)); else echo "FAIL eval --json: rc=$rc $out"; cat "$tmp/err"; fails=$((fails+1)); fi
out="$("$tvlab" eval --json 'coalesce((2,3):(1)' 2>/dev/null)"; rc=$?
if [ "$rc" = 2 ] && python3 -c "
import json, sys
e = json.loads(sys.argv[1])['error']
assert e['column'] > 0 and e['why'] and e['function'], e
" "$out"; then passes=$((passes+1)); else echo "FAIL eval --json error: rc=$rc $out"; fails=$((fails+1)); fi

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
