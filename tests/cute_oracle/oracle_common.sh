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
