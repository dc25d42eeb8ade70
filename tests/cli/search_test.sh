#!/usr/bin/env bash
# CLI tests for `tvlab search`: the table, --json, --space, --emit cpp|json read back by verify with the same
# figures, --with (where a configuration ranks), exit codes and bad requests.
set -u
tvlab="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
ok() { passes=$((passes+1)); }
bad() { echo "FAIL $1"; [ -f "$tmp/err" ] && sed 's/^/  /' "$tmp/err" | head -20; fails=$((fails+1)); }
# A small SM80 space (tf32 NT on a 64x64x32 tile, the MMA pinned) and the int8-B Xe one.
tf32=(sm80 --types tfloat32_t --layout NT --tile 64x64x32 --threads 128 --only 'mma.warps=(2,2,1):(2,1,1)' --only 'mma.tile=(32,32,8)')
xe=(xe --types bfloat16_t,int8_t --layout TT --tile 256x256x32 --threads 32)

# One configuration (every knob pinned): what the sanitizer build searches, its options and outputs.
one=(sm80 --types half_t --layout TN --tile 64x64x32 --threads 128 --only 'mma.warps=(2,2,1)' --only 'mma.tile=(32,32,16)')
for x in A B; do one+=(--only "$x.s2r=SM75_U32x4_LDSM_N" --only "$x.smem.atom=Sw<2,3,3> o (8,32):(32,1)" --only "$x.g2s=16 B x (32,4):(4,1)"); done
"$tvlab" search "${one[@]}" --json >"$tmp/one.json" 2>"$tmp/err" &&
  "$tvlab" search "${one[@]}" --emit cpp --row 1 -o "$tmp/one.hpp" 2>"$tmp/err" && "$tvlab" verify "$tmp/one.hpp" >"$tmp/one.txt" 2>&1 &&
  python3 -c "import json; j=json.load(open('$tmp/one.json')); assert j['space']['candidates'] == 1 and len(j['rows']) == 1" &&
  grep -q 'banks.A.s2r .*: ideal' "$tmp/one.txt" && ok || bad "one configuration"

if [ "${TVLAB_SANITIZED:-0}" != 1 ]; then  # (seconds each under the sanitizers: the normal build runs them)
# The table: a header line with the space, the ranking and ranked rows.
"$tvlab" search "${tf32[@]}" --top 3 >"$tmp/out.txt" 2>"$tmp/err"; rc=$?
if [ $rc = 0 ] && grep -q '^space: ' "$tmp/out.txt" && grep -q '^#1 ' "$tmp/out.txt" && grep -q '^#3 ' "$tmp/out.txt" &&
  ! grep -q '^#4 ' "$tmp/out.txt" && grep -q 'A.smem Sw<' "$tmp/out.txt"; then ok; else bad "table (rc=$rc)"; cat "$tmp/out.txt"; fi

# --json: rows sorted by their figures, each with its spec; the best is conflict-free.
"$tvlab" search "${tf32[@]}" --top 4 --json >"$tmp/out.json" 2>"$tmp/err"; rc=$?
got="$(python3 - "$tmp/out.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
rows = j["rows"]
keys = [(r["figures"]["excess_wavefronts"], not r["figures"]["wavefronts_exact"], r["figures"]["smem_instructions"],
         r["figures"]["smem_bytes"], r["figures"]["registers"]) for r in rows]
print(len(rows), keys == sorted(keys), rows[0]["figures"]["excess_wavefronts"], "spec" in rows[0],
      j["space"]["candidates"] > 0, j["valid_combinations"] > 0)
PY
)"
[ $rc = 0 ] && [ "$got" = "4 True 0 True True True" ] && ok || bad "json: rc=$rc got '$got'"

# --emit json / cpp of row 1: verify reads both back, with the figures the row reports.
"$tvlab" search "${tf32[@]}" --emit json --row 1 -o "$tmp/row1.json" 2>"$tmp/err" && "$tvlab" verify "$tmp/row1.json" >"$tmp/v1.txt" 2>&1 &&
  "$tvlab" search "${tf32[@]}" --emit cpp --row 1 -o "$tmp/row1.hpp" 2>"$tmp/err" && "$tvlab" verify "$tmp/row1.hpp" >"$tmp/v2.txt" 2>&1 &&
  grep -q 'namespace tvlab_search_row1' "$tmp/row1.hpp" && grep -q 'CollectiveMma<' "$tmp/row1.hpp" &&
  diff <(grep -E '^  (ok|warn|FAIL|note|\?\?)' "$tmp/v1.txt") <(grep -E '^  (ok|warn|FAIL|note|\?\?)' "$tmp/v2.txt") >/dev/null &&
  grep -q 'banks.A.s2r .*: ideal' "$tmp/v1.txt" && ok || { bad "emit: row 1 as JSON and C++ verify alike"; cat "$tmp/v1.txt" "$tmp/v2.txt" | head -40; }

# --with: CUTLASS's tf32 NT default (2-way conflicts in A's and B's s2r) against the space; a C++ file too.
nt128=(sm80 --types tfloat32_t --layout NT --tile 128x128x32 --threads 128 --only 'mma.warps=(2,2,1):(2,1,1)'
  --only 'mma.tile=(32,32,8)' --only 'A.g2s=16 B x (16,8):(1,16)' --only 'B.g2s=16 B x (16,8):(1,16)')
"$tvlab" search "${nt128[@]}" --top 2 --with "$root/tests/data/specs/cutlass_sm80_tf32_nt_128x128x32.json" >"$tmp/with.txt" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -q '^yours (.*): 512 excess wavefronts (1280/768)' "$tmp/with.txt" && grep -q 'ranks #3 (after every row above)' "$tmp/with.txt" &&
  grep -qE '^#1 +0 ' "$tmp/with.txt" && ok || { bad "with (rc=$rc)"; cat "$tmp/with.txt"; }
# --explain: why each row ranks above the next, and why row 2 (the last row above it) beats the default, in figures.
"$tvlab" search "${nt128[@]}" --top 2 --explain --with "$root/tests/data/specs/cutlass_sm80_tf32_nt_128x128x32.json" >"$tmp/explain.txt" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -qF '  against #2: it ranks below on excess wavefronts: 512 against 128 (shared-memory wavefronts over the ideal per k-tile, banks.X.g2s + banks.X.s2r)' "$tmp/explain.txt" &&
  grep -qE '^  #1 vs #2: (ranks above on|has the same figures)' "$tmp/explain.txt" && ok || { bad "explain (rc=$rc)"; cat "$tmp/explain.txt"; }
"$tvlab" search "${nt128[@]}" --top 2 --json --with "$root/tests/data/cpp/cutlass_sm80_tf32.hpp" --config sm80_tf32_nt_128x128x32 >"$tmp/with2.json" 2>"$tmp/err"; rc=$?
got="$(python3 -c "import json; w=json.load(open('$tmp/with2.json'))['with']; print(w['figures']['excess_wavefronts'], w['passes_verify'], w['rank_among_rows'])")"
[ $rc = 0 ] && [ "$got" = "512 True 3" ] && ok || bad "with C++ (rc=$rc, got '$got')"

# Xe: int8 B for a bf16 DPAS: no reorder-free configuration; the rows rank the reorders' moves.
"$tvlab" search "${xe[@]}" --top 3 >"$tmp/xe.txt" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -q ', 0 of them reorder-free' "$tmp/xe.txt" && grep -q '^rank  reorder movs  2D loads' "$tmp/xe.txt" && ok ||
  { bad "xe (rc=$rc)"; cat "$tmp/xe.txt"; }
# The bf16 default (8x4 subgroups, the helper's copies) is row 1, and its C++ reads back.
"$tvlab" search xe --types bfloat16_t --layout TT --tile 256x256x32 --threads 32 --emit cpp --row 1 >"$tmp/xe1.hpp" 2>"$tmp/err" &&
  grep -q 'Layout<Shape<_8, _4, _1>, Stride<_4, _1, _0>>' "$tmp/xe1.hpp" && grep -q 'using GmemTiledCopyA = void;' "$tmp/xe1.hpp" &&
  "$tvlab" verify "$tmp/xe1.hpp" >/dev/null 2>&1 && ok || { bad "xe emit"; cat "$tmp/xe1.hpp"; }

fi

# --space: the knobs and the cost, nothing searched.
"$tvlab" search sm80 --types half_t --tile 128x128x32 --threads 128 --space >"$tmp/space.txt" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -q '^cost: [0-9]* partial specs to verify (bound 20000)' "$tmp/space.txt" && grep -q '  A.s2r ' "$tmp/space.txt" &&
  ! grep -q '^#1' "$tmp/space.txt" && ok || { bad "space (rc=$rc)"; cat "$tmp/space.txt"; }

# Bad requests: exit 2 naming what to change; nothing written.
expect2() {
  local name="$1" needle="$2"; shift 2
  "$tvlab" search "$@" -o "$tmp/never.txt" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ $rc = 2 ] && grep -qF -- "$needle" "$tmp/err" && [ ! -e "$tmp/never.txt" ]; then ok; else bad "$name: rc=$rc want 2 and '$needle'"; fi
}
expect2 bound "narrow" sm80 --types half_t --tile 128x128x32 --threads 128 --max-evaluations 100
expect2 arch "arch: expected sm80 or xe" sm90 --types half_t --tile 128x128x32 --threads 128
expect2 types "sm80 has no tensor-core MMA for A half_t, B float" sm80 --types half_t,float --tile 128x128x32 --threads 128
expect2 tile "--tile 128x128" sm80 --types half_t --tile 128x128 --threads 128
expect2 threads "a power-of-two number of warps" sm80 --types half_t --tile 128x128x32 --threads 100
expect2 layout "--layout" sm80 --types half_t --layout TX --tile 128x128x32 --threads 128
expect2 only-knob "no knob named 'A.nope'" sm80 --types half_t --tile 128x128x32 --threads 128 --only A.nope=1
expect2 only-value "A.s2r has no value 'SM75_U16x8_LDSM_T'" sm80 --types half_t --tile 128x128x32 --threads 128 --only A.s2r=SM75_U16x8_LDSM_T
expect2 emit-row "--emit needs --row" sm80 --types half_t --tile 128x128x32 --threads 128 --emit cpp
expect2 with-missing "unreadable spec at $tmp/nosuch.json" "${tf32[@]}" --with "$tmp/nosuch.json"

# The full SM80 tf32 NT 128x128x32 search (every knob free) finds a conflict-free configuration where
# CUTLASS's default has 512 excess wavefronts.
if [ "${TVLAB_SANITIZED:-0}" != 1 ]; then
  "$tvlab" search sm80 --types tfloat32_t --layout NT --tile 128x128x32 --threads 128 --top 1 --json >"$tmp/full.json" 2>"$tmp/err"; rc=$?
  got="$(python3 -c "import json; j=json.load(open('$tmp/full.json')); f=j['rows'][0]['figures']; print(f['excess_wavefronts'], f['wavefronts_exact'])")"
  [ $rc = 0 ] && [ "$got" = "0 True" ] && ok || bad "full tf32 NT search: rc=$rc got '$got'"
fi

echo "search CLI: $passes passed, $fails failed"
[ "$fails" = 0 ]
