#!/usr/bin/env bash
# cli.cpp_configs (issue 21): CUTLASS's SM80 tensor-op default configurations, an SM90 TMA + GMMA collective and
# sycl-tla's mixed-input example, written as C++ configuration files (tests/data/cpp/*.hpp, one namespace per
# configuration), verify with the same verdicts as their hand-written JSON twins (tests/data/specs/*.json): two
# independent paths to one spec. For every
# pair: the exit codes of `tvlab verify` (and with --strict) are the expected ones on both sides; `tvlab plan
# --json` is identical but for "name"; `tvlab verify --format json` gives the same result and the same checks
# (code, verdict, severity, failed, claim, summary, method, witnesses, data; not "steps", which quote the input's
# spelling; a row may name checks whose summary and data differ for a known reason). `tvlab verify --format json FILE.hpp` reports every configuration of a file, each as `--config NAME`
# reports it alone, and the table lists every configuration of every file. Two mutated twins (a swizzle, which
# only plan shows; the CTA tile's K, which only verify shows) must be told apart: the comparison's own control.
set -u
tvlab="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cpp="$root/tests/data/cpp"; specs="$root/tests/data/specs"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
ok() { passes=$((passes+1)); }
ko() { echo "FAIL $1"; fails=$((fails+1)); }
expect_rc() {  # name, want rc, command...  (stdout in $tmp/out, stderr in $tmp/err)
  local name="$1" want="$2"; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ "$rc" = "$want" ]; then ok; else ko "$name: rc=$rc want $want"; sed 's/^/  /' "$tmp/err" | head -5; fi
}

# The mapping: C++ file, configuration, JSON twin, exit code of verify and of verify --strict (warnings, e.g.
# banks.*, exit 0, and 1 with --strict), and the checks whose summary and data may differ ("-": none; their code,
# verdict and severity must still agree). The only such difference: a CUTLASS configuration's kAlignmentA/B is
# not a CollectiveMma argument, so the C++ reader assumes 16 bytes (gmem.alignment's default) where the twin
# says upstream's value; the f64 K-major operands' kAlignment is 1 double (the default would be 2), which the
# g2s check's summary and data quote ("within its 1-element alignment").
table='
cutlass_sm80_f16_tn.hpp   sm80_f16_tn::CollectiveMainloop              cutlass_sm80_f16_tn_128x128x32.json   0 0 -
cutlass_sm80_f16.hpp      sm80_f16_tn_128x128x32::CollectiveMainloop   cutlass_sm80_f16_tn_128x128x32.json   0 0 -
cutlass_sm80_f16.hpp      sm80_f16_nt_128x128x32::CollectiveMainloop   cutlass_sm80_f16_nt_128x128x32.json   0 0 -
cutlass_sm80_f16.hpp      sm80_f16_nn_128x128x32::CollectiveMainloop   cutlass_sm80_f16_nn_128x128x32.json   0 0 -
cutlass_sm80_f16.hpp      sm80_f16_tt_128x128x32::CollectiveMainloop   cutlass_sm80_f16_tt_128x128x32.json   0 0 -
cutlass_sm80_f16.hpp      sm80_f16_tn_128x128x64::CollectiveMainloop   cutlass_sm80_f16_tn_128x128x64.json   0 0 -
cutlass_sm80_f16.hpp      sm80_f16_nt_128x128x64::CollectiveMainloop   cutlass_sm80_f16_nt_128x128x64.json   0 0 -
cutlass_sm80_f16.hpp      sm80_f16_nn_128x128x64::CollectiveMainloop   cutlass_sm80_f16_nn_128x128x64.json   0 0 -
cutlass_sm80_f16.hpp      sm80_f16_tt_128x128x64::CollectiveMainloop   cutlass_sm80_f16_tt_128x128x64.json   0 0 -
cutlass_sm80_tf32.hpp     sm80_tf32_tn_128x128x32::CollectiveMainloop  cutlass_sm80_tf32_tn_128x128x32.json  0 0 -
cutlass_sm80_tf32.hpp     sm80_tf32_nt_128x128x32::CollectiveMainloop  cutlass_sm80_tf32_nt_128x128x32.json  0 1 -
cutlass_sm80_tf32.hpp     sm80_tf32_nn_128x128x32::CollectiveMainloop  cutlass_sm80_tf32_nn_128x128x32.json  0 1 -
cutlass_sm80_tf32.hpp     sm80_tf32_tt_128x128x32::CollectiveMainloop  cutlass_sm80_tf32_tt_128x128x32.json  0 1 -
cutlass_sm80_tf32.hpp     sm80_tf32_tn_128x128x16::CollectiveMainloop  cutlass_sm80_tf32_tn_128x128x16.json  0 0 -
cutlass_sm80_tf32.hpp     sm80_tf32_nt_128x128x16::CollectiveMainloop  cutlass_sm80_tf32_nt_128x128x16.json  0 1 -
cutlass_sm80_tf32.hpp     sm80_tf32_nn_128x128x16::CollectiveMainloop  cutlass_sm80_tf32_nn_128x128x16.json  0 1 -
cutlass_sm80_tf32.hpp     sm80_tf32_tt_128x128x16::CollectiveMainloop  cutlass_sm80_tf32_tt_128x128x16.json  0 1 -
cutlass_sm80_s8.hpp       sm80_s8_tn_128x128x64::CollectiveMainloop    cutlass_sm80_s8_tn_128x128x64.json    0 0 -
cutlass_sm80_f64.hpp      sm80_f64_tn_128x64x16::CollectiveMainloop    cutlass_sm80_f64_tn_128x64x16.json    0 1 gmem.A.g2s,gmem.B.g2s
cutlass_sm80_f64.hpp      sm80_f64_nn_128x64x16::CollectiveMainloop    cutlass_sm80_f64_nn_128x64x16.json    0 1 gmem.B.g2s
cutlass_sm80_f64.hpp      sm80_f64_nt_128x64x16::CollectiveMainloop    cutlass_sm80_f64_nt_128x64x16.json    0 1 -
cutlass_sm80_f64.hpp      sm80_f64_tt_128x64x16::CollectiveMainloop    cutlass_sm80_f64_tt_128x64x16.json    0 1 gmem.A.g2s
cutlass_sm90_tf32_tma_gmma.hpp sm90_tf32_tn_128x128x32::CollectiveMainloop cutlass_sm90_tf32_tn_128x128x32.json 0 0 -
cutlass_sm90_tf32_tma_gmma.hpp sm90_tf32_tn_128x128x32_cluster2::CollectiveMainloop cutlass_sm90_tf32_tn_128x128x32_cluster2.json 0 0 -
cutlass_sm90_tf32_tma_gmma.hpp sm90_f16_nt_128x128x64_cluster2x1::CollectiveMainloop sm90_f16_nt_128x128x64_cluster2x1.json 0 0 -
cutlass_sm90_tf32_rs_gmma.hpp sm90_tf32_rs_tt_64x128x32::CollectiveMainloop cutlass_sm90_tf32_rs_tt_64x128x32.json 0 0 -
cutlass_sm90_tf32_rs_gmma.hpp sm90_tf32_rs_tt_128x128x32::CollectiveMainloop cutlass_sm90_tf32_rs_tt_128x128x32.json 0 0 -
cutlass_sm90_tf32_rs_gmma.hpp sm90_tf32_rs_tn_128x128x32::CollectiveMainloop cutlass_sm90_tf32_rs_tn_128x128x32.json 0 0 -
sycl_tla_02_bmg_gemm_bf16_s8.hpp bmg_gemm_mixed::bf16_s8_a_narrower::CollectiveMainloop sycl_tla_02_bmg_gemm_bf16_s8_a_narrower.json 0 0 -
sycl_tla_02_bmg_gemm_bf16_s8.hpp bmg_gemm_mixed::bf16_s8_b_narrower::CollectiveMainloop sycl_tla_02_bmg_gemm_bf16_s8_b_narrower.json 0 0 -
'

# same_reports A B [CODES]: one report each (verify --format json), equal but for names and steps (and the summary
# and data of the comma-separated CODES); the differences on stdout.
same_reports() {
  python3 - "$1" "$2" "${3:--}" <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
loose = set(sys.argv[3].split(",")) - {"-"}
def norm(r):
    assert len(r["specs"]) == 1, "expected one report, got %d" % len(r["specs"])
    checks = [{k: v for k, v in c.items() if k != "steps" and not (c["code"] in loose and k in ("summary", "data"))}
              for c in r["specs"][0]["checks"]]
    return {"result": r["result"], "summary": r["summary"], "checks": checks}
x, y = norm(a), norm(b)
if x == y:
    sys.exit(0)
for k in ("result", "summary"):
    if x[k] != y[k]:
        print("  %s: %s vs %s" % (k, x[k], y[k]))
cx, cy = [c["code"] for c in x["checks"]], [c["code"] for c in y["checks"]]
if cx != cy:
    print("  codes differ:", sorted(set(cx) ^ set(cy)) or "order")
for c, d in zip(x["checks"], y["checks"]):
    for k in sorted(set(c) | set(d)):
        if c.get(k) != d.get(k):
            print("  %s.%s: %s\n    vs %s" % (c.get("code"), k, json.dumps(c.get(k))[:300], json.dumps(d.get(k))[:300]))
sys.exit(1)
EOF
}
# same_plans A B [CODES]: plan --json outputs equal but for "name" (and, for a loose gmem.X.g2s among the
# comma-separated CODES, copies.X.gmem.alignment: the alignment the C++ cannot say, and the g2s sectors, whose
# row alignment follows it).
same_plans() {
  python3 - "$1" "$2" "${3:--}" <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
loose = set(sys.argv[3].split(",")) - {"-"}
for d in (a, b):
    d.pop("name", None)
    for x, c in d.get("copies", {}).items():
        if "gmem.%s.g2s" % x in loose and "gmem" in c:
            c["gmem"].pop("alignment", None)
            c.get("smem", {}).pop("g2s_sectors", None)  # its row alignment is the alignment's
if a == b:
    sys.exit(0)
for k in sorted(set(a) | set(b)):
    if a.get(k) != b.get(k):
        print("  plan.%s: %s\n    vs %s" % (k, json.dumps(a.get(k))[:300], json.dumps(b.get(k))[:300]))
sys.exit(1)
EOF
}

# compare NAME FILE.hpp CONFIG TWIN.json RC STRICT_RC LOOSE_CODES
compare() {
  local n="$1" hpp="$2" cfg="$3" js="$4" rc="$5" src="$6" loose="$7"
  expect_rc "$n: verify C++" "$rc" "$tvlab" verify --format json --config "$cfg" "$hpp"
  cp "$tmp/out" "$tmp/c.json"
  expect_rc "$n: verify JSON" "$rc" "$tvlab" verify --format json "$js"
  cp "$tmp/out" "$tmp/j.json"
  expect_rc "$n: verify --strict C++" "$src" "$tvlab" verify --strict --config "$cfg" "$hpp"
  expect_rc "$n: verify --strict JSON" "$src" "$tvlab" verify --strict "$js"
  if [ -s "$tmp/c.json" ] && [ -s "$tmp/j.json" ] && same_reports "$tmp/c.json" "$tmp/j.json" "$loose" >"$tmp/diff" 2>&1; then ok
  else ko "$n: verify reports differ"; sed 's/^/  /' "$tmp/diff" | head -20; fi
  if [ "$loose" != - ]; then  # the loose checks do differ (else the allowance is stale)
    if same_reports "$tmp/c.json" "$tmp/j.json" >/dev/null 2>&1; then ko "$n: no difference in $loose: drop it from the table"; else ok; fi
  fi
  expect_rc "$n: plan C++" 0 "$tvlab" plan --json --config "$cfg" "$hpp"; cp "$tmp/out" "$tmp/cp.json"
  expect_rc "$n: plan JSON" 0 "$tvlab" plan --json "$js"; cp "$tmp/out" "$tmp/jp.json"
  if [ -s "$tmp/cp.json" ] && [ -s "$tmp/jp.json" ] && same_plans "$tmp/cp.json" "$tmp/jp.json" "$loose" >"$tmp/diff" 2>&1; then ok
  else ko "$n: plans differ"; sed 's/^/  /' "$tmp/diff" | head -20; fi
}

rows_all="$(printf '%s\n' "$table" | grep -v '^ *$')"
rows="$rows_all"
if [ "${TVLAB_SANITIZED:-0}" = 1 ]; then
  # Under the sanitizers (scripts/sanitize.sh) the reader's and the checker's code paths are what is at stake, not
  # every configuration again (the normal build compares them all): the first configuration of each file.
  rows="$(printf '%s\n' "$rows_all" | awk '!seen[$1]++')"
  echo "cpp_configs: sanitized run: the first configuration of each file"
fi
while read -r hpp cfg js rc src loose; do
  compare "$cfg" "$cpp/$hpp" "$cfg" "$specs/$js" "$rc" "$src" "$loose"
done <<<"$rows"

# AlignmentX from the configuration's own constants (--bind A.alignment=kAlignmentA completes a collective): the
# f64 twins, loose above, then match exactly.
f64_variants="tn nn nt tt"; [ "${TVLAB_SANITIZED:-0}" = 1 ] && f64_variants=tn
for v in $f64_variants; do
  cfg="sm80_f64_${v}_128x64x16::CollectiveMainloop" js="$specs/cutlass_sm80_f64_${v}_128x64x16.json"
  al=(--bind A.alignment=kAlignmentA --bind B.alignment=kAlignmentB)
  expect_rc "$cfg: verify C++ with alignments" 0 "$tvlab" verify --format json --config "$cfg" "${al[@]}" "$cpp/cutlass_sm80_f64.hpp"
  cp "$tmp/out" "$tmp/c.json"
  expect_rc "$cfg: verify JSON" 0 "$tvlab" verify --format json "$js"
  if same_reports "$tmp/c.json" "$tmp/out" >"$tmp/diff" 2>&1; then ok
  else ko "$cfg: with its kAlignment constants, verify reports differ"; sed 's/^/  /' "$tmp/diff" | head -20; fi
  expect_rc "$cfg: plan C++ with alignments" 0 "$tvlab" plan --json --config "$cfg" "${al[@]}" "$cpp/cutlass_sm80_f64.hpp"
  cp "$tmp/out" "$tmp/cp.json"
  expect_rc "$cfg: plan JSON" 0 "$tvlab" plan --json "$js"
  if same_plans "$tmp/cp.json" "$tmp/out" >"$tmp/diff" 2>&1; then ok
  else ko "$cfg: with its kAlignment constants, plans differ"; sed 's/^/  /' "$tmp/diff" | head -20; fi
done

# Every tests/data/cpp/cutlass_sm80_*.hpp is in the table.
for f in "$cpp"/cutlass_sm80_*.hpp; do
  if printf '%s\n' "$rows_all" | awk '{print $1}' | grep -qxF "$(basename "$f")"; then ok; else ko "$(basename "$f"): not in the table"; fi
done

# Per file: every configuration is in the table, and verify FILE reports each as --config reports it alone.
for hpp in $(printf '%s\n' "$rows" | awk '{print $1}' | sort -u); do
  want="$(printf '%s\n' "$rows_all" | awk -v f="$hpp" '$1 == f {print $2}')"
  alone="$(printf '%s\n' "$rows" | awk -v f="$hpp" '$1 == f {print $2}')"
  worst="$(printf '%s\n' "$rows_all" | awk -v f="$hpp" '$1 == f && $4 > m {m = $4} END {print m + 0}')"
  expect_rc "$hpp: verify FILE" "$worst" "$tvlab" verify --format json "$cpp/$hpp"
  cp "$tmp/out" "$tmp/file.json"
  got="$(python3 -c 'import json,sys; [print(s["name"]) for s in json.load(open(sys.argv[1]))["specs"]]' "$tmp/file.json")"
  for cfg in $alone; do
    rm -f "$tmp/one.json" "$tmp/alone.json"
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); s=[x for x in r["specs"] if x["name"]==sys.argv[2]]
r["specs"]=s; r.pop("result"); r.pop("summary"); json.dump(r, open(sys.argv[3], "w"))' "$tmp/file.json" "$cfg" "$tmp/one.json"
    "$tvlab" verify --format json --config "$cfg" "$cpp/$hpp" 2>/dev/null |
      python3 -c 'import json,sys; r=json.load(sys.stdin); r.pop("result"); r.pop("summary"); json.dump(r, open(sys.argv[1], "w"))' "$tmp/alone.json"
    if [ -s "$tmp/alone.json" ] && cmp -s "$tmp/one.json" "$tmp/alone.json"; then ok
    else ko "$hpp: $cfg in the whole file's report differs from --config"; fi
  done
  if [ "$got" = "$want" ]; then ok; else ko "$hpp: configurations $(tr '\n' ' ' <<<"$got")but the table lists $(tr '\n' ' ' <<<"$want")"; fi
done

# CuTe's tutorial sgemm_sm80.cu gemm_nt (float, UniversalFMA 16x16, cp.async g2s), named with --bind. Its kernel
# call passes Copy_Atom<AutoVectorizingCopy, TA>{} as the s2r atoms: bound, every check runs and equals the JSON
# twin's. Without an s2r (the MMA reading shared memory itself) the g2s and smem checks still run, exactly.
tut="$cpp/cute_tutorial_sgemm_sm80.cu"
nt=(--bind scope=gemm_nt --bind cta_tile=cta_tiler --bind stages=bP --bind mma=mmaC --bind A.type=TA --bind A.gmem=dA
    --bind A.smem=sA --bind A.g2s=copyA --bind B.type=TB --bind B.gmem=dB --bind B.smem=sB --bind B.g2s=copyB)
s2r=(--bind 'A.s2r=Copy_Atom<AutoVectorizingCopy, TA>' --bind 'B.s2r=Copy_Atom<AutoVectorizingCopy, TB>')
expect_rc gemm_nt-strict 0 "$tvlab" verify --strict "$tut" "${nt[@]}" "${s2r[@]}"
if grep -qxF "33 proved, 0 refuted, 0 unknown: passed" "$tmp/out" &&
   grep -qF "ok   banks.A.g2s  32 wavefronts (4 per instruction): ideal" "$tmp/out" &&
   grep -qF "ok   banks.A.s2r  512 wavefronts (1 per instruction), 64 a k-block (of 8): ideal" "$tmp/out" &&
   grep -qF "ok   smem.B.g2s  g2s writes all 1024 elements once; s2r reads 1024 of them" "$tmp/out"; then ok
else ko "gemm_nt verdicts: $(tail -3 "$tmp/out")"; fi
"$tvlab" verify --format json "$tut" "${nt[@]}" "${s2r[@]}" >"$tmp/nt_c.json" 2>/dev/null
"$tvlab" verify --format json "$specs/cute_tutorial_sgemm_sm80_nt.json" >"$tmp/nt_j.json" 2>/dev/null
if same_reports "$tmp/nt_c.json" "$tmp/nt_j.json" >"$tmp/why" 2>&1; then ok
else ko "gemm_nt: C++ and its JSON twin differ: $(head -3 "$tmp/why")"; fi
expect_rc gemm_nt-no-s2r 0 "$tvlab" verify --strict "$tut" "${nt[@]}"
codes="$(awk '$1 == "ok" || $1 == "FAIL" || $1 == "warn" || $1 == "??" {print $2}' "$tmp/out" | tr '\n' ' ')"
want="coverage.mma.A coverage.mma.B coverage.mma.C cta.mma cta.A.g2s cta.B.g2s smem.budget threads.A threads.B gmem.A.g2s smem.A.layout vector.A.g2s banks.A.g2s smem.A.g2s gmem.B.g2s smem.B.layout vector.B.g2s banks.B.g2s smem.B.g2s "
if [ "$codes" = "$want" ] && grep -qF "ok   smem.A.g2s  g2s writes all 1024 elements" "$tmp/out" &&
   grep -qxF "19 proved, 0 refuted, 0 unknown: passed" "$tmp/out"; then ok
else ko "gemm_nt without s2r: checks '$codes'"; fi

# Issue 34: the tutorial as CUTLASS writes it, gemm_nt a template of TA, TB, TC: bound with --bind TA=float (and
# TB, TC), the same report as the file with the types written out.
sed -e '/^  using T[ABC] = float;$/d' "$tut" |
  sed -z 's/\nvoid\ngemm_nt(int m, int n, int k,/\ntemplate <class TA, class TB, class TC>\nvoid\ngemm_nt(int m, int n, int k,/' >"$tmp/tut_template.cu"
if grep -q "using TA = float" "$tmp/tut_template.cu" || ! grep -q "template <class TA, class TB, class TC>" "$tmp/tut_template.cu"; then
  ko "tut_template: the edit did not apply"; fi
expect_rc gemm_nt-template-unbound 2 "$tvlab" verify "$tmp/tut_template.cu" "${nt[@]}"
if grep -qE -- "T[ABC]: a template parameter of gemm_nt: tvlab does not instantiate templates; bind it: --bind T[ABC]=half_t \(with --bind scope=gemm_nt\)" "$tmp/err"; then ok
else ko "gemm_nt-template-unbound: $(head -2 "$tmp/err")"; fi
"$tvlab" verify --format json "$tmp/tut_template.cu" "${nt[@]}" "${s2r[@]}" --bind TA=float --bind TB=float --bind TC=float >"$tmp/nt_t.json" 2>"$tmp/err"
if same_reports "$tmp/nt_c.json" "$tmp/nt_t.json" >"$tmp/why" 2>&1; then ok
else ko "gemm_nt bound by --bind TA=float: differs: $(head -3 "$tmp/why") $(head -2 "$tmp/err")"; fi
# g++'s spelling of the TiledCopy (tests/data/cute/compiler_spellings.txt: make_tiled_copy(Copy_Atom<UniversalCopy<
# uint32_t>, float>{}, Layout<Shape<_16,_8>>{})) reads as the copy it names; errors in a --bind's value are at its text.
uni="$(awk -F'\t' '$1 == "uni" {print $2}' "$root/tests/data/cute/compiler_spellings.txt")"
f32=(--bind 'cta_tile=make_shape(Int<16>{}, Int<8>{}, Int<8>{})' --bind 'mma=make_tiled_mma(UniversalFMA<float,float,float,float>{}, Layout<Shape<_16,_8,_1>>{})'
     --bind A.type=float --bind A.gmem=cutlass::layout::ColumnMajor --bind 'A.smem=Layout<Shape<_16,_8>>{}')
"$tvlab" plan --json "$tut" "${f32[@]}" --bind "A.g2s=$uni" >"$tmp/uni_a.json" 2>"$tmp/err"
"$tvlab" plan --json "$tut" "${f32[@]}" --bind 'A.g2s=make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_16,_8>>{})' >"$tmp/uni_b.json" 2>>"$tmp/err"
if [ -s "$tmp/uni_a.json" ] && cmp -s "$tmp/uni_a.json" "$tmp/uni_b.json"; then ok; else ko "TiledCopy spelling: plans differ: $(head -2 "$tmp/err")"; fi
expect_rc bind-error-place 2 "$tvlab" plan "$tut" "${f32[@]}" --bind 'A.g2s=make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_16,_8>{})'
if grep -qF -- "--bind A.g2s=make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>..., column 84: expected" "$tmp/err" && ! grep -qF "line 1" "$tmp/err"; then ok
else ko "bind-error-place: $(head -2 "$tmp/err")"; fi
# "no configuration found" says what the file holds instead.
printf 'using CollectiveMainloop = typename cutlass::gemm::collective::CollectiveBuilder<\n  Sm90, OpClassTensorOp, half_t, LayoutA, 8, half_t, LayoutB, 8, float, TileShape, ClusterShape,\n  StageCountAuto, KernelScheduleAuto>::CollectiveOp;\n' >"$tmp/builder.hpp"
expect_rc no-config-builder 2 "$tvlab" verify "$tmp/builder.hpp"
if grep -qF "found instead: a CollectiveBuilder (line 1)" "$tmp/err"; then ok; else ko "no-config-builder: $(head -2 "$tmp/err")"; fi
expect_rc no-config-function 2 "$tvlab" verify "$tmp/tut_template.cu"
if grep -qF "the function gemm_nt (line 99) builds CuTe objects (A.g2s=copyA, B.g2s=copyB, mma=mmaC)" "$tmp/err" && grep -qF -- "--bind scope=gemm_nt" "$tmp/err"; then ok; else ko "no-config-function: $(head -2 "$tmp/err")"; fi

# The control: mutated twins must be told apart. The swizzle of the smem atoms shows in plan (verify's report
# does not quote layouts); the CTA tile's K only in verify (plan --json holds no cta_tile, stages or gmem).
twin="$specs/cutlass_sm80_f16_tn_128x128x32.json"
sed 's/"Sw<2,3,3> o (8,32):(32,1)"/"Sw<3,3,3> o (8,32):(32,1)"/' "$twin" >"$tmp/mut_sw.json"
sed -z 's/"cta_tile": \[\n  128,\n  128,\n  32/"cta_tile": [\n  128,\n  128,\n  64/' "$twin" >"$tmp/mut_k.json"
f16="$cpp/cutlass_sm80_f16.hpp"; tn=sm80_f16_tn_128x128x32::CollectiveMainloop
"$tvlab" verify --format json --config "$tn" "$f16" >"$tmp/c.json" 2>/dev/null
"$tvlab" plan --json --config "$tn" "$f16" >"$tmp/cp.json" 2>/dev/null
for m in mut_sw mut_k; do
  if cmp -s "$tmp/$m.json" "$twin"; then ko "$m: the mutation did not apply"; fi
done
"$tvlab" plan --json "$tmp/mut_sw.json" >"$tmp/mp.json" 2>/dev/null
if ! [ -s "$tmp/cp.json" ] || ! [ -s "$tmp/mp.json" ]; then ko "mut_sw: no plan"
elif same_plans "$tmp/cp.json" "$tmp/mp.json" >/dev/null 2>&1; then ko "mut_sw: plan shows the mutated twin the same"; else ok; fi
"$tvlab" verify --format json "$tmp/mut_k.json" >"$tmp/m.json" 2>/dev/null
if ! [ -s "$tmp/c.json" ] || ! [ -s "$tmp/m.json" ]; then ko "mut_k: no report"
elif same_reports "$tmp/c.json" "$tmp/m.json" >/dev/null 2>&1; then ko "mut_k: verify reports the mutated twin the same"; else ok; fi

# verify without --config over a file that also holds CollectiveBuilders: says which it left unchecked (lines),
# beside the configuration it verified (CUTLASS 4.2.0's sm90 unit test: TEST#4's CollectiveMma and 3 builders).
up="$cpp/upstream/sm90_gemm_f32_f32_f32_tensor_op_f32.cu"
"$tvlab" verify "$up" >"$tmp/up.out" 2>"$tmp/up.err"; rc=$?
if [ "$rc" = 0 ] && grep -qF "warning: configurations not verified at $up: 3 CollectiveBuilders (lines 66, 111, 146) the text reader does not read: no check covers them" "$tmp/up.err" &&
   tail -1 "$tmp/up.out" | grep -qF "passed"; then ok; else ko "builders-unread: rc=$rc $(cat "$tmp/up.err")"; fi
"$tvlab" verify "$cpp/cutlass_sm80_f16_tn.hpp" >/dev/null 2>"$tmp/nob.err"
if [ -s "$tmp/nob.err" ]; then ko "builders-unread: a file without builders warns: $(cat "$tmp/nob.err")"; else ok; fi

# The warning comes after the configurations loaded: a file whose configuration is refused gets its error alone
# (the file with TEST#4's A copy misspelt).
sed '0,/cute::SM90_TMA_LOAD,/s//cute::SM90_TMA_LOADX,/' "$up" >"$tmp/upbad.cu"
if cmp -s "$up" "$tmp/upbad.cu"; then ko "builders-unread-bad: the mutation did not apply"; fi
"$tvlab" verify "$tmp/upbad.cu" >/dev/null 2>"$tmp/upbad.err"; rc=$?
if [ "$rc" != 0 ] && [ -s "$tmp/upbad.err" ] && ! grep -qF "configurations not verified" "$tmp/upbad.err"; then ok
else ko "builders-unread-bad: rc=$rc $(cat "$tmp/upbad.err")"; fi

echo "cpp_configs CLI: $passes passed, $fails failed"
[ "$fails" = 0 ]
