#!/usr/bin/env bash
# The cp.async determinism measurement (hw/README.md, docs/banks.md): patterns_cpasync_repeat.py's tables (the
# bounded and some exact patterns of the H200 recording, CUTLASS's SM80 g2s at several leading dimensions), each
# variant (repeat, moved sources, moved destinations, reversed launch order, L2 not flushed) under its own ncu
# process, in priority order within a time budget; joined by merge.py into OUT/banks_cpasync_repeat.json
# (+ OUT/banks_cpasync_repeat_counters.tsv, OUT/banks_cpasync_repeat_sass.txt).
#   hw/banks/run_cpasync_repeat.sh OUT [SEED] [RECORDING] [SET]   (SET: variants (default) or shifts, the
#   second run: patterns_cpasync_repeat.py)
# Needs nvcc, ncu, python3, nvidia-smi (hw/common/ncu_probe.sh); no tvlab.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$here/../common/ncu_probe.sh"
out="${1:?usage: run_cpasync_repeat.sh OUT [SEED] [RECORDING]}"
seed="${2:-32}"
rec="${3:-$here/../../tests/data/hw/banks_cpasync_h200.json}"
set_="${4:-variants}"
name=banks_cpasync_repeat$([[ $set_ == variants ]] || echo "_$set_")
mkdir -p "$out"
build="$(mktemp -d)"
probe_env
probe_build "$here/banks_probe.cu" "$build/banks_probe" 'Function|LDGSTS' "$out/${name}_sass.txt" || exit 3
python3 "$here/patterns_cpasync_repeat.py" "$rec" "$seed" "$build/t" "$set_" || exit 3
# the counters merge.py needs for cp.async (total and named-op wavefronts, LDGSTS conflicts) and the global side
w=l1tex__data_pipe_lsu_wavefronts_mem_shared
g=l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts_cache_access
metrics="$w.sum,${w}_op_ld.sum,${w}_op_st.sum,${w}_op_atom.sum,${w}_op_gmma.sum,${w}_op_ipa.sum,${w}_op_misc.sum"
metrics+=",l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum"
metrics+=",l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts_cache_access.sum,$g.sum,${g}_lookup_hit.sum,${g}_lookup_miss.sum"
echo "metrics: $metrics"
tables=() csvs=() done_vars=()
start=$(date +%s)
while IFS=$'\t' read -r f var opts; do
  if (($(date +%s) - start > ${TVLAB_HW_BUDGET_S:-300})); then
    echo "$var: skipped (time budget)"
    continue
  fi
  t0=$(date +%s)
  # shellcheck disable=SC2086 # opts holds several ncu flags
  (cd "$build" && ncu $opts --csv --page raw --log-file "$out/${var}_ncu.csv" --metrics "$metrics" \
    ./banks_probe "t/$f" >"$out/${var}_probe.log" 2>&1) || { tail -3 "$out/${var}_probe.log"; continue; }
  echo "$var: $(tail -1 "$out/${var}_probe.log") in $(($(date +%s) - t0)) s"
  tables+=("$build/t/$f")
  csvs+=("$out/${var}_ncu.csv")
  done_vars+=("$var${opts:+ ($opts)}")
done <"$build/t/variants.txt"
cmd="hw/banks/run_cpasync_repeat.sh OUT $seed RECORDING $set_: patterns_cpasync_repeat.py RECORDING $seed $set_, then per variant: ncu [variant options] --csv --page raw --metrics $metrics ./banks_probe VARIANT.tsv"
probe_meta "seed=$seed" "command=$cmd" "variants_run=$(IFS=,; echo "${done_vars[*]}")" >"$build/meta.json"
IFS=,
python3 "$here/merge.py" "${tables[*]}" "${csvs[*]}" "$build/meta.json" "$out/${name}_counters.tsv" \
  >"$out/$name.json" || exit 3
unset IFS
rm -f "$out"/*_ncu.csv
echo "repeat: $(grep -c '"name"' "$out/$name.json") patterns -> $out/$name.json"
