#!/usr/bin/env bash
# Quick start (1): install what is missing, build, and run tvlab's main job on a built-in default: plan,
# verify (with a proof) and render the default Xe bf16 256x256x32 GEMM tile.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"
tvlab="${TVLAB_BUILD_DIR:-$root/build}/cli/tvlab"

echo "== CuTe's layout algebra, as tvlab eval computes it =="
while IFS= read -r expr; do
  printf '%-58s = %s\n' "$expr" "$("$tvlab" eval "$expr")"
done <<'EXPRS'
composition((10,2):(16,4),(5,4):(1,5))
complement(4:2,24)
logical_divide((4,2,3):(2,1,8),4:2)
zipped_divide((9,(4,8)):(59,(13,1)),(3:3,(2,4):(1,8)))
blocked_product((2,5):(5,1),(3,4):(1,3))
raked_product((2,5):(5,1),(3,4):(1,3))
right_inverse(((4,8),(2,2)):((32,1),(16,8)))
make_identity_layout((4,8))
EXPRS

echo
echo "== The default Xe GEMM tile (gallery/specs/xe_bf16_256x256x32.json), as tvlab plan builds it =="
"$tvlab" plan "$root/gallery/specs/xe_bf16_256x256x32.json"
echo
echo "== One atom: tvlab show XE_LOAD_2D_VNNI<16,4,16> =="
"$tvlab" show 'XE_LOAD_2D_VNNI<16,4,16>'

out="${TVLAB_BUILD_DIR:-$root/build}/demo"
mkdir -p "$out"
echo
echo "== Verify the default tile: every copy against the MMA it feeds (proof in $out/proof.md) =="
"$tvlab" verify --proof "$out/proof.md" "$root/gallery/specs/xe_bf16_256x256x32.json"
echo
echo "== Render it =="
"$tvlab" render 'XE_DPAS_TT<8,float,bfloat16_t>' -o "$out/dpas.png"
"$tvlab" render "$root/gallery/specs/xe_bf16_256x256x32.json" --view subgroup --operand B -o "$out/b_subgroup.svg"
"$tvlab" explore "$root/gallery/specs/xe_bf16_256x256x32.json" -o "$out/explore.html"
echo "wrote $out/dpas.png (the DPAS atom), $out/b_subgroup.svg (subgroup 0's B fragment), $out/explore.html"
