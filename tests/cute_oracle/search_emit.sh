#!/usr/bin/env bash
# `tvlab search --emit cpp` against CUTLASS itself: the C++ of five searches' best rows (f16 TN, f16 NT, tf32 NT,
# int8 TN, a padded f16 atom) compiled with nvcc against CUTLASS's headers, instantiating each CollectiveMma (its
# static_asserts: atoms that divide the tile, the pipeline's stages) and printing its SmemLayoutA/B, which must
# equal tvlab's tile_to_shape of the same atoms.
#   search_emit.sh live     TVLAB OUTDIR [--cutlass=DIR]   ctest cute.oracle.search with TVLAB_ORACLE_SEARCH=1 (nvcc, ~30 s of CPU):
#                                           compile, compare with tvlab and with the recording; exit 77 (skipped)
#                                           without nvcc or CUTLASS (or without TVLAB_ORACLE_SEARCH=1)
#   search_emit.sh record   TVLAB OUTDIR   as live, then rewrites tests/data/cute/search_emit.txt
#   search_emit.sh recorded TVLAB OUTDIR   ctest cute.oracle.search.recorded: tvlab's emitted C++ must be the C++
#                                           recorded (compiled) and its layouts CuTe's recorded prints; no CUTLASS
#   search_emit.sh mutated  TVLAB OUTDIR   the recording with one stride changed: must report MISMATCH (exit 1)
# CUTLASS: as tmem.sh (cutlass_include.sh), the venv run.sh installs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="$1"; tvlab="$2"; out="$3"; shift 3
name=cute.oracle.search
fallback="the emitted C++ is still compared with the recording (cute.oracle.search.recorded)"
# shellcheck source=oracle_common.sh
source "$here/oracle_common.sh"
recording="$here/../data/cute/search_emit.txt"
mkdir -p "$out"
case "$mode" in live|record|recorded|mutated) ;; *) echo "cute.oracle.search: unknown mode $mode" >&2; exit 2 ;; esac
if [ "$mode" = live ] && [ "${TVLAB_ORACLE_SEARCH:-0}" != 1 ]; then
  skip "the live compile runs with TVLAB_ORACLE_SEARCH=1 (nvcc, about 30 s of CPU)"
fi

# The cases: a search each over the smem atoms (the MMA and the copies pinned: a second in all), its row 1.
k32="--only A.g2s=16_B_x_(32,4):(4,1) --only B.g2s=16_B_x_(32,4):(4,1) --only A.s2r=SM75_U32x4_LDSM_N --only B.s2r=SM75_U32x4_LDSM_N"
cases=(
  "sm80 --types half_t --layout TN --tile 128x128x32 --threads 128 --only mma.warps=(2,2,1) --only mma.tile=(32,32,16) $k32"
  "sm80 --types half_t --layout NT --tile 128x128x64 --threads 128 --only mma.warps=(2,2,1) --only mma.tile=(32,32,16) --only A.g2s=16_B_x_(16,8):(1,16) --only B.g2s=16_B_x_(16,8):(1,16) --only A.s2r=SM75_U16x8_LDSM_T --only B.s2r=SM75_U16x8_LDSM_T"
  "sm80 --types tfloat32_t --layout NT --tile 128x128x32 --threads 128 --only mma.warps=(2,2,1):(2,1,1) --only mma.tile=(32,32,8) --only A.g2s=16_B_x_(16,8):(1,16) --only B.g2s=16_B_x_(16,8):(1,16)"
  "sm80 --types int8_t --layout TN --tile 128x128x64 --threads 128 --only mma.warps=(2,2,1) --only mma.tile=(32,32,32) $k32"
  "sm80 --types half_t --layout TN --tile 128x128x32 --threads 128 --only mma.warps=(2,2,1) --only mma.tile=(32,32,16) --only A.smem.kind=padding --only B.smem.kind=padding $k32"
)
# tvlab's side: per case the C++ (namespace case_K), and the staged smem layouts tvlab reads from that C++
# (tvlab plan --json: tile_to_shape(atom, (MN, K, stages))). The control (mutated) needs neither.
: >"$out/tvlab.txt"
: >"$out/all.hpp"
if [ "$mode" = mutated ]; then  # tvlab's side: the recording itself, in tvlab's spelling (no underscores)
  grep -v '^#' "$recording" | sed '/^case|/s/_//g' >"$out/tvlab.txt"
else
  for k in "${!cases[@]}"; do
    read -r -a args <<<"${cases[$k]}"
    args=("${args[@]//_B_x_/ B x }")
    "$tvlab" search "${args[@]}" --emit cpp --row 1 --no-progress | sed "s/tvlab_search_row1/case_$k/" >"$out/case_$k.hpp"
    cat "$out/case_$k.hpp" >>"$out/all.hpp"
    echo "cpp|$k|$(sha256sum <"$out/case_$k.hpp" | cut -c1-16)" >>"$out/tvlab.txt"
    "$tvlab" plan "$out/case_$k.hpp" --json |
      python3 -c "import json, sys; j = json.load(sys.stdin); [print(f'case|$k|{x}|' + j['copies'][x]['smem']['staged']) for x in 'AB']" \
        >>"$out/tvlab.txt"
  done
fi

compare() {  # compare CUTLASS_TEXT: CuTe's prints (underscores dropped) against tvlab's layouts
  python3 - "$1" "$out/tvlab.txt" <<'PY'
import sys
cute = {}
for line in open(sys.argv[1]):
    if line.startswith("case|"):
        _, k, x, v = line.rstrip("\n").split("|", 3)
        cute[(k, x)] = v.replace("_", "")
bad = n = 0
for line in open(sys.argv[2]):
    if not line.startswith("case|"):
        continue
    _, k, x, v = line.rstrip("\n").split("|", 3)
    n += 1
    if cute.get((k, x)) != v:
        bad += 1
        print(f"cute.oracle.search: MISMATCH case {k} SmemLayout{x}: CuTe {cute.get((k, x))}, tvlab {v}")
print(f"cute.oracle.search: {n} layouts compared, {bad} mismatches")
sys.exit(1 if bad or n == 0 else 0)
PY
}

if [ "$mode" = recorded ] || [ "$mode" = mutated ]; then
  [ -f "$recording" ] || { echo "cute.oracle.search: no recording $recording" >&2; exit 1; }
  rec="$recording"
  if [ "$mode" = mutated ]; then
    sed '0,/^case|0|A|/{s/^\(case|0|A|.*(\)_1,/\1_2,/}' "$recording" >"$out/mutated.txt"
    rec="$out/mutated.txt"
  fi
  # The C++ must be what was compiled: its hash as recorded.
  if ! diff <(grep '^cpp|' "$rec") <(grep '^cpp|' "$out/tvlab.txt") >"$out/cpp.diff"; then
    echo "cute.oracle.search: the emitted C++ changed since it was compiled against CUTLASS (re-record with" \
      "search_emit.sh record):"; cat "$out/cpp.diff"; exit 1
  fi
  compare "$rec"
  exit $?
fi

# live / record: compile the five collectives with nvcc against CUTLASS.
command -v nvcc >/dev/null || skip "no nvcc"
# shellcheck source=cutlass_include.sh
source "$here/cutlass_include.sh"
inc="$cutlass_inc"
{
  echo '#include <cstdio>'
  echo '#include <cute/tensor.hpp>'
  echo '#include <cutlass/gemm/dispatch_policy.hpp>'
  echo '#include <cutlass/gemm/collective/collective_mma.hpp>'
  cat "$out/all.hpp"
  echo 'template <class M> void show(int k) {'
  echo '  static_assert(sizeof(typename M::SharedStorage) > 0);'
  echo '  std::printf("case|%d|A|", k); cute::print(typename M::SmemLayoutA{}); std::printf("\n");'
  echo '  std::printf("case|%d|B|", k); cute::print(typename M::SmemLayoutB{}); std::printf("\n");'
  echo '}'
  echo 'int main() {'
  for k in "${!cases[@]}"; do echo "  show<case_$k::CollectiveMainloop>($k);"; done
  echo '  return 0;'
  echo '}'
} >"$out/emit.cu"
nvcc -std=c++17 -arch=sm_80 -w -I"$inc" "$out/emit.cu" -o "$out/emit"
"$out/emit" >"$out/cute.txt"
{ grep '^cpp|' "$out/tvlab.txt"; cat "$out/cute.txt"; } >"$out/recording.txt"
compare "$out/recording.txt"
if [ "$mode" = record ]; then
  { echo "# tests/cute_oracle/search_emit.sh record: $(cat "${cutlass_venv:-}/.tvlab-pin" 2>/dev/null || echo "$inc"), $(nvcc --version | tail -1), $(date -u +%Y-%m-%d)"
    cat "$out/recording.txt"; } >"$recording"
  echo "cute.oracle.search: rewrote $recording"
elif [ -f "$recording" ] && ! diff <(grep -v '^#' "$recording") "$out/recording.txt" >/dev/null; then
  echo "cute.oracle.search: CuTe's output or the C++ differs from $recording (re-record)"; exit 1
fi
