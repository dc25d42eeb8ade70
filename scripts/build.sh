#!/usr/bin/env bash
# Configures and builds tvlab (Release, Ninja) into ${TVLAB_BUILD_DIR:-build}, with the Python module built
# against the environment scripts/python_venv.sh keeps (python/requirements.txt; TVLAB_PYTHON=0: without it).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TVLAB_BUILD_DIR:-$root/build}"
python_args=(-DTVLAB_BUILD_PYTHON=OFF)
if [ "${TVLAB_PYTHON:-1}" != 0 ]; then
  python="$(bash "$root/scripts/python_venv.sh" python-venv -r "$root/python/requirements.txt")"
  python_args=(-DTVLAB_BUILD_PYTHON=ON "-DPython_EXECUTABLE=$python")
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTVLAB_WERROR=ON "${python_args[@]}" "$@" >/dev/null
cmake --build "$build" --parallel "$(nproc)"
