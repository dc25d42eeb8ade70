#!/usr/bin/env bash
# The global-memory sector measurement: patterns.py's patterns (seeded), gmem_probe.cu under Nsight Compute,
# one launch a pattern; writes OUT/gmem_patterns.tsv, OUT/gmem_ncu.csv (raw page), OUT/gmem_sass.txt and
# OUT/gmem_meta.json. merge.py joins them into tests/data/hw/gmem_ldst_h200.json.
#   hw/gmem/run.sh OUT [SEED]
# Needs nvcc, ncu, python3, nvidia-smi.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:?usage: run.sh OUT [SEED]}"
seed="${2:-5}"
mkdir -p "$out"
build="$(mktemp -d)"
arch="${TVLAB_HW_ARCH:--gencode=arch=compute_90a,code=sm_90a}"
gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
driver="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
cuda="$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*' | head -1) (nvcc); Nsight Compute $(ncu --version 2>/dev/null | tail -1 | sed "s/^Version //")"
date="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "gpu=$gpu driver=$driver cuda=$cuda date=$date"
nvcc -std=c++17 -O2 $arch -o "$build/gmem_probe" "$here/gmem_probe.cu" || exit 3
cuobjdump -sass "$build/gmem_probe" | grep -E 'Function|LDG|STG|LDL|STL|ATOM|RED' >"$out/gmem_sass.txt" 2>&1
python3 "$here/patterns.py" "$seed" >"$out/gmem_patterns.tsv" || exit 3
ncu --query-metrics >"$build/q.txt" 2>&1
metrics="$(grep -oE '^(l1tex__t_(requests|sectors)_pipe_lsu_mem_global_op_(ld|st)|smsp__inst_executed_op_global_(ld|st)|l1tex__t_(requests|sectors)_pipe_lsu_mem_local_op_(ld|st))[a-z_]*' \
  "$build/q.txt" | grep -vE '_(lookup|hit|miss)' | sort -u | sed 's/$/.sum/' | paste -sd, -)"
echo "metrics: $metrics"
t0=$(date +%s)
(cd "$build" && ncu --clock-control none --csv --page raw --log-file "$out/gmem_ncu.csv" --metrics "$metrics" \
  ./gmem_probe "$out/gmem_patterns.tsv" >"$out/gmem_probe.log" 2>&1) || { tail -5 "$out/gmem_probe.log"; exit 3; }
echo "$(tail -1 "$out/gmem_probe.log") in $(($(date +%s) - t0)) s"
python3 - "$gpu" "$driver" "$cuda" "$date" "$seed" "$metrics" >"$out/gmem_meta.json" <<'PY'
import json, sys
g, d, c, t, s, m = sys.argv[1:7]
print(json.dumps({"gpu": g, "driver": d, "cuda": c, "date": t, "seed": int(s),
                  "command": "hw/gmem/run.sh OUT " + s + ": patterns.py " + s +
                  ", then ncu --clock-control none --csv --page raw --metrics " + m + " ./gmem_probe PATTERNS"}))
PY
