#!/usr/bin/env bash
# Makes (once) a Python virtual environment outside the source tree with pinned packages from PyPI, and prints
# its python. Debian's /usr/bin/python3 (python3-venv, python3-dev: scripts/setup.sh) makes it.
#   python_venv.sh NAME PIN...        e.g. python_venv.sh browser-venv playwright==1.65.2
#   python_venv.sh NAME -r FILE       the pins of a requirements file (python/requirements.txt)
#   python_venv.sh --no-deps NAME PIN...   the pinned packages alone, without their dependencies (the CuTe and
#                                     sycl-tla oracles want only the headers nvidia-cutlass / intel-sycl-rt ship)
# The environment is ${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/NAME (NAME itself when it is an absolute path). It is built under a
# temporary name and renamed once pip succeeded, with the pins written last as a marker: one without it
# (interrupted, or other pins) is rebuilt; where two runs build it at once, the first complete one stays. Only its
# python is used (python -m pip, python -m pytest): the
# console scripts' #! lines would name the temporary path.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps=()
if [ "${1:-}" = --no-deps ]; then deps=(--no-deps); shift; fi
name="$1"
shift
if [ "${1:-}" = -r ]; then
  pins="$(grep -v '^\s*#' "$2" | grep -v '^\s*$')"
else
  pins="$(printf '%s\n' "$@")"
fi
if ! /usr/bin/python3 -c 'import ensurepip, venv, sysconfig, os; assert os.path.exists(sysconfig.get_paths()["include"] + "/Python.h")' 2>/dev/null; then
  bash "$root/scripts/setup.sh" >&2
fi
case "$name" in
  /*) venv="$name" ;;
  *) venv="${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/$name" ;;
esac
if [ "$(cat "$venv/.tvlab-pin" 2>/dev/null)" != "$pins" ]; then
  mkdir -p "$(dirname "$venv")"
  tmp="$venv.new.$$"
  rm -rf "$tmp"
  log="$tmp.log"
  trap 'rm -rf "$tmp" "$log"' EXIT
  echo "python_venv: installing $(echo $pins) into $venv" >&2
  # shellcheck disable=SC2086  # one argument per pin
  if ! { /usr/bin/python3 -m venv "$tmp" &&
         "$tmp/bin/python" -m pip install --quiet --disable-pip-version-check --no-input "${deps[@]}" $pins &&
         printf '%s' "$pins" >"$tmp/.tvlab-pin"; } </dev/null >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "python_venv: could not install $(echo $pins) (PyPI)" >&2
    exit 1
  fi
  rm -f "$log"
  # Another run may have finished first: keep whichever complete environment is in place.
  if [ "$(cat "$venv/.tvlab-pin" 2>/dev/null)" != "$pins" ]; then
    rm -rf "$venv"
    mv -T "$tmp" "$venv" 2>/dev/null || true
  fi
  rm -rf "$tmp"
  trap - EXIT
fi
echo "$venv/bin/python"
