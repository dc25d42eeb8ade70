#!/usr/bin/env bash
# Records what CuTe prints (issue 22): prints.cpp compiled against CUTLASS's headers (C++ CuTe) and prints_dsl.py
# run by CuTe DSL, each block split into tests/data/cute/prints/{cpp,dsl}/<name>.txt, exactly as printed.
#   record.sh [--check] [CUTLASS_INCLUDE [DSL_PYTHON]]
# --check prints and compares instead of writing: exit 1 when CuTe's output differs from the recording (pointer
# values aside). Not a ctest: the compile takes about a minute, which CI's budget does not have.
# Defaults: the headers of nvidia-cutlass==4.2.0.0 in ~/.cache/tvlab/cutlass-venv (tests/cute_oracle/run.sh installs
# it), the CUDA include directory /usr/local/cuda/include (and its cccl/), and the python of a venv holding
# nvidia-cutlass-dsl==4.2.0 (~/.cache/tvlab/cutlass-dsl-venv: python3 -m venv; pip install nvidia-cutlass-dsl==4.2.0).
# The DSL needs no GPU: it prints while tracing; its JIT's load of libcuda afterwards fails and is ignored.
# Tensor prints hold pointer values, which differ from run to run.
set -euo pipefail
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
inc="${1:-$(ls -d "$HOME"/.cache/tvlab/cutlass-venv/lib/python3*/site-packages/cutlass_library/source/include | head -1)}"
py="${2:-$HOME/.cache/tvlab/cutlass-dsl-venv/bin/python}"
cuda="${TVLAB_CUDA_INCLUDE:-/usr/local/cuda/include}"
out="$root/tests/data/cute/prints"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
g++ -std=c++17 -O0 -w -fpermissive -D__CUDACC_VER_MAJOR__=13 -D__CUDACC_VER_MINOR__=0 -I"$inc" -I"$cuda" \
  -I"$cuda/cccl" "$here/prints.cpp" -o "$tmp/prints"
"$tmp/prints" >"$tmp/cpp.out"
CUTE_DSL_ARCH=sm_90a "$py" "$here/prints_dsl.py" >"$tmp/dsl.out" 2>"$tmp/dsl.err" || true
grep -q '^=== end ===' "$tmp/dsl.out" || { cat "$tmp/dsl.err" >&2; exit 1; }
split() {  # split FILE DIR: one file per "=== name ===" block
  rm -rf "$2" && mkdir -p "$2"
  awk -v dir="$2" '/^=== .* ===$/ { f = dir "/" $2 ".txt"; next } /^# CUTLASS/ { next } f { print > f }' "$1"
}
if [ "$check" = 1 ]; then
  split "$tmp/cpp.out" "$tmp/check/cpp"
  split "$tmp/dsl.out" "$tmp/check/dsl"
  addr='s/(0x[0-9a-f]*)/(ADDR)/g'
  status=0
  for f in "$tmp"/check/*/*.txt; do
    rel="${f#"$tmp"/check/}"
    if ! diff <(sed -E "$addr" "$out/$rel") <(sed -E "$addr" "$f") >/dev/null; then
      echo "cute prints: $rel differs from the recording"; status=1
    fi
  done
  n_rec=$(ls "$out"/cpp/*.txt "$out"/dsl/*.txt | wc -l); n_now=$(ls "$tmp"/check/*/*.txt | wc -l)
  [ "$n_rec" = "$n_now" ] || { echo "cute prints: $n_now prints now, $n_rec recorded"; status=1; }
  echo "cute prints: $n_now prints compared with the recording"
  exit "$status"
fi
split "$tmp/cpp.out" "$out/cpp"
split "$tmp/dsl.out" "$out/dsl"
{
  echo "C++ CuTe: $(head -1 "$tmp/cpp.out" | sed 's/^# //') headers, $(g++ --version | head -1), tests/cute_print/prints.cpp"
  echo "CuTe DSL: nvidia-cutlass-dsl $("$py" -c 'import importlib.metadata as m; print(m.version("nvidia-cutlass-dsl"))'), tests/cute_print/prints_dsl.py"
  echo "recorded by: bash tests/cute_print/record.sh"
} >"$out/VERSION"
ls "$out/cpp" "$out/dsl" | wc -l
