#!/usr/bin/env bash
# Quick start (2): install what is missing, build, and run the whole test suite through ctest.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"
cd "${TVLAB_BUILD_DIR:-$root/build}"
ctest --output-on-failure --parallel "$(nproc)"
