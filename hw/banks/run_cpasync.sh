#!/usr/bin/env bash
# The narrow cp.async measurement (hw/README.md): patterns_cpasync.py's patterns (seeded), then the first
# recording's patterns again (patterns.py, the same card as a control), each chunk under its own ncu
# process, joined by merge.py into OUT/banks_cpasync.json (+ OUT/banks_cpasync_counters.tsv).
#   hw/banks/run_cpasync.sh OUT [SEED] [CHUNK_LINES]
# Needs nvcc, ncu, python3, nvidia-smi; no tvlab (the patterns are plain Python).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:?usage: run_cpasync.sh OUT [SEED] [CHUNK_LINES]}"
seed="${2:-22}"
chunk="${3:-400}"
mkdir -p "$out"
build="$(mktemp -d)"
arch="${TVLAB_HW_ARCH:--gencode=arch=compute_90a,code=sm_90a}"
gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
driver="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
cuda="$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*' | head -1) (nvcc); Nsight Compute $(ncu --version 2>/dev/null | tail -1 | sed "s/^Version //")"
date="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "gpu=$gpu driver=$driver cuda=$cuda date=$date"
nvcc -std=c++17 -O2 $arch -o "$build/banks_probe" "$here/banks_probe.cu" || exit 3
cuobjdump -sass "$build/banks_probe" | grep -E 'Function|LDS|STS|LDSM|STSM|LDGSTS|LDG' >"$out/banks_cpasync_sass.txt" 2>&1
{ python3 "$here/patterns_cpasync.py" "$seed" && python3 "$here/patterns.py"; } >"$build/all.tsv" || exit 3
split -l "$chunk" -d -a 2 "$build/all.tsv" "$build/chunk"
ncu --query-metrics >"$build/q.txt" 2>&1
metrics="$(grep -oE '^(l1tex__data_pipe_lsu_wavefronts_mem_shared|l1tex__data_bank_conflicts_pipe_lsu_mem_shared|l1tex__t_(requests|sectors)_pipe_lsu_mem_global_op_ldgsts)[a-z_]*' \
  "$build/q.txt" | sort -u | sed 's/$/.sum/' | paste -sd, -)"
echo "metrics: $metrics"
tables=() csvs=()
start=$(date +%s)
for c in "$build"/chunk*; do
  n="$(basename "$c")"
  if (($(date +%s) - start > ${TVLAB_HW_BUDGET_S:-450})); then
    echo "$n: skipped (time budget)"
    continue
  fi
  t0=$(date +%s)
  (cd "$build" && ncu --csv --page raw --log-file "$out/${n}_ncu.csv" --metrics "$metrics" \
    ./banks_probe "$c" >"$out/${n}_probe.log" 2>&1) || { tail -3 "$out/${n}_probe.log"; continue; }
  echo "$n: $(tail -1 "$out/${n}_probe.log") in $(($(date +%s) - t0)) s"
  cp "$c" "$out/${n}.tsv"
  tables+=("$out/${n}.tsv")
  csvs+=("$out/${n}_ncu.csv")
done
cmd="hw/banks/run_cpasync.sh OUT $seed $chunk: patterns_cpasync.py $seed, then patterns.py, in chunks of $chunk lines, each: ncu --csv --page raw --metrics $metrics ./banks_probe CHUNK"
python3 - "$gpu" "$driver" "$cuda" "$date" "$cmd" "$seed" >"$build/meta.json" <<'PY'
import json, sys
d = dict(zip(["gpu", "driver", "cuda", "date", "command"], sys.argv[1:6]))
d["seed"] = int(sys.argv[6])
print(json.dumps(d))
PY
IFS=,
python3 "$here/merge.py" "${tables[*]}" "${csvs[*]}" "$build/meta.json" "$out/banks_cpasync_counters.tsv" \
  >"$out/banks_cpasync.json" || exit 3
unset IFS
echo "cpasync: $(grep -c '"name"' "$out/banks_cpasync.json") patterns -> $out/banks_cpasync.json"
