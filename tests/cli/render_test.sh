#!/usr/bin/env bash
# CLI tests for `tvlab render`: every diagram in every format, validated (SVG parsed as XML, TikZ compiled
# with pdflatex, PNG size, PDF page count), deterministic output, and refused requests (exit 2, no file).
set -u
tvlab="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
fails=0; passes=0
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
ok() { passes=$((passes+1)); }
ko() { echo "FAIL $*"; fails=$((fails+1)); }

big="$root/tests/data/render/xe_bf16_128x128x32.json"
# name | arguments (eval'd) | formats
cases=(
  "layout|'(4,8):(8,1)'|svg tex txt png pdf"
  "swizzle|'Sw<3,3,3> o (8,64):(64,1)'|svg txt png pdf"
  "tv|'((2,4),4):((0,1),5)' --tile '(4,4)'|svg tex txt png pdf"
  "mma-atom|'SM80_16x8x16_F32F16F16F32_TN'|svg tex txt png pdf"
  "copy-atom|'XE_LOAD_2D<16,8,4>'|svg tex txt png pdf"
  "ldsm|'SM75_U32x4_LDSM_N' --value-type half_t --palette colorblind|svg txt png"
  "subgroup|'XE_LOAD_2D_VNNI<16,4,16>' --view subgroup|svg tex txt png pdf"
  "reorder|--reorder '(16,2):(1,16)' '(16,2):(2,1)' --tile '(8,4)'|svg tex txt png pdf"
  "slm|'((16,2),4):((4,64),1)' --view slm --tile '(16,8)'|svg tex txt png pdf"
  "spec-mma|'$big'|svg"
  "spec-copy|'$root/gallery/specs/sm80_f16_32x32x16_ldsm.json' --operand A|svg txt png"
  "spec-subgroup|'$root/gallery/specs/xe_bf16_256x256x32.json' --view subgroup --operand B|svg txt"
  "spec-reorder|'$root/tests/data/specs/xe_f16_a_col_major.json' --view reorder --operand A|svg txt"
  "banks|--view banks --smem '(64,64):(64,1)' --tv '((8,4),8):((1,512),64)' --type half_t --op ldmatrix.x4|svg tex txt png pdf"
  "banks-sw|'Sw<3,3,3> o (64,64):(64,1)' --view banks --tv '((8,4),8):((1,512),64)' --type half_t --op ldmatrix.x4|svg txt png"
  "spec-banks|'$root/tests/data/specs/sm80_ldsm_x4_rm64.json' --view banks --operand A|svg tex txt png pdf"
  "spec-slm|'$root/gallery/specs/xe_bf16_256x256x32_slm.json' --view slm --operand B|svg"
  "umma-tmem|'SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8,UMMA::Major::K,UMMA::Major::K>'|svg tex txt png"
  "spec-tmem|'$root/gallery/specs/sm100_f16_umma_2sm_256x32_tmem.json'|svg txt"
  "spec-tmem-copy|'$root/gallery/specs/sm100_f16_umma_2sm_256x32_tmem.json' --view tmem-copy|svg tex txt png"
)
for c in "${cases[@]}"; do
  IFS='|' read -r name args formats <<<"$c"
  for f in $formats; do
    out="$tmp/$name.$f"
    if eval "\"$tvlab\" render $args -o \"$out\"" 2>"$tmp/err" && [ -s "$out" ]; then ok
    else ko "render $name.$f: $(cat "$tmp/err")"; fi
  done
done

# One Python run (its start-up is the slow part) checks the SVG and PNG files:
# SVG: well-formed XML, an <svg> root, the provenance comment first, one <title> per cell.
# PNG: signature, a plausible size (IHDR width, height) and the provenance tEXt chunk.
python3 - "$tmp" <<'PY' && ok || ko "svg/png validation"
import glob, struct, sys, xml.etree.ElementTree as ET
bad = 0
for p in sorted(glob.glob(sys.argv[1] + "/*.svg")):
    text = open(p, encoding="utf-8").read()
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        print("not XML:", p, e); bad += 1; continue
    if root.tag != "{http://www.w3.org/2000/svg}svg": print("root:", p, root.tag); bad += 1
    if not text.split("\n")[1].startswith("<!--") or "tvlab render:" not in text.split("\n")[2]:
        print("no provenance comment first:", p); bad += 1
    if not root.findall(".//{http://www.w3.org/2000/svg}title"): print("no tooltips:", p); bad += 1
for p in sorted(glob.glob(sys.argv[1] + "/*.png")):
    b = open(p, "rb").read()
    if b[:8] != b"\x89PNG\r\n\x1a\n": print("not PNG:", p); bad += 1; continue
    w, h = struct.unpack(">II", b[16:24])
    if not (200 <= w <= 4200 and 100 <= h <= 4300): print("size:", p, w, h); bad += 1
    if b"tvlab render:" not in b[:4096]: print("no provenance chunk:", p); bad += 1
print("checked", len(glob.glob(sys.argv[1] + "/*.svg")), "SVG and", len(glob.glob(sys.argv[1] + "/*.png")), "PNG files") if bad else None
sys.exit(1 if bad else 0)
PY

# Text: provenance first.
for t in "$tmp"/*.txt; do
  head -1 "$t" | grep -q '^# tvlab render: ' && ok || ko "text provenance $(basename "$t")"
done
grep -qF ' 0     2     4     6     8    10' "$tmp/subgroup.txt" && grep -qF 'T1V2  T3V2' "$tmp/subgroup.txt" && ok \
  || ko "subgroup view text is not the seed's VNNI table"

# PDF: one page each.
for p in "$tmp"/*.pdf; do
  if command -v pdfinfo >/dev/null; then pages="$(pdfinfo "$p" 2>/dev/null | awk '/^Pages:/{print $2}')"
  else pages="$(python3 -c "import re,sys; print(len(re.findall(rb'/Type\s*/Page[^s]', open(sys.argv[1],'rb').read())))" "$p")"; fi
  [ "$pages" = 1 ] && ok || ko "pdf pages $(basename "$p"): '$pages'"
done

# TikZ: every .tex compiles with pdflatex into one page.
if command -v pdflatex >/dev/null; then
  mkdir -p "$tmp/tex"
  for t in "$tmp"/*.tex; do
    n="$(basename "$t" .tex)"
    if (cd "$tmp/tex" && pdflatex -interaction=nonstopmode -halt-on-error "$t" >"$n.out" 2>&1) && [ -s "$tmp/tex/$n.pdf" ]; then ok
    else ko "pdflatex $n: $(grep -m3 '^!' "$tmp/tex/$n.log")"; fi
  done
else
  echo "SKIP pdflatex: not installed (scripts/setup.sh installs texlive-latex-base and texlive-pictures)"
fi

# Deterministic: same input, same bytes.
"$tvlab" render SM80_16x8x16_F32F16F16F32_TN -o "$tmp/again.svg" && cmp -s "$tmp/again.svg" "$tmp/mma-atom.svg" && ok || ko "svg not deterministic"
"$tvlab" render --reorder '(16,2):(1,16)' '(16,2):(2,1)' --tile '(8,4)' -o "$tmp/again.tex" && cmp -s "$tmp/again.tex" "$tmp/reorder.tex" && ok || ko "tex not deterministic"

# --view banks: the title's counts are tvlab banks' (the same library call), the text shows banks and lanes.
"$tvlab" render --view banks --smem '(64,64):(64,1)' --tv '((8,4),8):((1,512),64)' --type half_t --op ldmatrix.x4 \
  -o "$tmp/b64.txt" 2>"$tmp/err"
want=$("$tvlab" banks --smem '(64,64):(64,1)' --tv '((8,4),8):((1,512),64)' --type half_t --op ldmatrix.x4 --json |
  python3 -c 'import json,sys; j=json.load(sys.stdin); print("wavefronts %d (ideal %d), %d bank conflicts" % (j["wavefronts"], j["ideal_wavefronts"], j["bank_conflicts"]))')
if grep -qxF "$want" "$tmp/b64.txt" && [ "$want" = "wavefronts 32 (ideal 4), 28 bank conflicts" ] &&
   grep -q ' \*L0 b0 ' "$tmp/b64.txt" && grep -qF "'*' lanes meeting in one bank in one phase" "$tmp/b64.txt"; then ok
else ko "banks title/text: want '$want': $(head -8 "$tmp/b64.txt")"; fi
"$tvlab" render "$root/tests/data/specs/sm80_ldsm_x4_rm64_sw333.json" --view banks --operand A -o "$tmp/bsw.txt" 2>"$tmp/err"
if grep -qxF "wavefronts 4 (ideal 4), 0 bank conflicts (conflict-free)" "$tmp/bsw.txt" && ! grep -q '\*L' "$tmp/bsw.txt"; then ok
else ko "banks spec sw333: $(head -8 "$tmp/bsw.txt") $(cat "$tmp/err")"; fi
# The epilogue's r2s (stmatrix) and an Xe SLM s2r on the unvalidated xe-slm model: the worst instruction, the
# one banks.X.c names.
"$tvlab" render "$root/tests/data/specs/sm90_d_stsm_rm64.json" --view banks --operand D -o "$tmp/bd.txt" 2>"$tmp/err"
if grep -qxF "wavefronts 32 (ideal 4), 28 bank conflicts" "$tmp/bd.txt" && grep -qF "operand D r2s (SM90_U32x4_STSM_N): warp 0" "$tmp/bd.txt"; then ok
else ko "banks spec D r2s: $(head -8 "$tmp/bd.txt") $(cat "$tmp/err")"; fi
"$tvlab" render "$root/tests/data/specs/xe_bf16_a_slm_colmajor.json" --view banks --operand A -o "$tmp/bxe.txt" 2>"$tmp/err"
if grep -qxF "wavefronts 16 (ideal 1), 15 bank conflicts" "$tmp/bxe.txt" && grep -qF "model: unvalidated" "$tmp/bxe.txt" &&
   grep -qF "operand A s2r (UniversalCopy<uint16_t>): subgroup 0" "$tmp/bxe.txt"; then ok
else ko "banks spec Xe s2r: $(head -8 "$tmp/bxe.txt") $(cat "$tmp/err")"; fi
# A cp.async without its global sources: the bank model's lower bound, titled "at least N" as tvlab banks
# says it (which exits 2 without --gmem); an exact count never is.
cpa=(--view banks --smem '(32,32):(32,1)' --tv '(32,1):(1,0)' --type float --op cp.async)
"$tvlab" render "${cpa[@]}" -o "$tmp/bcp.svg" 2>"$tmp/err"
"$tvlab" render "${cpa[@]}" -o "$tmp/bcp.txt" 2>>"$tmp/err"
"$tvlab" banks "${cpa[@]:2}" 2>"$tmp/bcp.err"; rc=$?
if [ "$rc" = 2 ] && grep -qF "at least 32 wavefronts (give --gmem)" "$tmp/bcp.err" &&
   grep -qF "at least 32 wavefronts (a lower bound; ideal and bank conflicts unknown): not modeled: the lanes' global source" "$tmp/bcp.svg" &&
   grep -qxF "at least 32 wavefronts (a lower bound; ideal and bank conflicts unknown): not modeled: the lanes' global source addresses are not known, and cp.async's shared-memory wavefronts depend on them" "$tmp/bcp.txt" &&
   grep -qF "phase 0: lanes 0-31, at least 32 wavefronts; bank 0 holds 32 words of lanes 0-31; a lower bound: the lanes' global source" "$tmp/bcp.txt" &&
   ! grep -qE "ideal [0-9]|bank conflicts \(|conflict-free" "$tmp/bcp.txt"; then ok
else ko "banks cp.async bound: rc=$rc $(cat "$tmp/bcp.err") $(head -6 "$tmp/bcp.txt") $(cat "$tmp/err")"; fi
"$tvlab" render --view banks --smem '(64,64):(64,1)' --tv '((8,4),8):((1,512),64)' --type half_t --op ldmatrix.x4 \
  -o "$tmp/b64.svg" 2>"$tmp/err"
if grep -qF "wavefronts 32 (ideal 4), 28 bank conflicts" "$tmp/b64.svg" && ! grep -q "at least" "$tmp/b64.svg"; then ok
else ko "banks exact svg: $(grep -o 'wavefronts[^<]*' "$tmp/b64.svg" | head -2)"; fi
# A spec operand staged by g2s alone (CuTe's tutorial gemm_nt without its s2r atoms): the g2s instruction drawn
# with verify's global sources, exact where banks.A.g2s is (4 wavefronts; with its threads along K each 8 lanes
# read one 16-byte position of 8 rows: stacked lines, 8 a group whatever the banks, 32, no conflict), exact where rows start 128-byte aligned for CUTLASS's f16 TN
# default (each 8 lanes read two 64-byte rows, stacked lines: 2 a group), "at least" where it is unknown (A
# M-major copied along K: each 8 lanes read 8 rows).
python3 - "$root/tests/data/specs/cute_tutorial_sgemm_sm80_nt.json" "$tmp" \
  "$root/tests/data/specs/cutlass_sm80_f16_tn_128x128x32.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for x in 'AB':
    del d['operands'][x]['smem']['s2r']
json.dump(d, open(sys.argv[2] + '/nt_g2s.json', 'w'))
d['operands']['A']['smem']['g2s']['thr_layout'] = '(32,8):(8,1)'
json.dump(d, open(sys.argv[2] + '/nt_g2s_k.json', 'w'))
d = json.load(open(sys.argv[3]))
del d['operands']['A']['smem']['s2r']
json.dump(d, open(sys.argv[2] + '/tn_g2s.json', 'w'))
PY
"$tvlab" render "$tmp/nt_g2s.json" --view banks --operand A -o "$tmp/bnt.txt" 2>"$tmp/err"
"$tvlab" render "$tmp/nt_g2s_k.json" --view banks --operand A -o "$tmp/bntk.txt" 2>>"$tmp/err"
"$tvlab" render "$tmp/tn_g2s.json" --view banks --operand A -o "$tmp/btn.txt" 2>>"$tmp/err"
if grep -qxF "wavefronts 4 (ideal 4), 0 bank conflicts (conflict-free), where rows start 128-byte aligned (base, leading dimension)" "$tmp/bnt.txt" &&
   grep -qF "operand A g2s (SM80_CP_ASYNC_CACHEALWAYS<uint128_t>): warp 0" "$tmp/bnt.txt" &&
   grep -qxF "wavefronts 32 (ideal 32), 0 bank conflicts (conflict-free), where rows start 128-byte aligned (base, leading dimension)" "$tmp/bntk.txt" &&
   "$tvlab" verify "$tmp/nt_g2s_k.json" | grep -qF "ok   banks.A.g2s  256 wavefronts (32 per instruction): ideal where rows start 128-byte aligned" &&
   grep -qxF "wavefronts 8 (ideal 8), 0 bank conflicts (conflict-free), where rows start 128-byte aligned (base, leading dimension)" "$tmp/btn.txt" &&
   "$tvlab" verify "$tmp/tn_g2s.json" | grep -qF "ok   banks.A.g2s  128 wavefronts (8 per instruction): ideal where rows start 128-byte aligned" &&
   "$tvlab" render "$root/tests/data/specs/sm80_f16_a_colmajor_cp_async_k.json" --view banks --operand A --copy g2s -o "$tmp/bck.txt" 2>>"$tmp/err" &&
   grep -qF "at least 8 wavefronts (a lower bound; ideal and bank conflicts unknown): not modeled: lanes 0-7 (one group of 8) read more than one 128-byte window" "$tmp/bck.txt" &&
   "$tvlab" verify "$root/tests/data/specs/sm80_f16_a_colmajor_cp_async_k.json" | grep -qF "??   banks.A.g2s  at least 128 wavefronts (8 per instruction)"; then ok
else ko "banks spec g2s only: $(sed -n 3,4p "$tmp/bnt.txt") | $(sed -n 3,4p "$tmp/bntk.txt") | $(sed -n 3,4p "$tmp/btn.txt") $(cat "$tmp/err")"; fi

# --copy g2s: the operand's worst cp.async as verify's banks.X.g2s walks it, its phases as the model splits
# them (groups of 128/bytes lanes), each exact or a lower bound with the model's reason, the copy's totals,
# and its global 32-byte sectors (gmem.X.g2s) as a second panel. Literal texts: an exact instruction with
# conflicts (sm80_ldsm_x4_pad72_sw333: 8 wavefronts, ideal 4; banks.A.g2s refuted, 53 over 8 instructions)
# and a bounded one (sm80_ldsm_x4_rm32: rows a run-time leading dimension apart).
for c in pad72_sw333 rm32; do
  (cd "$root" && "$tvlab" render "tests/data/specs/sm80_ldsm_x4_$c.json" --view banks --operand A --copy g2s \
    -o "$tmp/g2s_$c.txt") 2>"$tmp/err"
  if cmp -s "$tmp/g2s_$c.txt" "$root/tests/data/render/banks_g2s_$c.txt"; then ok
  else ko "banks g2s $c literal: $(diff "$root/tests/data/render/banks_g2s_$c.txt" "$tmp/g2s_$c.txt" | head -8) $(cat "$tmp/err")"; fi
done
# A C++ CollectiveMma (the text reader) draws what its JSON twin draws: the same instruction, phases, totals and
# sectors (only the file's name differs in the heading).
"$tvlab" render "$root/tests/data/cpp/cutlass_sm80_f16_tn.hpp" --view banks --operand B --copy g2s -o "$tmp/g2s_hpp.txt" 2>"$tmp/err"
"$tvlab" render "$root/tests/data/specs/cutlass_sm80_f16_tn_128x128x32.json" --view banks --operand B --copy g2s -o "$tmp/g2s_json.txt" 2>>"$tmp/err"
if cmp -s <(tail -n +4 "$tmp/g2s_hpp.txt") <(tail -n +4 "$tmp/g2s_json.txt") &&
   grep -qxF "phase 1: lanes 8-15, 2 wavefronts" "$tmp/g2s_hpp.txt" &&
   grep -qF "operand B g2s (SM80_CP_ASYNC_CACHEALWAYS<uint128_t>): warp 0, instruction 0 (repeat 0), the worst of 16" "$tmp/g2s_hpp.txt"; then ok
else ko "banks g2s hpp vs json: $(diff <(tail -n +4 "$tmp/g2s_hpp.txt") <(tail -n +4 "$tmp/g2s_json.txt") | head -6) $(cat "$tmp/err")"; fi
# Every format draws it; s2r stays the default; --copy is refused where it does not apply.
for f in svg png pdf tex; do
  if "$tvlab" render "$root/tests/data/specs/sm80_ldsm_x4_pad72_sw333.json" --view banks --operand A --copy g2s \
       -o "$tmp/g2s.$f" 2>"$tmp/err" && [ -s "$tmp/g2s.$f" ]; then ok; else ko "banks g2s $f: $(cat "$tmp/err")"; fi
done
grep -qF "global memory: the 32-byte sector each element is read from" "$tmp/g2s.svg" && ok || ko "banks g2s svg heading"
"$tvlab" render "$root/tests/data/specs/sm80_ldsm_x4_pad72_sw333.json" --view banks --operand A -o "$tmp/s2r_default.txt" 2>"$tmp/err"
"$tvlab" render "$root/tests/data/specs/sm80_ldsm_x4_pad72_sw333.json" --view banks --operand A --copy s2r -o "$tmp/s2r_named.txt" 2>>"$tmp/err"
if cmp -s "$tmp/s2r_default.txt" "$tmp/s2r_named.txt" && grep -qF "operand A s2r (SM75_U32x4_LDSM_N)" "$tmp/s2r_named.txt" &&
   ! grep -q "global memory" "$tmp/s2r_named.txt"; then ok
else ko "banks --copy s2r default: $(head -4 "$tmp/s2r_named.txt") $(cat "$tmp/err")"; fi
# A g2s whose global layout the spec does not give: the bank bound drawn, the global side said missing.
"$tvlab" render "$root/tests/data/specs/sm80_c_float_padded.json" --view banks --operand C --copy g2s -o "$tmp/g2s_c.txt" 2>"$tmp/err"
if grep -qxF "global side not drawn: the spec does not say how global memory holds C" "$tmp/g2s_c.txt" &&
   grep -qF "phase 0: lanes 0-7, at least 1 wavefront; a lower bound: the lanes' global source addresses are not known" "$tmp/g2s_c.txt"; then ok
else ko "banks g2s without gmem: $(tail -3 "$tmp/g2s_c.txt") $(cat "$tmp/err")"; fi
# The cross-check over every spec with a g2s copy: the picture's phases add up to its instruction's count, its
# instructions' counts (in issue order) to banks.X.g2s's figure in verify's report (exact or "at least" alike),
# the drawn instruction is verify's witness where it names one, the sector panel holds as many sectors as the
# caption counts, and the copy's sector figure is gmem.X.g2s's.
if python3 "$root/tests/cli/banks_g2s_crosscheck.py" "$tvlab" "$root" "$tmp"; then ok; else ko "banks g2s cross-check"; fi

# Refused requests: exit 2, a message naming the problem, and no file (nor temporary) left behind.
bad() {  # name, needle on stderr, output file, arguments...
  local name="$1" needle="$2" out="$3" rc; shift 3
  mkdir -p "$tmp/bad"
  "$tvlab" render "$@" -o "$out" 2>"$tmp/err" >/dev/null; rc=$?
  if [ "$rc" != 2 ] || ! grep -qF -- "$needle" "$tmp/err" || ! grep -q '^error: ' "$tmp/err" || [ -n "$(ls -A "$tmp/bad")" ]; then
    ko "$name: rc=$rc (want 2), files: $(ls -A "$tmp/bad"), stderr: $(cat "$tmp/err")"
  else ok; fi
}
bad unknown-atom "no atom named 'XE_DPAS_XX'" "$tmp/bad/a.svg" 'XE_DPAS_XX<8,float>'
bad invalid-atom 'Height' "$tmp/bad/a.svg" 'XE_LOAD_2D<16,64,16>'
bad too-many-cells 'pass --force' "$tmp/bad/a.png" '(10000,1000):(1,10000)'
bad too-large-tile 'pass --force' "$tmp/bad/a.svg" '(16,2):(1,16)' --tile '(10000,1000)'
# --force is capped too: 10^10 cells ran the process out of memory (ASan: allocator out of memory).
bad force-capped 'more than the 4194304 a picture may have, even with --force' "$tmp/bad/a.svg" '(100000,100000):(1,100000)' --force
bad unwritable 'cannot write' "$tmp/bad/no/such/dir/a.svg" '(4,8):(8,1)'
bad html 'HTML output is not available yet' "$tmp/bad/a.html" '(4,8):(8,1)'
bad extension 'unknown output format' "$tmp/bad/a.jpg" '(4,8):(8,1)'
bad syntax 'column' "$tmp/bad/a.svg" '(4,8'
bad needs-tile 'needs --tile' "$tmp/bad/a.svg" '(16,2):(1,16)' --view tv
# --value-type on a layout colours its cells by bank (the element size on the picture); nowhere else on a layout.
if "$tvlab" render 'Sw<3,3,3> o (8,64):(64,1)' --value-type half_t -o "$tmp/sw-banks.txt" 2>"$tmp/err" &&
   grep -qF "banks for 16-bit elements (half_t): bank = floor(offset * 16 / 32) mod 32" "$tmp/sw-banks.txt"; then ok
else ko "layout banks: $(head -3 "$tmp/sw-banks.txt") $(cat "$tmp/err")"; fi
bad value-type-tv "a layout's value type colours its layout view by bank; the tv view has none" "$tmp/bad/a.svg" '(16,2):(1,16)' --tile '(8,4)' --value-type half_t
bad value-type-coordinates 'banks need integer offsets' "$tmp/bad/a.svg" '(4,8):(1@1,1@0)' --value-type half_t
bad value-type-unknown 'halfish' "$tmp/bad/a.svg" '(4,8):(8,1)' --value-type halfish
bad value-type-smem-ptr "float is 32-bit; the layout's smem_ptr[16b] counts 16-bit elements" "$tmp/bad/a.svg" 'Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)' --value-type float
grep -qF "960 of 1024 values move" "$tmp/spec-reorder.txt" && ok || ko "spec reorder: $(head -3 "$tmp/spec-reorder.txt")"
bad spec-no-slm 'has no SLM layout' "$tmp/bad/a.svg" "$root/gallery/specs/xe_bf16_256x256x32.json" --view slm --operand A
ldsm='((8,4),8):((1,512),64)'
bad banks-syntax 'banks at --smem: column 1' "$tmp/bad/a.svg" --view banks --smem '(64,64:(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
bad banks-tv 'lane' "$tmp/bad/a.png" --view banks --smem '(64,64):(64,1)' --tv '(32,8):(1,32)' --type half_t --op ldmatrix.x4
bad banks-type '--type' "$tmp/bad/a.txt" --view banks --smem '(64,64):(64,1)' --tv "$ldsm" --type halfish --op ldmatrix.x4
bad banks-op '--op' "$tmp/bad/a.tex" --view banks --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x3
bad banks-missing 'needs --smem (or WHAT) --tv --type --op' "$tmp/bad/a.svg" --view banks --smem '(64,64):(64,1)'
bad banks-what 'not both' "$tmp/bad/a.svg" '(4,8):(8,1)' --view banks --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4
bad banks-not-view 'belong to --view banks' "$tmp/bad/a.svg" '(4,8):(8,1)' --smem '(64,64):(64,1)'
bad banks-copy-missing "operand A's shared-memory stage has no r2s copy (it has s2r, g2s)" "$tmp/bad/a.txt" "$root/tests/data/specs/sm80_ldsm_x4_rm64.json" --view banks --operand A --copy r2s
bad banks-copy-not-view 'belongs to --view banks of a spec operand' "$tmp/bad/a.txt" "$root/tests/data/specs/sm80_ldsm_x4_rm64.json" --operand A --copy g2s
bad banks-copy-no-spec 'belongs to --view banks of a spec operand' "$tmp/bad/a.txt" --view banks --smem '(64,64):(64,1)' --tv "$ldsm" --type half_t --op ldmatrix.x4 --copy g2s
bad banks-spec-no-smem 'staged in shared memory' "$tmp/bad/a.svg" "$root/gallery/specs/xe_bf16_256x256x32.json" --view banks --operand A
bad bad-view 'renders as mma, subgroup or (SM100 UMMA) tmem' "$tmp/bad/a.svg" 'XE_DPAS_TT<8,float,bfloat16_t>' --view slm
bad missing-spec "cannot open" "$tmp/bad/a.svg" "$root/tests/data/render/nope.json"
printf '{"mma":{"atom":"XE_DPAS_XX<8,float>","tile":[8,16,16]}}' > "$tmp/badspec.json"
bad bad-spec-atom 'mma.atom' "$tmp/bad/a.svg" "$tmp/badspec.json"
bad spec-operand "the spec's copies are" "$tmp/bad/a.svg" "$root/gallery/specs/sm80_f16_32x32x16_ldsm.json" --operand Q
# Cairo is loaded on the first PNG or PDF: when it cannot load, a clear error (SVG needs no Cairo).
TVLAB_CAIRO_LIBRARY=/nonexistent/libcairo.so.2 bad no-cairo 'need the Cairo library, which did not load' "$tmp/bad/a.png" '(4,8):(8,1)'
TVLAB_CAIRO_LIBRARY=/nonexistent/libcairo.so.2 bad no-cairo-pdf 'apt-get install libcairo2' "$tmp/bad/a.pdf" '(4,8):(8,1)'
if TVLAB_CAIRO_LIBRARY=/nonexistent/libcairo.so.2 "$tvlab" render '(4,8):(8,1)' -o "$tmp/nocairo.svg" 2>"$tmp/err"; then ok
else ko "SVG without Cairo: $(cat "$tmp/err")"; fi
# An existing file is replaced whole, never truncated, by a failed render.
echo keep > "$tmp/keep.svg"
"$tvlab" render '(10000,1000):(1,10000)' -o "$tmp/keep.svg" 2>/dev/null
[ "$(cat "$tmp/keep.svg")" = keep ] && ok || ko "failed render touched an existing file"

# --help documents the views and the reorder/SLM forms with examples.
help="$("$tvlab" render --help)"
for needle in '--reorder' '--view slm' '--palette' '.svg .tex .txt .png .pdf' 'Examples:'; do
  grep -qF -- "$needle" <<<"$help" && ok || ko "--help lacks '$needle'"
done

# A layout given in CuTe's C++ spelling renders the same picture as the notation.
"$tvlab" render 'Layout<Shape<_4,_8>,Stride<_8,_1>>{}' -o "$tmp/cpp-a.txt" && "$tvlab" render '(4,8):(8,1)' -o "$tmp/cpp-b.txt" \
  && diff <(tail -n +2 "$tmp/cpp-a.txt") <(tail -n +2 "$tmp/cpp-b.txt") >/dev/null && ok || ko "render of a C++ spelling differs"
"$tvlab" render 'composition(Swizzle<3,3,3>{}, make_layout(make_shape(8,64), LayoutRight{}))' -o "$tmp/cpp-c.txt" \
  && "$tvlab" render 'Sw<3,3,3> o (8,64):(64,1)' -o "$tmp/cpp-d.txt" \
  && diff <(tail -n +2 "$tmp/cpp-c.txt") <(tail -n +2 "$tmp/cpp-d.txt") >/dev/null && ok || ko "render of a C++ swizzle differs"
# SM100 tensor memory: a UMMA atom (and its spec) draws its accumulator in TMEM by default; the views need one.
grep -qF "Tensor memory: the accumulator of SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8" "$tmp/umma-tmem.txt" &&
  grep -qF "16,7" "$tmp/umma-tmem.txt" && ok || ko "umma-tmem.txt: $(head -3 "$tmp/umma-tmem.txt")"
grep -qF "T37V3" "$tmp/spec-tmem-copy.txt" && ok || ko "spec-tmem-copy.txt: $(head -3 "$tmp/spec-tmem-copy.txt")"
bad tmem-not-umma 'SM80_16x8x16_F32F16F16F32_TN is not an SM100 UMMA atom' "$tmp/bad/a.svg" 'SM80_16x8x16_F32F16F16F32_TN' --view tmem
bad tmem-copy-none 'has no TMEM epilogue copy' "$tmp/bad/a.svg" "$root/gallery/specs/sm80_f16_32x32x16_ldsm.json" --view tmem-copy
bad tmem-none 'has no SM100 UMMA accumulator' "$tmp/bad/a.svg" "$root/gallery/specs/sm80_f16_32x32x16_ldsm.json" --view tmem
bad cpp-syntax 'column 8: Stride<...> given where a Shape was expected' "$tmp/bad/a.svg" 'Layout<Stride<_4>>{}'

# Issue 34: a TiledCopy as compilers spell its type (g++'s, recorded in tests/data/cute/compiler_spellings.txt) draws
# the picture of the make_tiled_copy it names; as TiledMMA's spelling draws its MMA.
uni="$(awk -F'\t' '$1 == "uni" {print $2}' "$root/tests/data/cute/compiler_spellings.txt")"
"$tvlab" render "$uni" -o "$tmp/copy-spelled.svg" 2>"$tmp/err" &&
  "$tvlab" render 'make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_16,_8>>{})' -o "$tmp/copy-made.svg" &&
  [ -s "$tmp/copy-spelled.svg" ] && cmp -s "$tmp/copy-spelled.svg" "$tmp/copy-made.svg" && ok || ko "TiledCopy spelling: $(head -2 "$tmp/err")"
bad tiledcopy-unknown-op "column 21: Nope: unknown atom: no atom named 'Nope'" "$tmp/bad/a.svg" 'TiledCopy<Copy_Atom<Nope, float>, Layout<Shape<_16>>, Shape<_16>>'
bad tiledcopy-arity 'takes 3 template arguments, 2 given' "$tmp/bad/a.svg" 'cute::TiledCopy<cute::Copy_Atom<UniversalCopy<uint32_t>, float>, Layout<Shape<_16>>>'

echo "render CLI: $passes passed, $fails failed"
[ "$fails" = 0 ]
