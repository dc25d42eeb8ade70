#!/usr/bin/env bash
# CUTLASS's whole-kernel shared storage (GemmUniversal<...>::SharedStorageSize) as a live oracle for tvlab's
# smem.budget (verify/src/shared_storage.cpp): shared_storage_oracle.cu, compiled host-only with nvcc against
# CUTLASS's headers, prints "<case> <bytes>" for the specs tests/data/specs/shared_storage/<case>.json.
#   shared_storage.sh live   TVLAB OUTDIR [--cutlass=DIR]  ctest cute.oracle.shared_storage: CUTLASS's output
#                                                          must equal the recording and tvlab's smem.budget
#                                                          CUTLASS's; exit 77 (skipped) without nvcc or CUTLASS,
#                                                          or unless TVLAB_ORACLE_SHARED_STORAGE=1
#   shared_storage.sh record TVLAB OUTDIR [--cutlass=DIR]  as live, then rewrites tests/data/cute/shared_storage.txt
# The recording is compared with tvlab on every run without CUTLASS: ctest verify.SharedStorage.*.
# CUTLASS: as tmem.sh (--cutlass=DIR, else the nvidia-cutlass venv run.sh installs). TVLAB_CUTE_ORACLE_REQUIRED=1
# turns a skip into a failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; tvlab="$2"; out="$3"; shift 3
name=cute.oracle.shared_storage
fallback="tvlab is still compared against the recorded CUTLASS sizes (ctest verify.SharedStorage.*)"
# shellcheck source=oracle_common.sh
source "$here/oracle_common.sh"
case "$mode" in live|record) ;; *) echo "$name: unknown mode $mode (live, record)" >&2; exit 2 ;; esac
recording="$here/../data/cute/shared_storage.txt"
specs="$here/../data/specs/shared_storage"
# The compile costs ~5 s of CPU with nvcc: the ctest runs it only with TVLAB_ORACLE_SHARED_STORAGE=1.
if [ "$mode" = live ] && [ "${TVLAB_ORACLE_SHARED_STORAGE:-0}" != 1 ]; then
  skip "the live compile runs with TVLAB_ORACLE_SHARED_STORAGE=1"
fi
# shellcheck source=cutlass_include.sh
source "$here/cutlass_include.sh"
nvcc="$(command -v nvcc || true)"
[ -n "$nvcc" ] || skip "no nvcc: the SM80/SM90 kernels name CUDA built-ins (__syncthreads, threadIdx) g++ lacks"
mkdir -p "$out"
exe="$out/shared_storage_oracle"
cmd=(nvcc -std=c++17 --expt-relaxed-constexpr -arch=sm_90a -x cu -I"$cutlass_inc" "$here/shared_storage_oracle.cu" -o "$exe")
"${cmd[@]/#nvcc/$nvcc}"
"$exe" >"$out/shared_storage.txt"
echo "$name: CUTLASS ($cutlass_inc) gave $(grep -vc '^#' "$out/shared_storage.txt") kernels"
if [ "$mode" = record ]; then
  {
    echo "# sizeof(GemmUniversal<...>::SharedStorage) (SharedStorageSize) of the kernels of"
    echo "# tests/cute_oracle/shared_storage_oracle.cu, one per spec tests/data/specs/shared_storage/<case>.json (cpp_<ns>: the"
    echo "# namespace <ns> of tests/data/specs/shared_storage/cutlass_kernels.hpp, read by tvlab as C++)."
    echo "# Recorded $(date -u +%Y-%m-%d) with nvcc ($("$nvcc" --version | grep -o 'release [0-9.]*, V[0-9.]*')), CUTLASS's"
    echo "# headers from $([ -n "$cutlass_dir" ] && echo "$cutlass_dir" || echo "the nvidia-cutlass wheel (tests/cute_oracle/run.sh's pin)"):"
    echo "#   nvcc -std=c++17 --expt-relaxed-constexpr -arch=sm_90a -x cu -I<CUTLASS include> tests/cute_oracle/shared_storage_oracle.cu"
    cat "$out/shared_storage.txt"
  } >"$out/recording.txt"
  mv "$out/recording.txt" "$recording"
  echo "$name: rewrote $recording"
elif ! diff <(grep -v '^#' "$recording") <(grep -v '^#' "$out/shared_storage.txt") >"$out/recording.diff"; then
  echo "$name: CUTLASS's output differs from the recording $recording (re-record with shared_storage.sh record):" >&2
  head -20 "$out/recording.diff" >&2
  exit 1
fi
# tvlab's smem.budget against CUTLASS's live figures.
fail=0
while read -r case bytes; do
  case "$case" in '#'*|'') continue ;; esac
  # cpp_<namespace>: the C++ configuration of cutlass_kernels.hpp (its CollectiveEpilogue read by tvlab).
  if [ "${case#cpp_}" != "$case" ]; then args=(--config "${case#cpp_}" "$specs/cutlass_kernels.hpp"); else args=("$specs/$case.json"); fi
  got="$("$tvlab" verify --format json "${args[@]}" | python3 -c '
import json, sys
for c in json.load(sys.stdin)["specs"][0]["checks"]:
    if c["code"] == "smem.budget": print(c["data"].get("bytes"), c["data"].get("scope"))' || true)"
  if [ "$got" != "$bytes kernel" ]; then
    echo "$name: MISMATCH $case: CUTLASS $bytes B, tvlab '$got'" >&2
    fail=1
  fi
done <"$out/shared_storage.txt"
[ "$fail" = 0 ] && echo "$name: tvlab's smem.budget equals CUTLASS's SharedStorageSize for every kernel"
exit "$fail"
