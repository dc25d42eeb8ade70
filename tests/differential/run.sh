#!/usr/bin/env bash
# The randomized differential test and the compiled-mutation suite (issue 33 item 6; differential.py says what
# is compared): tvlab's verdict and thread views against CuTe's on random SM80/SM90 mainloops (valid and with one
# drawn defect) and on one-change mutations of tests/data/cpp's configurations.
#   run.sh recorded TVLAB OUTDIR   tvlab against tests/data/differential/cute_verdicts.txt (ctest differential.recorded;
#                                  no CUTLASS, never skips)
#   run.sh mutated  TVLAB OUTDIR   the mutation control: flipped recorded verdicts must be reported
#                                  (ctest differential.mutated)
#   run.sh live     TVLAB OUTDIR [--cutlass=DIR]   compile every case against CuTe now (one translation unit a case,
#                                  tens of minutes on 2 cores) and compare: only with TVLAB_DIFFERENTIAL_LIVE=1, else
#                                  exit 77 (skipped); 77 too without CUDA headers or CUTLASS
#   run.sh record   TVLAB OUTDIR [--cutlass=DIR]   as live, then rewrites the recording
# CUTLASS and CUDA are found as tests/cute_oracle/run.sh finds them (the same pinned nvidia-cutlass venv).
# TVLAB_DIFFERENTIAL_JOBS: parallel compiles (default: the cores); TVLAB_DIFFERENTIAL_ONLY: a regular expression
# of the case names to run.
# shellcheck source-path=SCRIPTDIR
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; tvlab="$2"; out="$3"; shift 3
export name=differential
export fallback="tvlab is still compared against CuTe's recorded verdicts (ctest differential.recorded)"
oracle_dir="$here/../cute_oracle"
# shellcheck source=../cute_oracle/oracle_common.sh
source "$oracle_dir/oracle_common.sh"
cutlass_pin="nvidia-cutlass==4.2.0.0"
mkdir -p "$out"
only=()
[ -n "${TVLAB_DIFFERENTIAL_ONLY:-}" ] && only=(--only "$TVLAB_DIFFERENTIAL_ONLY")

case "$mode" in
  recorded|mutated) exec python3 "$here/differential.py" "$mode" --tvlab "$tvlab" --out "$out/$mode" "${only[@]}" ;;
  live|record) ;;
  *) echo "differential: unknown mode $mode (live, record, recorded, mutated)" >&2; exit 2 ;;
esac
[ "$mode" = record ] || [ "${TVLAB_DIFFERENTIAL_LIVE:-0}" = 1 ] ||
  skip "the live compile (one translation unit per case, tens of minutes) runs only with TVLAB_DIFFERENTIAL_LIVE=1"

# shellcheck source=../cute_oracle/cuda_include.sh
source "$oracle_dir/cuda_include.sh"
cuda_args=(--cuda-include "$cuda_inc")
[ -d "$cuda_inc/cccl/cuda/std" ] && cuda_args+=(--cuda-include "$cuda_inc/cccl")
if [ -z "$cutlass_dir" ]; then
  bash "$here/../../scripts/python_venv.sh" --no-deps "${TVLAB_CUTLASS_VENV:-cutlass-venv}" "$cutlass_pin" >/dev/null ||
    skip "could not install $cutlass_pin from PyPI (scripts/python_venv.sh)"
  origin="$cutlass_pin from PyPI"
else
  origin="TVLAB_CUTLASS_DIR $cutlass_dir"
fi
# shellcheck source=../cute_oracle/cutlass_include.sh
source "$oracle_dir/cutlass_include.sh"
command -v g++ >/dev/null || skip "no g++ to compile CuTe's host code"
exec python3 "$here/differential.py" "$mode" --tvlab "$tvlab" --out "$out/$mode" --cutlass-include "$cutlass_inc" \
  "${cuda_args[@]}" --origin "$origin" --cxx g++ --jobs "${TVLAB_DIFFERENTIAL_JOBS:-$(nproc)}" "${only[@]}"
