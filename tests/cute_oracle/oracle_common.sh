# Sourced by the CuTe oracle scripts (run.sh, tmem.sh, search_emit.sh, eval_cases.sh) with the arguments after
# MODE TVLAB OUTDIR, once `name` (the ctest's name, e.g. cute.oracle.eval) and `fallback` (what still compares
# tvlab when the live oracle is skipped) are set: reads --cutlass=DIR into cutlass_dir (cutlass_include.sh reads
# it) and defines skip(), which exits 77 (ctest's SKIP_RETURN_CODE), or 1 with TVLAB_CUTE_ORACLE_REQUIRED=1.
cutlass_dir=""
for arg in "$@"; do
  case "$arg" in
    --cutlass=*) cutlass_dir="${arg#--cutlass=}" ;;
    *) echo "$name: unknown argument $arg" >&2; exit 2 ;;
  esac
done
skip() {
  echo "$name: SKIPPED: $*" >&2
  echo "$name: $fallback" >&2
  if [ "${TVLAB_CUTE_ORACLE_REQUIRED:-0}" = 1 ]; then exit 1; fi
  exit 77
}
# What a host compile of CuTe needs: the CUDA include directory (and its cccl/, where CUDA 13 keeps libcu++) as
# -I flags in cute_incs, CUTLASS's include directory in cutlass_inc, and g++; skips without them.
cute_includes() {
  local here_dir
  here_dir="$(dirname "${BASH_SOURCE[0]}")"
  # shellcheck source=cuda_include.sh
  source "$here_dir/cuda_include.sh"
  cute_incs=(-I"$cuda_inc")
  [ -d "$cuda_inc/cccl/cuda/std" ] && cute_incs+=(-I"$cuda_inc/cccl")
  # shellcheck source=cutlass_include.sh
  source "$here_dir/cutlass_include.sh"
  command -v g++ >/dev/null || skip "no g++ to compile CuTe's host code"
}
