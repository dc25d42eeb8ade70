# Sourced by tmem.sh and search_emit.sh: sets cutlass_inc to the CUTLASS include directory (the one holding
# cute/tensor.hpp) from $cutlass_dir (--cutlass=DIR: a CUTLASS tree with include/cute, or that include
# directory), else from the nvidia-cutlass venv run.sh installs (${TVLAB_CUTLASS_VENV:-${XDG_CACHE_HOME:-
# $HOME/.cache}/tvlab/cutlass-venv}; ctest runs cute.oracle first); calls the caller's skip() when there is none.
cutlass_inc=""
if [ -n "${cutlass_dir:-}" ]; then
  if [ -f "$cutlass_dir/include/cute/tensor.hpp" ]; then cutlass_inc="$cutlass_dir/include"
  elif [ -f "$cutlass_dir/cute/tensor.hpp" ]; then cutlass_inc="$cutlass_dir"
  else echo "$cutlass_dir holds neither include/cute/tensor.hpp nor cute/tensor.hpp" >&2; exit 1; fi
else
  cutlass_venv="${TVLAB_CUTLASS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/cutlass-venv}"
  shopt -s nullglob
  found=("$cutlass_venv"/lib/python3*/site-packages/cutlass_library/source/include/cute/tensor.hpp)
  shopt -u nullglob
  [ ${#found[@]} -gt 0 ] || skip "no CUTLASS headers in $cutlass_venv (bash tests/cute_oracle/run.sh live installs them)"
  cutlass_inc="$(dirname "$(dirname "${found[0]}")")"
fi
