#!/usr/bin/env bash
# Installs the Debian packages tvlab needs, only those that are missing. Non-interactive; safe to rerun.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  libboost-dev libcli11-dev nlohmann-json3-dev libcairo2-dev
  googletest libgtest-dev libbenchmark-dev
  texlive-latex-base texlive-pictures poppler-utils
  libedit-dev tmux chromium
  clang libclang-rt-14-dev
  python3 python3-venv python3-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q </dev/null
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
