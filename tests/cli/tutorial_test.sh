#!/usr/bin/env bash
# Issue 34 item 2: CuTe's tutorial host functions (tests/data/cpp/cute_tutorial/, CUTLASS v4.2.0 unmodified) read
# with --config FUNCTION alone: the configuration the function passes to its kernel launch. Each must equal the
# --bind form of the same objects (docs/spec.md's 14 flags: 33 checks), overloads are listed with the flag that
# reads each (and each flag listed reads), template parameters come from the file's callers or from
# --config 'NAME<T, ...>', --bind overrides, and what is not read (the tutorial's TMA) is refused with exit 2.
set -u
tvlab="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="$root/tests/data/cpp/cute_tutorial"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
ok() { passes=$((passes+1)); }
ko() { echo "FAIL $*"; fails=$((fails+1)); }

# run NAME RC ARGS...: tvlab ARGS, stdout to $tmp/NAME.out, stderr to $tmp/NAME.err; the exit code must be RC.
run() {
  local name="$1" want="$2" rc; shift 2
  "$tvlab" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"; rc=$?
  if [ "$rc" = "$want" ]; then ok; else ko "$name: rc=$rc (want $want): $(head -c 600 "$tmp/$name.err")"; fi
}
has() {  # NAME FILE NEEDLE: FILE holds NEEDLE (a fixed string)
  if grep -qF -- "$3" "$2"; then ok; else ko "$1: '$3' not in $(basename "$2"): $(head -c 600 "$2")"; fi
}

# --- Every gemm_nt / gemm_tn with --config only: the summary line (a literal), verify, plan and render.
while IFS='|' read -r file config summary; do
  n="$(basename "$file" .cu)_$(printf '%s' "$config" | tr -c 'A-Za-z0-9_' '_')"
  run "$n" 0 verify "$dir/$file" --config "$config"
  last="$(tail -1 "$tmp/$n.out")"
  [ "$last" = "$summary" ] && ok || ko "$n: summary '$last', want '$summary'"
  has "$n-name" "$tmp/$n.out" "$file: $config"
  run "$n-plan" 0 plan "$dir/$file" --config "$config" --json
  python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$tmp/$n-plan.out" && ok || ko "$n-plan: not JSON"
  run "$n-render" 0 render "$dir/$file" --config "$config" -o "$tmp/$n.svg"
  [ -s "$tmp/$n.svg" ] && ok || ko "$n-render: no SVG"
done <<'EOF'
sgemm_sm70.cu|gemm_nt|18 proved, 0 refuted, 0 unknown: passed
sgemm_sm70.cu|gemm_tn|16 proved, 2 refuted (2 warnings), 0 unknown: passed
sgemm_sm80.cu|gemm_tn<cute::half_t>|33 proved, 0 refuted, 0 unknown: passed
sgemm_sm80.cu|gemm_nt<float, float, float>|33 proved, 0 refuted, 0 unknown: passed
sgemm_sm80.cu|gemm_tn<float, float, float>|31 proved, 0 refuted, 2 unknown: passed
wgmma_sm90.cu|gemm_nt|23 proved, 0 refuted, 0 unknown: passed
wgmma_sm90.cu|gemm_tn|23 proved, 0 refuted, 0 unknown: passed
EOF
run explore 0 explore "$dir/sgemm_sm80.cu" --config 'gemm_tn<cute::half_t>' -o "$tmp/explore.html"
has explore-page "$tmp/explore.html" "gemm_tn&lt;cute::half_t&gt;"
# The SM70 TN smem layout (padded by 1, m-major) meets the k-major g2s threads: 4-way conflicts, a warning
# with a witness, as the --bind form of the same objects gives.
has sm70-tn-banks "$tmp/sgemm_sm70_gemm_tn.out" "warn banks.A.g2s  128 wavefronts (4 per instruction), ideal 32"

# --- The template parameters: sgemm_sm70's main calls gemm(..., d_A.data().get(), ...) with
# thrust::device_vector<TA> and `using TA = float;`, which calls gemm_nt: float, read from the callers.
has sm70-float "$tmp/sgemm_sm70_gemm_nt.out" "gmem.A.g2s  4 x float (16 bytes) a call"
# --config's types over the callers': half_t. gemm_nt's copy (UniversalCopy<uint128_t>, 4 values a thread)
# then moves 8 half_t a call, which CuTe refuses (size(val) % AtomNumVal), at the launch's argument copyA.
run sm70-half 2 verify "$dir/sgemm_sm70.cu" --config 'gemm_nt<cute::half_t, cute::half_t, cute::half_t>'
has sm70-half-msg "$tmp/sm70-half.err" "line 317, column 19: copyA (A.g2s, passed to gemm_device): TiledCopy: size(val) % AtomNumVal == 0: 4 values per thread are not a multiple of the atom's 8 (UniversalCopy<uint128_t> with half_t)"
run sm70-half-tn 0 verify "$dir/sgemm_sm70.cu" --config 'gemm_tn<cute::half_t, cute::half_t, cute::half_t>'
has sm70-half-tn-type "$tmp/sm70-half-tn.out" "x half_t"

# No call gives them: the template parameters are named with the flag to write, never guessed.
sed '/^int main/,$d' "$dir/sgemm_sm70.cu" >"$tmp/nomain.cu"
run no-caller 2 verify "$tmp/nomain.cu" --config gemm_nt
has no-caller-msg "$tmp/no-caller.err" "TA, TB, TC: template parameters of gemm_nt that no call in the file gives a concrete type"
has no-caller-at "$tmp/no-caller.err" "line 257, column 1"
has no-caller-flag "$tmp/no-caller.err" "--config 'gemm_nt<TA, TB, TC>'"
run no-caller-given 0 verify "$tmp/nomain.cu" --config 'gemm_nt<float, float, float>'
cmp -s <(tail -n +2 "$tmp/no-caller-given.out") <(tail -n +2 "$tmp/sgemm_sm70_gemm_nt.out") && ok ||
  ko "no-caller-given: differs from the callers' float"

# --- Equal to the --bind forms. docs/spec.md's 14 flags on tests/data/cpp/cute_tutorial_sgemm_sm80.cu (a copy of
# gemm_tn's declarations without the launch): the same 33 checks, line for line.
tn14=(--bind scope=gemm_tn --bind cta_tile=cta_tiler --bind stages=bP --bind mma=mmaC --bind A.type=cute::half_t
  --bind A.gmem=dA --bind A.smem=sA --bind A.g2s=copyA --bind A.s2r=s2r_atom_A --bind B.type=cute::half_t
  --bind B.gmem=dB --bind B.smem=sB --bind B.g2s=copyB --bind B.s2r=s2r_atom_B)
run bind14 0 verify "$root/tests/data/cpp/cute_tutorial_sgemm_sm80.cu" "${tn14[@]}"
cmp -s <(tail -n +2 "$tmp/bind14.out") <(tail -n +2 "$tmp/sgemm_sm80_gemm_tn_cute__half_t_.out") && ok ||
  ko "bind14: --config 'gemm_tn<cute::half_t>' differs from the 14 --bind flags"
has bind14-33 "$tmp/bind14.out" "33 proved, 0 refuted, 0 unknown: passed"
run bind14-plan 0 plan "$root/tests/data/cpp/cute_tutorial_sgemm_sm80.cu" "${tn14[@]}" --json
same_plan() {  # NAME A B: two plan --json outputs equal but for the configuration's name
  python3 - "$2" "$3" <<'PY' && ok || ko "$1: the plans differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for d in (a, b):
    d.pop("name", None)
    d.get("config", {}).pop("name", None)
sys.exit(0 if a == b else 1)
PY
}
same_plan bind14-plan "$tmp/bind14-plan.out" "$tmp/sgemm_sm80_gemm_tn_cute__half_t_-plan.out"
# gemm_nt<float, float, float> against its JSON twin and the --bind form docs/spec.md gives.
run nt-json 0 plan "$root/tests/data/specs/cute_tutorial_sgemm_sm80_nt.json" --json
same_plan nt-json "$tmp/nt-json.out" "$tmp/sgemm_sm80_gemm_nt_float__float__float_-plan.out"
nt=(--bind scope=gemm_nt --bind TA=float --bind TB=float --bind TC=float --bind cta_tile=cta_tiler --bind stages=bP
  --bind mma=mmaC --bind A.type=TA --bind A.gmem=dA --bind A.smem=sA --bind A.g2s=copyA
  --bind 'A.s2r=Copy_Atom<AutoVectorizingCopy, TA>' --bind B.type=TB --bind B.gmem=dB --bind B.smem=sB
  --bind B.g2s=copyB --bind 'B.s2r=Copy_Atom<AutoVectorizingCopy, TB>')
sed -e '/^template <class Alpha, class Beta>/,/^}/d' "$dir/sgemm_sm80.cu" >"$tmp/sm80_generic.cu"  # the half_t overloads out
run nt-bind 0 plan "$tmp/sm80_generic.cu" "${nt[@]}" --json
same_plan nt-bind "$tmp/nt-bind.out" "$tmp/sgemm_sm80_gemm_nt_float__float__float_-plan.out"

# --- --bind over --config: a key given replaces what the launch passes (an s2r atom of 2 matrices), as the
# 14-flag form with that key changed gives.
x2='A.s2r=Copy_Atom<SM75_U32x2_LDSM_N, half_t>'
run over 0 verify "$dir/sgemm_sm80.cu" --config 'gemm_tn<cute::half_t>' --bind "$x2"
run over14 0 verify "$root/tests/data/cpp/cute_tutorial_sgemm_sm80.cu" "${tn14[@]/A.s2r=s2r_atom_A/$x2}"
cmp -s <(tail -n +2 "$tmp/over.out") <(tail -n +2 "$tmp/over14.out") && ok || ko "over: --bind over --config differs"
cmp -s "$tmp/over.out" "$tmp/sgemm_sm80_gemm_tn_cute__half_t_.out" && ko "over: the --bind changed nothing" || ok
run over-scope 2 verify "$dir/sgemm_sm80.cu" --config 'gemm_tn<cute::half_t>' --bind scope=gemm_nt
has over-scope-msg "$tmp/over-scope.err" "names the function; leave scope out"

# --- Overloads: --config NAME lists each with its line, column and flag; each concrete flag listed reads.
run overloaded 2 verify "$dir/sgemm_sm80.cu" --config gemm_tn
has overloaded-msg "$tmp/overloaded.err" "gemm_tn is overloaded (2 functions)"
has overloaded-half "$tmp/overloaded.err" "line 328, column 1: template <Alpha, Beta> gemm_tn(cute::half_t const * A, cute::half_t const * B, cute::half_t * C, ...): --config 'gemm_tn<cute::half_t>'"
has overloaded-generic "$tmp/overloaded.err" "line 509, column 1: template <TA, TB, TC, Alpha, Beta> gemm_tn(TA const * A, TB const * B, TC * C, ...): --config 'gemm_tn<TA, TB, TC>'"
flag="$(grep -o "\-\-config 'gemm_tn<cute::half_t>'" "$tmp/overloaded.err" | head -1 | sed "s/--config '\(.*\)'/\1/")"
run overloaded-flag 0 verify "$dir/sgemm_sm80.cu" --config "$flag"
# All three types given: both overloads take them; the non-template one is the more specialised (C++'s
# partial ordering), the same configuration as gemm_tn<cute::half_t>.
run ordering 0 verify "$dir/sgemm_sm80.cu" --config 'gemm_tn<cute::half_t, cute::half_t, cute::half_t>'
cmp -s <(tail -n +2 "$tmp/ordering.out") <(tail -n +2 "$tmp/overloaded-flag.out") && ok || ko "ordering: not the half_t overload"
# The half_t gemm_nt asserts "Not implemented": it launches nothing.
run no-launch 2 verify "$dir/sgemm_sm80.cu" --config 'gemm_nt<cute::half_t>'
has no-launch-msg "$tmp/no-launch.err" "line 314, column 1: gemm_nt: launches no kernel"

# --- Bad --config texts and names: exit 2, the column or line and what to write.
run bad-type 2 verify "$dir/sgemm_sm80.cu" --config 'gemm_nt<flot, float, float>'
has bad-type-msg "$tmp/bad-type.err" "--config gemm_nt<flot, float, float>: column 9: template argument 1 'flot' is not an element type"
run bad-overload 2 verify "$dir/sgemm_sm80.cu" --config 'gemm_nt<float, cute::half_t>'
has bad-overload-msg "$tmp/bad-overload.err" "line 314, column 1: pointer parameter 1 is cute::half_t, not float; line 436, column 1: TC not given"
run bad-clash 2 verify "$dir/sgemm_sm70.cu" --config 'gemm_nt<float, float, float, float>'
has bad-clash-msg "$tmp/bad-clash.err" "3 pointer parameters, 4 types given"
run unknown 2 verify "$dir/sgemm_sm70.cu" --config gemm_xx
has unknown-msg "$tmp/unknown.err" "no function or configuration named gemm_xx; the functions that launch a kernel: gemm_nt (line 257, column 1): --config gemm_nt, gemm_tn (line 327, column 1): --config gemm_tn"
run bad-syntax 2 verify "$dir/sgemm_sm70.cu" --config 'gemm_nt<float'
has bad-syntax-msg "$tmp/bad-syntax.err" "unbalanced '<'"
run bad-trailing 2 verify "$dir/sgemm_sm70.cu" --config 'gemm_nt<float, float, float> x'
has bad-trailing-msg "$tmp/bad-trailing.err" "column 30: text after the closing '>'"

# --- Without --config, the file says which flag reads each function.
run none 2 verify "$dir/sgemm_sm80.cu"
has none-msg "$tmp/none.err" "the function gemm_tn (line 328) passes CuTe objects (A.g2s=copyA, B.g2s=copyB, mma=mmaC) to its gemm_device launch: read it with --config gemm_tn (overloaded: that flag lists each overload's)"

# --- The TMA tutorial: make_tma_atom over a run-time global tensor. Without the problem: the extents and ldA
# are the function's ints, so the 16-byte stride rule is the caller's precondition (not decided, said), the rest
# proved; with --bind problem=...: the tensor maps of that problem (packed, as main passes it).
for fn in gemm_nt gemm_tn; do
  run "tma-$fn" 0 verify "$dir/wgmma_tma_sm90.cu" --config "$fn"
  last="$(tail -1 "$tmp/tma-$fn.out")"
  [ "$last" = "27 proved, 0 refuted, 2 unknown: passed" ] && ok || ko "tma-$fn: summary '$last'"
  has "tma-$fn-ld" "$tmp/tma-$fn.out" "??   tma.A.global_stride  holds when ld is a multiple of 8 elements (16 bytes): the leading dimension of (M,K):"
  has "tma-$fn-ld-b" "$tmp/tma-$fn.out" "??   tma.B.global_stride  holds when ld is a multiple of 8 elements (16 bytes)"
  has "tma-$fn-int" "$tmp/tma-$fn.out" "is a run-time int (cuTensorMapEncodeTiled refuses another at run time)"
  run "tma-$fn-problem" 0 verify "$dir/wgmma_tma_sm90.cu" --config "$fn" --bind 'problem=make_shape(512, 256, 1024)'
  last="$(tail -1 "$tmp/tma-$fn-problem.out")"
  [ "$last" = "29 proved, 0 refuted, 0 unknown: passed" ] && ok || ko "tma-$fn-problem: summary '$last'"
done
# The run-time ld: M-major A in NT ((M,K):(_1,ld)), K-major in TN ((M,K):(ld,_1)).
has tma-nt-mmajor "$tmp/tma-gemm_nt.out" "the leading dimension of (M,K):(_1,ld) is a run-time int"
has tma-tn-kmajor "$tmp/tma-gemm_tn.out" "the leading dimension of (M,K):(ld,_1) is a run-time int"
# NT: A M-major (M, K) = (512, 1024), ldA = M; TN: A K-major, (K, M), ldA = K (cuTensorMapEncodeTiled's order).
has tma-nt-dim "$tmp/tma-gemm_nt-problem.out" "tma.A.global_dim  globalDim {512,1024}"
has tma-nt-stride "$tmp/tma-gemm_nt-problem.out" "tma.A.global_stride  globalStrides {1024} bytes"
has tma-tn-dim "$tmp/tma-gemm_tn-problem.out" "tma.A.global_dim  globalDim {1024,512}"
has tma-tn-box "$tmp/tma-gemm_tn-problem.out" "tma.A.box  boxDim {64,128}"
# A leading dimension that breaks TMA's 16-byte stride rule: K = 1020 halfs (2040 bytes) for K-major A.
run tma-stride 1 verify "$dir/wgmma_tma_sm90.cu" --config gemm_tn --bind 'problem=make_shape(512, 256, 1020)'
has tma-stride-msg "$tmp/tma-stride.out" "FAIL tma.A.global_stride"

# --- A defect planted in a launch argument: refuted at that argument (64 g2s threads for 128 MMA threads).
sed 's/Layout<Shape<_16,_8>,Stride<_8,_1>>{},  \/\/ Thr layout 16x8 k-major/Layout<Shape<_8,_8>,Stride<_8,_1>>{},/' \
  "$dir/sgemm_sm80.cu" >"$tmp/defect.cu"
cmp -s "$tmp/defect.cu" "$dir/sgemm_sm80.cu" && ko "defect: the sed changed nothing" || ok
run defect 1 verify "$tmp/defect.cu" --config 'gemm_tn<cute::half_t>'
has defect-msg "$tmp/defect.out" "refuted"

# --- tiled_copy.cu: a copy-only launch read into a copy kernel (copies.tiled_copy with src, dst, block).
tc="$dir/tiled_copy.cu"
run tc 0 verify "$tc" --config main
[ "$(tail -1 "$tmp/tc.out")" = "4 proved, 0 refuted, 0 unknown: passed" ] && ok || ko "tc: $(tail -1 "$tmp/tc.out")"
has tc-vec "$tmp/tc.out" "ok   vector.tiled_copy.src  256 threads x 1 call a copy tile, each 4 consecutive float (16 bytes) on a 16-byte boundary in all 16 blocks, where src's base is 16-byte aligned"
run tc-thread 0 plan "$tc" --config main --thread 33
has tc-thread-S "$tmp/tc-thread.out" "gmem_ptr[32b](src+260) o ((4,1),1,8):((1,0),0,2048)"
run tc-render 0 render "$tc" --config main -o "$tmp/tc.svg"
# Wrong shapes and layouts, each planted in a copy of the file: refuted with a witness (exit 1), or, where the
# reader's form does not hold, exit 2 naming the line and what it reads.
# tcase NAME RC SED NEEDLE
tcase() {
  sed "$3" "$tc" >"$tmp/$1.cu"
  cmp -s "$tmp/$1.cu" "$tc" && ko "$1: the sed changed nothing" || ok
  run "$1" "$2" verify "$tmp/$1.cu" --config main
  has "$1-msg" "$tmp/$1.$([ "$2" = 2 ] && echo err || echo out)" "$4"
}
tcase tc-250 1 's/make_shape(256, 512)/make_shape(250, 512)/' \
  "witness: blockIdx.x = 1 copies rows 128..255 of a tensor with 250: row 250 and on lie outside it (250 % 128 = 122; no predicate stops those reads and writes)"
tcase tc-250-vec 1 's/make_shape(256, 512)/make_shape(250, 512)/' \
  "witness: thread 32, call 0 of block (0,0): its 4 values start at element offset 250 (byte 1000), not a multiple of 4: a misaligned 16-byte access"
tcase tc-block60 1 's/Int<64>{})/Int<60>{})/' \
  "witness: the copy's tile repeats 8 times along n over the block's 60 (60 % 8 = 4): thread 128, value 0 of repeat 7 copies block coordinate (0,60), outside the block"
tcase tc-val14 1 's/make_shape(Int<4>{}, Int<1>{})/make_shape(Int<1>{}, Int<4>{})/' \
  "its 4 values sit at element offsets 0, 256, 512, 768, not 4 consecutive elements"
tcase tc-right 1 's/make_layout(tensor_shape))/make_layout(tensor_shape, LayoutRight{}))/' \
  "its 4 values sit at element offsets 0, 512, 1024, 1536, not 4 consecutive elements"
tcase tc-body 2 's/partition_S(tile_S)/partition_D(tile_S)/' \
  "line 100, column 1: copy_kernel_vectorized: the kernel's body is not the form tvlab reads (missing: partition_S(tile_S))"
tcase tc-stride 2 's/make_layout(tensor_shape))/make_layout(tensor_shape, make_stride(1, 256)))/' \
  "is not make_layout(shape) or make_layout(shape, LayoutLeft{} / LayoutRight{})"
tcase tc-zipped 2 's/tiled_divide(tensor_S/zipped_divide(tensor_S/' \
  "line 179, column 27: main: argument 1 (tiled_tensor_S) of the copy_kernel_vectorized launch, the tensor it copies from: tiled_tensor_S is zipped_divide"
tcase tc-type 2 's/Copy_Atom<CopyOp, Element>/Copy_Atom<CopyOp, double>/' \
  "a tensor of float copied by a Copy_Atom of double"
tcase tc-blockdim 2 's/dim3 blockDim(size(thr_layout));/dim3 blockDim(128);/' \
  "line 222, column 5: main: tvlab reads the launch's grid and block as tiled_copy.cu writes them"
tcase tc-griddim 2 's/dim3 gridDim (size<1>(tiled_tensor_D), size<2>(tiled_tensor_D));/dim3 gridDim (1, size<2>(tiled_tensor_D));/' \
  "(gridDim is not); nothing of this function was checked"
tcase tc-threads 2 's/dim3 blockDim(size(thr_layout));/dim3 blockDim(size(val_layout));/' \
  "blockDim(size(val_layout)) launches 4 threads, and the TiledCopy has 256: tvlab reads a launch of exactly the TiledCopy's threads"
run tc-bind 2 verify "$tc" --config main --bind 'A.type=float'
has tc-bind-msg "$tmp/tc-bind.err" "--bind is not read with a copy-only launch (copy_kernel_vectorized)"

echo "tutorial: $passes passed, $fails failed"
[ "$fails" = 0 ]
