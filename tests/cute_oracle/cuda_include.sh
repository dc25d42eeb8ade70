# Sourced by run.sh and tmem.sh: sets cuda_inc to the CUDA include directory (the one holding
# cuda_runtime_api.h) from $TVLAB_CUDA_INCLUDE, $CUDA_HOME, $CUDA_PATH, nvcc's toolkit, /usr/local/cuda*, or
# /usr/include; calls the caller's skip() when there is none.
cuda_inc=""
candidates=()
[ -n "${TVLAB_CUDA_INCLUDE:-}" ] && candidates+=("$TVLAB_CUDA_INCLUDE")
for v in "${CUDA_HOME:-}" "${CUDA_PATH:-}"; do [ -n "$v" ] && candidates+=("$v/include"); done
if nvcc="$(command -v nvcc 2>/dev/null)"; then candidates+=("$(dirname "$(readlink -f "$nvcc")")/../include"); fi
candidates+=(/usr/local/cuda/include)
shopt -s nullglob
versioned=(/usr/local/cuda-*/include)
if [ ${#versioned[@]} -gt 0 ]; then
  while IFS= read -r d; do candidates+=("$d"); done < <(printf '%s\n' "${versioned[@]}" | sort -rV)
fi
candidates+=(/usr/include)
for d in "${candidates[@]}"; do
  if [ -f "$d/cuda_runtime_api.h" ]; then cuda_inc="$(cd "$d" && pwd)"; break; fi
done
[ -n "$cuda_inc" ] || skip "no CUDA include directory (cuda_runtime_api.h) found; looked in ${candidates[*]}"
