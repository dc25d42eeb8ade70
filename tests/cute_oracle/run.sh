#!/usr/bin/env bash
# CuTe as a live oracle (issue 21): tests/data/cpp's CollectiveMma configurations compiled against real CuTe,
# whose printed layouts must equal what tvlab builds from the same files (oracle.py says what is compared).
#   run.sh live     TVLAB OUTDIR [--cutlass=DIR]   the ctest cute.oracle; exit 77 (skipped) when no CUDA include
#                                                  directory or no CUTLASS headers are found
#   run.sh record   TVLAB OUTDIR [--cutlass=DIR]   as live, then rewrites tests/data/cute/oracle_<file>.txt
#   run.sh recorded TVLAB OUTDIR                   tvlab against those recordings (cute.oracle.recorded; no CUTLASS)
#   run.sh mutated  TVLAB OUTDIR                   the recordings with two strides swapped: reports MISMATCH, exit 1
# CUTLASS: --cutlass=DIR (CMake's TVLAB_CUTLASS_DIR: a CUTLASS tree with include/cute, or that include directory),
# else nvidia-cutlass (pinned below; its wheel ships the headers as cutlass_library/source/include) installed from
# PyPI without its Python dependencies into $TVLAB_CUTLASS_VENV, else ${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/
# cutlass-venv, by scripts/python_venv.sh --no-deps (made once, remade when the pin changes or it is incomplete).
# CUDA: the include directory of $TVLAB_CUDA_INCLUDE, $CUDA_HOME, $CUDA_PATH, nvcc's toolkit, /usr/local/cuda*,
# or /usr/include (cuda_runtime_api.h), plus its cccl/ when present (CUDA 13 keeps libcu++ there).
# TVLAB_CUTE_ORACLE_REQUIRED=1 turns a skip into a failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; tvlab="$2"; out="$3"; shift 3
name=cute.oracle
fallback="tvlab is still compared against the recorded CuTe output (ctest cute.oracle.recorded)"
# shellcheck source=oracle_common.sh
source "$here/oracle_common.sh"
cutlass_pin="nvidia-cutlass==4.2.0.0"
mkdir -p "$out"

case "$mode" in
  recorded|mutated) exec python3 "$here/oracle.py" "$mode" --tvlab "$tvlab" --out "$out/$mode" ;;
  live|record) ;;
  *) echo "cute.oracle: unknown mode $mode (live, record, recorded, mutated)" >&2; exit 2 ;;
esac

# The CUDA include directory.
# shellcheck source=cuda_include.sh
source "$here/cuda_include.sh"
cuda_args=(--cuda-include "$cuda_inc")
[ -d "$cuda_inc/cccl/cuda/std" ] && cuda_args+=(--cuda-include "$cuda_inc/cccl")

# The CUTLASS headers.
if [ -n "$cutlass_dir" ]; then
  if [ -f "$cutlass_dir/include/cute/tensor.hpp" ]; then inc="$cutlass_dir/include"
  elif [ -f "$cutlass_dir/cute/tensor.hpp" ]; then inc="$cutlass_dir"
  else
    echo "cute.oracle: TVLAB_CUTLASS_DIR=$cutlass_dir holds neither include/cute/tensor.hpp nor cute/tensor.hpp" >&2
    exit 1
  fi
  origin="TVLAB_CUTLASS_DIR $cutlass_dir"
else
  python="$(bash "$here/../../scripts/python_venv.sh" --no-deps "${TVLAB_CUTLASS_VENV:-cutlass-venv}" "$cutlass_pin")" ||
    skip "could not install $cutlass_pin from PyPI (scripts/python_venv.sh)"
  venv="$(dirname "$(dirname "$python")")"
  found=("$venv"/lib/python3*/site-packages/cutlass_library/source/include/cute/tensor.hpp)
  if [ ${#found[@]} -eq 0 ]; then
    skip "$venv holds no cutlass_library/source/include/cute/tensor.hpp (the $cutlass_pin wheel's layout changed?)"
  fi
  inc="$(dirname "$(dirname "${found[0]}")")"
  origin="$cutlass_pin from PyPI"
fi
command -v g++ >/dev/null || skip "no g++ to compile CuTe's host code"
# TVLAB_ORACLE_PARTITIONS=1: live compiles the per-thread partitions too (record always does; they double the
# compile time, so the ctest compares tvlab with their recording instead).
part_args=()
[ "${TVLAB_ORACLE_PARTITIONS:-0}" = 1 ] && part_args=(--partitions)
# TVLAB_ORACLE_LIVE=changed (.ci/run): live compiles only the files whose recording is missing or stale, and one
# canary; the others are compared with their recording (same input, same CUTLASS). Default: every file.
[ "${TVLAB_ORACLE_LIVE:-all}" = changed ] && part_args+=(--live-files changed)
exec python3 "$here/oracle.py" "$mode" --tvlab "$tvlab" --out "$out/$mode" --cutlass-include "$inc" \
  "${cuda_args[@]}" --origin "$origin" --cxx g++ "${part_args[@]}"
