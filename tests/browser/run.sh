#!/usr/bin/env bash
# browser.explore: installs Debian's chromium (scripts/setup.sh) when missing, keeps Python playwright from PyPI
# (pinned; no browser download) in a virtual environment outside the source tree, then drives the explore pages
# in headless Chromium (explore_test.py).
# run.sh TVLAB OUTDIR   (screenshots and pages are left in OUTDIR)
# The environment: $TVLAB_BROWSER_VENV, else ${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/browser-venv, made once by
# scripts/python_venv.sh (remade when the pin changes or it is incomplete).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tvlab="$1"; out="$2"
playwright_pin="playwright==1.65.2"

if [ ! -x /usr/bin/chromium ]; then
  bash "$here/../../scripts/setup.sh"
fi
python="$(bash "$here/../../scripts/python_venv.sh" "${TVLAB_BROWSER_VENV:-browser-venv}" "$playwright_pin")"
mkdir -p "$out"
exec "$python" "$here/explore_test.py" "$tvlab" "$out"
