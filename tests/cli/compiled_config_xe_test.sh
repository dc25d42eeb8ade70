#!/usr/bin/env bash
# cli.compiled_config.xe (issue 34, item 3): sycl-tla's Xe collectives through the compiler path. Every
# configuration of tests/data/cpp/sycl_tla_*.hpp read through --reader compiler (g++ as the host pass of a SYCL
# build: sycl-tla's headers, Intel's SYCL headers, tvlab/export.hpp) gives the plan (plan --json, every byte) and
# the verify report and exit code of --reader text; without the SYCL headers the compiler path exits 2 naming
# them. Needs g++, a sycl-tla tree (TVLAB_SYCL_TLA_DIR or ~/.cache/tvlab/sycl-tla) and the intel-sycl-rt venv
# (TVLAB_SYCL_VENV or ~/.cache/tvlab/sycl-venv, as tests/sycl_tla_oracle/run.sh installs it); skipped (77)
# without them. TVLAB_SYCL_TLA_ORACLE_REQUIRED=1 turns the skip into a failure.
set -u
tvlab="$(realpath "$1")"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cpp="$root/tests/data/cpp"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
fails=0; passes=0
ok() { passes=$((passes+1)); }
ko() { echo "FAIL $1"; fails=$((fails+1)); }
skip() {
  # What ran before the skip (the recorded export of example 12) must have passed.
  [ "$fails" = 0 ] || { echo "cli.compiled_config.xe: $fails failed before the skip ($1)"; exit 1; }
  echo "SKIP cli.compiled_config.xe: $1"
  [ "${TVLAB_SYCL_TLA_ORACLE_REQUIRED:-0}" = 1 ] && exit 1
  exit 77
}
home_cache="${XDG_CACHE_HOME:-$HOME/.cache}"
export TVLAB_SYCL_VENV="${TVLAB_SYCL_VENV:-$home_cache/tvlab/sycl-venv}"
export TVLAB_SYCL_TLA_DIR="${TVLAB_SYCL_TLA_DIR:-$home_cache/tvlab/sycl-tla}"
export XDG_CACHE_HOME="$tmp/cache"

# sycl-tla's example 12 without sycl-tla (docs/spec.md, "Kernels written with sycl-tla's CuTe interface"): the
# recording of what its export wrote (--config MoEGEMMLauncher, compared with the live export below) plans as
# tests/data/specs/sycl_tla_12_moe_gemm.json, the sycl-tla oracle's case, byte for byte but the name, and verifies
# with the same lines. Before the skip: it runs wherever the test does.
drop_name='import json,sys; d=json.load(open(sys.argv[1])); d.pop("name"); print(json.dumps(d, sort_keys=True))'
rec12="$root/tests/data/cpp/upstream/recorded/sycl_tla_12_MoEGEMMLauncher.json"
spec12="$root/tests/data/specs/sycl_tla_12_moe_gemm.json"
"$tvlab" plan --json "$rec12" >"$tmp/r12" 2>"$tmp/r12.err"; rc=$?
"$tvlab" plan --json "$spec12" >"$tmp/x12p" 2>/dev/null
if [ "$rc" = 0 ] && [ "$(python3 -c "$drop_name" "$tmp/r12")" = "$(python3 -c "$drop_name" "$tmp/x12p")" ] &&
   cmp -s <("$tvlab" verify "$rec12" | tail -n +2) <("$tvlab" verify "$spec12" | tail -n +2); then ok; else
  ko "recorded export of sycl-tla's example 12: rc $rc, not the plan or verify lines of $spec12: $(head -c 300 "$tmp/r12.err")"
fi
# Its control: the recording with B's copy another op must not plan as the spec.
sed 's/XE_LOAD_2D_VNNI<16,32,16,16>/XE_LOAD_2D_VNNI<16,32,32,16>/' "$rec12" >"$tmp/r12m.json"
"$tvlab" plan --json "$tmp/r12m.json" >"$tmp/r12m" 2>/dev/null
grep -q 'XE_LOAD_2D_VNNI<16,32,32,16>' "$tmp/r12m.json" &&
  [ "$(python3 -c "$drop_name" "$tmp/r12m")" != "$(python3 -c "$drop_name" "$tmp/x12p")" ] && ok ||
  ko "recorded export of example 12, mutated (B XE_LOAD_2D_VNNI<16,32,32,16>): not told apart from the spec"

probe="$("$tvlab" plan "$cpp/sycl_tla_00_bmg_gemm.hpp" --config bmg_gemm::CollectiveMainloop --reader compiler 2>&1 >/dev/null)"
case "$probe" in
  *"no C++ compiler"*|*"no sycl-tla headers"*|*"no SYCL headers"*) skip "${probe#error: }" ;;
esac

for f in "$cpp"/sycl_tla_*.hpp; do
  rel="tests/data/cpp/$(basename "$f")"
  "$tvlab" verify "$f" --reader compiler >"$tmp/vc" 2>"$tmp/vc.err"; rc_c=$?
  "$tvlab" verify "$f" --reader text >"$tmp/vt" 2>/dev/null; rc_t=$?
  if [ "$rc_c" = "$rc_t" ] && cmp -s "$tmp/vc" "$tmp/vt"; then ok; else
    ko "$rel: verify --reader compiler (rc $rc_c) differs from --reader text (rc $rc_t)"
    head -3 "$tmp/vc.err"; diff "$tmp/vc" "$tmp/vt" | head -10
  fi
  grep -q "configuration(s) of .* read through g++" "$tmp/vc.err" && ok || ko "$rel: no note of the compiler path: $(head -2 "$tmp/vc.err")"
  names="$("$tvlab" verify --format json "$f" 2>/dev/null | python3 -c 'import json,sys; [print(s["name"]) for s in json.load(sys.stdin)["specs"]]')"
  [ -n "$names" ] || ko "$rel: no configurations listed"
  for n in $names; do
    "$tvlab" plan --json "$f" --config "$n" --reader compiler >"$tmp/pc" 2>"$tmp/pc.err"; rc_c=$?
    "$tvlab" plan --json "$f" --config "$n" --reader text >"$tmp/pt" 2>/dev/null; rc_t=$?
    if [ "$rc_c" = 0 ] && [ "$rc_t" = 0 ] && cmp -s "$tmp/pc" "$tmp/pt"; then ok; else
      ko "$rel --config $n: plan --json --reader compiler (rc $rc_c) differs from --reader text (rc $rc_t)"
      head -3 "$tmp/pc.err"; diff "$tmp/pc" "$tmp/pt" | head -10
    fi
    # The exported spec is sycl-tla's Xe form: mma.tile + mma.sg_layout (TiledMMAHelper's), operands.X.copy.
    grep -q '"atom": "XE_' "$tmp/pc" && ok || ko "$rel --config $n: no Xe atom in the compiled plan"
  done
done

# sycl-tla's Xe CollectiveBuilder (example 01's, at global scope): the plan of the CollectiveMma written out
# in sycl_tla_00_bmg_gemm.hpp, but for the stages the builder picks (3).
"$tvlab" plan --json "$cpp/builders/xe_builder_bf16.hpp" --config XeBuilderMainloop --reader compiler >"$tmp/bc" \
  2>"$tmp/bc.err"; rc=$?
"$tvlab" plan --json "$cpp/sycl_tla_00_bmg_gemm.hpp" --config bmg_gemm::CollectiveMainloop --reader text >"$tmp/bt" 2>/dev/null
if [ "$rc" = 0 ] && python3 - "$tmp/bc" "$tmp/bt" <<'PY'
import json, sys
b, t = (json.load(open(p)) for p in sys.argv[1:3])
assert b["kernel"]["stages"] == 3 and t["kernel"]["stages"] == 2, (b["kernel"], t["kernel"])
for d in (b, t):
    d.pop("name"); d["kernel"].pop("stages")
assert b == t, "the builder's plan differs from the hand-written CollectiveMma's"
PY
then ok; else ko "xe_builder_bf16.hpp: rc $rc, $(head -3 "$tmp/bc.err")"; fi

# sycl-tla's example 02, unmodified (tests/data/cpp/upstream/README.md), with --config NAME: the ConvertOnly
# A-narrower mainloop its main() builds through helpers::MixedCollectiveMmaBuilder, spelled out; its plan is the
# text reader's of tests/data/cpp/sycl_tla_02_bmg_gemm_bf16_s8.hpp (bf16_s8_a_narrower) but for the name. Its
# includes need sycl-tla's examples/common and oneMKL's SYCL headers (TVLAB_ONEMKL_INCLUDE, else
# ~/.cache/tvlab/onemkl-include/include: pip install --no-deps --target ... onemkl-sycl-include).
mkl="${TVLAB_ONEMKL_INCLUDE:-$home_cache/tvlab/onemkl-include/include}"
if [ -f "$mkl/oneapi/mkl/rng/device.hpp" ] && [ -d "$TVLAB_SYCL_TLA_DIR/examples/common" ]; then
  e2='helpers::MixedCollectiveMmaBuilder<cutlass::gemm::MainloopIntelXeXMX16MixedPrecision<3>, Shape<_256, _256, _32>, cutlass::gemm::TagToStrideA_t<cutlass::layout::RowMajor>, cutlass::gemm::TagToStrideB_t<cutlass::layout::RowMajor>, TiledMMAHelper<MMA_Atom<XE_8x16x16_F32BF16BF16F32_TT>, Layout<Shape<_256, _256, _32>>, Layout<Shape<_8, _4, _1>, Stride<_4, _1, _0>>>::TiledMMA, XE_2D_U8x32x32_LD_N, XE_2D_U16x32x32_LD_V>::CollectiveMma<cute::tuple<int8_t>, bfloat16_t>'
  "$tvlab" plan --json "$cpp/upstream/02_bmg_gemm_bf16_s8_bf16.cpp" --config "$e2" --reader compiler \
    -I "$TVLAB_SYCL_TLA_DIR/examples/common" -I "$mkl" >"$tmp/ec" 2>"$tmp/ec.err"; rc=$?
  "$tvlab" plan --json "$cpp/sycl_tla_02_bmg_gemm_bf16_s8.hpp" --config bmg_gemm_mixed::bf16_s8_a_narrower::CollectiveMainloop \
    --reader text >"$tmp/et" 2>/dev/null
  if [ "$rc" = 0 ] && cmp -s <(sed 2d "$tmp/ec") <(sed 2d "$tmp/et"); then ok; else
    ko "upstream 02_bmg_gemm_bf16_s8_bf16.cpp: rc $rc, $(head -c 600 "$tmp/ec.err")"; diff "$tmp/ec" "$tmp/et" | head
  fi
  # sycl-tla's examples 00 and 01 as they are in the tree (sha256 at 6601377d): their CollectiveMainloop is an
  # alias inside main() (docs/spec.md, "Local aliases"), read with --config CollectiveMainloop and the same -I.
  # 00's (a CollectiveMma the text reader reads too) gives the text reader's plan byte for byte; 01's (a
  # CollectiveBuilder) the plan of the same builder at global scope (xe_builder_bf16.hpp, above) but the name.
  while read -r sum file; do
    path="$TVLAB_SYCL_TLA_DIR/examples/$file"
    got="$(sha256sum "$path" 2>/dev/null | cut -d' ' -f1)"
    [ "$got" = "$sum" ] && ok || ko "sycl-tla examples/$file: sha256 '$got', 6601377d's is $sum"
  done <<'EOF2'
bd27753250136a850d80c92ac77d0b0374704b789e8da3da2cc0ad2c7c4fe00f 00_bmg_gemm/00_bmg_gemm.cpp
c7838e4a7ad476333271e4d5f41b4bf17551721e9af828a76e45598dc9b99d2f 01_bmg_gemm_with_collective_builder/01_bmg_gemm_with_collective_builder.cpp
EOF2
  x00="$TVLAB_SYCL_TLA_DIR/examples/00_bmg_gemm/00_bmg_gemm.cpp"
  s=$(date +%s%N)
  "$tvlab" plan --json "$x00" --config CollectiveMainloop --reader compiler -I "$TVLAB_SYCL_TLA_DIR/examples/common" \
    -I "$mkl" >"$tmp/x00c" 2>"$tmp/x00c.err"; rc=$?
  ms=$(( ($(date +%s%N) - s) / 1000000 ))
  "$tvlab" plan --json "$x00" --config CollectiveMainloop >"$tmp/x00t" 2>/dev/null; rc_t=$?
  if [ "$rc" = 0 ] && [ "$rc_t" = 0 ] && grep -q "^tvlab: main::CollectiveMainloop read through" "$tmp/x00c.err" &&
     cmp -s "$tmp/x00c" "$tmp/x00t"; then ok; else
    ko "sycl-tla 00_bmg_gemm.cpp main::CollectiveMainloop: compiler rc $rc, text rc $rc_t: $(head -c 600 "$tmp/x00c.err")"; diff "$tmp/x00c" "$tmp/x00t" | head
  fi
  echo "row: sycl-tla 00_bmg_gemm.cpp --config CollectiveMainloop --reader compiler: $(cat "$tmp/x00c.err") (${ms} ms)"
  x01="$TVLAB_SYCL_TLA_DIR/examples/01_bmg_gemm_with_collective_builder/01_bmg_gemm_with_collective_builder.cpp"
  s=$(date +%s%N)
  "$tvlab" verify "$x01" --config CollectiveMainloop -I "$TVLAB_SYCL_TLA_DIR/examples/common" -I "$mkl" \
    >"$tmp/x01v" 2>"$tmp/x01v.err"; rc=$?
  ms=$(( ($(date +%s%N) - s) / 1000000 ))
  "$tvlab" plan --json "$x01" --config CollectiveMainloop -I "$TVLAB_SYCL_TLA_DIR/examples/common" -I "$mkl" \
    >"$tmp/x01c" 2>/dev/null
  if [ "$rc" = 0 ] && [ "$(tail -1 "$tmp/x01v")" = "14 proved, 0 refuted, 0 unknown: passed" ] &&
     [ "$(python3 -c "$drop_name" "$tmp/x01c")" = "$(python3 -c "$drop_name" "$tmp/bc")" ]; then ok; else
    ko "sycl-tla 01 main::CollectiveMainloop: rc $rc '$(tail -1 "$tmp/x01v")': $(head -c 600 "$tmp/x01v.err")"
  fi
  echo "row: sycl-tla 01_bmg_gemm_with_collective_builder.cpp --config CollectiveMainloop: $(tail -1 "$tmp/x01v") ($(cat "$tmp/x01v.err"); ${ms} ms)"
  # sycl-tla's example 12 (no collective: MoEGEMMLauncher's kernel lambda calls MoE::MoEGEMM<...>, docs/spec.md,
  # "Kernels written with sycl-tla's CuTe interface"), as it is in the tree: --config MoEGEMMLauncher gives the
  # plan of tests/data/specs/sycl_tla_12_moe_gemm.json (the sycl-tla oracle's case) byte for byte but the name
  # and the verify lines of that spec; stderr says what is not modelled; --reader text exits 2.
  x12dir="$TVLAB_SYCL_TLA_DIR/examples/12_xe20_moe_gemm_cute_interface"
  x12="$x12dir/12_xe20_moe_gemm_cute_interface.cpp"
  while read -r sum file; do
    got="$(sha256sum "$x12dir/$file" 2>/dev/null | cut -d' ' -f1)"
    [ "$got" = "$sum" ] && ok || ko "sycl-tla examples/12 $file: sha256 '$got', the recorded tree's is $sum"
  done <<'EOF2'
1e25186886fb726783a232d599637cc649ee9ed6987845985eface63aec8dadc 12_xe20_moe_gemm_cute_interface.cpp
0829aeab3a7206ead65ee15c23105d16e452865650a4a70a62d826b4c06c7047 moe_gemms.hpp
7ce4b6ad8401f1d758e1de45e01bac680890ebf7ac1e4b3bb7322bff50e266bd moe_grouped_gemm.hpp
e7782050c2a789e2622e989e4c90a74c2dfd7e018a571b6dc0fcffc7032e37f2 moe_tile_scheduler.hpp
EOF2
  s=$(date +%s%N)
  "$tvlab" verify "$x12" --config MoEGEMMLauncher -I "$mkl" >"$tmp/x12v" 2>"$tmp/x12v.err"; rc=$?
  ms=$(( ($(date +%s%N) - s) / 1000000 ))
  "$tvlab" verify "$spec12" >"$tmp/x12s" 2>/dev/null; rc_s=$?
  if [ "$rc" = "$rc_s" ] && cmp -s <(tail -n +2 "$tmp/x12v") <(tail -n +2 "$tmp/x12s") &&
     grep -q "^tvlab: MoEGEMMLauncher read through" "$tmp/x12v.err" &&
     grep -q "^tvlab: MoEGEMMLauncher: .*not modelled (nothing checks them): MoE's grouped scheduling (PersistentTileSchedulerXeMoE" "$tmp/x12v.err"
  then ok; else
    ko "sycl-tla 12 MoEGEMMLauncher: verify rc $rc (spec's $rc_s): $(head -c 600 "$tmp/x12v.err")"; diff "$tmp/x12v" "$tmp/x12s" | head
  fi
  echo "row: sycl-tla 12_xe20_moe_gemm_cute_interface.cpp --config MoEGEMMLauncher: $(tail -1 "$tmp/x12v") (${ms} ms)"
  # The live export (the compiled cache's entry) is the recording, byte for byte.
  live12="$(grep -l '"name": "MoEGEMMLauncher"' "$XDG_CACHE_HOME"/tvlab/compiled/*.json 2>/dev/null | head -1)"
  if [ -n "$live12" ] && cmp -s "$live12" "$rec12"; then ok; else
    ko "sycl-tla 12: the live export differs from $rec12 (rewrite it from the cache after checking why)"
    [ -n "$live12" ] && diff "$live12" "$rec12" | head -5
  fi
  "$tvlab" plan --json "$x12" --config MoEGEMMLauncher -I "$mkl" >"$tmp/x12c" 2>"$tmp/x12c.err"; rc=$?
  if [ "$rc" = 0 ] && grep -q "(cached)" "$tmp/x12c.err" &&
     [ "$(python3 -c "$drop_name" "$tmp/x12c")" = "$(python3 -c "$drop_name" "$tmp/x12p")" ]; then ok; else
    ko "sycl-tla 12 MoEGEMMLauncher: plan rc $rc or not the plan of $spec12: $(head -c 400 "$tmp/x12c.err")"
  fi
  "$tvlab" plan "$x12" --config MoEGEMMLauncher --reader text >/dev/null 2>"$tmp/err"; rc=$?
  [ "$rc" = 2 ] && grep -q "launches sycl-tla's MoE::MoEGEMM<...> (line [0-9]*), which the text reader does not read" "$tmp/err" &&
    ok || ko "sycl-tla 12 --reader text: rc $rc, $(cat "$tmp/err")"
  "$tvlab" verify "$x12" >/dev/null 2>"$tmp/err"; rc=$?
  [ "$rc" = 2 ] && grep -q "found instead: the function MoEGEMMLauncher (line [0-9]*) launches sycl-tla's MoEGEMM<...> kernel .*--config MoEGEMMLauncher" "$tmp/err" &&
    ok || ko "sycl-tla 12 without --config: rc $rc, $(cat "$tmp/err")"
  # The control: the same file with the kernel's B layout kind 'C' (MoEGEMM's actual_layout_of_B is then 'R':
  # B K-contiguous) and another D store op must give another B copy and that op, read from the call.
  mkdir -p "$tmp/x12m" && cp "$x12dir"/*.hpp "$tmp/x12m/"
  sed -e "s/XE_STORE_2D<16, 8, 32>,/XE_STORE_2D<16, 8, 16>,/" -e "s/'R', 'R', 'R'>(activations/'R', 'C', 'R'>(activations/" \
    "$x12" >"$tmp/x12m/12.cpp"
  "$tvlab" plan --json "$tmp/x12m/12.cpp" --config MoEGEMMLauncher -I "$mkl" >"$tmp/x12mc" 2>"$tmp/x12mc.err"; rc=$?
  if [ "$rc" = 0 ] && python3 - "$tmp/x12mc" "$tmp/x12p" <<'PY'
import json, sys
m, o = (json.load(open(p)) for p in sys.argv[1:3])
assert m["copies"]["D"]["op"] == "XE_STORE_2D<16,8,16>", m["copies"]["D"]["op"]
assert o["copies"]["D"]["op"] == "XE_STORE_2D<16,8,32>", o["copies"]["D"]["op"]
assert m["copies"]["B"]["tv"] != o["copies"]["B"]["tv"], "B's copy did not change with its layout"
assert m["copies"]["A"] == o["copies"]["A"] and m["mma"] == o["mma"]
PY
  then ok; else ko "sycl-tla 12 mutated (B 'C', D XE_STORE_2D<16,8,16>): rc $rc, $(head -c 600 "$tmp/x12mc.err")"; fi
else
  echo "note: sycl-tla's examples 00, 01, 02 and 12 not read (no oneMKL SYCL headers in $mkl or no $TVLAB_SYCL_TLA_DIR/examples/common)"
fi

# A MoEGEMM launcher nothing instantiates: exit 2 naming it (its template arguments are unbound).
"$tvlab" plan "$cpp/xe_launch/uncalled.cpp" --config MoEGEMMLauncher >/dev/null 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && grep -q "MoEGEMMLauncher: the compiler instantiated it 0 times (nothing in the file calls it: its template arguments are unbound)" "$tmp/err" &&
  ok || ko "uncalled MoEGEMMLauncher: rc $rc, $(head -c 600 "$tmp/err")"

# Another kernel schedule (KernelXeCooperative): sycl-tla's Xe collectives take it only to name the policy
# (cutlass/gemm/collective/xe_mma.hpp), so both readers give the same plan, which does not name it.
sed 's/MainloopXeL1Staged<PipelineStages>/MainloopXeL1Staged<PipelineStages, cutlass::gemm::KernelXeCooperative>/' \
  "$cpp/sycl_tla_00_bmg_gemm.hpp" >"$tmp/sched.hpp"
"$tvlab" plan --json "$tmp/sched.hpp" --config bmg_gemm::CollectiveMainloop --reader compiler >"$tmp/sc" 2>"$tmp/err"; rc=$?
"$tvlab" plan --json "$tmp/sched.hpp" --config bmg_gemm::CollectiveMainloop --reader text >"$tmp/st" 2>/dev/null
[ "$rc" = 0 ] && grep -q KernelXeCooperative "$tmp/sched.hpp" && cmp -s "$tmp/sc" "$tmp/st" && ok ||
  ko "KernelXeCooperative: rc $rc, $(head -c 400 "$tmp/err")"

# Without Intel's SYCL headers: exit 2, naming what is missing; nothing cached.
rm -rf "$XDG_CACHE_HOME"
TVLAB_SYCL_VENV="$tmp/none" "$tvlab" plan "$cpp/sycl_tla_00_bmg_gemm.hpp" --config bmg_gemm::CollectiveMainloop \
  --reader compiler >/dev/null 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && grep -q "no SYCL headers found ($tmp/none/include/sycl/sycl.hpp" "$tmp/err" && ok ||
  ko "no SYCL headers: rc $rc, $(cat "$tmp/err")"
# Without sycl-tla (CUTLASS's CuTe has no Xe atoms): exit 2 naming sycl-tla.
TVLAB_SYCL_TLA_DIR="$tmp/none" XDG_CACHE_HOME="$tmp/none" "$tvlab" plan "$cpp/sycl_tla_00_bmg_gemm.hpp" \
  --config bmg_gemm::CollectiveMainloop --reader compiler >/dev/null 2>"$tmp/err"; rc=$?
[ "$rc" = 2 ] && grep -q "no sycl-tla headers found" "$tmp/err" && ok || ko "no sycl-tla: rc $rc, $(cat "$tmp/err")"
[ -z "$(ls -A "$XDG_CACHE_HOME/tvlab/compiled" 2>/dev/null)" ] && ok || ko "a failed compile was cached"

echo "cli.compiled_config.xe: $passes passed, $fails failed"
[ "$fails" = 0 ]
