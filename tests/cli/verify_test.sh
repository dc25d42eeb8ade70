#!/usr/bin/env bash
# CLI tests for `tvlab verify` and `tvlab reorder`: verdicts, exit codes, report formats, proofs.
set -u
tvlab="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
gallery="$root/gallery/specs"; data="$root/tests/data/specs"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
ok() { passes=$((passes+1)); }
ko() { echo "FAIL $1"; fails=$((fails+1)); }
expect_rc() {  # name, want rc, command...
  local name="$1" want="$2"; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ "$rc" = "$want" ]; then ok; else ko "$name: rc=$rc want $want"; sed 's/^/  /' "$tmp/err" | head -5; fi
}
has() {  # name, needle, file
  if grep -qF -- "$2" "$3"; then ok; else ko "$1: '$2' not in $(basename "$3")"; sed 's/^/  /' "$3" | head -8; fi
}

xe="$gallery/xe_bf16_256x256x32.json"
expect_rc default 0 "$tvlab" verify "$xe"
has default-text "23 proved, 0 refuted, 0 unknown: passed" "$tmp/out"
has default-noop "reorder.A  no-op: rlayout 1024:1" "$tmp/out"
expect_rc several 0 "$tvlab" verify "$xe" "$gallery/xe_bf16_256x256x32_slm.json" "$gallery/sm80_f16_32x32x16_ldsm.json"

# Copy direction (CUTLASS #1988): the stmatrix epilogue copy proves as operand D, is a spec error as C.
expect_rc stsm-as-d 0 "$tvlab" verify "$data/cutlass_1988_stsm_as_d.json"
has stsm-as-d-text "fragment.D  identical" "$tmp/out"
expect_rc stsm-as-c 2 "$tvlab" verify "$data/cutlass_1988_stsm_as_c.json"
has stsm-as-c-text "operands.C.copy: SM90_U32x4_STSM_N is a store (registers -> memory)" "$tmp/err"
has stsm-as-c-names-d "give it as operand D, not C" "$tmp/err"
sed 's/SM90_U32x4_STSM_N/SM75_U32x4_LDSM_N/' "$data/cutlass_1988_stsm_as_d.json" > "$tmp/ldsm_d.json"
expect_rc ldsm-as-d 2 "$tvlab" verify "$tmp/ldsm_d.json"
has ldsm-as-d-text "operands.D.copy: SM75_U32x4_LDSM_N is a load (memory -> registers)" "$tmp/err"

# Shared-memory stages (issue 14): banks.X.s2r / banks.X.g2s with the worst instruction and a suggestion.
expect_rc smem-rm64 0 "$tvlab" verify "$data/sm80_ldsm_x4_rm64.json"
has smem-rm64-banks "warn banks.A.s2r  512 wavefronts (32 per instruction), ideal 64: 448 bank conflicts; suggest Sw<3,3,3> o 0 o (32,64):(64,1): 64 wavefronts (ideal), vector 8" "$tmp/out"
has smem-rm64-witness "witness: warp 0, instruction 0: lanes 0,1,2,3,4,5,6,7 at bytes 0,128,256,384,512,640,768,896 meet in bank 0 (8 ways; 32 wavefronts, ideal 4)" "$tmp/out"
has smem-rm64-vector "ok   vector.A.s2r  16 ldmatrix.x4 instructions, 16 bytes (8 x half_t) a lane" "$tmp/out"
has smem-rm64-g2s "ok   smem.A.g2s  g2s writes all 2048 elements once; s2r reads 2048 of them" "$tmp/out"
expect_rc smem-rm64-strict 1 "$tvlab" verify --strict "$data/sm80_ldsm_x4_rm64.json"
expect_rc smem-rm64-sw 0 "$tvlab" verify --strict "$data/sm80_ldsm_x4_rm64_sw333.json"
has smem-rm64-sw-banks "ok   banks.A.s2r  64 wavefronts (4 per instruction): ideal" "$tmp/out"
expect_rc smem-rm32 0 "$tvlab" verify "$data/sm80_ldsm_x4_rm32.json"
has smem-rm32-banks "banks.A.s2r  128 wavefronts (16 per instruction), ideal 32: 96 bank conflicts; suggest Sw<2,3,3> o 0 o (32,32):(32,1)" "$tmp/out"
expect_rc smem-rm32-sw 0 "$tvlab" verify --strict "$data/sm80_ldsm_x4_rm32_sw233.json"
expect_rc smem-sw128 0 "$tvlab" verify --strict "$data/sm90_k_sw128_atom_half.json"
has smem-sw128-banks "ok   banks.A.s2r  64 wavefronts (4 per instruction): ideal" "$tmp/out"
expect_rc smem-sw128-elem 0 "$tvlab" verify --strict "$data/sm90_k_sw128_elem_half.json"
has smem-sw128-elem-banks "ok   banks.A.s2r  64 wavefronts (4 per instruction): ideal" "$tmp/out"
expect_rc smem-float-padded 0 "$tvlab" verify --strict "$data/sm80_c_float_padded.json"
expect_rc smem-float-unpadded 1 "$tvlab" verify --strict "$data/sm80_c_float_unpadded.json"
has smem-float-unpadded-banks "banks.C.s2r  128 wavefronts (8 per instruction), ideal 32: 96 bank conflicts" "$tmp/out"
# The suggestions, fed back, verify conflict-free.
for f in sm80_ldsm_x4_rm64 sm80_ldsm_x4_rm32 sm80_c_float_unpadded; do
  sug="$("$tvlab" verify --format json "$data/$f.json" | python3 -c "import json,sys; r=json.load(sys.stdin); print([c for c in r['specs'][0]['checks'] if c['code'].startswith('banks.') and c['code'].endswith('.s2r')][0]['data']['suggest']['layout'])" 2>&1)"
  python3 -c "import json,sys; s=json.load(open('$data/$f.json')); o=list(s['operands'].values())[0]; o['smem']['layout']=sys.argv[1]; json.dump(s, open('$tmp/fed.json','w'))" "$sug"
  expect_rc "suggest-fed-back-$f ($sug)" 0 "$tvlab" verify --strict "$tmp/fed.json"
done
# A lane whose values are not one vector in shared memory: vector.A.s2r fails, naming the lane.
sed 's|"layout": "(32,64):(64,1)"|"layout": "(32,64):(1,32)"|' "$data/sm80_ldsm_x4_rm64.json" > "$tmp/colmajor.json"
expect_rc smem-colmajor 1 "$tvlab" verify "$tmp/colmajor.json"
has smem-colmajor-text "FAIL vector.A.s2r" "$tmp/out"
has smem-colmajor-lane "lane 0: value 1" "$tmp/out"
# A layout that is not one-to-one on the tile.
sed 's|"layout": "(32,64):(64,1)"|"layout": "(32,64):(32,1)"|' "$data/sm80_ldsm_x4_rm64.json" > "$tmp/overlap.json"
expect_rc smem-overlap 1 "$tvlab" verify "$tmp/overlap.json"
has smem-overlap-text "FAIL smem.A.layout" "$tmp/out"
# Spec errors at the JSON path.
sed 's|"layout": "(32,64):(64,1)"|"layout": "Sw<3,3,3>"|' "$data/sm80_ldsm_x4_rm64.json" > "$tmp/bad_layout.json"
expect_rc smem-bad-layout 2 "$tvlab" verify "$tmp/bad_layout.json"
has smem-bad-layout-path "operands.A.smem.layout" "$tmp/err"
python3 -c "import json; s=json.load(open('$data/sm80_ldsm_x4_rm64.json')); s['operands']['A']['copy']={'atom':'SM75_U32x4_LDSM_N','from_mma':True}; json.dump(s, open('$tmp/twice.json','w'))"
expect_rc smem-twice 2 "$tvlab" verify "$tmp/twice.json"
has smem-twice-path "operands.A.smem.s2r: the operand's register copy is given twice" "$tmp/err"

# Xe SLM stages (banks.X.r2s / banks.X.s2r on the unvalidated xe-slm model) and the D epilogue's r2s.
expect_rc xe-slm-colmajor 0 "$tvlab" verify "$data/xe_bf16_a_slm_colmajor.json"
has xe-slm-s2r "warn banks.A.s2r  model: unvalidated; 32768 wavefronts (16 per instruction), ideal 2048: 30720 bank conflicts; suggest Sw<4,1,7> o 0 o (256,32):(1,256): 2048 wavefronts (ideal), vector 1" "$tmp/out"
has xe-slm-r2s "warn banks.A.r2s  model: unvalidated; 8192 wavefronts (16 per instruction), ideal 512" "$tmp/out"
has xe-slm-witness "witness: subgroup 0, instruction 0: lanes 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 at bytes 0,512,1024" "$tmp/out"
has xe-slm-cover "ok   smem.A.r2s  r2s writes all 8192 elements once; s2r reads 8192 of them" "$tmp/out"
expect_rc xe-slm-colmajor-strict 1 "$tvlab" verify --strict "$data/xe_bf16_a_slm_colmajor.json"
expect_rc xe-slm-sw417 0 "$tvlab" verify --strict "$data/xe_bf16_a_slm_colmajor_sw417.json"
has xe-slm-sw417-banks "ok   banks.A.r2s  model: unvalidated; 512 wavefronts (1 per instruction): ideal" "$tmp/out"
"$tvlab" verify --format json "$data/xe_bf16_a_slm_colmajor.json" > "$tmp/xe.json"
has xe-slm-json-model '"model": "xe-slm"' "$tmp/xe.json"
has xe-slm-json-validated '"validated": false' "$tmp/xe.json"
expect_rc d-stsm 0 "$tvlab" verify "$data/sm90_d_stsm_rm64.json"
has d-stsm-banks "warn banks.D.r2s  512 wavefronts (32 per instruction), ideal 64: 448 bank conflicts; suggest Sw<3,3,3> o 0 o (64,64):(64,1): 64 wavefronts (ideal), vector 8" "$tmp/out"
has d-stsm-vector "ok   vector.D.r2s  16 stmatrix.x4 instructions, 16 bytes (8 x half_t) a lane" "$tmp/out"
expect_rc d-stsm-sw 0 "$tvlab" verify --strict "$data/sm90_d_stsm_rm64_sw333.json"
sed 's/SM90_U32x4_STSM_N/SM75_U32x4_LDSM_N/' "$data/sm90_d_stsm_rm64.json" > "$tmp/d_ldsm.json"
expect_rc d-ldsm-r2s 2 "$tvlab" verify "$tmp/d_ldsm.json"
has d-ldsm-r2s-text "operands.D.smem.r2s: SM75_U32x4_LDSM_N is a load (memory -> registers)" "$tmp/err"
for f in xe_bf16_a_slm_colmajor sm90_d_stsm_rm64; do
  sug="$("$tvlab" verify --format json "$data/$f.json" | python3 -c "import json,sys; r=json.load(sys.stdin); print([c for c in r['specs'][0]['checks'] if c['code'].startswith('banks.') and 'suggest' in c['data']][0]['data']['suggest']['layout'])" 2>&1)"
  python3 -c "import json,sys; s=json.load(open('$data/$f.json')); o=list(s['operands'].values())[0]; o['smem']['layout']=sys.argv[1]; json.dump(s, open('$tmp/fed.json','w'))" "$sug"
  expect_rc "suggest-fed-back-$f ($sug)" 0 "$tvlab" verify --strict "$tmp/fed.json"
done

# Bad configurations: exit 1 with witnesses.
expect_rc width 1 "$tvlab" verify "$data/sm80_copy_c_half_on_float.json"
has width-text "FAIL width.C" "$tmp/out"
expect_rc reorder-none 1 "$tvlab" verify "$data/xe_bf16_b_plain_override.json"
has reorder-witness "witness: copy D (T1,V0) -> (1,0) but MMA B expects (1,0) in (T2,V0)" "$tmp/out"
expect_rc legacy-fp8 1 "$tvlab" verify "$data/sycl_tla_357_u8_a_fp8.json"
expect_rc packed-int8 0 "$tvlab" verify "$data/sycl_tla_357_packed_u8_a_int8.json"
# A needed reorder is a warning: exit 0, or 1 with --strict.
expect_rc vv 0 "$tvlab" verify "$data/xe_s8_b_f16_mma.json"
has vv-kind "warn reorder.B  VV reorder converting int8_t -> half_t" "$tmp/out"
expect_rc vv-strict 1 "$tvlab" verify --strict "$data/xe_s8_b_f16_mma.json"

# JSON: stable codes and verdicts.
"$tvlab" verify --format json "$data/xe_s8_b_f16_mma.json" > "$tmp/r.json"
got="$(python3 -c "import json; r=json.load(open('$tmp/r.json')); c={k['code']:k for k in r['specs'][0]['checks']}; print(r['result'], c['reorder.B']['verdict'], c['reorder.B']['data']['kind'], c['fragment.B']['verdict'])" 2>&1)"
[ "$got" = "passed refuted VV proved" ] && ok || ko "json: $got"

# JUnit: one test case per check, failures marked, valid XML.
"$tvlab" verify --format junit -o "$tmp/r.xml" "$xe" "$data/sm80_copy_c_half_on_float.json"; rc=$?
[ "$rc" = 1 ] && ok || ko "junit rc=$rc"
got="$(python3 -c "
import xml.etree.ElementTree as E
t=E.parse('$tmp/r.xml').getroot()
print(t.tag, len(t.findall('.//testcase')), len(t.findall('.//failure')), t.get('failures'))" 2>&1)"
[ "$got" = "testsuites 31 1 1" ] && ok || ko "junit: $got"

# Proofs: Markdown and LaTeX (compiled with pdflatex when it is installed).
expect_rc proof-md 0 "$tvlab" verify --proof "$tmp/p.md" "$xe"
has proof-md-step "right_inverse(dst) o src" "$tmp/p.md"
has proof-md-claim "### Claim" "$tmp/p.md"
expect_rc proof-tex 1 "$tvlab" verify --proof "$tmp/p.tex" "$xe" "$data/sycl_tla_357_u8_a_fp8.json"
has proof-tex-doc '\begin{document}' "$tmp/p.tex"
if command -v pdflatex >/dev/null; then
  (cd "$tmp" && pdflatex -interaction=nonstopmode -halt-on-error p.tex >/dev/null 2>&1) && [ -s "$tmp/p.pdf" ] && ok || ko "pdflatex p.tex"
else
  echo "note: pdflatex not installed; the LaTeX proof was not compiled"
fi

# Bad input: exit 2, nothing written.
printf '{"mma": ' > "$tmp/bad.json"
expect_rc malformed 2 "$tvlab" verify "$tmp/bad.json"
has malformed-msg "malformed JSON" "$tmp/err"
printf '{"mma":{"atom":"XE_DPAS_TT<8,float,bfloat16_t>","tile":[100,16,16]}}' > "$tmp/bad2.json"
expect_rc bad-tile 2 "$tvlab" verify "$tmp/bad2.json"
has bad-tile-path "mma" "$tmp/err"
expect_rc missing 2 "$tvlab" verify "$tmp/nope.json"
expect_rc proof-ext 2 "$tvlab" verify --proof "$tmp/p.pdf2" "$xe"
expect_rc unwritable 2 "$tvlab" verify -o "$tmp/no/such/dir/r.txt" "$xe"
[ -z "$(ls "$tmp" | grep -F '.tmp.')" ] && ok || ko "temporary files left behind"
expect_rc format 2 "$tvlab" verify --format yaml "$xe"

# tvlab reorder
# SM100 tensor memory: the epilogue's TMEM loads cover the accumulator once, within each warp's subpartition.
expect_rc tmem-gallery 0 "$tvlab" verify "$gallery/sm100_f16_umma_2sm_256x32_tmem.json"
has tmem-gallery-coverage "ok   tmem.C.coverage  every one of the 4096 accumulator elements is loaded exactly once (128 threads)" "$tmp/out"
has tmem-gallery-sub "ok   tmem.C.subpartition  each of the 4 warps stays in its own 32 lanes" "$tmp/out"
expect_rc tmem-two-tiles 1 "$tvlab" verify "$data/sm100_tmem_two_mma_tiles.json"
has tmem-two-tiles-witness "element (0,128) (lane 0, column 128) is never loaded: the epilogue copies accumulators(_,_,0,0), the first of 1x2 MMA tiles" "$tmp/out"
expect_rc tmem-warps 1 "$tvlab" verify "$data/sm100_tmem_epilogue_warps_1_4.json"
has tmem-warps-witness "warp 1 (threads 32..63, TiledCopy slices 0..) reaches lanes 0..31; warp 1 may access only lanes 32..63 (subpartition 1)" "$tmp/out"
expect_rc tmem-2x2 1 "$tvlab" verify "$data/sm100_tmem_2sm_m128_epilogue_64x32.json"
has tmem-2x2-twice "element (0,0) is loaded 2 times: by thread 0 call 0 register 0 and thread 64 call 0 register 0" "$tmp/out"
has tmem-2x2-lanes "warp 0 (threads 0..31, TiledCopy slices 0..) reaches lanes 0..95; warp 0 may access only lanes 0..31 (subpartition 0)" "$tmp/out"
# The same accumulator tiled as CUTLASS's SM100 builder tiles it for the 2x2 TMEM warp shape: (64,(16,2):(1,64)).
expect_rc tmem-strided 0 "$tvlab" verify "$data/sm100_tmem_2sm_m128_epilogue_strided.json"
has tmem-strided-coverage "ok   tmem.C.coverage  every one of the 8192 accumulator elements is loaded exactly once (128 threads)" "$tmp/out"
has tmem-strided-sub "ok   tmem.C.subpartition  each of the 4 warps stays in its own 32 lanes" "$tmp/out"
expect_rc reorder-noop 0 "$tvlab" reorder --src "(16,8):(1@1,1@0)" --dst "(16,8):(1@1,1@0)" --types bf16,bf16
has reorder-noop-text "no-op" "$tmp/out"
# A plain 16x16 bf16 load (lane = n, value = k) into the DPAS B fragment (VNNI pairs of k): UV.
expect_rc reorder-uv 1 "$tvlab" reorder --src "(16,16):(1@0,1@1)" --dst "((2,8),(2,8)):((1@1,1@0),(8@0,2@1))" --types bf16,bf16 --json
got="$(python3 -c "import json; j=json.load(open('$tmp/out')); print(j['noop'], j['kind'], j['rlayout'], j['movs'])" 2>&1)"
[ "$got" = "False UV (16,2,8):(2,1,32) 16" ] && ok || ko "reorder json: $got"
expect_rc reorder-parse 2 "$tvlab" reorder --src "(16,8):(1@1" --dst "(16,8):(1@1,1@0)"
has reorder-parse-msg "--src column" "$tmp/err"
expect_rc reorder-mismatch 2 "$tvlab" reorder --src "(16,8):(1@1,1@0)" --dst "(16,4):(1@1,1@0)"
expect_rc reorder-types 2 "$tvlab" reorder --src "(16,8):(1@1,1@0)" --dst "(16,8):(1@1,1@0)" --types bf16
# The collective's own requirements (issue 33), on CUTLASS's SM80 f16 TN default as written in C++: a g2s copy
# of 256 threads under 128, a Copy_Atom declaring float over half data: each an error with its witness.
cpp="$root/tests/data/cpp/cutlass_sm80_f16_tn.hpp"
sed 's/Layout<Shape<_32, _4>, Stride<_4, _1>>{},/Layout<Shape<_64, _4>, Stride<_4, _1>>{},/' "$cpp" >"$tmp/thr256.hpp"
expect_rc thr256 1 "$tvlab" verify "$tmp/thr256.hpp"
has thr256-check "FAIL threads.A  copies of another thread count than the kernel's 128 (g2s 256)" "$tmp/out"
has thr256-witness "T128..T255 of the copy never run: element (32,0) of the copy's (64,32) tile" "$tmp/out"
has thr256-stage "FAIL smem.A.g2s  g2s leaves elements of the tile unwritten" "$tmp/out"
sed 's/Copy_Atom<SM75_U32x4_LDSM_N, cutlass::half_t>/Copy_Atom<SM75_U32x4_LDSM_N, float>/' "$cpp" >"$tmp/ldsm_float.hpp"
expect_rc ldsm-float 1 "$tvlab" verify "$tmp/ldsm_float.hpp"
has ldsm-float-check "FAIL type.A.s2r  the copy counts its values in float, the memory holds half_t" "$tmp/out"
has ldsm-float-witness "Copy_Atom<SM75_U32x4_LDSM_N, float> over A's half_t (32 != 16 bits)" "$tmp/out"
expect_rc ldsm-float-plan 0 "$tvlab" plan "$tmp/ldsm_float.hpp"
has ldsm-float-plan-says "Operand A's s2r declares Copy_Atom<SM75_U32x4_LDSM_N, float>, over A's half_t" "$tmp/out"
# The issue's case: CuTe's tutorial gemm_tn named with --bind A.type=half_t, its s2r atom declared float: the bound
# element type fills what the file leaves open, never the atom's declared type.
sed 's/  Copy_Atom<SM75_U32x4_LDSM_N, half_t> s2r_atom_A;/  Copy_Atom<SM75_U32x4_LDSM_N, float> s2r_atom_A;/' \
  "$root/tests/data/cpp/cute_tutorial_sgemm_sm80.cu" >"$tmp/tut_float.cu"
expect_rc bind-keeps-declared-type 1 "$tvlab" verify "$tmp/tut_float.cu" --bind scope=gemm_tn --bind cta_tile=cta_tiler \
  --bind stages=bP --bind mma=mmaC --bind A.type=cute::half_t --bind A.gmem=dA --bind A.smem=sA --bind A.g2s=copyA \
  --bind A.s2r=s2r_atom_A --bind B.type=cute::half_t --bind B.gmem=dB --bind B.smem=sB --bind B.g2s=copyB \
  --bind B.s2r=s2r_atom_B
has bind-keeps-declared-type-text "FAIL type.A.s2r  the copy counts its values in float, the memory holds half_t" "$tmp/out"
# Issue 32's figures for a CollectiveMma as for its JSON twin: gmem.X.g2s (the global sectors) and banks.X.g2s
# (cp.async, stacked lines: 128, exact where rows start 128-byte aligned) with the same verdict, summary and data from the C++ file (text reader) as from
# the spec; every other check's verdict agrees too.
"$tvlab" verify --format json "$cpp" >"$tmp/cpp.json" 2>"$tmp/err"
"$tvlab" verify --format json "$root/tests/data/specs/cutlass_sm80_f16_tn_128x128x32.json" >"$tmp/twin.json" 2>>"$tmp/err"
got="$(python3 - "$tmp/cpp.json" "$tmp/twin.json" <<'PY' 2>&1
import json, sys
a, b = ({c['code']: c for c in json.load(open(f))['specs'][0]['checks']} for f in sys.argv[1:3])
bad = [k for k in sorted(set(a) | set(b)) if k not in a or k not in b or a[k]['verdict'] != b[k]['verdict']]
for x in 'AB':
    for code in ('gmem.%s.g2s' % x, 'banks.%s.g2s' % x):
        if code not in a or any(a[code][f] != b.get(code, {}).get(f) for f in ('verdict', 'summary', 'data')):
            bad.append(code)
    s = a.get('gmem.%s.g2s' % x, {}).get('data', {}).get('sectors', {})
    if (s.get('requests'), s.get('sectors'), s.get('sectors_max')) != (16, 256, 384):
        bad.append('gmem.%s.g2s figure %s' % (x, s))
    d = a.get('banks.%s.g2s' % x, {}).get('data', {})
    if (d.get('wavefronts'), d.get('ideal_wavefronts'), d.get('assumes_aligned_rows')) != (128, 128, True):
        bad.append('banks.%s.g2s wavefronts %s' % (x, d))
print(' '.join(bad) or 'same')
PY
)"
[ "$got" = same ] && ok || ko "CollectiveMma vs JSON twin: $got $(cat "$tmp/err")"
expect_rc help 0 "$tvlab" verify --help
has help-text "Exit codes" "$tmp/out"

echo "verify CLI: $passes passed, $fails failed"
[ "$fails" = 0 ]
