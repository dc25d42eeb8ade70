#!/usr/bin/env bash
# Called by hw/run.sh: builds and runs the fragment probes over hw/frag/tables.json.
#   run_frag.sh OUT BUILD GPU DRIVER CUDA DATE
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$1" build="$2"
tables="${TVLAB_HW_TABLES:-$here/tables.json}"
tvlab="${TVLAB:-$here/../../build/cli/tvlab}"
if [[ -x "$tvlab" ]]; then  # fresh tables from this tvlab; a carried tables.json otherwise
  python3 "$here/gen_tables.py" "$tvlab" >"$tables" || exit 3
fi
[[ -f "$tables" ]] || { echo "no $tables and no tvlab at $tvlab: build tvlab or run hw/frag/gen_tables.py"; exit 2; }
arch="${TVLAB_HW_ARCH:--gencode=arch=compute_90a,code=sm_90a}"
python3 "$here/frag.py" cu "$tables" >"$build/frag_probe.cu" || exit 3
nvcc -std=c++17 -O2 $arch -o "$build/frag_probe" "$build/frag_probe.cu" || exit 3
python3 "$here/frag.py" input "$tables" >"$build/cases.txt" || exit 3
"$build/frag_probe" "$build/cases.txt" >"$build/results.txt" || exit 3
python3 - "$3" "$4" "$5" "$6" >"$build/meta.json" <<'PY'
import json, sys
print(json.dumps(dict(zip(["gpu", "driver", "cuda", "date"], sys.argv[1:]),
                      command="hw/run.sh OUT frag (frag.py cu|input -> nvcc -> frag_probe cases.txt -> frag.py check)")))
PY
python3 "$here/frag.py" check "$tables" "$build/cases.txt" "$build/results.txt" "$build/meta.json" \
  >"$out/fragments_h100.json"
