#!/usr/bin/env bash
# CuTe's printed results for tvlab eval expressions (eval_cases.cpp: nested composed layouts and CuTe's functions on
# them) as a live oracle: the program compiled on the host against CUTLASS's headers prints `expression<TAB>result`
# lines; tvlab eval must print the same results, and CuTe's output must equal the recording
# tests/data/cute/eval_cases.tsv, which core's CuteVectors test compares with tvlab on every run.
#   eval_cases.sh live   TVLAB OUTDIR [--cutlass=DIR]   ctest cute.oracle.eval; exit 77 (skipped) without CUDA
#                                                       headers or CUTLASS, or without TVLAB_ORACLE_EVAL=1
#   eval_cases.sh record TVLAB OUTDIR [--cutlass=DIR]   as live, then rewrites the recording
# CUTLASS and CUDA: as tmem.sh. TVLAB_CUTE_ORACLE_REQUIRED=1 turns a skip into a failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; tvlab="$2"; out="$3"; shift 3
name=cute.oracle.eval
fallback="tvlab is still compared against the recorded CuTe output (ctest core.CuteVectors.*)"
# shellcheck source=oracle_common.sh
source "$here/oracle_common.sh"
case "$mode" in live|record) ;; *) echo "cute.oracle.eval: unknown mode $mode (live, record)" >&2; exit 2 ;; esac
recording="$here/../data/cute/eval_cases.tsv"
# The compile costs ~7 s of CPU, which CI's 20 minutes on 2 cores do not have: live runs with TVLAB_ORACLE_EVAL=1.
if [ "$mode" = live ] && [ "${TVLAB_ORACLE_EVAL:-0}" != 1 ]; then
  skip "the live compile runs with TVLAB_ORACLE_EVAL=1 (about 7 s of CPU)"
fi
cute_includes
mkdir -p "$out"
g++ -std=c++17 -O0 -w -I"$cutlass_inc" "${cute_incs[@]}" "$here/eval_cases.cpp" -o "$out/eval_cases"
"$out/eval_cases" >"$out/eval_cases.tsv"
version="$(awk '/define CUTLASS_(MAJOR|MINOR|PATCH)/ {printf "%s%s", sep, $3; sep="."}' "$cutlass_inc/cutlass/version.h")"
cases="$(grep -vc '^#' "$out/eval_cases.tsv")"
echo "cute.oracle.eval: CuTe (CUTLASS $version, $cutlass_inc) printed $cases results"
# tvlab on the same expressions.
grep -v '^#' "$out/eval_cases.tsv" | cut -f1 | "$tvlab" eval --batch - >"$out/tvlab.txt" 2>&1 || true
if ! diff <(grep -v '^#' "$out/eval_cases.tsv" | cut -f2) "$out/tvlab.txt" >"$out/tvlab.diff"; then
  echo "cute.oracle.eval: tvlab differs from CuTe (CuTe's lines <, tvlab's >):" >&2
  head -20 "$out/tvlab.diff" >&2
  exit 1
fi
echo "cute.oracle.eval: tvlab printed the same $cases results"
if [ "$mode" = record ]; then
  {
    grep '^#' "$out/eval_cases.tsv"
    echo "# CUTLASS $version, g++ $(g++ -dumpversion), $(date -u +%Y-%m-%d): bash tests/cute_oracle/eval_cases.sh record"
    grep -v '^#' "$out/eval_cases.tsv"
  } >"$out/recording.tsv"
  mv "$out/recording.tsv" "$recording"
  echo "cute.oracle.eval: rewrote $recording"
elif ! diff <(grep -v '^#' "$recording") <(grep -v '^#' "$out/eval_cases.tsv") >"$out/recording.diff"; then
  echo "cute.oracle.eval: CuTe's output differs from the recording $recording (re-record with eval_cases.sh record):" >&2
  head -20 "$out/recording.diff" >&2
  exit 1
fi
