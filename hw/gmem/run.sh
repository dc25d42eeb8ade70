#!/usr/bin/env bash
# The global-memory sector measurement: patterns.py's patterns (seeded), gmem_probe.cu under Nsight Compute,
# one launch a pattern; writes OUT/gmem_patterns.tsv, OUT/gmem_ncu.csv (raw page), OUT/gmem_sass.txt and
# OUT/gmem_meta.json. merge.py joins them into tests/data/hw/gmem_ldst_h200.tsv.
#   hw/gmem/run.sh OUT [SEED]
# Needs nvcc, ncu, python3, nvidia-smi (hw/common/ncu_probe.sh).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/../common/ncu_probe.sh"
out="${1:?usage: run.sh OUT [SEED]}"
seed="${2:-5}"
mkdir -p "$out"
build="$(mktemp -d)"
probe_env
probe_build "$here/gmem_probe.cu" "$build/gmem_probe" 'Function|LDG|STG|LDL|STL|ATOM|RED' "$out/gmem_sass.txt" || exit 3
python3 "$here/patterns.py" "$seed" >"$out/gmem_patterns.tsv" || exit 3
metrics="$(probe_metrics 'l1tex__t_(requests|sectors)_pipe_lsu_mem_global_op_(ld|st)|smsp__inst_executed_op_global_(ld|st)|l1tex__t_(requests|sectors)_pipe_lsu_mem_local_op_(ld|st)' '_(lookup|hit|miss)')"
echo "metrics: $metrics"
t0=$(date +%s)
(cd "$build" && ncu --clock-control none --csv --page raw --log-file "$out/gmem_ncu.csv" --metrics "$metrics" \
  ./gmem_probe "$out/gmem_patterns.tsv" >"$out/gmem_probe.log" 2>&1) || { tail -5 "$out/gmem_probe.log"; exit 3; }
echo "$(tail -1 "$out/gmem_probe.log") in $(($(date +%s) - t0)) s"
probe_meta "seed=$seed" "command=hw/gmem/run.sh OUT $seed: patterns.py $seed, then ncu --clock-control none --csv --page raw --metrics $metrics ./gmem_probe PATTERNS" >"$out/gmem_meta.json"
