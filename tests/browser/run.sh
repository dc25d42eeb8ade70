#!/usr/bin/env bash
# browser.explore: installs Debian's chromium and playwright-core (npm, no browser download) when
# missing, then drives the explore pages in headless Chromium (explore_test.mjs).
# run.sh TVLAB OUTDIR   (screenshots and pages are left in OUTDIR)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tvlab="$1"; out="$2"
if [ ! -x /usr/bin/chromium ] || ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  bash "$here/../../scripts/setup.sh"
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  (cd "$here" && npm ci --no-audit --no-fund >&2)
fi
mkdir -p "$out"
exec node "$here/explore_test.mjs" "$tvlab" "$out"
