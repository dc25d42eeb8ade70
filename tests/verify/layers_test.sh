#!/usr/bin/env bash
# verify/'s layers (scripts/check_layers.py): this tree has no include running up, and the check sees one
# planted in a copy (its mutation control): model/ including report/, and a file outside any layer folder.
set -euo pipefail
root=$1
python3 "$root/scripts/check_layers.py" --verify "$root/verify"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/verify" "$tmp/verify"
echo '#include "tvlab/verify/report/plan_format.hpp"' >> "$tmp/verify/src/model/plan.cpp"
if out=$(python3 "$root/scripts/check_layers.py" --verify "$tmp/verify" 2>&1); then
  echo "FAIL: an upward include (model -> report) passed"; exit 1
fi
grep -q "verify/src/model/plan.cpp:[0-9]*: model/ includes report/" <<<"$out" || { echo "FAIL: $out"; exit 1; }
cp -r "$root/verify" "$tmp/verify2"
echo 'int x;' > "$tmp/verify2/src/loose.cpp"
if python3 "$root/scripts/check_layers.py" --verify "$tmp/verify2" >/dev/null 2>&1; then
  echo "FAIL: a file outside the layer folders passed"; exit 1
fi
echo "layers: ok (and both planted violations refuted)"
