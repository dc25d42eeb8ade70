#!/usr/bin/env bash
# CuTe as the oracle of `tvlab ... tiled_copy.cu --config main` (issue 34; tiled_copy_oracle.py says what is
# compared): the tutorial's own kernel and main compiled on the host against CUTLASS print what main passes to its
# copy_kernel_vectorized launch and every thread's partition, then run the kernel on the host.
#   tiled_copy.sh live     TVLAB OUTDIR [--cutlass=DIR]   ctest cute.oracle.tiled_copy: CuTe's prints must equal the
#                                                         recording and tvlab must equal CuTe's; exit 77 (skipped)
#                                                         without CUDA headers or CUTLASS
#   tiled_copy.sh record   TVLAB OUTDIR [--cutlass=DIR]   as live, then rewrites tests/data/cute/oracle_tiled_copy.txt
#   tiled_copy.sh recorded TVLAB OUTDIR                   tvlab against the recording (no CUTLASS; never skips)
#   tiled_copy.sh mutated  TVLAB OUTDIR                   the recording with two strides of part.33.S swapped: must
#                                                         be reported
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; tvlab="$2"; out="$3"; shift 3
name=cute.oracle.tiled_copy
fallback="tvlab is still compared against the recorded CuTe output (ctest cute.oracle.tiled_copy.recorded)"
# shellcheck source=oracle_common.sh
source "$here/oracle_common.sh"
mkdir -p "$out"
case "$mode" in
  recorded|mutated) exec python3 "$here/tiled_copy_oracle.py" "$mode" --tvlab "$tvlab" --out "$out/$mode" ;;
  live|record) ;;
  *) echo "$name: unknown mode $mode (live, record, recorded, mutated)" >&2; exit 2 ;;
esac
cute_includes
source_dir="$(dirname "$cutlass_inc")"
[ -f "$source_dir/examples/cute/tutorial/tiled_copy.cu" ] ||
  skip "no examples/cute/tutorial/tiled_copy.cu beside $cutlass_inc (the nvidia-cutlass package ships it)"
incs=(--include "$cutlass_inc")
for i in "${cute_incs[@]}"; do incs+=(--include "${i#-I}"); done
exec python3 "$here/tiled_copy_oracle.py" "$mode" --tvlab "$tvlab" --out "$out/$mode" --source "$source_dir" --cxx g++ \
  "${incs[@]}"
