# What the Nsight Compute probe scripts share (hw/gmem/run.sh, hw/banks/run_cpasync.sh,
# hw/banks/run_cpasync_repeat.sh): source it, then call
#   probe_env                                   sets gpu, driver, cuda, date, arch (TVLAB_HW_ARCH) and prints them
#   probe_build SRC EXE SASS_REGEX SASS_OUT     nvcc SRC -> EXE; the SASS lines matching SASS_REGEX -> SASS_OUT
#   probe_metrics REGEX [EXCLUDE]               the .sum metrics `ncu --query-metrics` lists matching REGEX
#                                               (minus EXCLUDE), comma separated
#   probe_meta KEY=VALUE...                     the recording's meta as JSON on stdout (gpu, driver, cuda, date
#                                               first; a VALUE of digits only is written as a number)
# Needs nvcc, ncu, nvidia-smi, python3 (standard library).

probe_env() {
  arch="${TVLAB_HW_ARCH:--gencode=arch=compute_90a,code=sm_90a}"
  gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  driver="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
  cuda="$(nvcc --version | grep -o 'release [0-9.]*, V[0-9.]*' | head -1) (nvcc); Nsight Compute $(ncu --version 2>/dev/null | tail -1 | sed "s/^Version //")"
  date="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "gpu=$gpu driver=$driver cuda=$cuda date=$date"
}

probe_build() {
  local src="$1" exe="$2" sass_regex="$3" sass_out="$4"
  # shellcheck disable=SC2086 # arch may hold several nvcc flags
  nvcc -std=c++17 -O2 $arch -o "$exe" "$src" || return 3
  cuobjdump -sass "$exe" | grep -E "$sass_regex" >"$sass_out" 2>&1
}

probe_metrics() {
  local regex="$1" exclude="${2:-^$}" q
  q="$(mktemp)"
  ncu --query-metrics >"$q" 2>&1
  grep -oE "^($regex)[a-z_]*" "$q" | grep -vE "$exclude" | sort -u | sed 's/$/.sum/' | paste -sd, -
  rm -f "$q"
}

probe_meta() {
  python3 - "gpu=$gpu" "driver=$driver" "cuda=$cuda" "date=$date" "$@" <<'PY'
import json, sys
d = {}
for kv in sys.argv[1:]:
    k, v = kv.split("=", 1)
    d[k] = int(v) if v.isdigit() else v
print(json.dumps(d))
PY
}
