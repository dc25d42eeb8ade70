#!/usr/bin/env bash
# cli.upstream (issue 34, first Done-when item): CUTLASS 4.2.0's own files, unmodified, read and verified with at
# most --config NAME and an include path, over the fixed list below (docs/spec.md, "Upstream files"):
#   * read DIRECTLY from the nvidia-cutlass 4.2.0 package (cutlass_library/source/{include,examples}); the
#     package ships examples/ but not test/: CUTLASS's test/unit files are the byte-identical copies under
#     tests/data/cpp/upstream/ (origin in its README.md). Every file's sha256 is checked against the one recorded
#     here, so "unmodified" is a check, not a claim;
#   * each row's verify summary line is a literal; "compared against CuTe's own prints": the text-reader rows
#     (CuTe's tutorials) give, through plan --json, what CuTe printed for the same functions
#     (tests/data/cute/oracle_tutorial.txt, tests/cute_oracle/tutorial_oracle.py); the compiler rows are CuTe's
#     own types exported by tvlab/export.hpp, and where a file is also read by the text reader (the
#     DefaultGemmConfigurationToCutlass3Types specialisations and their transcriptions in tests/data/cpp) both
#     give the same plan --json;
#   * the nvcc rows (examples 48, 49; tens of seconds each on 2 cores) compare with their plan --json recorded
#     under tests/data/cpp/upstream/recorded/ on every run; TVLAB_UPSTREAM_LIVE=1 compiles them live (and
#     TVLAB_UPSTREAM_LIVE=record rewrites the recording);
#   * what is not CuTe (example 14: CUTLASS 2.x) is refused with exit 2 and a message naming what it found.
# Skipped (77) without the package, a C++ compiler or CUDA's headers; TVLAB_CUTE_ORACLE_REQUIRED=1 turns the skip
# into a failure.
set -u
tvlab="$(realpath "$1")"
export TVLAB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
up="$root/tests/data/cpp/upstream"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fails=0; passes=0
ok() { passes=$((passes+1)); }
ko() { echo "FAIL $*"; fails=$((fails+1)); }
skip() {
  echo "SKIP cli.upstream: $1"
  [ "${TVLAB_CUTE_ORACLE_REQUIRED:-0}" = 1 ] && exit 1
  exit 77
}
export TVLAB_CUTLASS_VENV="${TVLAB_CUTLASS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/tvlab/cutlass-venv}"
src="$(ls -d "$TVLAB_CUTLASS_VENV"/lib/python3*/site-packages/cutlass_library/source 2>/dev/null | head -1)"
[ -n "$src" ] && [ -d "$src/examples/cute/tutorial" ] ||
  skip "no nvidia-cutlass package in $TVLAB_CUTLASS_VENV (bash tests/cute_oracle/cutlass_include.sh installs it)"
ex="$src/examples"
# The compiled cache of this test alone: each configuration compiled once per run.
export XDG_CACHE_HOME="$tmp/cache"

# --- Unmodified: the package's files and the stored copies, by sha256 (CUTLASS v4.2.0, commit 59b61c60).
while read -r sum file; do
  [ -z "$sum" ] && continue
  case "$file" in tests/*) path="$root/$file" ;; *) path="$src/$file" ;; esac
  if [ ! -f "$path" ]; then ko "unmodified: $file: missing"; continue; fi
  got="$(sha256sum "$path" | cut -d' ' -f1)"
  [ "$got" = "$sum" ] && ok || ko "unmodified: $file: sha256 $got, CUTLASS 4.2.0's is $sum"
done <<'EOF'
ded74aed6ea107996c8f8a0cd4b72745473bbf82a54a887e7dea717efcefa6f6 examples/cute/tutorial/sgemm_sm70.cu
20e04054eb617a6c57f627f450629871674fb49389e4c3c3413d54e601dcba6f examples/cute/tutorial/sgemm_sm80.cu
1505c38d309471118270055ae22507aacf4d2eb89c258d7f6ca89fc46e32f8a7 examples/cute/tutorial/hopper/wgmma_sm90.cu
12e9fba790a4af6d8a1cf1c5701381e969c90cbbaf04041f315b24347ea4f793 examples/cute/tutorial/hopper/wgmma_tma_sm90.cu
7934c5cd2879ebbdb82b0bb3196b65647466538594f2d8d10810df9e623b5c5c examples/cute/tutorial/tiled_copy.cu
9b06ccaf7cee104bed776eb179c0641800e99b99505440152e938de90dfb97e3 examples/48_hopper_warp_specialized_gemm/48_hopper_warp_specialized_gemm.cu
8906ff981de041d20d63a184a43a7792c311f021fd20f5c783b8cbb260d78a2a examples/49_hopper_gemm_with_collective_builder/49_collective_builder.cu
162066709471b269335b38ce1e78e4cda08268a4882eb2487e4e11adc3c62fbf examples/50_hopper_gemm_with_epilogue_swizzle/50_hopper_gemm_with_epilogue_swizzle.cu
c85c89783d29f82905e2f3c110ad870d5351439ef207b12f2b7becc6bc05cf96 examples/14_ampere_tf32_tensorop_gemm/ampere_tf32_tensorop_gemm.cu
0f88bbd3ba35788de4bd0ee9e375f9c896b683b67929083048ee83ecbe05d4fe examples/common/helper.h
c581855cd2a05d00b77c94322552860aede99ea0b8a3e7f20d9a5400c05ae2e0 tests/data/cpp/upstream/default_gemm_configuration.hpp
7934c5cd2879ebbdb82b0bb3196b65647466538594f2d8d10810df9e623b5c5c tests/data/cpp/cute_tutorial/tiled_copy.cu
9b06ccaf7cee104bed776eb179c0641800e99b99505440152e938de90dfb97e3 tests/data/cpp/upstream/48_hopper_warp_specialized_gemm.cu
8906ff981de041d20d63a184a43a7792c311f021fd20f5c783b8cbb260d78a2a tests/data/cpp/upstream/49_collective_builder.cu
d6ae44cf5361b4b6c38d8e5db35d7ef08105d957aab8ed9861e9fa26bbf8a8c1 tests/data/cpp/upstream/sm90_gemm_f32_f32_f32_tensor_op_f32.cu
EOF

# --- The text reader: CuTe's tutorials from the package, --config FUNCTION alone (and the TMA tutorial's
# --bind problem: the one exception to "--config and an include path", below). Row: file | --config | extra
# flags | the verify summary line.
while IFS='|' read -r file config extra summary; do
  [ -z "$file" ] && continue
  n="$(basename "$file" .cu)_$(printf '%s' "$config" | tr -c 'A-Za-z0-9_' '_')"
  read -r -a flags <<<"$extra"
  s=$(date +%s%N)
  "$tvlab" verify "$ex/$file" --config "$config" "${flags[@]}" >"$tmp/$n.out" 2>"$tmp/$n.err"; rc=$?
  ms=$(( ($(date +%s%N) - s) / 1000000 ))
  last="$(tail -1 "$tmp/$n.out")"
  if [ "$rc" = 0 ] && [ "$last" = "$summary" ]; then ok; else
    ko "$file --config $config $extra: rc $rc, '$last', want '$summary': $(head -c 400 "$tmp/$n.err")"
  fi
  [ ! -s "$tmp/$n.err" ] && ok || ko "$file --config $config: stderr: $(head -c 300 "$tmp/$n.err")"
  echo "row: $file --config $config $extra: $last (${ms} ms)"
done <<'EOF2'
cute/tutorial/sgemm_sm70.cu|gemm_nt||18 proved, 0 refuted, 0 unknown: passed
cute/tutorial/sgemm_sm70.cu|gemm_tn||16 proved, 2 refuted (2 warnings), 0 unknown: passed
cute/tutorial/sgemm_sm80.cu|gemm_tn<cute::half_t>||33 proved, 0 refuted, 0 unknown: passed
cute/tutorial/sgemm_sm80.cu|gemm_nt<float, float, float>||33 proved, 0 refuted, 0 unknown: passed
cute/tutorial/sgemm_sm80.cu|gemm_tn<float, float, float>||31 proved, 0 refuted, 2 unknown: passed
cute/tutorial/hopper/wgmma_sm90.cu|gemm_nt||23 proved, 0 refuted, 0 unknown: passed
cute/tutorial/hopper/wgmma_sm90.cu|gemm_tn||23 proved, 0 refuted, 0 unknown: passed
cute/tutorial/hopper/wgmma_tma_sm90.cu|gemm_nt||27 proved, 0 refuted, 2 unknown: passed
cute/tutorial/hopper/wgmma_tma_sm90.cu|gemm_tn||27 proved, 0 refuted, 2 unknown: passed
cute/tutorial/hopper/wgmma_tma_sm90.cu|gemm_nt|--bind problem=make_shape(512,256,1024)|29 proved, 0 refuted, 0 unknown: passed
cute/tutorial/hopper/wgmma_tma_sm90.cu|gemm_tn|--bind problem=make_shape(512,256,1024)|29 proved, 0 refuted, 0 unknown: passed
EOF2

# The same functions' plans against CuTe's prints of them (tests/data/cute/oracle_tutorial.txt, what
# tests/cute_oracle/tutorial_oracle.py compiled from the same text): every key of every case, the package's files
# read (linked under the names the recording uses).
mkdir -p "$tmp/tut"
for f in sgemm_sm70.cu sgemm_sm80.cu hopper/wgmma_sm90.cu hopper/wgmma_tma_sm90.cu; do
  ln -s "$ex/cute/tutorial/$f" "$tmp/tut/$(basename "$f")"
done
python3 - "$tvlab" "$tmp/tut" "$tmp/oracle" >"$tmp/oracle.out" 2>&1 <<'PY'; rc=$?
import os, sys
sys.path.insert(0, os.path.join(os.environ["TVLAB_ROOT"], "tests", "cute_oracle"))
import oracle, tutorial_oracle as t
tvlab, t.TUT, out = sys.argv[1:4]
os.makedirs(out, exist_ok=True)
tv = oracle.Tvlab(tvlab, out)
_, cute = t.read_recording()
failures, compared = [], 0
for case in t.CASES:
    kv = cute.get("%s %s" % case[:2])
    if kv is None:
        failures.append("%s %s: not in the recording" % case[:2]); continue
    got = t.tvlab_side(tv, case)
    mism, keys, missing = oracle.compare(kv, got, {})
    compared += len(keys)
    failures += ["%s %s %s: CuTe %s, tvlab %s" % (case[0], case[1], k, c, v) for k, c, v in mism]
    failures += ["%s %s %s: not compared (%s)" % (case[0], case[1], k, w) for k, w in missing.items()]
    if len(keys) < 10:
        failures.append("%s %s: only %d keys compared" % (case[0], case[1], len(keys)))
for f in failures: print(f)
print("%d cases, %d keys compared with CuTe's prints, %d failures" % (len(t.CASES), compared, len(failures)))
sys.exit(1 if failures else 0)
PY
if [ "$rc" = 0 ]; then ok; else ko "tutorials against CuTe's prints:"; fi
cat "$tmp/oracle.out"

# tiled_copy.cu: a copy-only kernel (copy_kernel_vectorized(TensorS, TensorD, TiledCopy), no pointer), read with
# --config main into a copy kernel (copies.tiled_copy with src, dst and block); compared with CuTe's prints of the
# same text and its host run by ctest cute.oracle.tiled_copy (tests/data/cute/oracle_tiled_copy.txt, 518 keys):
# here the verify lines and plan --json's copy must be those of its JSON twin tests/data/specs/cute_tutorial_tiled_copy.json
# (written from the file by hand), and without --config the file names the flag.
tc="$ex/cute/tutorial/tiled_copy.cu"
twin="$root/tests/data/specs/cute_tutorial_tiled_copy.json"
"$tvlab" verify "$tc" >/dev/null 2>"$tmp/tc.err"; rc=$?
[ "$rc" = 2 ] && grep -qF "found instead: the function main (line 123) passes a TiledCopy and its tensors to its copy_kernel_vectorized launch, a copy-only kernel: read it with --config main" "$tmp/tc.err" && ok ||
  ko "tiled_copy.cu: rc $rc: $(head -c 500 "$tmp/tc.err")"
"$tvlab" verify "$tc" --config main >"$tmp/tc.out" 2>"$tmp/tc2.err"; rc=$?
want="4 proved, 0 refuted, 0 unknown: passed"
[ "$rc" = 0 ] && [ "$(tail -1 "$tmp/tc.out")" = "$want" ] && ok ||
  ko "tiled_copy.cu --config main: rc $rc: $(tail -1 "$tmp/tc.out") $(head -c 500 "$tmp/tc2.err")"
"$tvlab" verify "$twin" >"$tmp/tc_twin.out"
diff <(tail -n +2 "$tmp/tc.out") <(tail -n +2 "$tmp/tc_twin.out") >/dev/null && ok ||
  ko "tiled_copy.cu --config main: verify differs from its JSON twin: $(diff <(tail -n +2 "$tmp/tc.out") <(tail -n +2 "$tmp/tc_twin.out") | head -5)"
"$tvlab" plan "$tc" --config main --json | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["copies"]))' >"$tmp/tc_plan.json"
"$tvlab" plan "$twin" --json | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["copies"]))' >"$tmp/tc_twin_plan.json"
cmp -s "$tmp/tc_plan.json" "$tmp/tc_twin_plan.json" && ok || ko "tiled_copy.cu --config main: plan --json copies differ from its JSON twin"
# Against CuTe's prints of the same file (the TiledCopy, the tiled tensors, every thread's partition_S/D; the
# recording of tests/cute_oracle/tiled_copy_oracle.py, whose live run is ctest cute.oracle.tiled_copy).
python3 "$root/tests/cute_oracle/tiled_copy_oracle.py" recorded --tvlab "$tvlab" --out "$tmp/tco" --source "$src" \
  >"$tmp/tco.out" 2>&1 && ok || ko "tiled_copy.cu against CuTe's prints: $(tail -5 "$tmp/tco.out")"
cat "$tmp/tco.out"
echo "row: cute/tutorial/tiled_copy.cu --config main: exit $rc: $(tail -1 "$tmp/tc.out")"

# --- Not CuTe: example 14 is a CUTLASS 2.x device GEMM (cutlass::gemm::device::Gemm<...>, threadblock and warp
# iterators): no CuTe configuration, said with what was found, exit 2.
e14="$ex/14_ampere_tf32_tensorop_gemm/ampere_tf32_tensorop_gemm.cu"
"$tvlab" verify "$e14" >/dev/null 2>"$tmp/e14.err"; rc=$?
if [ "$rc" = 2 ] && grep -qF "found instead: a CUTLASS 2.x device GEMM cutlass::gemm::device::Gemm<...> (line 212)" "$tmp/e14.err" &&
   grep -qF "the file names no CuTe type: it holds no CuTe configuration" "$tmp/e14.err"; then ok; else
  ko "example 14: rc $rc: $(head -c 600 "$tmp/e14.err")"
fi
echo "row: 14_ampere_tf32_tensorop_gemm/ampere_tf32_tensorop_gemm.cu: exit $rc, $(grep -o 'a CUTLASS 2.x device GEMM[^(]*(line [0-9]*)' "$tmp/e14.err")"

# --- The nvcc rows: CUTLASS's examples 48 and 49 launch kernels (a host compiler cannot parse <<<...>>>, which
# CUTLASS's own kernel_launch.h writes), so nvcc compiles them: tens of seconds each on 2 cores. What nvcc's
# export wrote (CuTe's types as tvlab/export.hpp prints them) is recorded under tests/data/cpp/upstream/recorded/
# and verified on every run; TVLAB_UPSTREAM_LIVE=1 compiles them live and requires the recording byte for byte
# (TVLAB_UPSTREAM_LIVE=record rewrites it). Row: file (under examples/) | --config | recording | summary line.
rec="$up/recorded"
live="${TVLAB_UPSTREAM_LIVE:-0}"
# nvcc's front ends on a CUTLASS example take minutes on a loaded 2-core machine: more than the 120 s default.
[ "$live" != 0 ] && export TVLAB_COMPILE_TIMEOUT="${TVLAB_COMPILE_TIMEOUT:-900}"
have_nvcc=0; { command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; } && have_nvcc=1
# Rows: file (under examples/, or tests/... in this repository) | --config | the exported name | extra flags |
# recording | summary line. CUTLASS's sm90 unit test includes its test harness ("../../common/cutlass_unit_test.h",
# "gemm_testbed_3x.hpp"), which the package does not ship: -I gives the stand-ins under tests/data/cpp/upstream/
# harness (GoogleTest and one declaration; the compiler path compiles none of the harness's code: every TEST()
# body but the alias's is left out, and that one ends at the alias).
harness="-I $up/harness/unit/gemm/device"
while IFS='|' read -r file config name extra recording summary; do
  [ -z "$file" ] && continue
  case "$file" in tests/*) path="$root/$file" ;; *) path="$ex/$file" ;; esac
  extra_="${extra//@harness@/$harness}"
  read -r -a flags <<<"${extra_//examples\/common/$ex/common}"
  if [ "$live" != 0 ]; then
    if [ "$have_nvcc" = 0 ]; then ko "TVLAB_UPSTREAM_LIVE=$live but no nvcc"; continue; fi
    s=$(date +%s%N)
    "$tvlab" verify "$path" --config "$config" "${flags[@]}" --reader compiler >"$tmp/live.out" 2>"$tmp/live.err"; rc=$?
    ms=$(( ($(date +%s%N) - s) / 1000000 ))
    grep -q "read through nvcc" "$tmp/live.err" && ok || ko "$file --config $config: not read through nvcc: $(head -c 600 "$tmp/live.err")"
    entry="$(grep -l "\"name\": \"$(printf '%s' "$name" | sed 's/[][\.*^$]/\\&/g')\"" "$XDG_CACHE_HOME"/tvlab/compiled/*.json 2>/dev/null | head -1)"
    if [ "$live" = record ] && [ -n "$entry" ]; then mkdir -p "$rec"; cp "$entry" "$rec/$recording"; fi
    if [ -n "$entry" ] && cmp -s "$entry" "$rec/$recording"; then ok; else
      ko "$file --config $config: nvcc's export differs from the recording $recording"; diff "$entry" "$rec/$recording" | head -6
    fi
    last="$(tail -1 "$tmp/live.out")"
    [ "$rc" = 0 ] && [ "$last" = "$summary" ] && ok || ko "$file --config $config (live): rc $rc '$last', want '$summary'"
    echo "row: $file --config $config $extra: $last (live: nvcc, ${ms} ms)"
  fi
  # Every run: the recording is a spec of CuTe's own types; it verifies as the live compile did.
  "$tvlab" verify "$rec/$recording" >"$tmp/rec.out" 2>"$tmp/rec.err"; rc=$?
  last="$(tail -1 "$tmp/rec.out")"
  [ "$rc" = 0 ] && [ "$last" = "$summary" ] && ok || ko "$recording: rc $rc '$last', want '$summary': $(head -c 300 "$tmp/rec.err")"
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["description"]["exported_by"].startswith("tvlab/export.hpp"), d["description"]; assert d["name"] == sys.argv[2], d["name"]' "$rec/$recording" "$name" && ok ||
    ko "$recording: not an export of tvlab/export.hpp named $name"
  # smem.budget is CUTLASS's own sizeof(TensorStorage) + sizeof(PipelineStorage), as nvcc laid them out.
  "$tvlab" verify "$rec/$recording" --format json >"$tmp/rec.json" 2>/dev/null
  want="$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["description"]; print(d["mainloop_tensor_storage_bytes"] + d["mainloop_pipeline_storage_bytes"])' "$rec/$recording" 2>/dev/null)"
  got="$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print([c["data"]["bytes"] for c in d["specs"][0]["checks"] if c["code"]=="smem.budget"][0])' "$tmp/rec.json" 2>/dev/null)"
  [ -n "$want" ] && [ "$want" = "$got" ] && ok || ko "$recording: smem.budget $got B, CUTLASS's sizeof(TensorStorage) + sizeof(PipelineStorage) $want B"
  [ "$live" = 0 ] && echo "row: $file --config $config $extra: $last (the recording of nvcc's export; TVLAB_UPSTREAM_LIVE=1 compiles it)"
done <<'EOF2'
48_hopper_warp_specialized_gemm/48_hopper_warp_specialized_gemm.cu|CollectiveMainloop|CollectiveMainloop|-I examples/common|48_CollectiveMainloop.json|31 proved, 0 refuted, 0 unknown: passed
49_hopper_gemm_with_collective_builder/49_collective_builder.cu|ExampleRunner<>::CollectiveMainloop|ExampleRunner<>::CollectiveMainloop|-I examples/common|49_ExampleRunner_auto.json|31 proved, 0 refuted, 0 unknown: passed
50_hopper_gemm_with_epilogue_swizzle/50_hopper_gemm_with_epilogue_swizzle.cu|CollectiveMainloop|main::CollectiveMainloop|-I examples/common|50_main_CollectiveMainloop.json|31 proved, 0 refuted, 0 unknown: passed
tests/data/cpp/upstream/sm90_gemm_f32_f32_f32_tensor_op_f32.cu|TEST#1::CollectiveMainloop|TEST::CollectiveMainloop|@harness@|sm90_f32_TEST1_CollectiveMainloop.json|31 proved, 0 refuted, 0 unknown: passed
tests/data/cpp/upstream/sm90_gemm_f32_f32_f32_tensor_op_f32.cu|TEST#2::CollectiveMainloop|TEST#2::CollectiveMainloop|@harness@|sm90_f32_TEST2_CollectiveMainloop.json|40 proved, 0 refuted, 0 unknown: passed
tests/data/cpp/upstream/sm90_gemm_f32_f32_f32_tensor_op_f32.cu|TEST#3::CollectiveMainloop|TEST#3::CollectiveMainloop|@harness@|sm90_f32_TEST3_CollectiveMainloop.json|40 proved, 0 refuted, 0 unknown: passed
EOF2

# The sm90 unit test's TEST#2 and TEST#3: their builders pick MainloopSm90TmaGmmaRmemAWarpSpecialized (tf32, A
# K-major and B MN-major: SwapAB, the GMMA reads B from registers). nvcc's export of each (the recordings above)
# equals, in plan --json but its name and in every verify line, the text reader's transcription of the builder's
# CollectiveMma in tests/data/cpp/cutlass_sm90_tf32_rs_gmma.hpp: two readers, one plan.
drop_name='import json,sys; d=json.load(open(sys.argv[1])); d.pop("name"); print(json.dumps(d, sort_keys=True))'
for row in "2 sm90_tf32_rs_tt_64x128x32" "3 sm90_tf32_rs_tt_128x128x32"; do
  read -r t ns <<<"$row"
  "$tvlab" plan --json "$rec/sm90_f32_TEST${t}_CollectiveMainloop.json" >"$tmp/rs$t.pc" 2>/dev/null
  "$tvlab" plan --json "$root/tests/data/cpp/cutlass_sm90_tf32_rs_gmma.hpp" --config "$ns::CollectiveMainloop" --reader text >"$tmp/rs$t.pt" 2>/dev/null
  if [ -s "$tmp/rs$t.pc" ] && [ "$(python3 -c "$drop_name" "$tmp/rs$t.pc")" = "$(python3 -c "$drop_name" "$tmp/rs$t.pt" 2>/dev/null)" ]; then ok; else
    ko "sm90 TEST#$t: the recording's plan differs from the transcription $ns"; diff "$tmp/rs$t.pc" "$tmp/rs$t.pt" | head -6
  fi
  "$tvlab" verify "$rec/sm90_f32_TEST${t}_CollectiveMainloop.json" >"$tmp/rs$t.vc" 2>/dev/null
  "$tvlab" verify "$root/tests/data/cpp/cutlass_sm90_tf32_rs_gmma.hpp" --config "$ns::CollectiveMainloop" --reader text >"$tmp/rs$t.vt" 2>/dev/null
  cmp -s <(tail -n +2 "$tmp/rs$t.vc") <(tail -n +2 "$tmp/rs$t.vt") && ok ||
    { ko "sm90 TEST#$t: verify differs from the transcription $ns"; diff <(tail -n +2 "$tmp/rs$t.vc") <(tail -n +2 "$tmp/rs$t.vt") | head -6; }
done

# --- The compiler path needs a C++ compiler and CUDA's headers.
probe="$("$tvlab" plan "$up/default_gemm_configuration.hpp" --reader compiler --config 'DefaultGemmConfigurationToCutlass3Types<arch::OpClassTensorOp, arch::Sm80, half_t, layout::RowMajor, half_t, layout::ColumnMajor, float, layout::ColumnMajor, float>::CollectiveMainloop' 2>&1 >/dev/null)"
case "$probe" in
  *"no C++ compiler"*|*"no CuTe headers"*|*"no CUDA headers"*)
    echo "note: the compiler rows skipped: ${probe#error: }"
    echo "cli.upstream: $passes passed, $fails failed (compiler rows skipped)"
    [ "$fails" = 0 ] || exit 1
    skip "${probe#error: }" ;;
esac

# default_gemm_configuration.hpp (CUTLASS's test/unit/gemm/device, unmodified): its SM80 tensor-op
# specialisations through g++ with --config NAME alone; each equals, in plan --json (but its name) and in every
# verify line, the text reader's transcription of the same CollectiveMma in tests/data/cpp. Row: A layout, B
# layout, element, accumulator, the transcription's file and name, the verify summary line.
while read -r a_layout b_layout elem acc text_file text_config summary; do
  [ -z "$a_layout" ] && continue
  name="DefaultGemmConfigurationToCutlass3Types<arch::OpClassTensorOp, arch::Sm80, $elem, layout::$a_layout, $elem, layout::$b_layout, $acc, layout::ColumnMajor, $acc>::CollectiveMainloop"
  n="dgc_${elem}_${a_layout}_${b_layout}"
  s=$(date +%s%N)
  "$tvlab" plan --json "$up/default_gemm_configuration.hpp" --config "$name" >"$tmp/$n.pc" 2>"$tmp/$n.pc.err"; rc_c=$?
  ms=$(( ($(date +%s%N) - s) / 1000000 ))
  "$tvlab" plan --json "$root/tests/data/cpp/$text_file" --config "$text_config" --reader text >"$tmp/$n.pt" 2>/dev/null
  if [ "$rc_c" = 0 ] && grep -q "read through g++\|read through c++\|read through clang" "$tmp/$n.pc.err" &&
     [ "$(python3 -c "$drop_name" "$tmp/$n.pc")" = "$(python3 -c "$drop_name" "$tmp/$n.pt" 2>/dev/null)" ]; then ok; else
    ko "default_gemm_configuration.hpp $elem $a_layout $b_layout: rc $rc_c, plan differs from $text_file $text_config: $(head -c 400 "$tmp/$n.pc.err")"
  fi
  "$tvlab" verify "$up/default_gemm_configuration.hpp" --config "$name" >"$tmp/$n.vc" 2>"$tmp/$n.vc.err"; rc_c=$?
  "$tvlab" verify "$root/tests/data/cpp/$text_file" --config "$text_config" --reader text >"$tmp/$n.vt" 2>/dev/null; rc_t=$?
  grep -q "(cached)$" "$tmp/$n.vc.err" && ok || ko "$n: verify compiled again: $(head -c 300 "$tmp/$n.vc.err")"
  last="$(tail -1 "$tmp/$n.vc")"
  if [ "$rc_c" = "$rc_t" ] && [ "$last" = "$summary" ] && cmp -s <(tail -n +2 "$tmp/$n.vc") <(tail -n +2 "$tmp/$n.vt"); then ok; else
    ko "$n: verify rc $rc_c '$last' (want '$summary'), the transcription rc $rc_t"; diff <(tail -n +2 "$tmp/$n.vc") <(tail -n +2 "$tmp/$n.vt") | head -6
  fi
  note="$(grep -o '(compiled in [0-9.]* s)\|(cached)' "$tmp/$n.pc.err")"
  [ "$note" = "(cached)" ] && note="$(printf '%s' "$probe" | grep -o '(compiled in [0-9.]* s)') (by the probe above)"
  echo "row: default_gemm_configuration.hpp --config '$name': $last (g++ $note; ${ms} ms here)"
done <<'EOF2'
RowMajor    ColumnMajor half_t     float   cutlass_sm80_f16.hpp  sm80_f16_tn_128x128x32::CollectiveMainloop 33 proved, 0 refuted, 0 unknown: passed
ColumnMajor RowMajor    half_t     float   cutlass_sm80_f16.hpp  sm80_f16_nt_128x128x32::CollectiveMainloop 33 proved, 0 refuted, 0 unknown: passed
ColumnMajor ColumnMajor half_t     float   cutlass_sm80_f16.hpp  sm80_f16_nn_128x128x32::CollectiveMainloop 33 proved, 0 refuted, 0 unknown: passed
RowMajor    RowMajor    half_t     float   cutlass_sm80_f16.hpp  sm80_f16_tt_128x128x32::CollectiveMainloop 33 proved, 0 refuted, 0 unknown: passed
RowMajor    ColumnMajor int8_t     int32_t cutlass_sm80_s8.hpp   sm80_s8_tn_128x128x64::CollectiveMainloop 35 proved, 0 refuted, 0 unknown: passed
RowMajor    ColumnMajor double     double  cutlass_sm80_f64.hpp  sm80_f64_tn_128x64x16::CollectiveMainloop 31 proved, 2 refuted (2 warnings), 0 unknown: passed
EOF2

# sm90_gemm_f32_f32_f32_tensor_op_f32.cu (CUTLASS's test/unit/gemm/device, unmodified): its configurations sit
# inside TEST() bodies. The fourth TEST writes its CollectiveMma out: the text reader reads it with --config
# CollectiveMainloop (the only one it lists; the first three are CollectiveBuilders inside function bodies, which
# neither reader reads: a function-local alias cannot be named from outside, and the file needs CUTLASS's test/
# headers and GoogleTest). CuTe's own types for it: the same alias, cut from the file by its lines (182-198, the
# text unchanged) and put at namespace scope, through g++: the same plan.
t90="$up/sm90_gemm_f32_f32_f32_tensor_op_f32.cu"
"$tvlab" verify "$t90" --config 'TEST#4::CollectiveMainloop' >"$tmp/t90.out" 2>"$tmp/t90.err"; rc=$?
last="$(tail -1 "$tmp/t90.out")"
[ "$rc" = 0 ] && [ "$last" = "31 proved, 0 refuted, 0 unknown: passed" ] && head -1 "$tmp/t90.out" | grep -q ": TEST#4::CollectiveMainloop$" && ok ||
  ko "$t90 --config 'TEST#4::CollectiveMainloop': rc $rc '$last': $(head -c 300 "$tmp/t90.err")"
echo "row: sm90_gemm_f32_f32_f32_tensor_op_f32.cu --config 'TEST#4::CollectiveMainloop' (text reader): $last"
# The bare name is every TEST()'s: refused, with the flag that names each (the first three are builders).
"$tvlab" verify "$t90" --config CollectiveMainloop >/dev/null 2>"$tmp/t90a.err"; rc=$?
[ "$rc" = 2 ] && grep -qF "names 4 configurations of $t90: --config 'TEST::CollectiveMainloop' (line 66), --config 'TEST#2::CollectiveMainloop' (line 111), --config 'TEST#3::CollectiveMainloop' (line 146), --config 'TEST#4::CollectiveMainloop' (line 182); give one of them" "$tmp/t90a.err" && ok ||
  ko "$t90 --config CollectiveMainloop: rc $rc: $(head -c 500 "$tmp/t90a.err")"
{
  printf '#include "cutlass/gemm/collective/collective_builder.hpp"\nusing namespace cute;\nnamespace test4 {\n'
  printf 'using LayoutA = cutlass::layout::RowMajor;\nusing LayoutB = cutlass::layout::ColumnMajor;\n'
  sed -n '182,198p' "$t90"
  printf '}\n'
} >"$tmp/test4.hpp"
grep -q "^  using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<$" "$tmp/test4.hpp" && grep -q "^    >;$" "$tmp/test4.hpp" && ok ||
  ko "TEST#4's alias is not at lines 182-198 of $t90"
"$tvlab" plan --json "$tmp/test4.hpp" --config test4::CollectiveMainloop --reader compiler >"$tmp/t90.pc" 2>"$tmp/t90.pc.err"; rc_c=$?
"$tvlab" plan --json "$t90" --config 'TEST#4::CollectiveMainloop' >"$tmp/t90.pt" 2>/dev/null
if [ "$rc_c" = 0 ] && [ "$(python3 -c "$drop_name" "$tmp/t90.pc")" = "$(python3 -c "$drop_name" "$tmp/t90.pt" 2>/dev/null)" ]; then ok; else
  ko "TEST#4: the compiler's plan (rc $rc_c) differs from the text reader's: $(head -c 400 "$tmp/t90.pc.err")"; diff "$tmp/t90.pc" "$tmp/t90.pt" | head -8
fi

echo "cli.upstream: $passes passed, $fails failed"
[ "$fails" = 0 ]
