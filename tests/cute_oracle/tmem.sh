#!/usr/bin/env bash
# CuTe's tensor-memory layouts (SM100 UMMA accumulators, make_tmem_copy) as a live oracle for tvlab's
# core/tiling/tmem: tmem_oracle.cpp compiled on the host against CUTLASS's headers prints them; the test
# binary (tests/core/tiling/tmem_test.cpp, TmemOracle.*) compares tvlab with that output.
#   tmem.sh live   TESTBIN OUTDIR [--cutlass=DIR]   ctest cute.oracle.tmem: CuTe's output must equal the recording
#                                                   and tvlab must equal CuTe's; exit 77 (skipped) without CUDA
#                                                   headers or CUTLASS
#   tmem.sh record TESTBIN OUTDIR [--cutlass=DIR]   as live, then rewrites tests/data/cute/sm100_tmem_copy.txt
# CUTLASS: --cutlass=DIR (a tree with include/cute, or that include directory), else the nvidia-cutlass venv
# run.sh installs (${TVLAB_CUTLASS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/cutlass-venv}; ctest runs
# cute.oracle first). CUDA: as run.sh. TVLAB_CUTE_ORACLE_REQUIRED=1 turns a skip into a failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; testbin="$2"; out="$3"; shift 3
name=cute.oracle.tmem
fallback="tvlab is still compared against the recorded CuTe output (ctest core.TmemOracle.*)"
# shellcheck source=oracle_common.sh
source "$here/oracle_common.sh"
case "$mode" in live|record) ;; *) echo "cute.oracle.tmem: unknown mode $mode (live, record)" >&2; exit 2 ;; esac
# The live compile costs ~45 s of CPU: the ctest runs it only with TVLAB_ORACLE_TMEM=1 (record always does);
# core.TmemOracle.* compares tvlab with the recording on every run.
recording="$here/../data/cute/sm100_tmem_copy.txt"
if [ "$mode" = live ] && [ "${TVLAB_ORACLE_TMEM:-0}" != 1 ]; then
  skip "the live compile runs with TVLAB_ORACLE_TMEM=1 (about 45 s of CPU)"
fi
cute_includes
mkdir -p "$out"
exe="$out/tmem_oracle"
g++ -std=c++17 -O0 -w -fpermissive -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=0 -I"$cutlass_inc" "${cute_incs[@]}" \
  "$here/tmem_oracle.cpp" -o "$exe"
"$exe" >"$out/sm100_tmem_copy.txt"
echo "cute.oracle.tmem: CuTe ($cutlass_inc) printed $(grep -c '^case|' "$out/sm100_tmem_copy.txt") cases"
if [ "$mode" = record ]; then
  { grep '^#' "$recording"; cat "$out/sm100_tmem_copy.txt"; } >"$out/recording.txt"
  mv "$out/recording.txt" "$recording"
  echo "cute.oracle.tmem: rewrote $recording"
elif ! diff <(grep -v '^#' "$recording") "$out/sm100_tmem_copy.txt" >"$out/recording.diff"; then
  echo "cute.oracle.tmem: CuTe's output differs from the recording $recording (re-record with tmem.sh record):" >&2
  head -20 "$out/recording.diff" >&2
  exit 1
fi
TVLAB_TMEM_ORACLE="$out/sm100_tmem_copy.txt" "$testbin" --gtest_filter='TmemOracle.*'
