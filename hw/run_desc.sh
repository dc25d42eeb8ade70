#!/usr/bin/env bash
# The wgmma and TMA probes (hw/run.sh OUT desc calls this). Builds both probes on the GPU machine (nvcc there, else prebuilt binaries beside the sources) and runs them
# on the cases in this folder (copies of tests/data/hw/*_cases.txt); results under $OUT. See hw/README.md.
cd "$(dirname "$0")"
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; command -v nvcc && nvcc --version | tail -1; } > "$OUT/env.txt" 2>&1
for p in wgmma tma; do
  if command -v nvcc >/dev/null && nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a $p/probe.cu -o $p/probe 2>"$OUT/${p}_build.txt"; then echo built >> "$OUT/${p}_build.txt"; else cp $p/probe_prebuilt $p/probe; echo prebuilt >> "$OUT/${p}_build.txt"; fi
done
timeout 200 ./wgmma/probe wgmma_cases.txt > "$OUT/wgmma_result.txt" 2>&1; echo "rc=$?" >> "$OUT/wgmma_result.txt"
timeout 100 ./tma/probe tma_cases.txt > "$OUT/tma_result.txt" 2>&1; echo "rc=$?" >> "$OUT/tma_result.txt"
cat "$OUT/env.txt" "$OUT/wgmma_result.txt" "$OUT/tma_result.txt"
