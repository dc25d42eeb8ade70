#!/usr/bin/env bash
# CLI tests for `tvlab banks`: counts, exit codes, JSON keys, the suggestion fed back, and bad input.
set -u
tvlab="$1"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
ldsm='((8,4),8):((1,512),64)'  # ldmatrix.x4 over an 8x32 block: lane (r,m) -> row r, columns 8m..8m+7

# json NAME WANT-RC PY-EXPR WANT ARGS...: runs tvlab banks --json ARGS, checks the exit code and a value.
json() {
  local name="$1" want_rc="$2" expr="$3" want="$4" rc got
  shift 4
  "$tvlab" banks --json "$@" >"$tmp/out.json" 2>"$tmp/err"; rc=$?
  got="$(python3 -c "import json,sys; j=json.load(open('$tmp/out.json')); print($expr)" 2>&1)"
  if [ "$rc" != "$want_rc" ] || [ "$got" != "$want" ]; then
    echo "FAIL $name: rc=$rc (want $want_rc), got '$got' want '$want'"; sed 's/^/  /' "$tmp/err"; fails=$((fails+1))
  else passes=$((passes+1)); fi
}
# text NAME WANT-RC NEEDLE ARGS...: the text output holds NEEDLE.
text() {
  local name="$1" want_rc="$2" needle="$3" rc
  shift 3
  "$tvlab" banks "$@" >"$tmp/out.txt" 2>"$tmp/err"; rc=$?
  if [ "$rc" != "$want_rc" ] || ! grep -qF -- "$needle" "$tmp/out.txt" "$tmp/err"; then
    echo "FAIL $name: rc=$rc (want $want_rc), want '$needle' in:"; cat "$tmp/out.txt" "$tmp/err" | sed 's/^/  /'
    fails=$((fails+1))
  else passes=$((passes+1)); fi
}

K="j['wavefronts'], j['ideal_wavefronts'], j['bank_conflicts']"
# SM80 ldmatrix x4 over row-major half tiles with 64 and 32 elements a row, and their swizzled fixes.
json rm64 1 "$K" "32 4 28" --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
json rm64-sw 0 "$K" "4 4 0" --smem 'Sw<3,3,3> o (64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
json rm32 1 "$K" "16 4 12" --smem '(64,32):(32,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
json rm32-sw 0 "$K" "4 4 0" --smem 'Sw<2,3,3> o (64,32):(32,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
json rm64-trans 1 "$K" "32 4 28" --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4.trans
json rm64-st 1 "$K" "32 4 28" --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op stmatrix.x4
# A padded float tile: a column read is conflict-free with 33 floats a row, 32 ways without.
json pad 0 "$K" "1 1 0" --smem '(32,32):(33,1)' --tv '(32,1):(1,0)' --type float --op ld
json nopad 1 "$K" "32 1 31" --smem '(32,32):(32,1)' --tv '(32,1):(1,0)' --type float --op ld
# The JSON's phases: lanes, banks, ways, collisions.
json phases 1 "len(j['phases']), j['phases'][1]['lanes'], j['phases'][1]['ways'], j['phases'][1]['collisions'][0]['lanes']" \
  "4 [8, 9, 10, 11, 12, 13, 14, 15] 8 [8, 9, 10, 11, 12, 13, 14, 15]" --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
json phase-banks 0 "j['phases'][0]['banks'][:4], j['phases'][0]['addresses'][:2]" "[0, 4, 8, 12] [0, 16]" \
  --smem '(64,64):(64,1)' --tv '((8,4),8):((512,1),64)' --type half_t --op ld
json keys 1 "list(j.keys())" \
  "['op', 'type', 'smem', 'tv', 'model', 'wavefronts', 'ideal_wavefronts', 'bank_conflicts', 'bytes_per_lane', 'phases', 'suggest']" \
  --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
json no-suggest 0 "j['suggest']" "None" --smem 'Sw<3,3,3> o (64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4

# Every suggestion, fed back, is conflict-free and keeps the vector.
for args in "(64,64):(64,1)|$ldsm|half_t|ldmatrix.x4" "(64,32):(32,1)|$ldsm|half_t|ldmatrix.x4" \
            "(32,32):(32,1)|(32,1):(1,0)|float|ld" "(32,32):(32,1)|(32,4):(1,32)|float|st" \
            "(64,64):(64,1)|$ldsm|half_t|stmatrix.x4.trans"; do
  IFS='|' read -r smem tv type op <<<"$args"
  "$tvlab" banks --json --smem "$smem" --tv "$tv" --type "$type" --op "$op" >"$tmp/s.json" 2>/dev/null
  sug="$(python3 -c "import json; print(json.load(open('$tmp/s.json'))['suggest']['layout'])" 2>&1)"
  vec="$(python3 -c "import json; print(json.load(open('$tmp/s.json'))['suggest']['vector'])" 2>&1)"
  "$tvlab" banks --json --smem "$sug" --tv "$tv" --type "$type" --op "$op" >"$tmp/f.json" 2>"$tmp/err"; rc=$?
  got="$(python3 -c "import json; j=json.load(open('$tmp/f.json')); print(j['bank_conflicts'], j['bytes_per_lane'])" 2>&1)"
  bits=$([ "$type" = float ] && echo 32 || echo 16)
  want_bytes=$(( vec * bits / 8 ))
  if [ "$rc" != 0 ] || [ "$got" != "0 $want_bytes" ]; then
    echo "FAIL suggest-fed-back $smem $op: suggested '$sug', rc=$rc, got '$got' want '0 $want_bytes'"; cat "$tmp/err"; fails=$((fails+1))
  else passes=$((passes+1)); fi
done

# cp.async: its wavefronts depend on the global sources (tests/data/hw/banks_cpasync_h200.json).
text cp-contig 0 "wavefronts 1, ideal 1, bank conflicts 0" --smem '1024:1' --tv '(32,1):(1,0)' --type float \
  --op cp.async --gmem '1024:1'
text cp-ex1 1 "wavefronts 4, ideal 1, bank conflicts 3" --smem '(8,64):(64,1)' --tv '((4,8),1):((1,8),8)' \
  --type float --op cp.async --gmem '(8,64):(1,4)'
text cp-no-suggest 1 "suggest: not searched for cp.async" --smem '(8,64):(64,1)' --tv '((4,8),1):((1,8),8)' \
  --type float --op cp.async --gmem '(8,64):(1,4)'
json cp-8byte 0 "j['wavefronts'], j['ideal_wavefronts'], j['arrangement']" "2 2 runs" --smem '(512,1):(1,0)' \
  --tv '(32,2):(2,1)' --type float --op cp.async --gmem '512:1'
json cp-same-word 0 "j['wavefronts'], j['ideal_wavefronts'], j['arrangement']" "32 32 line" --smem '1024:1' \
  --tv '(32,1):(1,0)' --type float --op cp.async --gmem '1024:0'
# Two lines apart (lanes 0-15 on line 0, words 0-15; lanes 16-31 on words 16-31 of another line): exact within
# one 1 KiB block (line 7), a first-fit bound across one (line 8: the H200 measured such counts move with the
# absolute address, tests/data/hw/banks_cpasync_repeat*_h200.json).
json cp-two-lines-block 0 "j['wavefronts'], j['arrangement']" "1 lines" --smem '1024:1' --tv '(32,1):(1,0)' --type float \
  --op cp.async --gmem '(16,64):(1,240)'
text cp-two-lines-across 2 "read two 128-byte lines of global memory across a 1 KiB boundary" --smem '1024:1' \
  --tv '(32,1):(1,0)' --type float --op cp.async --gmem '(16,64):(1,272)'

# The global side of a cp.async with --gmem (gmem_sectors.hpp; H200-measured counters): 1 request, the
# distinct 32-byte sectors, the bytes used of them.
text cp-global 0 "global: 1 request, 4 sectors of 32 bytes, 128 of 128 bytes used (100%)" --smem '1024:1' \
  --tv '(32,1):(1,0)' --type float --op cp.async --gmem '1024:1'
text cp-global-same 0 "global: 1 request, 1 sector of 32 bytes, 4 of 32 bytes used (12%)" --smem '1024:1' \
  --tv '(32,1):(1,0)' --type float --op cp.async --gmem '1024:0'
json cp-global-json 0 "j['gmem_sectors']['requests'], j['gmem_sectors']['sectors'], j['gmem_sectors']['used_bytes'], j['gmem_sectors']['measured']" \
  "1 8 256 True" --smem '(512,1):(1,0)' --tv '(32,2):(2,1)' --type float --op cp.async --gmem '512:1'
text cp-global-unmodeled 2 "at least 4 wavefronts; global: 1 request, 16 sectors of 32 bytes, 128 bytes used" \
  --smem '1024:1' --tv '(32,1):(1,0)' --type float --op cp.async --gmem '1024:4'
# One line a lane, each at word 0: one wavefront a lane (the bound reaches the active lanes: exact).
text cp-global-serial 0 "wavefronts 32, ideal 32" --smem '1024:1' --tv '(32,1):(1,0)' --type float --op cp.async \
  --gmem '(32,32):(32,1)'
json no-gmem-no-global 0 "'gmem_sectors' in j" "False" --smem 'Sw<3,3,3> o (64,64):(64,1)' --tv "$ldsm" \
  --type half_t --op ldmatrix.x4

# Text a person reads at a glance.
text text-rm64 1 "wavefronts 32, ideal 4, bank conflicts 28" --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
text text-suggest 1 "suggest: Sw<3,3,3> o 0 o (64,64):(64,1): 4 wavefronts (ideal), vector 8" --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
text text-suggest-32 1 "suggest: Sw<2,3,3> o 0 o (64,32):(32,1): 4 wavefronts (ideal), vector 8" --smem '(64,32):(32,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
text text-collide 1 "bank 0 serves 8 words to lanes 0-7" --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
text text-free 0 "(conflict-free)" --smem 'Sw<3,3,3> o (64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
text xe-unvalidated 0 "model: unvalidated" --arch xe --smem '(16,16):(16,1)' --tv '(16,1):(16,0)' --type float --op ld
json xe-json 1 "j['model'], j['wavefronts']" "xe-slm (unvalidated) 16" --arch xe --smem '(16,16):(16,1)' --tv '(16,1):(1,0)' --type float --op ld
text help 0 "Examples:" --help
# Bad input: exit 2 with the option named.
text bad-smem 2 "error: banks at --smem" --smem '(4,' --tv "$ldsm" --type half_t --op ld
text bad-tv 2 "error: banks at --tv" --smem '(64,64):(64,1)' --tv 'x' --type half_t --op ld
text bad-type 2 "error: banks at --type" --smem '(64,64):(64,1)' --tv "$ldsm" --type halfish --op ld
text bad-op 2 "error: banks at --op" --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldsm
text lane-named 2 "lane 0: value 1 (tile index 64) sits at element offset 64, not 1" --smem '(64,64):(1,64)' --tv "$ldsm" --type half_t --op ldmatrix.x4
text cp-no-gmem 2 "error: banks at --op: cp.async: not modeled: the lanes' global source addresses are not known" \
  --smem '1024:1' --tv '(32,1):(1,0)' --type float --op cp.async
text cp-no-gmem-hint 2 "(give --gmem)" --smem '1024:1' --tv '(32,1):(1,0)' --type float --op cp.async
text cp-four-lines 2 "4 128-byte lines of global memory that share source word positions" --smem '1024:1' --tv '(32,1):(1,0)' --type float \
  --op cp.async --gmem '1024:4'
text cp-bound 2 "at least 4 wavefronts" --smem '1024:1' --tv '(32,1):(1,0)' --type float --op cp.async --gmem '1024:4'
text gmem-not-cp 2 "error: banks at --gmem: only cp.async reads global memory" --smem '1024:1' --tv '(32,1):(1,0)' \
  --type float --op ld --gmem '1024:1'
text gmem-split 2 "lane 0: value 1 is not contiguous in global memory" --smem '1024:1' --tv '(32,2):(2,1)' \
  --type float --op cp.async --gmem '(2,512):(512,1)'
text gmem-small 2 "outside the global layout's 16 elements" --smem '1024:1' --tv '(32,1):(1,0)' --type float \
  --op cp.async --gmem '16:1'
text gmem-bad 2 "error: banks at --gmem: column 4" --smem '1024:1' --tv '(32,1):(1,0)' --type float --op cp.async \
  --gmem '(4,'
text missing 2 "--op is required" --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t

echo "banks CLI: $passes passed, $fails failed"
[ "$fails" = 0 ]
