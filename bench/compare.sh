#!/usr/bin/env bash
# Before/after throughput of Google Benchmark binaries on a noisy machine: runs each binary in turn,
# ROUNDS times (alternating, so a busy spell hurts both), on one core, and prints every benchmark's best
# items/s per binary. Build the "before" binary from the older commit the same way (Release).
# Usage: bench/compare.sh FILTER BINARY... (env ROUNDS=6, CORE=1, MIN_TIME=0.15)
#   bench/compare.sh '^BM_(Mix_)?Composition$' /tmp/algebra_bench.old build/bench/algebra_bench
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
filter="$1"
shift
rounds="${ROUNDS:-6}" core="${CORE:-1}" min_time="${MIN_TIME:-0.15}"
results="$(mktemp)"
trap 'rm -f "$results"' EXIT
for ((r = 0; r < rounds; r++)); do
  for bin in "$@"; do
    taskset -c "$core" "$bin" --benchmark_min_time="$min_time" --benchmark_filter="$filter" \
      --benchmark_format=csv 2>/dev/null |
      awk -F, -v bin="$bin" '/^"BM/ { gsub(/"/, "", $1); print bin, $1, $7 }' >>"$results"
  done
done
awk '{ k = $1 " " $2; if (!(k in best) || $3 > best[k]) best[k] = $3 }
     END { for (k in best) printf "%-70s %8.2f M items/s\n", k, best[k] / 1e6 }' "$results" | sort
