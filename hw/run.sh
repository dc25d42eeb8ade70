#!/usr/bin/env bash
# Builds tvlab's hardware probes and runs them on the local NVIDIA GPU (sm_90: H100/H200).
#   hw/run.sh OUTDIR [banks] [frag] [desc]      (default: all three)
# banks: the bank-conflict probe under Nsight Compute -> OUTDIR/banks_h100.json (+ raw CSV)
# frag:  the mma.sync / ldmatrix / stmatrix fragment probes over the tables in hw/tables/
#        (made by hw/gen_tables.sh from tvlab's JSON) -> OUTDIR/fragments_h100.json
# desc:  the wgmma and TMA probes (hw/run_desc.sh) over tests/data/hw/{wgmma,tma}_cases.txt
#        (written by hw_gen_cases from tvlab) -> OUTDIR/{wgmma,tma}_result.txt
# Needs nvcc, ncu (banks only), python3, nvidia-smi. No CUTLASS.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/common/ncu_probe.sh"
out="${1:?usage: hw/run.sh OUTDIR [banks] [frag] [desc]}"
shift
parts="${*:-banks frag desc}"
mkdir -p "$out"
build="$(mktemp -d)"
probe_env
status=0

if [[ " $parts " == *" banks "* ]]; then
  nvcc -std=c++17 -O2 $arch -o "$build/banks_probe" "$here/banks/banks_probe.cu" || exit 3
  python3 "$here/banks/patterns.py" >"$build/patterns.tsv" || exit 3
  # the SASS: each probe<OP> must hold exactly one shared-memory instruction
  cuobjdump -sass "$build/banks_probe" | grep -E 'Function|LDS|STS|LDSM|STSM|LDGSTS' >"$out/banks_sass.txt" 2>&1
  ncu --query-metrics >"$out/ncu_query_metrics.txt" 2>&1
  metrics="$(grep -oE '^(l1tex__data_pipe_lsu_wavefronts_mem_shared|l1tex__data_bank_conflicts_pipe_lsu_mem_shared)[a-z_]*' \
    "$out/ncu_query_metrics.txt" | sort -u | sed 's/$/.sum/' | paste -sd, -)"
  echo "metrics: $metrics"
  cmd="hw/run.sh OUT banks, which runs: ncu --csv --page raw --metrics $metrics ./banks_probe patterns.tsv"
  (cd "$build" && ncu --csv --page raw --log-file "$out/banks_ncu_raw.csv" --metrics "$metrics" \
    ./banks_probe patterns.tsv >"$build/probe.log" 2>&1) || { cat "$build/probe.log"; exit 3; }
  tail -1 "$build/probe.log"
  probe_meta "command=$cmd" >"$build/meta.json"
  python3 "$here/banks/merge.py" "$build/patterns.tsv" "$out/banks_ncu_raw.csv" "$build/meta.json" \
    "$out/banks_h100_counters.tsv" >"$out/banks_h100.json" || status=3
  echo "banks: $(grep -c '"name"' "$out/banks_h100.json") patterns -> $out/banks_h100.json"
fi

if [[ " $parts " == *" frag "* ]]; then
  bash "$here/frag/run_frag.sh" "$out" "$build" "$gpu" "$driver" "$cuda" "$date" || status=1
fi
if [[ " $parts " == *" desc "* ]]; then
  cp "$here/../tests/data/hw/wgmma_cases.txt" "$here/../tests/data/hw/tma_cases.txt" "$here/" 2>/dev/null
  OUT="$out" bash "$here/run_desc.sh" || status=1
fi
exit $status
