#!/usr/bin/env bash
# Whole-process benchmark of `tvlab eval --batch` on 10,000 mixed expressions (bench/eval_batch_gen.py).
# Reports /usr/bin/time's user+sys CPU time and peak memory, then hyperfine's figures when it is installed.
# TVLAB_CALLGRIND=1 adds the whole process's instruction count under callgrind.
# Usage: bench/eval_batch.sh [TVLAB_BINARY]      (default build/cli/tvlab)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tvlab="${1:-$root/build/cli/tvlab}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$root/bench/eval_batch_gen.py" 10000 >"$work/batch.txt"
run() { "$tvlab" eval --batch "$work/batch.txt" >"$work/out.txt" 2>/dev/null || [ $? -eq 2 ]; }
run  # warm the page cache
for i in 1 2 3 4 5; do
  /usr/bin/time -f '%U %S %M' -o "$work/time.txt" "$tvlab" eval --batch "$work/batch.txt" >/dev/null 2>&1 || true
  read -r user sys rss < <(tail -n 1 "$work/time.txt")
  echo "run $i: user ${user}s sys ${sys}s cpu $(echo "$user + $sys" | bc)s peak ${rss} KiB"
done
echo "lines: $(wc -l <"$work/out.txt") results, $(grep -c '^error' "$work/out.txt" || true) error lines"
if [ "${TVLAB_CALLGRIND:-0}" = 1 ]; then  # instruction count: stable on a loaded machine
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$tvlab" eval --batch "$work/batch.txt" \
    >/dev/null 2>"$work/cg.log" || true
  grep -E 'Collected' "$work/cg.log" | sed 's/.*Collected : /instructions (callgrind): /'
fi
if command -v hyperfine >/dev/null; then
  hyperfine -N --warmup 3 --runs 20 -i "$tvlab eval --batch $work/batch.txt"
fi
