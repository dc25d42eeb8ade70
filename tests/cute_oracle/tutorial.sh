#!/usr/bin/env bash
# CuTe as the oracle of `--config FUNCTION` on CuTe's tutorials (issue 34 item 2; tutorial_oracle.py says what is
# compared): each tutorial function's own text, cut before its launch set-up, compiled on the host against
# CUTLASS prints what it passes to its kernel launch; tvlab's plan of the same --config must equal it.
#   tutorial.sh live     TVLAB OUTDIR [--cutlass=DIR]   ctest cute.oracle.tutorial: CuTe's prints must equal the
#                                                       recording and tvlab must equal CuTe's; exit 77 (skipped)
#                                                       without CUDA headers or CUTLASS
#   tutorial.sh record   TVLAB OUTDIR [--cutlass=DIR]   as live, then rewrites tests/data/cute/oracle_tutorial.txt
#   tutorial.sh recorded TVLAB OUTDIR                   tvlab against the recording (no CUTLASS; never skips)
#   tutorial.sh mutated  TVLAB OUTDIR                   the recording with two strides of mma.a_tv swapped: must
#                                                       be reported
# CUTLASS and CUDA: as run.sh (the nvidia-cutlass venv run.sh installs; ctest runs cute.oracle first).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; tvlab="$2"; out="$3"; shift 3
name=cute.oracle.tutorial
fallback="tvlab is still compared against the recorded CuTe output (ctest cute.oracle.tutorial.recorded)"
# shellcheck source=oracle_common.sh
source "$here/oracle_common.sh"
mkdir -p "$out"
case "$mode" in
  recorded|mutated) exec python3 "$here/tutorial_oracle.py" "$mode" --tvlab "$tvlab" --out "$out/$mode" ;;
  live|record) ;;
  *) echo "$name: unknown mode $mode (live, record, recorded, mutated)" >&2; exit 2 ;;
esac
cute_includes
incs=(--include "$cutlass_inc")
for i in "${cute_incs[@]}"; do incs+=(--include "${i#-I}"); done
exec python3 "$here/tutorial_oracle.py" "$mode" --tvlab "$tvlab" --out "$out/$mode" --cxx g++ "${incs[@]}"
