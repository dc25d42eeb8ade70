#!/usr/bin/env bash
# The narrow cp.async measurement (hw/README.md): patterns_cpasync.py's patterns (seeded), then the first
# recording's patterns again (patterns.py, the same card as a control), each chunk under its own ncu
# process, joined by merge.py into OUT/banks_cpasync.json (+ OUT/banks_cpasync_counters.tsv).
#   hw/banks/run_cpasync.sh OUT [SEED] [CHUNK_LINES]
# Needs nvcc, ncu, python3, nvidia-smi (hw/common/ncu_probe.sh); no tvlab (the patterns are plain Python).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/../common/ncu_probe.sh"
out="${1:?usage: run_cpasync.sh OUT [SEED] [CHUNK_LINES]}"
seed="${2:-22}"
chunk="${3:-400}"
mkdir -p "$out"
build="$(mktemp -d)"
probe_env
probe_build "$here/banks_probe.cu" "$build/banks_probe" 'Function|LDS|STS|LDSM|STSM|LDGSTS|LDG' "$out/banks_cpasync_sass.txt" || exit 3
{ python3 "$here/patterns_cpasync.py" "$seed" && python3 "$here/patterns.py"; } >"$build/all.tsv" || exit 3
split -l "$chunk" -d -a 2 "$build/all.tsv" "$build/chunk"
metrics="$(probe_metrics 'l1tex__data_pipe_lsu_wavefronts_mem_shared|l1tex__data_bank_conflicts_pipe_lsu_mem_shared|l1tex__t_(requests|sectors)_pipe_lsu_mem_global_op_ldgsts')"
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
probe_meta "seed=$seed" "command=$cmd" >"$build/meta.json"
IFS=,
python3 "$here/merge.py" "${tables[*]}" "${csvs[*]}" "$build/meta.json" "$out/banks_cpasync_counters.tsv" \
  >"$out/banks_cpasync.json" || exit 3
unset IFS
echo "cpasync: $(grep -c '"name"' "$out/banks_cpasync.json") patterns -> $out/banks_cpasync.json"
