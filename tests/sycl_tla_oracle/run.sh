#!/usr/bin/env bash
# sycl-tla as an oracle for tvlab's Xe partitions (issue 22): oracle.cpp compiled against sycl-tla's headers, as
# the host pass of a sycl-tla build (g++, Intel's SYCL headers from PyPI's intel-sycl-rt, SYCL_INTEL_TARGET and
# CUTLASS_ENABLE_SYCL defined as sycl-tla's CMake defines them), and what it prints compared with tvlab
# (compare.py says what). README.md beside this file says why this is sycl-tla's own answer.
#   run.sh recorded TVLAB OUTDIR   tvlab against tests/data/sycl_tla/xe_partitions.txt (ctest sycl_tla.oracle.recorded)
#   run.sh mutated  TVLAB OUTDIR   the mutation control: every altered case must be a MISMATCH (ctest ...mutated)
#   run.sh live     TVLAB OUTDIR [--sycl-tla=DIR] [--commit=SHA]   compile, run, compare with tvlab, and with the
#                                  recording when it was made from the same sycl-tla commit; exit 77 (skipped)
#                                  unless TVLAB_SYCL_TLA_ORACLE=1 and a sycl-tla tree is given
#   run.sh record   TVLAB OUTDIR [--sycl-tla=DIR] [--commit=SHA]   as live, then rewrites the recording
# The sycl-tla tree: --sycl-tla=DIR or $TVLAB_SYCL_TLA_DIR (a checkout or archive with include/cute); its commit:
# --commit, else git rev-parse in DIR. The SYCL headers and libsycl (linked, never called: the program runs no
# kernel) come from intel-sycl-rt (pinned below, --no-deps) installed into $TVLAB_SYCL_VENV, else
# ${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/sycl-venv. TVLAB_SYCL_TLA_ORACLE_REQUIRED=1 turns a skip into a failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
recording="$root/tests/data/sycl_tla/xe_partitions.txt"
mode="$1"; tvlab="$2"; out="$3"; shift 3
sycl_tla="${TVLAB_SYCL_TLA_DIR:-}"; commit=""
for arg in "$@"; do
  case "$arg" in
    --sycl-tla=*) sycl_tla="${arg#--sycl-tla=}" ;;
    --commit=*) commit="${arg#--commit=}" ;;
    *) echo "sycl_tla.oracle: unknown argument $arg" >&2; exit 2 ;;
  esac
done
sycl_pin="intel-sycl-rt==2026.2.0"
mkdir -p "$out"
case "$mode" in
  recorded) exec python3 "$here/compare.py" --tvlab "$tvlab" "$recording" ;;
  mutated) exec python3 "$here/compare.py" --tvlab "$tvlab" "$recording" --mutate ;;
  live|record) ;;
  *) echo "sycl_tla.oracle: unknown mode $mode (live, record, recorded, mutated)" >&2; exit 2 ;;
esac

skip() {
  echo "sycl_tla.oracle: SKIPPED: $*" >&2
  echo "sycl_tla.oracle: tvlab is still compared with the recording (ctest sycl_tla.oracle.recorded)" >&2
  if [ "${TVLAB_SYCL_TLA_ORACLE_REQUIRED:-0}" = 1 ]; then exit 1; fi
  exit 77
}
[ "${TVLAB_SYCL_TLA_ORACLE:-0}" = 1 ] || [ "$mode" = record ] ||
  skip "the live compile runs only with TVLAB_SYCL_TLA_ORACLE=1 (it takes minutes)"
[ -n "$sycl_tla" ] || skip "no sycl-tla tree (--sycl-tla=DIR or TVLAB_SYCL_TLA_DIR)"
[ -f "$sycl_tla/include/cute/atom/copy_traits_xe_2d.hpp" ] ||
  { echo "sycl_tla.oracle: $sycl_tla has no include/cute/atom/copy_traits_xe_2d.hpp" >&2; exit 1; }
if [ -z "$commit" ]; then
  commit="$(git -C "$sycl_tla" rev-parse HEAD 2>/dev/null || echo "unknown (not a git checkout)")"
fi
command -v g++ >/dev/null || skip "no g++"

python="$(bash "$root/scripts/python_venv.sh" --no-deps "${TVLAB_SYCL_VENV:-sycl-venv}" "$sycl_pin")" ||
  skip "could not install $sycl_pin from PyPI (scripts/python_venv.sh)"
venv="$(dirname "$(dirname "$python")")"
[ -f "$venv/include/sycl/sycl.hpp" ] && [ -f "$venv/lib/libsycl.so.9" ] ||
  skip "$venv holds no include/sycl/sycl.hpp or lib/libsycl.so.9 (the $sycl_pin wheel's layout changed?)"

flags=(-std=c++17 -O0 -DSYCL_INTEL_TARGET -DCUTLASS_ENABLE_SYCL -DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING)
echo "sycl_tla.oracle: compiling oracle.cpp against $sycl_tla ($commit); this takes minutes" >&2
g++ "${flags[@]}" -I"$venv/include" -I"$sycl_tla/include" "$here/oracle.cpp" -o "$out/oracle" \
  -L"$venv/lib" -l:libsycl.so.9 -Wl,-rpath,"$venv/lib"
result="$out/xe_partitions.txt"
{
  echo "# sycl-tla's own answer for tvlab's Xe specs (tests/sycl_tla_oracle/oracle.cpp; compare.py reads it)"
  echo "# sycl-tla: intel/sycl-tla $commit"
  echo "# SYCL headers and libsycl: $sycl_pin (PyPI), the host pass only (no device, no kernel)"
  echo "# compiler: $(g++ --version | head -1); g++ ${flags[*]}"
  echo "# date: $(date -u +%Y-%m-%d)"
  echo "# command: TVLAB_SYCL_TLA_ORACLE=1 bash tests/sycl_tla_oracle/run.sh $mode TVLAB OUTDIR --sycl-tla=DIR"
  echo "# oracle.cpp sha256: $(sha256sum "$here/oracle.cpp" | cut -d' ' -f1)"
  "$out/oracle"
} >"$result.new"
mv "$result.new" "$result"
status=0
python3 "$here/compare.py" --tvlab "$tvlab" "$result" || status=1
if [ "$mode" = record ]; then
  mkdir -p "$(dirname "$recording")"
  cp "$result" "$recording"
  echo "sycl_tla.oracle: recorded $recording" >&2
elif grep -qF "# sycl-tla: intel/sycl-tla $commit" "$recording" 2>/dev/null; then
  python3 "$here/compare.py" --same "$result" "$recording" || status=1
else
  echo "sycl_tla.oracle: the recording is of another sycl-tla commit: not compared with this output" >&2
fi
exit $status
