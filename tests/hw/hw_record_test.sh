#!/usr/bin/env bash
# Hardware truth without a GPU: tvlab's current answers (descriptor fields, smem byte addresses, GMMA C / RS-A
# TV layouts, TMA box/strides/swizzle; written by hw/gen_cases) must equal the cases validated on the GPU
# (tests/data/hw/*_cases.txt), and the recorded runs must show every case passing with failing controls.
set -u
gen="$1"; data="$2"
fails=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
for p in wgmma tma; do
  "$gen" "$p" > "$tmp/$p.txt" || { echo "FAIL gen_cases $p"; fails=$((fails+1)); continue; }
  if ! cmp -s "$tmp/$p.txt" "$data/${p}_cases.txt"; then
    echo "FAIL $p: tvlab's answers differ from the cases validated on hardware ($data/${p}_cases.txt):"
    diff "$tmp/$p.txt" "$data/${p}_cases.txt" | cut -c1-200 | head -10
    fails=$((fails+1))
  fi
  rec="$data/${p}_h100.txt"
  n=$(grep -c '^case ' "$data/${p}_cases.txt")
  passed=$(grep -c '^PASS ' "$rec")
  if [ "$passed" != "$n" ] || ! grep -q "^$n cases, 0 failed" "$rec" || grep -q 'DID NOT FAIL' "$rec"; then
    echo "FAIL $p: the recording $rec does not show all $n cases passing with failing controls"
    fails=$((fails+1))
  fi
done
echo "$fails failed"
[ "$fails" = 0 ]
