#!/usr/bin/env bash
# CuTe's print() output as a spec (issue 22): literal plans and verdicts of the recorded prints
# (tests/data/cute/prints), the JSON "print" forms, and their errors. cute.print (tests/cute_print/compare.py)
# compares every recorded print with the named-atom spec it came from.
set -u
tvlab="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
pr="$root/tests/data/cute/prints"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fails=0; passes=0
# expect NAME WANT_RC EXPECTED_FILE -- ARGS...: stdout+stderr of tvlab ARGS must be the expected text exactly.
expect() {
  local name="$1" want="$2" file="$3" rc
  shift 4
  "$tvlab" "$@" >"$tmp/got" 2>&1; rc=$?
  if [ "$rc" != "$want" ] || ! diff -u "$file" "$tmp/got" >"$tmp/diff"; then
    echo "FAIL $name: rc=$rc (want $want)"; sed 's/^/  /' "$tmp/diff" | head -40; fails=$((fails+1))
  else passes=$((passes+1)); fi
}
json_str() { python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read()))' "$1"; }

# The C++ print of make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{}):
# the TV layouts are CuTe's (tests/data/cute/oracle_cutlass_sm80_f16_tn.txt records the same get_layoutX_TV()).
cat >"$tmp/want" <<'TXT'
TiledMMA MMA_Atom (printed)
  tile_mnk        (32,32,16)
  permutation     (32:1,32:1,16:1)
  thr_layout_vmnk (32,2,2,1):(1,32,64,0)  (128 threads)
  A_TV            ((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))
  B_TV            ((4,8,2,2),((2,2),(2,1))):((64,1,0,8),((32,256),(16,0)))
  C_TV            ((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))
  from            C++ CuTe print; the atom is not named: its layouts are those of SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x16_F32BF16BF16F32_TN
TXT
expect plan-cpp-mma 0 "$tmp/want" -- plan "$pr/cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt"
sed -i 's/  from            C++ CuTe print;/  from            CuTe DSL print;/' "$tmp/want"
expect plan-dsl-mma 0 "$tmp/want" -- plan "$pr/dsl/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt"
# With the atom named, the print is checked against it.
printf '{"mma": {"atom": "SM70_8x8x4_F32F16F16F32_NT", "print": %s}}' "$(json_str "$pr/cpp/mma_sm70_8x8x4_f32f16_nt_2x2.txt")" >"$tmp/sm70.json"
"$tvlab" plan "$tmp/sm70.json" | grep from >"$tmp/got"
if [ "$(cat "$tmp/got")" = "  from            C++ CuTe print; its layouts are SM70_8x8x4_F32F16F16F32_NT's (checked)" ]; then passes=$((passes+1))
else echo "FAIL plan-named-atom"; cat "$tmp/got"; fails=$((fails+1)); fi

# A print file: the TiledMMA, then the ldmatrix copy of A labelled "=== A ===" (C++: a 16-bit value, uint16_t).
{ cat "$pr/cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt"; echo "=== A ==="; cat "$pr/cpp/copy_ldsm_n_a_sm80.txt"; } >"$tmp/ka.txt"
cat >"$tmp/want" <<TXT
$tmp/ka.txt
  ok   coverage.mma.A  covers all 512 elements, each held 2 times (redundant by design)
  ok   coverage.mma.B  covers all 512 elements, each held 2 times (redundant by design)
  ok   coverage.mma.C  covers all 1024 elements exactly once
  ok   threads.A  1 copy of 128 threads
  ok   coverage.A  covers all 512 elements, each held 2 times (redundant by design)
  ??   width.A  the MMA is known only from its print, which carries no value types: the copy moves uint16_t (16 bits), the MMA's type is not known (give "atom" next to "print" in "mma")
  ok   fragment.A  identical: no data moves between threads
  ??   source.A  each source thread reads 8 uint16_t per access (16 bytes), ordered 8 along K of the (M,K) tile; not checked against memory: the spec does not say how memory holds A ("contiguous" or "gmem")
6 proved, 0 refuted, 2 unknown: passed
TXT
expect verify-print-file 0 "$tmp/want" -- verify "$tmp/ka.txt"

# JSON: the DSL's prints with the atom named (cross-checked) and the operand's memory: every check decided.
printf '{"name": "DSL prints", "mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "print": %s},
 "operands": {"A": {"type": "half_t", "contiguous": "K", "copy": {"print": %s, "ref": "dst"}}}}' \
  "$(json_str "$pr/dsl/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt")" "$(json_str "$pr/dsl/copy_ldsm_n_a_sm80.txt")" >"$tmp/dsl.json"
cat >"$tmp/want" <<TXT
$tmp/dsl.json: DSL prints
  ok   coverage.mma.A  covers all 512 elements, each held 2 times (redundant by design)
  ok   coverage.mma.B  covers all 512 elements, each held 2 times (redundant by design)
  ok   coverage.mma.C  covers all 1024 elements exactly once
  ok   threads.A  1 copy of 128 threads
  ok   coverage.A  covers all 512 elements, each held 2 times (redundant by design)
  ok   width.A  both half_t
  ok   fragment.A  identical: no data moves between threads
  ok   source.A  each source thread reads 8 half_t per access (16 bytes), ordered 8 along K of the (M,K) tile: one vector of K-major A each
8 proved, 0 refuted, 0 unknown: passed
TXT
expect verify-dsl-json 0 "$tmp/want" -- verify "$tmp/dsl.json"

# The ldmatrix.trans B print given as A: its register side is not A's fragment (a refutation with a witness).
printf '{"mma": {"print": %s}, "operands": {"A": {"type": "half_t", "copy": {"print": %s}}}}' \
  "$(json_str "$pr/cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt")" "$(json_str "$pr/cpp/copy_ldsm_t_b_sm80.txt")" >"$tmp/wrong.json"
"$tvlab" verify "$tmp/wrong.json" >"$tmp/got" 2>&1; rc=$?
if [ "$rc" = 1 ] && grep -q "FAIL fragment.A" "$tmp/got" && grep -q "witness: copy D (T" "$tmp/got"; then passes=$((passes+1))
else echo "FAIL verify-wrong-copy: rc=$rc"; sed 's/^/  /' "$tmp/got"; fails=$((fails+1)); fi

# Errors: one line naming the JSON path or the print's line, exit 2.
err() {  # NAME EXPECTED-LINE ARGS...
  local name="$1" want="$2"; shift 2
  "$tvlab" "$@" >"$tmp/got" 2>&1; local rc=$?
  if [ "$rc" = 2 ] && [ "$(cat "$tmp/got")" = "$want" ]; then passes=$((passes+1))
  else echo "FAIL $name: rc=$rc"; echo "  want: $want"; sed 's/^/  got:  /' "$tmp/got"; fails=$((fails+1)); fi
}
err dsl-no-ref "error: invalid spec at $pr/dsl/copy_ldsm_n_a_sm80.txt: line 1: CuTe DSL prints no Ref layout and this atom's Src and Dst differ: say which one the TiledLayout_TV is written in (\"ref\": \"src\" or \"dst\"; CuTe's loads such as ldmatrix reference Dst, its stores such as stmatrix Src)" \
  verify "$pr/dsl/copy_ldsm_n_a_sm80.txt"
printf '{"mma": {"print": %s, "atom_layout": "(2,2,1)"}}' "$(json_str "$pr/cpp/mma_sm75_16x8x8_f32f16_2x1.txt")" >"$tmp/e1.json"
err print-and-layout "error: invalid spec at $tmp/e1.json: mma.atom_layout: the print gives the TiledMMA's thread layout and permutation; give \"print\" alone (and \"atom\" to name the atom it was printed from)" plan "$tmp/e1.json"
printf '{"mma": {"print": %s}, "operands": {"A": {"type": "half_t", "smem": {"layout": "(32,16):(16,1)"}, "copy": "SM75_U32x4_LDSM_N"}}}' "$(json_str "$pr/cpp/mma_sm80_16x8x16_f32f16_2x2_32x32x16.txt")" >"$tmp/e2.json"
err print-smem "error: invalid spec at $tmp/e2.json: operands.A.smem: the MMA is known only from its print: whether it reads A from shared memory (through a GMMA/UMMA descriptor) needs the atom's identity; give \"atom\" next to \"print\" in \"mma\"" plan "$tmp/e2.json"
printf '{"mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN"}, "operands": {"A": {"type": "half_t", "smem": {"layout": "(16,16):(16,1)", "s2r": {"print": %s}}}}}' "$(json_str "$pr/cpp/copy_ldsm_n_a_sm80.txt")" >"$tmp/e3.json"
err print-in-smem-slot "error: invalid spec at $tmp/e3.json: operands.A.smem.s2r.print: a printed copy in a shared-memory stage needs \"atom\": its vector and bank checks need the instruction (ldmatrix, cp.async, ...), which a print does not carry; name the atom it was printed from (\"atom\" next to \"print\"; tvlab's Python API takes it from a CuTe DSL TiledCopy itself)" plan "$tmp/e3.json"
# With "atom", a printed copy stands in a shared-memory stage (issue 36): the same stage copy as the named atom's
# make_tiled_copy_A, for C++'s print and the DSL's (with "ref").
for fmt in cpp dsl; do
  ref=""; [ "$fmt" = dsl ] && ref=', "ref": "dst"'
  printf '{"mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1)", "permutation": "(32,32,16)"}, "operands": {"A": {"type": "half_t", "smem": {"layout": "(32,16):(16,1)", "s2r": {"print": %s, "atom": "SM75_U32x4_LDSM_N"%s}}}}}' "$(json_str "$pr/$fmt/copy_ldsm_n_a_sm80.txt")" "$ref" >"$tmp/s_$fmt.json"
  printf '{"mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1)", "permutation": "(32,32,16)"}, "operands": {"A": {"type": "half_t", "smem": {"layout": "(32,16):(16,1)", "s2r": "SM75_U32x4_LDSM_N"}}}}' >"$tmp/s_named.json"
  stage() { "$tvlab" plan --json "$1" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["copies"]["A"]["smem"]["s2r"], sort_keys=True))'; }
  warned="$("$tvlab" plan "$tmp/s_$fmt.json" 2>&1 >/dev/null)"  # "ref" and "print" are a stage copy's keys
  if [ "$(stage "$tmp/s_$fmt.json")" = "$(stage "$tmp/s_named.json")" ] && [ -n "$(stage "$tmp/s_named.json")" ] &&
    [ -z "$warned" ]; then
    passes=$((passes+1))
  else
    echo "FAIL print-in-smem-slot-with-atom ($fmt): $(stage "$tmp/s_$fmt.json") vs $(stage "$tmp/s_named.json") $warned"
    fails=$((fails+1))
  fi
done
printf '{"mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1)", "permutation": "(32,32,16)"}, "operands": {"A": {"type": "float", "copy": {"print": %s}}}}' "$(json_str "$pr/cpp/copy_ldsm_n_a_sm80.txt")" >"$tmp/e4.json"
err print-width "error: invalid spec at $tmp/e4.json: operands.A.copy.print: line 1: the print's values are 16-bit, float is 32-bit" plan "$tmp/e4.json"
err print-config "error: invalid spec at $pr/cpp/mma_sm75_16x8x8_f32f16_2x1.txt: --config X names C++ declarations; this spec is CuTe's print() output" \
  verify --config X "$pr/cpp/mma_sm75_16x8x8_f32f16_2x1.txt"

# print(tensor) of the smem stage as its layout: the plan of the plain layout's spec, the element width checked.
mk_tensor_spec() {  # NAME TYPE LAYOUT-JSON-STRING
  printf '{"mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "permutation": "(8,8,64)"}, "operands": {"A": {"type": "%s", "smem": {"layout": %s, "s2r": "UniversalCopy<uint16_t>"}}}}' "$2" "$3" >"$tmp/$1.json"
}
mk_tensor_spec plain half_t '"Sw<3,3,3> o 0 o (8,64):(64,1)"'
mk_tensor_spec tensor half_t "$(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read().strip()))' "$pr/cpp/tensor_smem_sw.txt")"
"$tvlab" verify --format json "$tmp/plain.json" | python3 -c 'import json,sys; print([(c["code"], c["verdict"]) for c in json.load(sys.stdin)["specs"][0]["checks"]])' >"$tmp/want"
"$tvlab" verify --format json "$tmp/tensor.json" | python3 -c 'import json,sys; print([(c["code"], c["verdict"]) for c in json.load(sys.stdin)["specs"][0]["checks"]])' >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got" && grep -q "banks.A.s2r" "$tmp/got"; then passes=$((passes+1))
else echo "FAIL tensor-smem-layout"; diff "$tmp/want" "$tmp/got"; fails=$((fails+1)); fi
mk_tensor_spec tensor32 float "$(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read().strip()))' "$pr/cpp/tensor_smem_sw.txt")"
err tensor-width "error: invalid spec at $tmp/tensor32.json: operands.A.smem.layout: the printed tensor holds 16-bit elements, the operand's float is 32-bit" plan "$tmp/tensor32.json"
mk_tensor_spec tensorg half_t "$(python3 -c 'import json,sys; print(json.dumps(open(sys.argv[1]).read().strip()))' "$pr/cpp/tensor_gmem_dynamic.txt")"
err tensor-gmem "error: invalid spec at $tmp/tensorg.json: operands.A.smem.layout: the print of a tensor in gmem memory; a shared-memory layout is an smem tensor's (smem_ptr[...])" plan "$tmp/tensorg.json"

# tvlab show of an atom's print: the layouts of the named atom it was printed from (bits and values).
"$tvlab" show "$pr/cpp/atom_copy_ldsm_n_f16.txt" --value-type half_t | grep -E '^  (thr_id|bits|values) ' >"$tmp/got"
"$tvlab" show SM75_U32x4_LDSM_N --value-type half_t | grep -E '^  (thr_id|bits|values) ' >"$tmp/want"
if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then passes=$((passes+1))
else echo "FAIL show-copy-print"; diff "$tmp/want" "$tmp/got"; fails=$((fails+1)); fi
"$tvlab" show "$pr/cpp/atom_mma_sm80_16x8x16_f32f16.txt" | sed 1,3d >"$tmp/got"
"$tvlab" show SM80_16x8x16_F32F16F16F32_TN | sed 1,3d >"$tmp/want"
if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got" && "$tvlab" show "$pr/cpp/atom_mma_sm80_16x8x16_f32f16.txt" | grep -q "types       unknown: a print carries no value types"; then passes=$((passes+1))
else echo "FAIL show-mma-print"; diff "$tmp/want" "$tmp/got" | head; fails=$((fails+1)); fi
err show-print-width "error: invalid print at $pr/cpp/atom_copy_ldsm_n_f16.txt: line 1: the print's values are 16-bit, float is 32-bit" show "$pr/cpp/atom_copy_ldsm_n_f16.txt" --value-type float

# A DSL copy atom's print has no Ref: --ref says it; the layouts are then the named atom's.
"$tvlab" show "$pr/dsl/copy_ldsm_t_b_sm80.txt" --ref dst | grep -E '^  (thr_id|bits|values) ' >"$tmp/got"
"$tvlab" show SM75_U16x8_LDSM_T --value-type half_t | grep -E '^  (thr_id|bits|values) ' >"$tmp/want"
if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then passes=$((passes+1))
else echo "FAIL show-dsl-ref"; diff "$tmp/want" "$tmp/got"; fails=$((fails+1)); fi
echo "cli.print: $passes passed, $fails failed"
[ "$fails" = 0 ]
