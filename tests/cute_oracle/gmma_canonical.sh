#!/usr/bin/env bash
# CuTe's verdict on the GMMA descriptors of the SM90 collective (gmma_canonical.cpp, one compile per case): whether
# thread_mma.make_fragment_A/B(partition_A/B(sX)) compiles, or the first static_assert of make_gmma_desc that fires.
#   gmma_canonical.sh live   OUTDIR [--cutlass=DIR]   CuTe's verdicts must equal tests/data/cute/gmma_canonical.txt;
#                                                     exit 77 (skipped) without CUDA headers or CUTLASS
#   gmma_canonical.sh record OUTDIR [--cutlass=DIR]   as live, then rewrites the recording
# tvlab's side (verifier_test's GmmaCanonical.*) reads the recording: tests/data/specs/gmma_canonical_<N>.json are
# the same cases. About 15 s of CPU a case: the ctest runs it only with TVLAB_ORACLE_GMMA=1 (record always does).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; out="$2"; shift 2
name=cute.oracle.gmma
fallback="verifier_test's GmmaCanonical.* still compares tvlab with the recording"
# shellcheck source=oracle_common.sh
source "$here/oracle_common.sh"
case "$mode" in live|record) ;; *) echo "$name: unknown mode $mode (live, record)" >&2; exit 2 ;; esac
if [ "$mode" = live ] && [ "${TVLAB_ORACLE_GMMA:-0}" != 1 ]; then
  skip "the live compile runs with TVLAB_ORACLE_GMMA=1 (about 90 s of CPU)"
fi
recording="$here/../data/cute/gmma_canonical.txt"
cute_includes
mkdir -p "$out"
result="$out/gmma_canonical.txt"
: >"$result"
for c in 1 2 3 4 5 6; do
  if g++ -std=c++17 -O0 -w -fpermissive -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=0 -DTVLAB_CASE="$c" \
      -I"$cutlass_inc" "${cute_incs[@]}" "$here/gmma_canonical.cpp" -o "$out/gmma_case$c" >"$out/gmma_case$c.log" 2>&1; then
    echo "case $c: compiles" >>"$result"
  else
    msg="$(grep -o 'static assertion failed: [^"]*' "$out/gmma_case$c.log" | head -1 || true)"
    echo "case $c: ${msg:-does not compile (no static_assert: see $out/gmma_case$c.log)}" >>"$result"
  fi
done
cat "$result"
if [ "$mode" = record ]; then
  { grep '^#' "$recording" 2>/dev/null || echo "# CuTe's verdicts on tests/cute_oracle/gmma_canonical.cpp (gmma_canonical.sh record; CUTLASS 4.2.0)"; cat "$result"; } >"$out/rec.txt"
  mv "$out/rec.txt" "$recording"
  echo "$name: rewrote $recording"
elif ! diff <(grep -v '^#' "$recording") "$result"; then
  echo "$name: CuTe's verdicts differ from the recording $recording" >&2
  exit 1
fi
