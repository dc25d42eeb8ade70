#!/usr/bin/env bash
# The GEMM timing harness (hw/gemm/README.md), on the GPU machine: builds every kernel translation unit that
# gen.py wrote beside this script (one CUTLASS GemmUniversal a .cu, all at once on the machine's cores), then
# runs each twice (a forward pass, then a reverse one) and writes:
#   OUT/gemm_results.tsv    pass, kernel, exact, mismatches, median_ms, tflops, min_ms, max_ms (driver.cuh)
#   OUT/gemm_resources.tsv  kernel, registers, spill stores, spill loads, stack bytes (ptxas --resource-usage)
#   OUT/gemm_meta.json      GPU, driver, CUDA, date, command
#   OUT/gemm_build.log      the compile errors, if any
#   DIR/run.sh OUT          (DIR: gen.py's output with this script, driver.cuh, default_gemm_configuration.hpp
#                           and CUTLASS's include/ folder, or include/ as cutlass_include.tar.xz, copied beside them)
# Needs nvcc, python3, nvidia-smi. CUTLASS: $TVLAB_CUTLASS_INCLUDE, else DIR/include.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:?usage: run.sh OUT}"
mkdir -p "$out"
inc="${TVLAB_CUTLASS_INCLUDE:-$here/include}"
# a machine that takes few files: CUTLASS's include/ as DIR/cutlass_include.tar.xz (27 MB of headers, 1 MB packed)
[ -f "$inc/cute/tensor.hpp" ] || [ ! -f "$here/cutlass_include.tar.xz" ] || tar -xJf "$here/cutlass_include.tar.xz" -C "$here"
[ -f "$inc/cute/tensor.hpp" ] || { echo "run.sh: no CUTLASS headers in $inc" >&2; exit 2; }
arch="${TVLAB_HW_ARCH:--gencode=arch=compute_90,code=sm_90}"
jobs="${TVLAB_JOBS:-$(nproc)}"
bin="$here/bin"
mkdir -p "$bin"
gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
driver="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
cuda="$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*' | head -1) (nvcc)"
date="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
flags="-std=c++17 -O3 --expt-relaxed-constexpr $arch --resource-usage"
echo "gpu=$gpu driver=$driver cuda=$cuda date=$date jobs=$jobs"
t0=$(date +%s)
export inc flags bin here
ls "$here"/*.cu | xargs -P "$jobs" -I{} bash -c \
  'k=$(basename {} .cu); nvcc $flags -I"$here" -I"$inc" -o "$bin/$k" {} >"$bin/$k.log" 2>&1 || echo "$k: build failed"' \
  | tee "$out/gemm_build.log"
echo "built in $(($(date +%s) - t0)) s"
for f in "$here"/*.cu; do
  k=$(basename "$f" .cu)
  [ -x "$bin/$k" ] || { sed -n '1,40p' "$bin/$k.log" >>"$out/gemm_build.log"; continue; }
done
python3 - "$bin" "$here" >"$out/gemm_resources.tsv" <<'PY'
import glob, os, re, sys
bin_dir, here = sys.argv[1], sys.argv[2]
print("kernel\tregisters\tspill_stores\tspill_loads\tstack_bytes")
for cu in sorted(glob.glob(os.path.join(here, "*.cu"))):
    k = os.path.basename(cu)[:-3]
    try:
        text = open(os.path.join(bin_dir, k + ".log")).read()
    except OSError:
        continue
    # the GEMM kernel is cutlass::device_kernel<...> (_ZN7cutlass13device_kernel...)
    m = re.search(r"Function properties for _ZN7cutlass13device_kernel\S*\s*\n\s*(\d+) bytes stack frame, (\d+) bytes "
                  r"spill stores, (\d+) bytes spill loads\s*\n[^\n]*Used (\d+) registers", text)
    if m:
        print("\t".join([k, m.group(4), m.group(2), m.group(3), m.group(1)]))
    else:
        print("\t".join([k, "-", "-", "-", "-"]))
PY
kernels=$(ls "$here"/*.cu | xargs -n1 basename | sed 's/\.cu$//')
echo -e "pass\tkernel\texact\tmismatches\tmedian_ms\ttflops\tmin_ms\tmax_ms" >"$out/gemm_results.tsv"
t1=$(date +%s)
for pass in 1 2; do
  order="$kernels"
  [ $pass = 2 ] && order="$(echo "$kernels" | tac)"
  for k in $order; do
    if [ ! -x "$bin/$k" ]; then echo -e "$pass\t$k\tbuild-failed\t-\t-\t-\t-\t-" >>"$out/gemm_results.tsv"; continue; fi
    line="$(timeout 60 "$bin/$k" 2>>"$out/gemm_build.log")"
    rc=$?
    if [ -n "$line" ]; then echo -e "$pass\t$line" >>"$out/gemm_results.tsv"
    else echo -e "$pass\t$k\terror-rc$rc\t-\t-\t-\t-\t-" >>"$out/gemm_results.tsv"; fi
  done
done
echo "ran in $(($(date +%s) - t1)) s"
python3 - "$gpu" "$driver" "$cuda" "$date" "$flags" >"$out/gemm_meta.json" <<'PY'
import json, sys
g, d, c, t, f = sys.argv[1:6]
print(json.dumps({"gpu": g, "driver": d, "cuda": c, "date": t,
                  "command": "python3 hw/gemm/gen.py build/cli/tvlab DIR 4; hw/gemm/run.sh OUT (nvcc " + f +
                             "; each kernel run in a forward pass, then a reverse one)"}))
PY
cat "$out/gemm_results.tsv"
