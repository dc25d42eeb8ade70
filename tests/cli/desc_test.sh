#!/usr/bin/env bash
# CLI tests for `tvlab desc` (interface.md section 6): text and JSON fields, both swizzle spellings, sm100,
# and exit 2 naming CuTe's canonical-layout rule.
set -u
tvlab="$1"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL $*"; fails=$((fails+1)); }
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
check_text() {  # name, exact expected stdout, command...
  local name="$1" want="$2"; shift 2
  local out rc
  out="$("$@" 2>"$tmp/err")"; rc=$?
  if [ "$rc" != 0 ] || [ "$out" != "$want" ]; then
    fail "$name: rc=$rc"; echo "  got:  $out"; echo "  want: $want"; sed 's/^/  stderr: /' "$tmp/err"
  else passes=$((passes+1)); fi
}

k_sw128='Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),64):((64,512),1)'
check_text k-sw128-text 'GmmaDescriptor: 0x4000004000010000
  start_addr :  0x0000
  leading_off:  0x0001 (1)  16 bytes
  stride_off :  0x0040 (64)  1024 bytes
  base_offset:  0x0
  layout_type:  0x1 (B128)
block 64x16 (MN x K elements) in uint128_t units: (64,2):(8,1)
canonical form: ((8,8),(2,1)):((8,64),(1,0))
block start-address increments (16-byte units, 1 MN x 4 K blocks): 0 2 4 6' \
  "$tvlab" desc "$k_sw128" --type half_t --major K
check_py k-sw128-json 'j["value"]=="0x4000004000010000" and j["stride_byte_offset"]==64 and j["leading_byte_offset"]==1 and j["layout_type_name"]=="B128" and j["block_offsets"]==[0,2,4,6]' \
  "$tvlab" desc "$k_sw128" --type half_t --major K --json
check_py element-form-same 'j["value"]=="0x4000004000010000"' \
  "$tvlab" desc 'Sw<3,3,3> o ((8,8),64):((64,512),1)' --type f16 --major K --json
check_py sm100 'j["value"]=="0x4000404000010000" and j["version"]==1 and j["layout_type_name"]=="SWIZZLE_128B"' \
  "$tvlab" desc "$k_sw128" --type half_t --major K --arch sm100 --json
check_py mn-tiled 'j["layout_type_name"]=="B128" and j["leading_byte_offset"]==0 and j["stride_byte_offset"]==128 and j["blocks"]==[2,2] and j["block_offsets"]==[0,256,64,320]' \
  "$tvlab" desc 'tile_to_shape(Sw<3,3,3> o (64,8):(1,64), (128,32))' --type half_t --major MN --mn 64 --json
check_py interleave-tf32 'j["layout_type_name"]=="INTERLEAVE" and j["stride_byte_offset"]==8 and j["leading_byte_offset"]==64' \
  "$tvlab" desc '((8,8),(4,2)):((4,32),(1,256))' --type tfloat32_t --major K --json

check_err not-canonical-stride 'GMMA_K.stride_00' "$tvlab" desc 'Sw<3,3,3> o (64,16):(32,1)' --type half_t --major K
check_err not-canonical-words 'stride<0,0> must be W = 8' "$tvlab" desc 'Sw<3,3,3> o (64,16):(32,1)' --type half_t --major K
check_err k-size 'GMMA_MN.K-block' "$tvlab" desc '(64,24):(1,64)' --type half_t --major MN --mn 64
check_err swizzle 'GMMA_K.swizzle' "$tvlab" desc 'Sw<2,5,2> o smem_ptr[16b](unset) o (64,16):(16,1)' --type half_t --major K
check_err base32b-k 'invalid for Major-K' "$tvlab" desc 'Sw<2,5,2> o smem_ptr[16b](unset) o (64,16):(16,1)' --type half_t --major K --arch sm100
check_err bad-type 'not a value type' "$tvlab" desc '(64,16):(16,1)' --type halfish --major K
check_err bad-layout 'LAYOUT column' "$tvlab" desc '(64,16):(16,' --type half_t --major K
check_err ptr-width 'smem_ptr width' "$tvlab" desc 'Sw<3,4,3> o smem_ptr[32b](unset) o (64,16):(16,1)' --type half_t --major K
check_err huge 'GMMA_K.blocks' "$tvlab" desc '(1073741824,16):(16,1)' --type half_t --major K --mn 8
check_err mn-block 'GMMA_K.MN-block' "$tvlab" desc '(64,16):(16,1)' --type half_t --major K --mn 48

# -o draws the tile with the fields annotated (text backend: exact first lines).
if "$tvlab" desc "$k_sw128" --type half_t --major K -o "$tmp/d.txt" >/dev/null 2>"$tmp/err" &&
   sed -n 2,3p "$tmp/d.txt" | grep -q 'GmmaDescriptor 0x4000004000010000' && grep -q 'SBO 64 (1024 B)' "$tmp/d.txt"; then
  passes=$((passes+1))
else fail "desc -o: picture missing or wrong"; head -5 "$tmp/d.txt" 2>/dev/null; cat "$tmp/err"; fi
echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
