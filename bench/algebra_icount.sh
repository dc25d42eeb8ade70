#!/usr/bin/env bash
# Instructions per call of each algebra operation under callgrind (stable on a loaded machine).
# Usage: bench/algebra_icount.sh [BUILD_DIR] [N]      (defaults: build, 60000)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-$root/build}/bench/algebra_icount"
n="${2:-60000}"
ir() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" 2>&1 >/dev/null |
    sed -n 's/.*Collected : //p'
}
for op in composition complement logical_divide zipped_divide logical_product right_inverse coalesce parse print; do
  base="$(ir "$op" 0)"
  full="$(ir "$op" "$n")"
  echo "$op $(((full - base) / n)) instructions/call"
done
