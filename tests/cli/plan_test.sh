#!/usr/bin/env bash
# CLI tests for `tvlab plan`: the built TiledMMA and copies, and spec errors naming their JSON path.
set -u
tvlab="$1"
specs="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../gallery/specs" && pwd)"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

field() {  # name, spec file, python expression over the plan json `p`, expected value
  local name="$1" spec="$2" expr="$3" want="$4" got
  got="$("$tvlab" plan --json "$spec" | python3 -c "import json,sys; p=json.load(sys.stdin); print($expr)" 2>&1)"
  if [ "$got" != "$want" ]; then echo "FAIL $name: got '$got' want '$want'"; fails=$((fails+1)); else passes=$((passes+1)); fi
}
bad() {  # name, needle expected on stderr, spec text
  local name="$1" needle="$2" rc out
  printf '%s' "$3" > "$tmp/spec.json"
  out="$("$tvlab" plan "$tmp/spec.json" 2>"$tmp/err")"; rc=$?
  if [ "$rc" != 2 ] || [ -n "$out" ] || ! grep -qF -- "$needle" "$tmp/err"; then
    echo "FAIL $name: rc=$rc (want 2), stdout '${out:0:80}', stderr:"; sed 's/^/  /' "$tmp/err"; fails=$((fails+1))
  else passes=$((passes+1)); fi
}

xe="$specs/xe_bf16_256x256x32.json"
field xe-perm "$xe" "p['mma']['permutation']" "['(8,8,4):(1,32,8)', '(16,4,4):(1,64,16)', '32:1']"
field xe-tile "$xe" "p['mma']['tile_mnk']" "[256, 256, 32]"
field xe-vmnk "$xe" "p['mma']['thr_layout_vmnk']" "(16,8,4,1):(1,64,16,0)"
field xe-copy-a "$xe" "p['copies']['A']['op'], p['copies']['A']['tiler'], p['copies']['A']['prefetch']" \
  "XE_LOAD_2D<16,32,32,16> (256,32) XE_PREFETCH_2D<16,8,32>"
field xe-copy-b "$xe" "p['copies']['B']['op'], p['copies']['B']['prefetch']" "XE_LOAD_2D_VNNI<16,16,32,16> XE_PREFETCH_2D<16,8,32>"
field xe-copy-d "$xe" "p['copies']['D']['op'].startswith('XE_STORE_2D<32,8,'), p['copies']['D']['prefetch']" "True None"
slm="$specs/xe_bf16_256x256x32_slm.json"
field coop-a "$slm" "p['copies']['A']['op'], p['copies']['A']['how'], p['copies']['A']['prefetch']" \
  "XE_LOAD_2D<16,8,32,16> coop XE_PREFETCH_2D<16,8,32>"
field slm-a "$slm" "p['copies']['A']['slm']['layout']" "((16,(32,1)),(8,(1,2))):((256,(8,8192)),(1,(0,4096)))"
field slm-a-copies "$slm" "p['copies']['A']['slm']['r2s']['op'], p['copies']['A']['slm']['r2s']['value_type'], p['copies']['A']['slm']['s2r']['tv']" \
  "UniversalCopy<uint16_t> bfloat16_t ((16,4,(8,1)),(8,(4,2))):((256,0,(32,0)),(1,(8,4096)))"
field slm-r2s-is-coop "$slm" "p['copies']['B']['slm']['r2s']['tv'] == p['copies']['B']['tv']" "True"
field slm-reorders-noop "$slm" "p['reorders']['A']['noop'], p['reorders']['B']['noop'], p['reorders']['B']['rlayout']" "True True 2048:1"
field no-slm "$xe" "'slm' in p['copies']['A']" "False"
field reorders-noop "$xe" "p['reorders']['A']['noop'], p['reorders']['A']['rlayout'], p['reorders']['D']['kind']" "True 1024:1 UU"
data="$(cd "$(dirname "${BASH_SOURCE[0]}")/../data/specs" && pwd)"
field reorders-vv "$data/xe_s8_b_f16_mma.json" "p['reorders']['B']['kind'], p['reorders']['B']['converts']" "VV True"
nv="$specs/sm80_f16_32x32x16_ldsm.json"
field nv-c "$nv" "p['mma']['c_tv']" "((4,8,2,2),((2,2),(1,2))):((64,1,16,256),((32,8),(0,512)))"
field nv-ldsm "$nv" "p['copies']['A']['tv_src']" "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))"
field nv-g2s "$nv" "p['copies']['g2s']['tv'], p['copies']['g2s']['tiler']" "((8,32),8):((256,1),32) (32,64)"

bad coop-c 'operands.C.copy' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16]},"operands":{"C":{"type":"float","copy":"coop"}}}'
bad coop-too-few 'cannot be spread over 4 subgroups' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[16,64,16],"sg_layout":"(1,4,1):(0,1,0)"},"operands":{"A":{"type":"bf16","copy":"coop"}}}'
bad slm-flag 'operands.A.slm' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16]},"operands":{"A":{"type":"bf16","slm":"yes"}}}'
bad malformed 'malformed JSON' '{"mma": '
bad not-object 'a spec is a JSON object' '[1,2]'
bad unknown-atom 'mma.atom' '{"mma":{"atom":"XE_DPAS_XX<8,float>","tile":[8,16,16]}}'
bad bad-m 'M <= 8' '{"mma":{"atom":"XE_DPAS_TT<9,float,bfloat16_t>","tile":[8,16,16]}}'
bad copy-atom-as-mma 'not an MMA atom' '{"mma":{"atom":"XE_LOAD_2D<16,8,16>","tile":[8,16,16]}}'
bad tile-shape 'mma.tile' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16]}}'
bad tile-divisible 'mma.sg_layout' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[100,64,32],"sg_layout":"(8,4,1):(4,1,0)"}}'
bad sg-notation 'mma.sg_layout' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[64,64,32],"sg_layout":"(8,4,1):(4,1"}}'
bad type 'operands.A.type' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16]},"operands":{"A":{"type":"bfloat17"}}}'
bad contiguous 'operands.B.contiguous' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16]},"operands":{"B":{"type":"bf16","contiguous":"M"}}}'
bad operand 'operands.E' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16]},"operands":{"E":{"type":"bf16"}}}'
bad override 'Height <= 32' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16]},"operands":{"A":{"type":"bf16","copy":"XE_LOAD_2D<16,64,16>"}}}'
bad auto-nvidia 'operands.A.copy' '{"mma":{"atom":"SM80_16x8x16_F32F16F16F32_TN"},"operands":{"A":{"type":"half_t","copy":"auto"}}}'
bad atom-divides 'AtomNumThr' '{"copies":{"x":{"atom":"SM75_U32x4_LDSM_N","value_type":"half_t","thr_layout":"16:1"}}}'
bad empty 'neither' '{}'
# Unknown keys are warned about (naming their JSON path), not errors, and not silently ignored.
printf '%s' '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[8,16,16],"sg_layuot":"(1,1,1):(0,0,0)"},"chekcs":[]}' > "$tmp/spec.json"
"$tvlab" plan "$tmp/spec.json" >/dev/null 2>"$tmp/err"; rc=$?
if [ "$rc" = 0 ] && grep -qF "warning: unknown key at $tmp/spec.json: chekcs: ignored" "$tmp/err" &&
  grep -qF "warning: unknown key at $tmp/spec.json: mma.sg_layuot: ignored; an mma has atom, tile, sg_layout" "$tmp/err"; then
  passes=$((passes+1)); else echo "FAIL unknown-key-warning: rc=$rc"; sed 's/^/  /' "$tmp/err"; fails=$((fails+1)); fi
out="$("$tvlab" plan "$tmp/does-not-exist.json" 2>&1)"; rc=$?
if [ "$rc" = 2 ] && grep -qF "cannot open" <<<"$out"; then passes=$((passes+1)); else echo "FAIL missing-file: rc=$rc $out"; fails=$((fails+1)); fi
python3 -c "print('{\"a\":' * 100000)" > "$tmp/deep.json"
out="$("$tvlab" plan "$tmp/deep.json" 2>&1)"; rc=$?
if [ "$rc" = 2 ]; then passes=$((passes+1)); else echo "FAIL deep-json: rc=$rc ${out:0:200}"; fails=$((fails+1)); fi

# A spec may spell its layouts and tilers as CuTe's C++ code does: the same plan as the notation.
python3 - "$specs/sm80_f16_32x32x16_ldsm.json" "$tmp/cpp.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["mma"]["atom_layout"] = "cute::Layout<cute::Shape<cute::_2, cute::_2, cute::_1>>{}"
s["mma"]["permutation"] = "Tile<_32, Int<32>, C<16>>{}"
s["copies"]["g2s"]["thr_layout"] = "make_layout(make_shape(Int<32>{}, Int<8>{}), LayoutRight{})"
s["copies"]["g2s"]["val_layout"] = "Layout<Shape<_1,_8>>{}"
json.dump(s, open(sys.argv[2], "w"))
PY
a="$("$tvlab" plan --json "$specs/sm80_f16_32x32x16_ldsm.json" 2>&1)"; b="$("$tvlab" plan --json "$tmp/cpp.json" 2>&1)"
if [ -n "$a" ] && [ "$a" = "$b" ]; then passes=$((passes+1)); else echo "FAIL cpp-spec: the plans differ"; diff <(echo "$a") <(echo "$b") | head -10; fails=$((fails+1)); fi
python3 -c "import json,sys; s=json.load(open(sys.argv[1])); s['copies']['g2s']['thr_layout']='Layout<Stride<_32,_8>>{}'; json.dump(s,open(sys.argv[2],'w'))" "$tmp/cpp.json" "$tmp/cpp-bad.json"
out="$("$tvlab" plan "$tmp/cpp-bad.json" 2>&1)"; rc=$?
if [ "$rc" = 2 ] && grep -qF 'copies.g2s.thr_layout' <<<"$out" && grep -qF 'column 8: Stride<...> given where a Shape was expected' <<<"$out"; then passes=$((passes+1)); else echo "FAIL cpp-spec-bad: rc=$rc $out"; fails=$((fails+1)); fi

# A UMMA atom is issued by one thread: the text plan says "1 thread".
printf '%s' '{"mma":{"atom":"SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>","atom_layout":"(1,1,1)"},"operands":{"A":{"type":"half_t"},"B":{"type":"half_t"},"C":{"type":"float"}}}' > "$tmp/umma.json"
out="$("$tvlab" plan "$tmp/umma.json" 2>&1)"
# A UMMA atom is CTA-scoped: its thread mode counts CTAs (one, or the pair of a 2x1SM atom).
if grep -qF '(1,1,1,1):(0,0,0,0)  (1 CTA)' <<<"$out"; then passes=$((passes+1)); else echo "FAIL umma-threads: $out"; fails=$((fails+1)); fi
out="$("$tvlab" plan "$(dirname "${BASH_SOURCE[0]}")/../data/specs/sm100_tmem_2sm_m128_epilogue_64x32.json" 2>&1)"
if grep -qF '(2,1,1,1):(1,0,0,0)  (2 CTAs)' <<<"$out"; then passes=$((passes+1)); else echo "FAIL umma-2sm-ctas: $out"; fails=$((fails+1)); fi

# --thread: thread T's tensors (CuTe's print of CUTLASS's SM80 f16 TN mainloop, thread 5, as recorded in
# tests/data/cute/oracle_cutlass_sm80_f16_tn.txt with the oracle's problem (1088,832,704,2)).
tn="$(cd "$(dirname "${BASH_SOURCE[0]}")/../data/cpp" && pwd)/cutlass_sm80_f16_tn.hpp"
thr() {  # name, python expression over the --thread json `p` (a list, one entry per operand), expected, args...
  local name="$1" expr="$2" want="$3" got; shift 3
  got="$("$tvlab" plan --json "$tn" "$@" | python3 -c "import json,sys; p=json.load(sys.stdin); print($expr)" 2>&1)"
  if [ "$got" != "$want" ]; then echo "FAIL $name: got '$got' want '$want'"; fails=$((fails+1)); else passes=$((passes+1)); fi
}
thr thread-operands "[o['operand'] for o in p]" "['A', 'B', 'C']" --thread 37
thr thread-tcsa "[t['tensor'] for t in p[0]['tensors'] if t['name'] == 'tCsA'][0]" \
  "smem_ptr[16b](sA+176) o ((8,1),4,2,(1,3)):((1,0),1024,-16,(0,4096))" --thread 5 --operand A
thr thread-gmem "[t['tensor'] for t in p[0]['tensors']][0]" "gmem_ptr[16b](gA+712) o ((8,1),4,1,22):((1,0),22528,0,32)" \
  --thread 5 --operand A --bind 'problem=make_shape(1088,832,704,2)'
thr thread-first-value "p[0]['tensors'][0]['values'][0]" "{'index': 0, 'mode_coord': [0, 0, 0, 0], 'coord': [1, 8, 0], 'element': 40, 'byte': 80}" \
  --thread 5 --operand A
out="$("$tvlab" plan "$tn" --thread 5 --operand A 2>&1)"
if grep -qF 'value  iteration     (m,k,pipe)      element   byte' <<<"$out" && grep -qF 'note: tAgA' <<<"$out"; then passes=$((passes+1)); else echo "FAIL thread-text: $out"; fails=$((fails+1)); fi
for args in "--thread 128" "--thread -1" "--thread 0 --operand Q" "--operand A" "--no-table"; do
  # shellcheck disable=SC2086
  out="$("$tvlab" plan "$tn" $args 2>"$tmp/err")"; rc=$?
  if [ "$rc" = 2 ] && [ -z "$out" ] && [ -s "$tmp/err" ]; then passes=$((passes+1)); else echo "FAIL thread-bad '$args': rc=$rc"; cat "$tmp/err"; fails=$((fails+1)); fi
done
grep -qF "0..127" <("$tvlab" plan "$tn" --thread 128 2>&1) && passes=$((passes+1)) || { echo "FAIL thread-range message"; fails=$((fails+1)); }

# Issue 33: no exit 3 on Xe mainloops with one subgroup in M (every work-item issues the same block 2D load);
# the views are sycl-tla's (tests/data/sycl_tla/xe_partitions.txt). A 65536x65536 tile is refused early.
data="$(cd "$(dirname "${BASH_SOURCE[0]}")/../data/specs" && pwd)"
for f in xe_tf32_m5_one_subgroup xe_bf16_m1_one_subgroup xe_s8_1x4_subgroups; do
  for t in 0 15; do
    "$tvlab" plan "$data/$f.json" --thread "$t" >"$tmp/out" 2>"$tmp/err"; rc=$?
    if [ "$rc" = 0 ] && grep -qF 'tAgA = thr_copy_A.partition_S(gA)' "$tmp/out"; then passes=$((passes+1))
    else echo "FAIL xe-one-subgroup $f --thread $t: rc=$rc"; cat "$tmp/err"; fails=$((fails+1)); fi
  done
done
python3 -c "import json,sys; s=json.load(open(sys.argv[1])); s['cta_tile']=[65536,65536,32]; json.dump(s,open(sys.argv[2],'w'))" \
  "$data/cutlass_sm80_f16_tn_128x128x32.json" "$tmp/huge.json"
out="$(timeout 60 "$tvlab" plan "$tmp/huge.json" --thread 0 --operand C 2>"$tmp/err")"; rc=$?
if [ "$rc" = 2 ] && [ -z "$out" ] && grep -qF "tCgC holds 33554432 values a thread, over tvlab's cap of 1048576" "$tmp/err"; then
  passes=$((passes+1)); else echo "FAIL huge-thread-view: rc=$rc"; cat "$tmp/err"; fails=$((fails+1)); fi
out="$(timeout 60 "$tvlab" plan "$tmp/huge.json" 2>"$tmp/err")"; rc=$?
if [ "$rc" = 0 ] && grep -qF "tile_mnk" <<<"$out"; then passes=$((passes+1)); else echo "FAIL huge-plan: rc=$rc"; cat "$tmp/err"; fails=$((fails+1)); fi

echo "plan CLI: $passes passed, $fails failed"
[ "$fails" = 0 ]
