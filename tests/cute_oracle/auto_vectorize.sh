#!/usr/bin/env bash
# CuTe's access width for an auto-vectorizing s2r copy (copy(Copy_Atom<AutoVectorizingCopyWithAssumedAlignment<N>,
# float>, ...), cute/algorithm/copy.hpp) as a live oracle for verify's vector.X.s2r / banks.X.s2r:
# auto_vectorize.cpp compiled on the host against CUTLASS's headers prints max_common_vector, the alignment and
# the access width for 20 cases (the tutorial's gemm_nt, its TiledMMA permuted by (16,V):(V,1), N = 8..128); the
# test binary (tests/verify/checks/smem_checks_test.cpp, AutoVectorizeOracle.*) compares tvlab with that output.
#   auto_vectorize.sh live   TESTBIN OUTDIR [--cutlass=DIR]   ctest cute.oracle.auto_vectorize: CuTe's output must
#                                                             equal the recording and tvlab must follow CuTe's;
#                                                             exit 77 (skipped) without CUDA headers or CUTLASS
#   auto_vectorize.sh record TESTBIN OUTDIR [--cutlass=DIR]   as live, then rewrites tests/data/cute/auto_vectorize.txt
# CUTLASS and CUDA as tmem.sh. TVLAB_CUTE_ORACLE_REQUIRED=1 turns a skip into a failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; testbin="$2"; out="$3"; shift 3
name=cute.oracle.auto_vectorize
fallback="tvlab is still compared against the recorded CuTe output (ctest verify.AutoVectorizeOracle.*)"
# shellcheck source=oracle_common.sh
source "$here/oracle_common.sh"
case "$mode" in live|record) ;; *) echo "$name: unknown mode $mode (live, record)" >&2; exit 2 ;; esac
# The live compile costs ~15 s of CPU: the ctest runs it only with TVLAB_ORACLE_AUTOVEC=1 (record always does);
# verify.AutoVectorizeOracle.* compares tvlab with the recording on every run.
recording="$here/../data/cute/auto_vectorize.txt"
if [ "$mode" = live ] && [ "${TVLAB_ORACLE_AUTOVEC:-0}" != 1 ]; then
  skip "the live compile runs with TVLAB_ORACLE_AUTOVEC=1 (about 15 s of CPU)"
fi
cute_includes
mkdir -p "$out"
exe="$out/auto_vectorize"
g++ -std=c++17 -O0 -w -I"$cutlass_inc" "${cute_incs[@]}" "$here/auto_vectorize.cpp" -o "$exe"
"$exe" >"$out/auto_vectorize.txt"
echo "$name: CuTe ($cutlass_inc) printed $(grep -c '^case|' "$out/auto_vectorize.txt") lines"
if [ "$mode" = record ]; then
  { grep '^#' "$recording"; cat "$out/auto_vectorize.txt"; } >"$out/recording.txt"
  mv "$out/recording.txt" "$recording"
  echo "$name: rewrote $recording"
elif ! diff <(grep -v '^#' "$recording") "$out/auto_vectorize.txt" >"$out/recording.diff"; then
  echo "$name: CuTe's output differs from the recording $recording (re-record with auto_vectorize.sh record):" >&2
  head -20 "$out/recording.diff" >&2
  exit 1
fi
TVLAB_AUTO_VECTORIZE_ORACLE="$out/auto_vectorize.txt" "$testbin" --gtest_filter='AutoVectorizeOracle.*'
