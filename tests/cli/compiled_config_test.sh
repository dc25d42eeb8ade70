#!/usr/bin/env bash
# cli.compiled_config (issue 34, item 1): the compiler as tvlab's front end (docs/spec.md, "C++ configurations").
#   (a) every SM80/SM90 configuration of tests/data/cpp/*.hpp (sycl-tla's Xe files need Intel's headers: not
#       here) through --reader compiler gives the plan (plan --json, every byte) and the verify report (every
#       check line) and exit code of --reader text: two independent readers of one file;
#   (b) the cache: a second run hits it, a changed file misses it, a corrupt entry is recompiled, no temporary
#       file is left in it;
#   (c) CUTLASS 4.2.0's own files, unmodified (tests/data/cpp/upstream/README.md), read with --config NAME alone:
#       default_gemm_configuration.hpp's DefaultGemmConfigurationToCutlass3Types<...>::CollectiveMainloop equals
#       the text reader's transcription of it (tests/data/cpp/cutlass_sm80_*.hpp), example 48's
#       CollectiveBuilder<...>::CollectiveOp (nvcc: the example launches kernels) verifies, and tvlab's
#       smem.budget equals sizeof(CollectiveMainloop::SharedStorage) as the compiler laid it out;
#   (d) hostile: a file that does not compile, a NAME that is not a type, a NAME that is not a CollectiveMma, no
#       compiler, a timeout, --bind with --reader compiler, a JSON file: exit 2, a clear message, nothing cached.
#   (e) CuTe's tutorial host functions through --reader compiler: nvcc's recorded exports against the text
#       reader (plan --json, verify) on every run, live with TVLAB_UPSTREAM_LIVE=1; hostile launches.
# Needs a C++ compiler, CUTLASS (TVLAB_CUTLASS_DIR, or the nvidia-cutlass package cute.oracle installs) and
# CUDA's headers; skipped (77) without them. TVLAB_CUTE_ORACLE_REQUIRED=1 turns the skip into a failure.
set -u
tvlab="$(realpath "$1")"
cutlass_dir="${2:-}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cpp="$root/tests/data/cpp"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fails=0; passes=0
ok() { passes=$((passes+1)); }
ko() { echo "FAIL $1"; fails=$((fails+1)); }
skip() {
  echo "SKIP cli.compiled_config: $1"
  [ "${TVLAB_CUTE_ORACLE_REQUIRED:-0}" = 1 ] && exit 1
  exit 77
}
# The toolchain as a user has it, with a cache of the test's own.
export TVLAB_CUTLASS_VENV="${TVLAB_CUTLASS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/cutlass-venv}"
[ -n "$cutlass_dir" ] && export TVLAB_CUTLASS_DIR="$cutlass_dir"
export XDG_CACHE_HOME="$tmp/cache"
cache="$XDG_CACHE_HOME/tvlab/compiled"
entries() { find "$cache" -maxdepth 1 -type f 2>/dev/null | wc -l; }

probe="$("$tvlab" plan "$cpp/cutlass_sm80_f16_tn.hpp" --config sm80_f16_tn::CollectiveMainloop --reader compiler 2>&1 >/dev/null)"
case "$probe" in
  *"no C++ compiler"*|*"no CuTe headers"*|*"no CUDA headers"*) skip "${probe#error: }" ;;
esac

# (a) Every configuration, both readers.
for f in "$cpp"/*.hpp; do
  case "$(basename "$f")" in sycl_tla_*) continue ;; esac
  rel="tests/data/cpp/$(basename "$f")"
  # One compile for the whole file (every configuration cached), then each configuration alone.
  "$tvlab" verify "$f" --reader compiler >"$tmp/vc" 2>"$tmp/vc.err"; rc_c=$?
  "$tvlab" verify "$f" --reader text >"$tmp/vt" 2>/dev/null; rc_t=$?
  if [ "$rc_c" = "$rc_t" ] && cmp -s "$tmp/vc" "$tmp/vt"; then ok; else
    ko "$rel: verify --reader compiler (rc $rc_c) differs from --reader text (rc $rc_t)"
    head -3 "$tmp/vc.err"; diff "$tmp/vc" "$tmp/vt" | head -10
  fi
  grep -q "configuration(s) of .* read through" "$tmp/vc.err" && ok || ko "$rel: no note of the compiler path: $(head -2 "$tmp/vc.err")"
  names="$("$tvlab" verify --format json "$f" 2>/dev/null | python3 -c 'import json,sys; [print(s["name"]) for s in json.load(sys.stdin)["specs"]]')"
  [ -n "$names" ] || ko "$rel: no configurations listed"
  for n in $names; do
    "$tvlab" plan --json "$f" --config "$n" --reader compiler >"$tmp/pc" 2>"$tmp/pc.err"; rc_c=$?
    "$tvlab" plan --json "$f" --config "$n" --reader text >"$tmp/pt" 2>/dev/null; rc_t=$?
    if [ "$rc_c" = 0 ] && [ "$rc_t" = 0 ] && cmp -s "$tmp/pc" "$tmp/pt"; then ok; else
      ko "$rel $n: plan --json through the compiler (rc $rc_c) differs from the text reader's (rc $rc_t)"
      head -3 "$tmp/pc.err"; diff "$tmp/pc" "$tmp/pt" | head -10
    fi
    grep -q "^tvlab: $n read through .* (cached)$" "$tmp/pc.err" && ok || ko "$rel $n: not from the cache: $(cat "$tmp/pc.err")"
  done
done
# The comparison's control: a configuration with another swizzle must be told apart.
sed 's/Swizzle<2, 3, 3>/Swizzle<3, 3, 3>/' "$cpp/cutlass_sm80_f16_tn.hpp" >"$tmp/mutated.hpp"
"$tvlab" plan --json "$tmp/mutated.hpp" --config sm80_f16_tn::CollectiveMainloop --reader compiler >"$tmp/pm" 2>/dev/null
"$tvlab" plan --json "$cpp/cutlass_sm80_f16_tn.hpp" --config sm80_f16_tn::CollectiveMainloop --reader text >"$tmp/pt" 2>/dev/null
if [ -s "$tmp/pm" ] && ! cmp -s "$tmp/pm" "$tmp/pt" && grep -q 'Sw<3,3,3>' "$tmp/pm"; then ok; else ko "control: the mutated swizzle was not seen"; fi

# (b) The cache (one of its own: its entries are corrupted below).
export XDG_CACHE_HOME="$tmp/cache_b"
cache="$XDG_CACHE_HOME/tvlab/compiled"
f="$tmp/cached.hpp"; cp "$cpp/cutlass_sm80_f16_tn.hpp" "$f"
n=sm80_f16_tn::CollectiveMainloop
"$tvlab" plan "$f" --config "$n" --reader compiler >"$tmp/p1" 2>"$tmp/e1" && grep -q "read through .* (compiled in" "$tmp/e1" && ok || ko "cache: first run: $(cat "$tmp/e1")"
"$tvlab" plan "$f" --config "$n" --reader compiler >"$tmp/p2" 2>"$tmp/e2" && grep -q "(cached)$" "$tmp/e2" && cmp -s "$tmp/p1" "$tmp/p2" && ok || ko "cache: second run: $(cat "$tmp/e2")"
echo "// changed" >>"$f"
"$tvlab" plan "$f" --config "$n" --reader compiler >/dev/null 2>"$tmp/e3" && grep -q "(compiled in" "$tmp/e3" && ok || ko "cache: a changed file hit the cache: $(cat "$tmp/e3")"
for e in "$cache"/*.json; do echo '{"mma": {"atom": "not an atom"' >"$e"; done  # every entry corrupt
"$tvlab" plan "$f" --config "$n" --reader compiler >"$tmp/p4" 2>"$tmp/e4" && grep -q "(compiled in" "$tmp/e4" && cmp -s "$tmp/p1" "$tmp/p4" && ok || ko "cache: a corrupt entry was not recompiled: $(cat "$tmp/e4")"
"$tvlab" plan "$f" --config "$n" --reader compiler >/dev/null 2>"$tmp/e5" && grep -q "(cached)$" "$tmp/e5" && ok || ko "cache: the recompiled entry was not stored"
[ -z "$(find "$cache" -name '*.tmp.*')" ] && ok || ko "cache: temporary files left: $(find "$cache" -name '*.tmp.*')"
# The text path is untouched by the option: no compile, no note under auto.
"$tvlab" plan "$cpp/cutlass_sm80_f16_tn.hpp" --config "$n" >/dev/null 2>"$tmp/e6" && [ ! -s "$tmp/e6" ] && ok || ko "auto: the text reader's configuration gave stderr: $(cat "$tmp/e6")"
"$tvlab" plan "$cpp/cutlass_sm80_f16_tn.hpp" --config "$n" --reader auto >/dev/null 2>"$tmp/e7" && grep -q "read by the text reader" "$tmp/e7" && ok || ko "--reader auto: no note: $(cat "$tmp/e7")"
# render and explore read through it too.
"$tvlab" render "$f" --config "$n" --reader compiler -o "$tmp/r.svg" 2>/dev/null && [ -s "$tmp/r.svg" ] && ok || ko "render --reader compiler"
"$tvlab" explore "$f" --config "$n" --reader compiler -o "$tmp/x.html" 2>/dev/null && [ -s "$tmp/x.html" ] && ok || ko "explore --reader compiler"

export XDG_CACHE_HOME="$tmp/cache"
cache="$XDG_CACHE_HOME/tvlab/compiled"

# (c) CUTLASS 4.2.0's files as they are.
up="$cpp/upstream/default_gemm_configuration.hpp"
while read -r a_layout b_layout elem acc text_file text_config; do
  [ -z "$a_layout" ] && continue
  name="DefaultGemmConfigurationToCutlass3Types<arch::OpClassTensorOp, arch::Sm80, $elem, layout::$a_layout, $elem, layout::$b_layout, $acc, layout::ColumnMajor, $acc>::CollectiveMainloop"
  "$tvlab" verify "$up" --config "$name" >"$tmp/uc" 2>"$tmp/uc.err"; rc_c=$?
  "$tvlab" verify "$cpp/$text_file" --config "$text_config" >"$tmp/ut" 2>/dev/null; rc_t=$?
  grep -q "read through" "$tmp/uc.err" && ok || ko "upstream $elem $a_layout $b_layout: auto did not compile: $(head -2 "$tmp/uc.err")"
  if [ "$rc_c" = "$rc_t" ] && cmp -s <(tail -n +2 "$tmp/uc") <(tail -n +2 "$tmp/ut"); then ok; else
    ko "upstream $name (rc $rc_c) differs from $text_file $text_config (rc $rc_t)"
    head -3 "$tmp/uc.err"; diff <(tail -n +2 "$tmp/uc") <(tail -n +2 "$tmp/ut") | head -10
  fi
done <<'EOF'
RowMajor    ColumnMajor half_t     float   cutlass_sm80_f16.hpp  sm80_f16_tn_128x128x32::CollectiveMainloop
ColumnMajor RowMajor    half_t     float   cutlass_sm80_f16.hpp  sm80_f16_nt_128x128x32::CollectiveMainloop
ColumnMajor ColumnMajor half_t     float   cutlass_sm80_f16.hpp  sm80_f16_nn_128x128x32::CollectiveMainloop
RowMajor    RowMajor    half_t     float   cutlass_sm80_f16.hpp  sm80_f16_tt_128x128x32::CollectiveMainloop
RowMajor    ColumnMajor int8_t     int32_t cutlass_sm80_s8.hpp   sm80_s8_tn_128x128x64::CollectiveMainloop
RowMajor    ColumnMajor double     double  cutlass_sm80_f64.hpp  sm80_f64_tn_128x64x16::CollectiveMainloop
EOF
# An SM90 CollectiveBuilder through the host compiler, and the CollectiveMma it builds written out (read by the
# text reader): one plan.
b="$cpp/builders/sm90_builder_f16.hpp"
"$tvlab" plan --json "$b" --config CollectiveMainloop >"$tmp/bc" 2>"$tmp/bc.err"; rc_c=$?
"$tvlab" plan --json "$b" --config written_out::Mainloop --reader text >"$tmp/bt" 2>/dev/null; rc_t=$?
grep -q "read through g++\|read through c++\|read through clang" "$tmp/bc.err" && ok || ko "builder: not read by the host compiler: $(head -c 300 "$tmp/bc.err")"
drop_name='import json,sys; d=json.load(open(sys.argv[1])); d.pop("name"); print(json.dumps(d, sort_keys=True))'
if [ "$rc_c" = 0 ] && [ "$rc_t" = 0 ] && [ "$(python3 -c "$drop_name" "$tmp/bc")" = "$(python3 -c "$drop_name" "$tmp/bt")" ]; then ok; else
  ko "builder: CollectiveBuilder<...>::CollectiveOp (rc $rc_c) and its CollectiveMma written out (rc $rc_t) differ"
  diff "$tmp/bc" "$tmp/bt" | head -10
fi
# The global builder alias named CollectiveMainloop beside written_out::CollectiveMainloop: --config
# CollectiveMainloop is the global one (compiled), not the namespace's that the text reader would match.
sed 's/using Mainloop = /using CollectiveMainloop = /' "$b" >"$tmp/same_name.hpp"
"$tvlab" plan --json "$tmp/same_name.hpp" --config CollectiveMainloop >"$tmp/sn" 2>"$tmp/sn.err"
grep -q "^tvlab: CollectiveMainloop read through" "$tmp/sn.err" && grep -q '"name": "CollectiveMainloop"' "$tmp/sn" && ok || ko "same name: $(cat "$tmp/sn.err")"
# Aliases local to function bodies (tests/data/cpp/locals/sm90_local_aliases.cu; docs/spec.md, "Local
# aliases"): a gtest TEST()'s builder is the builder of sm90_builder_f16.hpp at global scope (the same plan),
# the second TEST()'s its own (its LayoutA, not a nested block's), main()'s CollectiveMma the same plan through
# both readers; a bare name two TESTs declare is refused with the flags that name each.
loc="$cpp/locals/sm90_local_aliases.cu"
"$tvlab" plan --json "$loc" --config 'TEST#1::CollectiveMainloop' >"$tmp/l1" 2>"$tmp/l1.err"; rc=$?
if [ "$rc" = 0 ] && grep -q "^tvlab: TEST::CollectiveMainloop read through \(g++\|c++\|clang\)" "$tmp/l1.err" &&
   [ "$(python3 -c "$drop_name" "$tmp/l1")" = "$(python3 -c "$drop_name" "$tmp/bc")" ]; then ok; else
  ko "local TEST#1::CollectiveMainloop: rc $rc, not the global builder's plan: $(head -c 400 "$tmp/l1.err")"
fi
"$tvlab" plan --json "$loc" --config 'TEST#2::CollectiveMainloop' >"$tmp/l2" 2>"$tmp/l2.err"; rc=$?
python3 - "$tmp/l2" <<'PY' && [ "$rc" = 0 ] && ok || ko "local TEST#2::CollectiveMainloop: rc $rc: $(head -c 400 "$tmp/l2.err")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["name"] == "TEST#2::CollectiveMainloop", d["name"]
# A ColumnMajor (M-major), B RowMajor (N-major): MN-major smem for both; cluster 1x1x1: no multicast.
assert d["smem"]["A"]["major"] == "MN" and d["smem"]["B"]["major"] == "MN", (d["smem"]["A"], d["smem"]["B"])
assert d["smem"]["A"]["tma"]["multicast"] == 1 and d["smem"]["B"]["tma"]["multicast"] == 1, d["smem"]
PY
"$tvlab" plan --json "$loc" --config main::Mainloop --reader compiler >"$tmp/lm" 2>"$tmp/lm.err"; rc_c=$?
"$tvlab" plan --json "$loc" --config Mainloop >"$tmp/lt" 2>"$tmp/lt.err"; rc_t=$?
if [ "$rc_c" = 0 ] && [ "$rc_t" = 0 ] && cmp -s "$tmp/lm" "$tmp/lt" && [ ! -s "$tmp/lt.err" ] &&
   grep -q '"name": "main::Mainloop"' "$tmp/lm"; then ok; else
  ko "local main::Mainloop: compiler (rc $rc_c) and text reader (rc $rc_t) differ: $(head -c 300 "$tmp/lm.err")"; diff "$tmp/lm" "$tmp/lt" | head -6
fi
"$tvlab" verify "$loc" --config CollectiveMainloop >/dev/null 2>"$tmp/la.err"; rc=$?
[ "$rc" = 2 ] && grep -qF "names 2 configurations of $loc: --config 'TEST::CollectiveMainloop' (line 19), --config 'TEST#2::CollectiveMainloop' (line 35); give one of them" "$tmp/la.err" && ok ||
  ko "local, ambiguous: rc $rc: $(head -c 400 "$tmp/la.err")"
"$tvlab" verify "$loc" >"$tmp/lv" 2>"$tmp/lv.err"; rc=$?
[ "$rc" = 0 ] && grep -qF "2 CollectiveBuilders (lines 19, 35) the text reader does not read: no check covers them (read each through the compiler: --config 'TEST::CollectiveMainloop' (line 19), --config 'TEST#2::CollectiveMainloop' (line 35);" "$tmp/lv.err" && ok ||
  ko "local, verify without --config: rc $rc: $(head -c 500 "$tmp/lv.err")"
# Example 48: a CollectiveBuilder<...>::CollectiveOp at file scope (cluster 4x2x1, StageCountAutoCarveout).
ex48="$cpp/upstream/48_hopper_warp_specialized_gemm.cu"
venv_inc="$(ls -d "$TVLAB_CUTLASS_VENV"/lib/python3*/site-packages/cutlass_library/source 2>/dev/null | head -1)"
common="${TVLAB_CUTLASS_DIR:-$venv_inc}/examples/common"
if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "note: no nvcc: example 48 (kernel launches, which a host compiler cannot take) not compiled"
elif [ ! -f "$common/helper.h" ]; then
  echo "note: no examples/common/helper.h beside CUTLASS: example 48 not compiled"
else
  # A cache of its own: the builder of sm90_builder_f16.hpp exports a spec of the same name into the shared one.
  cache48="$tmp/cache48/tvlab/compiled"
  XDG_CACHE_HOME="$tmp/cache48" "$tvlab" verify "$ex48" --config CollectiveMainloop -I "$common" --format json >"$tmp/e48" 2>"$tmp/e48.err"; rc=$?
  if [ "$rc" = 0 ] && grep -q "read through nvcc" "$tmp/e48.err"; then ok; else ko "example 48: rc $rc: $(head -c 600 "$tmp/e48.err")"; fi
  # tvlab's mainloop-only budget of a warp-specialized mainloop is TensorStorage + PipelineStorage (the kernel
  # places them apart), each as CUTLASS's compile laid it out (the spec's description records them).
  json="$(grep -l '"name": "CollectiveMainloop"' "$cache48"/*.json | head -1)"
  want="$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["description"]; print(d["mainloop_tensor_storage_bytes"] + d["mainloop_pipeline_storage_bytes"])' "$json" 2>/dev/null)"
  got="$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([c["data"]["bytes"] for c in d["specs"][0]["checks"] if c["code"]=="smem.budget"][0])' "$tmp/e48" 2>/dev/null)"
  if [ -n "$want" ] && [ "$want" = "$got" ]; then ok; else ko "example 48: smem.budget $got B, CUTLASS's sizeof(TensorStorage) + sizeof(PipelineStorage) $want B"; fi
  # nvcc ran beside g++ (a .cu: docs/spec.md, "Compiler path"): its export is byte for byte the recording of
  # nvcc's export made with the compiles one after the other (cli.upstream's 48_CollectiveMainloop.json).
  n48="$(grep -l '^nvcc$' "$cache48"/*.compiler 2>/dev/null | head -1)"
  if [ -n "$n48" ] && cmp -s "${n48%.compiler}.json" "$cpp/upstream/recorded/48_CollectiveMainloop.json" &&
     grep -q "(compiled in" "$tmp/e48.err"; then ok; else
    ko "example 48: nvcc's export (${n48:-none}) differs from tests/data/cpp/upstream/recorded/48_CollectiveMainloop.json"
  fi
fi
# nvcc's device pass runs in a process of its own (-ptx, beside the host pass): an error only the device front
# end sees (a static_assert under __CUDA_ARCH__ in a kernel main() launches) still refuses the file, at its line.
if command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then
  mkdir -p "$tmp/dev"
  cat >"$tmp/dev/device_only_error.cu" <<EOF2
#include "$cpp/cutlass_sm90_tf32_tma_gmma.hpp"
template <class T> __global__ void kernel(T) {
#if defined(__CUDA_ARCH__)
  static_assert(sizeof(T) == 0, "an error only the device pass sees");
#endif
}
int main() { kernel<<<1, 1>>>(1); }
EOF2
  before_dev="$(entries)"
  "$tvlab" plan --json "$tmp/dev/device_only_error.cu" --config sm90_tf32_tn_128x128x32::CollectiveMainloop --reader compiler >"$tmp/dev.out" 2>"$tmp/dev.err"; rc=$?
  if [ "$rc" = 2 ] && grep -q "nvcc: .*device_only_error.cu(4): error: static assertion failed with \"an error only the device pass sees\"" "$tmp/dev.err" &&
     [ ! -s "$tmp/dev.out" ] && [ "$(entries)" = "$before_dev" ]; then ok; else
    ko "an error only nvcc's device pass sees: rc $rc: $(head -c 600 "$tmp/dev.err")"
  fi
fi
# A .cu g++ reads: nvcc starts beside g++ and is stopped; the export is g++'s, byte for byte the one compiled
# with TVLAB_COMPILE_JOBS=1 (g++ alone, nvcc only after it fails, as before).
"$tvlab" plan --json "$loc" --config 'TEST#2::CollectiveMainloop' --reader compiler >"$tmp/j2" 2>"$tmp/j2.err"
XDG_CACHE_HOME="$tmp/cache_seq" TVLAB_COMPILE_JOBS=1 "$tvlab" plan --json "$loc" --config 'TEST#2::CollectiveMainloop' --reader compiler >"$tmp/j1" 2>"$tmp/j1.err"
e_par="$(grep -l '"name": "TEST#2::CollectiveMainloop"' "$cache"/*.json | head -1)"
e_seq="$(grep -l '"name": "TEST#2::CollectiveMainloop"' "$tmp/cache_seq/tvlab/compiled"/*.json 2>/dev/null | head -1)"
if [ -n "$e_par" ] && [ -n "$e_seq" ] && cmp -s "$e_par" "$e_seq" && cmp -s "$tmp/j1" "$tmp/j2" &&
   grep -q "read through \(g++\|c++\|clang\)" "$tmp/j1.err"; then ok; else
  ko "a .cu g++ reads: the export with nvcc beside g++ differs from g++ alone: $(head -c 300 "$tmp/j1.err")"
fi

# (d) Hostile input: exit 2, a clear message, nothing cached.
before="$(entries)"
expect2() {  # name, message pattern, command...
  local name="$1" want="$2"; shift 2
  "$@" >/dev/null 2>"$tmp/err"; local rc=$?
  if [ "$rc" = 2 ] && grep -q -- "$want" "$tmp/err"; then ok; else ko "$name: rc $rc: $(head -c 400 "$tmp/err")"; fi
}
printf '#include <cute/tensor.hpp>\nnamespace bad {\nusing X = cute::Layout<cute::Shape<cute::_4>>;\nint y = undefined_name;\n}\n' >"$tmp/bad.hpp"
expect2 "a file that does not compile" "bad.hpp:4:.*undefined_name" "$tvlab" verify "$tmp/bad.hpp" --config bad::X --reader compiler
expect2 "a NAME that is not a type" "\-\-config not_a_type_42, column" "$tvlab" verify "$cpp/cutlass_sm80_f16_tn.hpp" --config not_a_type_42 --reader compiler
expect2 "a NAME that is not a CollectiveMma" "is not a cutlass::gemm::collective::CollectiveMma" "$tvlab" verify "$cpp/cutlass_sm80_f16_tn.hpp" --config 'cute::Layout<cute::_4>' --reader compiler
expect2 "no compiler" "no C++ compiler found" env CXX=/nonexistent/c++ "$tvlab" verify "$cpp/cutlass_sm80_f16_tn.hpp" --config not_cached::CollectiveMainloop --reader compiler
expect2 "no compiler, auto" "the compiler path would read" env CXX=/nonexistent/c++ "$tvlab" verify "$up" --config 'DefaultGemmConfigurationToCutlass3Types<>::CollectiveMainloop'
{ cat "$cpp/generated_sm90.hpp"; echo "// not cached"; } >"$tmp/slow.hpp"
expect2 "a timeout" "did not finish within" env TVLAB_COMPILE_TIMEOUT=0.3 "$tvlab" verify "$tmp/slow.hpp" --config gen90_03::CollectiveMainloop --reader compiler
expect2 "--bind with the compiler" "--bind is read by the text reader" "$tvlab" verify "$cpp/cutlass_sm80_f16_tn.hpp" --config sm80_f16_tn::CollectiveMainloop --reader compiler --bind A.alignment=8
expect2 "--reader compiler on JSON" "is not C++" "$tvlab" verify "$root/tests/data/specs/cutlass_sm80_f16_tn_128x128x32.json" --reader compiler
expect2 "--reader compiler without --config on a file without configurations" "name the type with --config NAME" "$tvlab" verify "$tmp/bad.hpp" --reader compiler
# Local aliases: in a function template (its parameters unbound), left out by #if for this compiler, after a
# line that does not compile (the error at the file's line), in a body that never closes.
inc="#include \"$cpp/builders/sm90_builder_f16.hpp\""
printf '%s\ntemplate <class T> void run() {\n  using M = written_out::Mainloop;\n}\n' "$inc" >"$tmp/l_tmpl.cpp"
expect2 "local: a function template" "is declared in the function template run, whose template parameters nothing binds" "$tvlab" verify "$tmp/l_tmpl.cpp" --config M --reader compiler
printf '%s\nvoid run() {\n#if defined(TVLAB_NEVER_DEFINED)\n  using M = written_out::Mainloop;\n#endif\n}\n' "$inc" >"$tmp/l_if.cpp"
expect2 "local: left out by #if" "run::M (line 4): the compiler did not compile its declaration (a preprocessor conditional" "$tvlab" verify "$tmp/l_if.cpp" --config run::M
printf '%s\nint main() {\n  using Broken = not_a_type_42;\n  using M = written_out::Mainloop;\n}\n' "$inc" >"$tmp/l_err.cpp"
expect2 "local: an error before the alias" "l_err.cpp:3:[0-9]*: error: .not_a_type_42" "$tvlab" verify "$tmp/l_err.cpp" --config M
printf '%s\nvoid run() {\n  using M = written_out::Mainloop;\n  if (true) {\n}\n' "$inc" >"$tmp/l_open.cpp"
expect2 "local: a body never closed" "line 2, column 12: unbalanced '{': never closed" "$tvlab" verify "$tmp/l_open.cpp" --config run::M
expect2 "--reader bad" "reader" "$tvlab" verify "$cpp/cutlass_sm80_f16_tn.hpp" --reader bogus
[ "$(entries)" = "$before" ] && ok || ko "hostile runs left cache entries ($before before, $(entries) after)"
[ -z "$(find "$cache" -name '*.tmp.*')" ] && ok || ko "temporary files left in the cache"

# (e) CuTe's tutorial host functions (tests/data/cpp/cute_tutorial/, CUTLASS v4.2.0 unmodified; docs/spec.md,
# "Tutorial functions through the compiler"): --reader compiler --config FUNCTION compiles a copy of the file
# whose kernel launch is a hook over decltype of its arguments, by the roles the text reader gives them. nvcc
# reads them (kernels, <<<...>>>): ~20 s each on 2 cores, so each row's export is recorded under
# tests/data/cpp/upstream/recorded/ and compared on every run (its plan --json byte for byte, its verify
# report line for line and exit code, with the text reader's); TVLAB_UPSTREAM_LIVE=1 compiles them live and
# requires the recording byte for byte and the same plan and report (TVLAB_UPSTREAM_LIVE=record rewrites it).
tut="$cpp/cute_tutorial"
rec="$cpp/upstream/recorded"
live="${TVLAB_UPSTREAM_LIVE:-0}"
have_nvcc=0; { command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; } && have_nvcc=1
[ "$live" != 0 ] && export TVLAB_COMPILE_TIMEOUT="${TVLAB_COMPILE_TIMEOUT:-900}"
while IFS='|' read -r file config recording; do
  [ -z "$file" ] && continue
  f="$tut/$file"
  "$tvlab" plan --json "$f" --config "$config" --reader text >"$tmp/tp" 2>/dev/null; rc_tp=$?
  "$tvlab" verify "$f" --config "$config" --reader text >"$tmp/tv" 2>/dev/null; rc_tv=$?
  "$tvlab" plan --json "$rec/$recording" >"$tmp/rp" 2>"$tmp/rp.err"; rc_rp=$?
  "$tvlab" verify "$rec/$recording" >"$tmp/rv" 2>/dev/null; rc_rv=$?
  if [ "$rc_tp" = 0 ] && [ "$rc_rp" = 0 ] && cmp -s "$tmp/tp" "$tmp/rp"; then ok; else
    ko "tutorial $file --config $config: the recorded export's plan (rc $rc_rp) differs from the text reader's (rc $rc_tp): $(head -c 300 "$tmp/rp.err")"
    diff "$tmp/tp" "$tmp/rp" | head -6
  fi
  if [ "$rc_tv" = "$rc_rv" ] && cmp -s <(tail -n +2 "$tmp/tv") <(tail -n +2 "$tmp/rv"); then ok; else
    ko "tutorial $file --config $config: the recorded export's verify (rc $rc_rv) differs from the text reader's (rc $rc_tv)"
    diff <(tail -n +2 "$tmp/tv") <(tail -n +2 "$tmp/rv") | head -6
  fi
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["description"]["exported_by"].startswith("tvlab/export.hpp"), d["description"]; assert d["name"] == sys.argv[2], d["name"]; assert "launch (line" in d["description"]["kernel"], d["description"]' "$rec/$recording" "$config" && ok ||
    ko "tutorial $recording: not an export of tvlab/export.hpp's export_tutorial_gemm named $config"
  if [ "$live" != 0 ]; then
    if [ "$have_nvcc" = 0 ]; then ko "TVLAB_UPSTREAM_LIVE=$live but no nvcc"; continue; fi
    # A cache of the row's own: its one entry is this row's export (rows share function names).
    rc_dir="$tmp/tut_cache_${recording%.json}"
    s=$(date +%s%N)
    XDG_CACHE_HOME="$rc_dir" "$tvlab" plan --json "$f" --config "$config" --reader compiler >"$tmp/cp" 2>"$tmp/cp.err"; rc_cp=$?
    ms=$(( ($(date +%s%N) - s) / 1000000 ))
    XDG_CACHE_HOME="$rc_dir" "$tvlab" verify "$f" --config "$config" --reader compiler >"$tmp/cv" 2>/dev/null; rc_cv=$?
    grep -qF "tvlab: $config read through nvcc" "$tmp/cp.err" && ok || ko "tutorial $file --config $config: not read through nvcc: $(head -c 600 "$tmp/cp.err")"
    [ "$rc_cp" = 0 ] && cmp -s "$tmp/cp" "$tmp/tp" && ok || ko "tutorial $file --config $config (live): plan (rc $rc_cp) differs from the text reader's"
    [ "$rc_cv" = "$rc_tv" ] && cmp -s "$tmp/cv" "$tmp/tv" && ok || ko "tutorial $file --config $config (live): verify (rc $rc_cv) differs from the text reader's"
    entry="$(ls "$rc_dir"/tvlab/compiled/*.json 2>/dev/null | head -1)"
    if [ "$live" = record ] && [ -n "$entry" ]; then cp "$entry" "$rec/$recording"; fi
    if [ -n "$entry" ] && cmp -s "$entry" "$rec/$recording"; then ok; else
      ko "tutorial $file --config $config: nvcc's export differs from the recording $recording"; diff "$entry" "$rec/$recording" | head -6
    fi
    echo "row: cute_tutorial/$file --config $config: $(tail -1 "$tmp/cv") (live: nvcc, ${ms} ms)"
  fi
done <<'ROWS'
sgemm_sm70.cu|gemm_nt|tutorial_sgemm_sm70_gemm_nt.json
sgemm_sm70.cu|gemm_tn|tutorial_sgemm_sm70_gemm_tn.json
sgemm_sm80.cu|gemm_tn<cute::half_t>|tutorial_sgemm_sm80_gemm_tn_half_t.json
wgmma_sm90.cu|gemm_nt|tutorial_wgmma_sm90_gemm_nt.json
wgmma_sm90.cu|gemm_tn|tutorial_wgmma_sm90_gemm_tn.json
wgmma_tma_sm90.cu|gemm_nt|tutorial_wgmma_tma_sm90_gemm_nt.json
wgmma_tma_sm90.cu|gemm_tn|tutorial_wgmma_tma_sm90_gemm_tn.json
ROWS
# The control: a recording with another swizzle is told apart from the text reader's plan.
sed 's/Sw<3,4,3>/Sw<2,4,3>/g' "$rec/tutorial_wgmma_sm90_gemm_tn.json" >"$tmp/mut.json"
"$tvlab" plan --json "$tmp/mut.json" >"$tmp/mp" 2>/dev/null
"$tvlab" plan --json "$tut/wgmma_sm90.cu" --config gemm_tn --reader text >"$tmp/tp" 2>/dev/null
[ -s "$tmp/tp" ] && ! cmp -s "$tmp/mp" "$tmp/tp" && ok || ko "tutorial control: a mutated swizzle was not seen"
# Hostile, no compile: what the text reader's reading of the launch refuses is exit 2 before any compile,
# nothing cached.
before="$(entries)"
expect2 "tutorial: a copy-only launch (run-time extents)" "copy_kernel_vectorized (a copy-only launch): its tensors' extents (make_layout(make_shape(m, n))) are run-time ints" "$tvlab" verify "$tut/tiled_copy.cu" --config main --reader compiler
expect2 "tutorial: a function that launches nothing" "gemm_nt: launches no kernel" "$tvlab" verify "$tut/sgemm_sm80.cu" --config 'gemm_nt<cute::half_t>' --reader compiler
expect2 "tutorial: --bind" "--bind is read by the text reader" "$tvlab" verify "$tut/sgemm_sm80.cu" --config 'gemm_tn<cute::half_t>' --reader compiler --bind A.alignment=8
expect2 "tutorial: overloaded" "gemm_tn is overloaded (2 functions)" "$tvlab" verify "$tut/sgemm_sm80.cu" --config gemm_tn --reader compiler
# Called with two different element types (main calls gemm with float and double): the text reader's
# callers disagree, and --config FUNCTION alone is refused naming the flag that chooses one.
sed 's/^  gemm(transA, transB, m, n, k,/  if (0) gemm(transA, transB, m, n, k, 1.0, (double const*)0, 0, (double const*)0, 0, 0.0, (double*)0, 0);\n&/' "$tut/sgemm_sm70.cu" >"$tmp/twice.cu"
cmp -s "$tmp/twice.cu" "$tut/sgemm_sm70.cu" && ko "tutorial twice: the sed changed nothing" || ok
expect2 "tutorial: called with two different types" "template parameters of gemm_nt that no call in the file gives a concrete type" "$tvlab" verify "$tmp/twice.cu" --config gemm_nt --reader compiler
[ "$(entries)" = "$before" ] && ok || ko "tutorial hostile runs left cache entries"
# Hostile, compiled (nvcc, ~25 s): an overload that nothing in the file instantiates (sgemm_sm80's main calls
# gemm with half_t only): the program counts the hook's instantiations and exits; exit 2 naming the function.
if [ "$have_nvcc" = 1 ]; then
  expect2 "tutorial: uninstantiated" "the compiler instantiated gemm_tn (line 509) 0 time(s), none with the element types float,float the text reader binds" "$tvlab" verify "$tut/sgemm_sm80.cu" --config 'gemm_tn<float, float, float>' --reader compiler
  [ "$(entries)" = "$before" ] && ok || ko "tutorial: the uninstantiated compile left a cache entry"
else
  echo "note: no nvcc: the tutorial functions' uninstantiated case not compiled"
fi

echo "cli.compiled_config: $passes passed, $fails failed"
[ "$fails" = 0 ]
