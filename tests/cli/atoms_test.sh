#!/usr/bin/env bash
# CLI tests for `tvlab atoms` and `tvlab show`: JSON contract (interface.md section 3), text tables,
# exit codes and error messages (nothing on stdout on error).
set -u
tvlab="$1"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL $*"; fails=$((fails+1)); }
check() {  # name, expected exit code, expected stdout (exact), command...
  local name="$1" want_rc="$2" want_out="$3"; shift 3
  local out rc
  out="$("$@" 2>"$tmp/err")"; rc=$?
  if [ "$rc" != "$want_rc" ] || [ "$out" != "$want_out" ]; then
    fail "$name: rc=$rc (want $want_rc)"; echo "  got:  $out"; echo "  want: $want_out"; sed 's/^/  stderr: /' "$tmp/err"
  else passes=$((passes+1)); fi
}
check_err() {  # name, needle in stderr; command must exit 2, print 'error: ' and nothing on stdout
  local name="$1" needle="$2"; shift 2
  local out rc
  out="$("$@" 2>"$tmp/err")"; rc=$?
  if [ "$rc" != 2 ] || [ -n "$out" ] || ! grep -q '^error: ' "$tmp/err" || ! grep -qF -- "$needle" "$tmp/err"; then
    fail "$name: rc=$rc (want 2), stderr lacks 'error: ...$needle' or stdout not empty"
    { echo "$out"; cat "$tmp/err"; } | head -5 | sed 's/^/  /'
  else passes=$((passes+1)); fi
}
check_py() {  # name, python expression over j (the parsed stdout) that must be true, command...
  local name="$1" expr="$2"; shift 2
  local rc
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ "$rc" != 0 ]; then fail "$name: rc=$rc"; sed 's/^/  stderr: /' "$tmp/err"; return; fi
  if python3 -c "import json,sys; j=json.load(open(sys.argv[1])); sys.exit(0 if ($expr) else 1)" "$tmp/out"; then
    passes=$((passes+1))
  else fail "$name: $expr"; head -c 600 "$tmp/out" | sed 's/^/  got: /'; echo; fi
}
check_grep() {  # name, fixed string stdout must contain, command...
  local name="$1" needle="$2"; shift 2
  local rc
  "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ "$rc" != 0 ] || ! grep -qF -- "$needle" "$tmp/out"; then
    fail "$name: rc=$rc, stdout lacks '$needle'"; head -5 "$tmp/out" | sed 's/^/  /'; sed 's/^/  stderr: /' "$tmp/err"
  else passes=$((passes+1)); fi
}

# ---- show --json: exact objects, in the spec's key order ----
check dpas-json 0 '{"kind":"mma","name":"XE_DPAS_TT<8,float,bfloat16_t>","shape_mnk":[8,16,16],"thr_id":"16:1","a":"(16,8):(8,1)","b":"((2,8),(2,8)):((16,1),(8,32))","c":"(16,8):(8,1)","types":{"d":"float","a":"bfloat16_t","b":"bfloat16_t","c":"float"}}' \
  "$tvlab" show 'XE_DPAS_TT<8,float,bfloat16_t>' --json
check dpas-json-spelling 0 "$("$tvlab" show 'XE_DPAS_TT<8,float,bfloat16_t>' --json)" \
  "$tvlab" show 'XE_DPAS_TT<8, float, cute::bfloat16_t>' --json
check load2d-json 0 '{"kind":"copy","name":"XE_LOAD_2D<16,8,16>","thr_id":"16:1","bits":{"src":"(16,(16,8)):(0,(1,256))","dst":"(16,(16,8)):(16,(1,256))","ref":"(16,(16,8)):(16,(1,256))"},"value_type":"uint16_t","values":{"src":"(16,(1,8)):(0,(1,16))","dst":"(16,(1,8)):(1,(1,16))","ref":"(16,(1,8)):(1,(1,16))"}}' \
  "$tvlab" show 'XE_LOAD_2D<16,8,16>' --json
check_py vnni-json 'j["kind"]=="copy" and j["bits"]["ref"]=="((2,8),(16,2,2)):((256,16),(1,128,512))" and j["value_type"]=="uint16_t" and j["values"]["ref"]=="((2,8),(1,2,2)):((16,1),(1,8,32))"' \
  "$tvlab" show 'XE_LOAD_2D_VNNI<16,4,16>' --json
check_py sm80-json 'j["kind"]=="mma" and j["shape_mnk"]==[16,8,16] and j["thr_id"]=="32:1" and j["a"]=="((4,8),(2,2,2)):((32,1),(16,8,128))" and j["b"]=="((4,8),(2,2)):((16,1),(8,64))" and j["c"]=="((4,8),(2,2)):((32,1),(16,8))" and j["types"]=={"d":"float","a":"half_t","b":"half_t","c":"float"}' \
  "$tvlab" show SM80_16x8x16_F32F16F16F32_TN --json
check_py ldsm-json 'j["value_type"]=="half_t" and j["thr_id"]=="32:1" and j["bits"]["src"]=="(32,128):(128,1)" and j["bits"]["ref"]=="(32,(32,4)):(32,(1,1024))" and j["values"]["src"]=="(32,8):(8,1)" and j["values"]["dst"]=="(32,(2,4)):(2,(1,64))" and j["values"]["ref"]=="(32,(2,4)):(2,(1,64))"' \
  "$tvlab" show SM75_U32x4_LDSM_N --value-type half_t --json
check_py ldsm-alias-json 'j["value_type"]=="half_t" and j["values"]["src"]=="(32,8):(8,1)"' \
  "$tvlab" show SM75_U32x4_LDSM_N --value-type f16 --json
check_py ldsm-default-type 'j["value_type"]=="uint32_t"' "$tvlab" show SM75_U32x4_LDSM_N --json
check_py universal-copy-json 'j["name"]=="UniversalCopy<uint128_t>" and j["value_type"]=="uint128_t" and j["bits"]["ref"]=="(1,128):(0,1)" and j["values"]["ref"]=="(1,1):(0,1)"' \
  "$tvlab" show 'UniversalCopy<uint128_t>' --json
check_py universal-copy-half 'j["value_type"]=="half_t" and j["values"]["ref"]=="(1,8):(0,1)"' \
  "$tvlab" show 'UniversalCopy<uint128_t>' --value-type half_t --json
check_py legacy-json 'j["name"]=="XE_2D_U16x32x32_LD_N" and j["bits"]["ref"]=="(16,(16,2,32)):(16,(1,256,512))" and j["value_type"]=="uint16_t" and j["values"]["ref"]=="(16,(1,2,32)):(1,(1,16,32))"' \
  "$tvlab" show XE_2D_U16x32x32_LD_N --json
check_py legacy-u4-default 'j["value_type"]=="uint4_t"' "$tvlab" show XE_2D_U4x32x64_LD_N --json
check_py json-key-order 'list(j.keys())==["kind","name","thr_id","bits","value_type","values"]' \
  "$tvlab" show 'XE_LOAD_2D<16,8,16>' --json
# Xe block 2D traits are rebuilt for the value type: 8-bit load viewed as 4-bit values.
check_py load2d-u4 'j["value_type"]=="uint4_t" and j["bits"]["ref"]=="(16,(8,16)):(8,(1,128))" and j["values"]["ref"]=="(16,(2,16)):(2,(1,32))"' \
  "$tvlab" show 'XE_LOAD_2D<8,8,32>' --value-type u4 --json
out="$("$tvlab" show 'XE_DPAS_TT<8,float,bfloat16_t>' --json | wc -l)"
[ "$out" = 1 ] && passes=$((passes+1)) || fail "show --json prints $out lines, want 1"

# ---- show (text) ----
check_grep dpas-text-t0v0 'T0V0' "$tvlab" show 'XE_DPAS_TT<8,float,bfloat16_t>'
check_grep dpas-text-b 'T15V15' "$tvlab" show 'XE_DPAS_TT<8,float,bfloat16_t>'
check_grep dpas-text-layout '((2,8),(2,8)):((16,1),(8,32))' "$tvlab" show 'XE_DPAS_TT<8,float,bfloat16_t>'
check_grep load2d-text-prefetch 'XE_PREFETCH_2D<16,8,16>' "$tvlab" show 'XE_LOAD_2D<16,8,16>'
check_grep load2d-text-grid 'T15V7' "$tvlab" show 'XE_LOAD_2D<16,8,16>'
"$tvlab" show SM75_U32x4_LDSM_N --value-type half_t >"$tmp/ldsm.txt" 2>&1
if grep -qE '^ +T1: +2 +3 +66 +67 +130 +131 +194 +195$' "$tmp/ldsm.txt"; then passes=$((passes+1)); else fail "ldsm T1 line"; fi
check_grep legacy-text-note 'note' "$tvlab" show XE_2D_U4x32x64_LD_N
check_grep gmma-text-capped 'showing 64 of 64 rows and 64 of 256 columns' \
  "$tvlab" show 'SM90_64x256x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>'
# The first row of the A table of XE_DPAS_TT<8,...>: m = 0, k = 0..15 held by T0..T15, value 0.
"$tvlab" show 'XE_DPAS_TT<8,float,bfloat16_t>' >"$tmp/dpas.txt" 2>&1
if grep -qE '^ +0 +T0V0 +T1V0 +T2V0 .* T15V0$' "$tmp/dpas.txt"; then passes=$((passes+1)); else fail "dpas A row 0"; fi

# ---- atoms ----
check_py atoms-json-archs 'all(any(f["arch"]==a for f in j) for a in ["xe","xe-legacy","sm70","sm75","sm80","sm90","universal"]) and all(set(f)=={"arch","kind","name","signature","ranges","instances"} for f in j)' \
  "$tvlab" atoms --json
check_py atoms-json-xe 'all(f["arch"]=="xe" for f in j) and {"XE_DPAS_TT","XE_LOAD_2D","XE_LOAD_2D_VNNI"} <= {f["name"] for f in j}' \
  "$tvlab" atoms --arch xe --json
check_py atoms-json-instances 'any("UniversalCopy<uint128_t>" in f["instances"] for f in j)' "$tvlab" atoms --arch universal --json
check_grep atoms-xe-load 'XE_LOAD_2D<Bits, Height, Width, BlockWidth = Width>' "$tvlab" atoms --arch xe
check_grep atoms-xe-dpas 'XE_DPAS_TT<M, TD, TA, TB = TA, TC = TD>' "$tvlab" atoms --arch xe
check_grep atoms-xe-ranges '1 <= Height <= 32' "$tvlab" atoms --arch xe
check_grep atoms-all-sm80 'SM80_16x8x16_F32F16F16F32_TN' "$tvlab" atoms
check_grep atoms-legacy 'XE_2D_U16x32x32_LD_N' "$tvlab" atoms --arch xe-legacy
check_grep atoms-sm89 'SM89_16x8x32_F16E5M2E4M3F16_TN' "$tvlab" atoms --arch sm89
check_py atoms-sm89-json 'len(j)==8 and all(f["arch"]=="sm89" and f["kind"]=="mma" for f in j)' "$tvlab" atoms --arch sm89 --json
check_py show-sm89 'j["shape_mnk"]==[16,8,32] and j["a"]=="((4,8),(4,2,2)):((64,1),(16,8,256))" and j["b"]=="((4,8),(4,2)):((32,1),(8,128))" and j["c"]=="((4,8),(2,2)):((32,1),(16,8))" and j["types"]=={"d":"float","a":"float_e4m3_t","b":"float_e5m2_t","c":"float"}' \
  "$tvlab" show SM89_16x8x32_F32E4M3E5M2F32_TN --json
check_err sm89-args 'no template arguments' "$tvlab" show 'SM89_16x8x32_F32E4M3E4M3F32_TN<float>'
check_py atoms-sm100-json 'len([f for f in j if f["kind"]=="mma"])==40 and len([f for f in j if f["kind"]=="copy"])==152 and len([f for f in j if f["name"].startswith("SM100_TMEM_")])==150 and all(f["arch"]=="sm100" for f in j)' "$tvlab" atoms --arch sm100 --json
check_grep atoms-sm100-cta 'CTA-scoped' "$tvlab" atoms --arch sm100
check_grep atoms-sm120 'SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<a_type, b_type, c_type, sf_type, VS>' "$tvlab" atoms --arch sm120
check_py show-umma-2sm 'j["scope"]=="cta" and j["thr_id"]=="2:1" and j["shape_mnk"]==[256,128,16] and j["a"]=="(2,(128,16)):(128,(1,256))" and j["b"]=="(2,(64,16)):(64,(1,128))" and j["c"]=="(2,(128,128)):(128,(1,256))" and "CTA pair" in j["params"]["scope"]' \
  "$tvlab" show 'SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::MN>' --json
check_grep show-umma-text 'CTA-scoped: cta -> CTA of the MMA' "$tvlab" show 'SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8,K,K>'
check_grep show-umma-cells 'C0V0' "$tvlab" show 'SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8,K,K>'
check_grep show-umma-tmem 'lanes 32..47: rows 16..31, n 0..7 in columns 0..7' "$tvlab" show 'SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8,K,K>'
check_grep show-umma-tmem-2sm 'lanes 64..127: rows 0..63, n 8..15 in columns 0..7' "$tvlab" show 'SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,128,16,K,K>'
check_py show-tmem 'j["thr_id"]=="32:1" and j["bits"]["dst"]=="((4,8),(64,2)):((64,256),(1,2048))" and j["bits"]["ref"]=="(32,4096):(0,1)" and j["val_id"]=="(256,16):(1,2097152)"' "$tvlab" show SM100_TMEM_LOAD_16dp256b1x --json
check_grep show-tmem-map 'T1:      8:0' "$tvlab" show SM100_TMEM_LOAD_16dp64b1x
check_py show-sm120-sf 'j["layouts"]=={"sfa":"((2,2,8),64):((8,0,1),16)","sfb":"((4,8),64):((0,1),8)"} and j["types"]["a"]=="uint4_t"' "$tvlab" show 'SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,32>' --json
check_err umma-m 'SM100_MMA_F16BF16_SS: M in {64, 128}' "$tvlab" show 'SM100_MMA_F16BF16_SS<half_t,half_t,float,256,64,K,K>'
check_err umma-ts-major 'a_major == UMMA::Major::K' "$tvlab" show 'SM100_MMA_F16BF16_TS<half_t,half_t,float,128,64,MN,K>'
check_err umma-vs 'VS in {16, 32}' "$tvlab" show 'SM100_MMA_MXF4_SS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,128,64,64,K,K>'
check_err tmem-reps 'closest' "$tvlab" show SM100_TMEM_LOAD_16dp256b64x
check default-copy-json 0 '{"kind":"copy","name":"DefaultCopy","thr_id":"1:0","bits":{"src":"(1,1):(0,0)","dst":"(1,1):(0,0)","ref":"(1,1):(0,0)"},"value_type":"half_t","values":{"src":"(1,1):(0,0)","dst":"(1,1):(0,0)","ref":"(1,1):(0,0)"},"max_vec_bits":8}' \
  "$tvlab" show cute::DefaultCopy --value-type half_t --json
check_py autovec-json 'j["name"]=="AutoVectorizingCopyWithAssumedAlignment<64>" and j["value_type"]=="uint64_t" and j["bits"]["src"]=="(1,1):(0,0)" and j["max_vec_bits"]==64' \
  "$tvlab" show 'AutoVectorizingCopyWithAssumedAlignment<64>' --json
check_grep autovec-text 'vectorize   up to 128 bits' "$tvlab" show AutoVectorizingCopy --value-type float
check_grep autovec-any-type 'one value of any type per thread' "$tvlab" show DefaultCopy --value-type 'complex<double>'
check_py universal-copy-spelling 'j["name"]=="UniversalCopy<uint128_t>" and j["bits"]["src"]=="(1,128):(0,1)"' "$tvlab" show 'UniversalCopy<cutlass::uint128_t>' --json
check_err autovec-bits 'MaxVecBits in {8, 16, 32, 64, 128}' "$tvlab" show 'AutoVectorizingCopyWithAssumedAlignment<256>'
check_err tma-op 'SM90_TMA_LOAD: built by make_tma_copy' "$tvlab" show SM90_TMA_LOAD
check_err default-typo "closest: UniversalCopy<S, D = S>, DefaultCopy" "$tvlab" show DefaultCpy
check_err cp-async-prose "no atom named 'cp.async' (closest: SM80_CP_ASYNC_" "$tvlab" show cp.async
check_err ldmatrix-prose 'SM75_U32x{1,2,4}_LDSM_N' "$tvlab" show ldmatrix --json
check_err sm120-vs 'float_ue4m3_t: VS == 16' "$tvlab" show 'SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,32>'

# ---- errors: exit 2, `error: ...` on stderr, nothing on stdout ----
check_err height 'Height' "$tvlab" show 'XE_LOAD_2D<16,64,16>'
check_err height-rule 'error: invalid atom at XE_LOAD_2D<16,64,16>: XE_LOAD_2D: 1 <= Height <= 32' "$tvlab" show 'XE_LOAD_2D<16,64,16>' --json
check_err dpas-m '1 <= M <= 8' "$tvlab" show 'XE_DPAS_TT<9,float,bfloat16_t>'
check_err unknown 'closest' "$tvlab" show NOPE
check_err unknown-json 'closest' "$tvlab" show NOPE --json
check_err unbalanced 'column' "$tvlab" show 'XE_LOAD_2D<16,8'
check_err mma-value-type 'MMA atom' "$tvlab" show 'XE_DPAS_TT<8,float,bfloat16_t>' --value-type f32
check_err bad-value-type 'bogus' "$tvlab" show 'XE_LOAD_2D<16,8,16>' --value-type bogus
check_err wide-value-type 'CopyBits % ValBits == 0' "$tvlab" show 'XE_LOAD_2D<16,8,16>' --value-type float --json
check_err bad-arch 'xe-legacy' "$tvlab" atoms --arch bogus
check_err bad-arch-json 'universal' "$tvlab" atoms --arch bogus --json
out="$("$tvlab" show 2>/dev/null)"; rc=$?
[ "$rc" = 2 ] && [ -z "$out" ] && passes=$((passes+1)) || fail "show without ATOM: rc=$rc"

# ---- help ----
check_grep atoms-help 'tvlab atoms --arch xe' "$tvlab" atoms --help
check_grep show-help 'Example' "$tvlab" show --help
check_grep show-help-types 'bfloat16_t' "$tvlab" show --help

echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
