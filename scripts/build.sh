#!/usr/bin/env bash
# Configures and builds tvlab (Release, Ninja) into ${TVLAB_BUILD_DIR:-build}.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TVLAB_BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTVLAB_WERROR=ON "$@" >/dev/null
cmake --build "$build" --parallel "$(nproc)"
