#!/usr/bin/env bash
# browser.explore: installs Debian's chromium (scripts/setup.sh) when missing, keeps Python playwright from PyPI
# (pinned; no browser download) in a virtual environment outside the source tree, then drives the explore pages
# in headless Chromium (explore_test.py).
# run.sh TVLAB OUTDIR   (screenshots and pages are left in OUTDIR)
# The environment: $TVLAB_BROWSER_VENV, else ${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/browser-venv; made once
# with Debian's /usr/bin/python3 (python3-venv), remade when the pin changes or it is incomplete.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tvlab="$1"; out="$2"
playwright_pin="playwright==1.65.2"

if [ ! -x /usr/bin/chromium ] || ! /usr/bin/python3 -c 'import ensurepip, venv' 2>/dev/null; then
  bash "$here/../../scripts/setup.sh"
fi

venv="${TVLAB_BROWSER_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/browser-venv}"
# The marker is written last, after pip succeeded: a venv without it (interrupted, or another pin) is rebuilt.
if [ "$(cat "$venv/.tvlab-pin" 2>/dev/null)" != "$playwright_pin" ]; then
  mkdir -p "$(dirname "$venv")"
  tmp="$venv.new.$$"
  rm -rf "$tmp"
  log="$tmp.log"
  trap 'rm -rf "$tmp" "$log"' EXIT
  echo "browser.explore: installing $playwright_pin into $venv" >&2
  # Built under a temporary name and renamed once complete. Only its python is used (python -m pip, the test),
  # which works after the rename; the console scripts' #! lines would name the temporary path.
  if ! { /usr/bin/python3 -m venv "$tmp" &&
         "$tmp/bin/python" -m pip install --quiet --disable-pip-version-check --no-input "$playwright_pin" &&
         echo "$playwright_pin" >"$tmp/.tvlab-pin"; } >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"
    echo "browser.explore: could not install $playwright_pin (PyPI)" >&2
    exit 1
  fi
  rm -f "$log"
  rm -rf "$venv"
  mv "$tmp" "$venv"
  trap - EXIT
fi
mkdir -p "$out"
exec "$venv/bin/python" "$here/explore_test.py" "$tvlab" "$out"
