#!/usr/bin/env bash
# Runs each libFuzzer target (fuzz/*_fuzz.cpp) for a bounded time over its committed seed corpus
# fuzz/corpus/<target>/, in the sanitizer build (scripts/sanitize.sh builds it if needed). Any crash,
# sanitizer report, leak, timeout or out-of-memory fails the script; the input is left as
# $TVLAB_SANITIZE_BUILD_DIR/fuzz-findings/<target>/crash-* (or timeout-*, oom-*, leak-*).
#   TVLAB_FUZZ_SECONDS   time per target (default 30)
#   TVLAB_FUZZ_TARGETS   which targets (default: notation eval atom_name spec smem_desc banks cpp_config)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TVLAB_SANITIZE_BUILD_DIR:-$root/build-asan}"
seconds="${TVLAB_FUZZ_SECONDS:-30}"
targets="${TVLAB_FUZZ_TARGETS:-notation eval atom_name spec smem_desc banks cpp_config}"
TVLAB_SANITIZE_BUILD_ONLY=1 TVLAB_SANITIZE_BUILD_DIR="$build" bash "$root/scripts/sanitize.sh"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp:print_suppressions=0"
status=0
for t in $targets; do
  # New inputs go to a scratch corpus: the committed seed corpus stays as it is.
  work="$build/fuzz-work/$t" findings="$build/fuzz-findings/$t"
  rm -rf "$findings"
  mkdir -p "$work" "$findings"
  # Spec texts are larger than expressions and names.
  max_len=4096
  [ "$t" = spec ] && max_len=16384
  [ "$t" = cpp_config ] && max_len=8192
  # The notation's dictionary (CuTe's C++ spellings and the notation's tokens) serves both expression targets.
  dict=()
  case "$t" in notation | eval) dict=(-dict="$root/fuzz/notation.dict") ;; cpp_config) dict=(-dict="$root/fuzz/cpp_config.dict") ;; esac
  echo "fuzz: $t for ${seconds}s (max_len $max_len)" >&2
  if ! "$build/fuzz/fuzz_$t" "${dict[@]}" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$findings/" "$work" "$root/fuzz/corpus/$t" \
    >"$build/fuzz-$t.log" 2>&1; then
    echo "fuzz: $t FAILED; input(s) in $findings, log $build/fuzz-$t.log:" >&2
    grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$build/fuzz-$t.log" | head -20 >&2 || true
    status=1
  else
    grep -E "stat::number_of_executed_units|stat::new_units_added" "$build/fuzz-$t.log" | tr '\n' ' ' >&2
    echo >&2
  fi
done
exit $status
