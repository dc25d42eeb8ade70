#!/usr/bin/env python3
"""Generated configurations for the CuTe oracle (issue 21): SM80 cp.async CollectiveMma configurations drawn over
MMA atoms and element types, warp layouts and permutations, CTA tiles, A/B global layouts, swizzled smem atoms
(swizzle B, atom width, K- or MN-major), cp.async widths with their thread layouts, ldmatrix / UniversalCopy s2r
atoms and stages, each within the collective's rules. The draw is deterministic (a seed); the file it writes,
tests/data/cpp/generated_sm80.hpp (and SM90 TMA + GMMA collectives over GMMA atoms, majors, GMMA smem atoms, stages
and clusters: generated_sm90.hpp), is test data like the hand-written ones: cute.oracle compiles it against CuTe
and compares every layout with what tvlab reads from it, and cute.oracle.recorded compares tvlab with the
recording.

  generate.py write [--seed S] [--count N] [--out FILE]   (re)write the file
  generate.py check [--seed S] [--count N] [--out FILE]   exit 1 unless the file is what the draw gives
                                                          (the ctest cute.oracle.generated)
"""
import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(ROOT, "tests", "data", "cpp", "generated_sm80.hpp")
SEED, COUNT = 21, 16

# (element type, MMA op, bits, atom K)
FAMILIES = [
    ("cutlass::half_t", "SM80_16x8x16_F32F16F16F32_TN", 16, 16),
    ("cutlass::bfloat16_t", "SM80_16x8x16_F32BF16BF16F32_TN", 16, 16),
    ("cutlass::tfloat32_t", "SM80_16x8x8_F32TF32TF32F32_TN", 32, 8),
    ("int8_t", "SM80_16x8x32_S32S8S8S32_TN", 8, 32),
]


def log2(x):
    return x.bit_length() - 1


def smem_atom(rng, bits, k_major, blk_mn, blk_k):
    """A swizzled (or plain) smem layout atom of 8 rows and a width of 32, 64 or 128 bytes along the contiguous
    mode: composition(Swizzle<B,M,3>, ...) with M the 16-byte vector, B up to the width's."""
    widths = [w for w in (32, 64, 128) if (w * 8 // bits) <= (blk_k if k_major else blk_mn)]
    wb = rng.choice(widths)
    w = wb * 8 // bits
    if k_major:
        layout = "Layout<Shape<_8, _%d>, Stride<_%d, _1>>" % (w, w)
    else:
        layout = "Layout<Shape<_%d, _8>, Stride<_1, _%d>>" % (w, w)
    b_max = log2(wb // 16)
    b = rng.choice(list(range(0, b_max + 1)))
    if b == 0:
        return layout, w
    m = log2(128 // bits)
    return "decltype(composition(Swizzle<%d, %d, 3>{}, %s{}))" % (b, m, layout), w


def g2s_copy(rng, etype, bits, k_major, threads, blk_mn, blk_k):
    """make_tiled_copy of a cp.async atom: one 16-byte (or 8-byte) vector per thread along the contiguous mode."""
    choices = [128] + ([64] if bits <= 32 else [])
    vbits = rng.choice(choices)
    vec = vbits // bits
    extent = blk_k if k_major else blk_mn
    along = min(extent // vec, threads)
    rows = threads // along
    other = blk_mn if k_major else blk_k
    if threads % along or other % rows or rows < 1:
        return None
    op = "SM80_CP_ASYNC_CACHEALWAYS<cute::uint%d_t>" % vbits
    if vbits == 128 and rng.random() < 0.5:
        op = "SM80_CP_ASYNC_CACHEGLOBAL<cute::uint128_t>"
    if k_major:
        thr = "Layout<Shape<_%d, _%d>, Stride<_%d, _1>>{}" % (rows, along, along)
        val = "Layout<Shape<_1, _%d>>{}" % vec
    else:
        thr = "Layout<Shape<_%d, _%d>, Stride<_1, _%d>>{}" % (along, rows, along)
        val = "Layout<Shape<_%d, _1>>{}" % vec
    return "decltype(make_tiled_copy(Copy_Atom<%s, %s>{}, %s, %s))" % (op, etype, thr, val)


def s2r_atom(rng, etype, bits, k_major, operand, n_per_warp):
    if not k_major:
        # ldmatrix.trans moves 8 values a thread: A's 16x16 k-block has them, B's 8-wide one needs 16 N a warp
        if bits == 16 and (operand == "A" or n_per_warp >= 16):
            return "Copy_Atom<SM75_U16x8_LDSM_T, %s>" % etype
        return "Copy_Atom<UniversalCopy<%s>, %s>" % (etype, etype)
    if operand == "A":
        return "Copy_Atom<%s, %s>" % (rng.choice(["SM75_U32x4_LDSM_N", "SM75_U32x2_LDSM_N"]), etype)
    # B: x4 reads 16 N rows a warp (the permutation gives each warp 16), x2 and x1 fit one 8-row atom
    ops = ["SM75_U32x2_LDSM_N", "SM75_U32x1_LDSM_N"] + (["SM75_U32x4_LDSM_N"] if n_per_warp >= 16 else [])
    return "Copy_Atom<%s, %s>" % (rng.choice(ops), etype)


def draw(rng, i):
    etype, op, bits, atom_k = rng.choice(FAMILIES)
    wm, wn = rng.choice([(1, 2), (2, 1), (2, 2), (4, 1), (1, 4), (2, 4), (4, 2)])
    pn, pk = rng.choice([1, 2]), rng.choice([1, 2])
    tile_m, tile_n, tile_k = 16 * wm, 8 * wn * pn, atom_k * pk
    threads = 32 * wm * wn
    blk_m = tile_m * rng.choice([r for r in (1, 2, 4, 8) if 32 <= tile_m * r <= 256] or [1])
    blk_n = tile_n * rng.choice([r for r in (1, 2, 4, 8) if 32 <= tile_n * r <= 256] or [1])
    k_bytes = rng.choice([32, 64, 128])
    blk_k = max(tile_k, k_bytes * 8 // bits)
    stages = rng.choice([2, 3, 4, 5])
    # int8 has no transposing ldmatrix: K-major only (as CUTLASS's int8 defaults)
    a_k = bits == 8 or rng.random() < 0.6
    b_k = bits == 8 or rng.random() < 0.6
    parts = {}
    for x, k_major, blk_mn in (("A", a_k, blk_m), ("B", b_k, blk_n)):
        atom, _ = smem_atom(rng, bits, k_major, blk_mn, blk_k)
        g2s = g2s_copy(rng, etype, bits, k_major, threads, blk_mn, blk_k)
        if g2s is None:
            return None
        s2r = s2r_atom(rng, etype, bits, k_major, x, 8 * pn)
        layout = ("cutlass::layout::RowMajor" if k_major else "cutlass::layout::ColumnMajor") if x == "A" else \
            ("cutlass::layout::ColumnMajor" if k_major else "cutlass::layout::RowMajor")
        parts[x] = (atom, g2s, s2r, layout)
    name = "gen_%02d" % i
    lines = [
        "namespace %s {" % name,
        "using namespace cute;",
        "using TiledMma = TiledMMA<MMA_Atom<%s>, Layout<Shape<_%d, _%d, _1>>, Tile<_%d, _%d, _%d>>;" % (
            op, wm, wn, tile_m, tile_n, tile_k),
    ]
    for x in ("A", "B"):
        atom, g2s, s2r, _ = parts[x]
        lines.append("using SmemLayoutAtom%s = %s;" % (x, atom))
        lines.append("using GmemTiledCopy%s = %s;" % (x, g2s))
        lines.append("using SmemCopyAtom%s = %s;" % (x, s2r))
    lines += [
        "using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<",
        "    cutlass::gemm::MainloopSm80CpAsync<%d>, Shape<_%d, _%d, _%d>," % (stages, blk_m, blk_n, blk_k),
        "    %s, cutlass::gemm::TagToStrideA_t<%s>," % (etype, parts["A"][3]),
        "    %s, cutlass::gemm::TagToStrideB_t<%s>," % (etype, parts["B"][3]),
        "    TiledMma,",
        "    GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA, cute::identity,",
        "    GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, cute::identity>;",
        "}  // namespace %s" % name,
    ]
    return "\n".join(lines)


# SM90: (element type, the smem atoms' type, GMMA op stem, bits, atom K, MN-major allowed)
SM90_FAMILIES = [
    ("cutlass::half_t", "cutlass::half_t", "F32F16F16_SS", 16, 16, True),
    ("cutlass::bfloat16_t", "cutlass::bfloat16_t", "F32BF16BF16_SS", 16, 16, True),
    ("float", "tfloat32_t", "F32TF32TF32_SS_TN", 32, 8, False),
    ("int8_t", "int8_t", "S32S8S8_SS_TN", 8, 32, False),
]


def draw_sm90(rng, i):
    """An SM90 TMA + GMMA collective: a GMMA atom (N 64..256, majors), warpgroups along M, a GMMA smem atom
    (INTER, SW32, SW64, SW128; K- or MN-major) per operand, stages and a cluster with the TMA op it needs."""
    etype, atype, stem, bits, atom_k, mn_ok = rng.choice(SM90_FAMILIES)
    n = rng.choice([64, 96, 128, 192, 256])
    wg = rng.choice([1, 2])
    a_k = not mn_ok or rng.random() < 0.5
    b_k = not mn_ok or rng.random() < 0.5
    if mn_ok:
        op = "SM90_64x%dx%d_%s<GMMA::Major::%s, GMMA::Major::%s>" % (n, atom_k, stem, "K" if a_k else "MN",
                                                                      "K" if b_k else "MN")
    else:
        op = "SM90_64x%dx%d_%s" % (n, atom_k, stem)
    blk_m = 64 * wg * rng.choice([1, 2])
    blk_n = n * rng.choice([1, 2]) if n <= 128 else n
    blk_k = rng.choice([k for k in (32, 64, 128) if k * bits <= 1024 and k >= atom_k])
    stages = rng.choice([2, 3, 4, 5, 6, 7])
    cluster = rng.choice([(1, 1), (1, 2), (2, 1), (2, 2)])
    atoms = {}
    for x, k_major, blk_mn in (("A", a_k, blk_m), ("B", b_k, blk_n)):
        # Layout_K_SWxx_Atom is (8, xx bytes); Layout_MN_SWxx_Atom (xx bytes, 8): it must divide the tile
        fits = [sw for sw, bytes_ in (("INTER", 16), ("SW32", 32), ("SW64", 64), ("SW128", 128))
                if (blk_k if k_major else blk_mn) % (bytes_ * 8 // bits) == 0]
        atoms[x] = "GMMA::Layout_%s_%s_Atom<%s>" % ("K" if k_major else "MN", rng.choice(fits), atype)
    tma = {"A": "SM90_TMA_LOAD_MULTICAST" if cluster[1] > 1 else "SM90_TMA_LOAD",
           "B": "SM90_TMA_LOAD_MULTICAST" if cluster[0] > 1 else "SM90_TMA_LOAD"}
    la = "cutlass::layout::RowMajor" if a_k else "cutlass::layout::ColumnMajor"
    lb = "cutlass::layout::ColumnMajor" if b_k else "cutlass::layout::RowMajor"
    name = "gen90_%02d" % i
    return "\n".join([
        "namespace %s {" % name,
        "using namespace cute;",
        "using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<",
        "    cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<%d, Shape<_%d, _%d, _1>," % (stages, cluster[0],
                                                                                         cluster[1]),
        "                                                      cutlass::gemm::KernelTmaWarpSpecializedCooperative>,",
        "    Shape<_%d, _%d, _%d>," % (blk_m, blk_n, blk_k),
        "    %s, cutlass::gemm::TagToStrideA_t<%s>," % (etype, la),
        "    %s, cutlass::gemm::TagToStrideB_t<%s>," % (etype, lb),
        "    decltype(make_tiled_mma(%s{}, Layout<Shape<_%d, _1, _1>>{}))," % (op, wg),
        "    cute::%s, %s, void, cute::identity," % (tma["A"], atoms["A"]),
        "    cute::%s, %s, void, cute::identity>;" % (tma["B"], atoms["B"]),
        "}  // namespace %s" % name,
    ])


HEADER = [
    "// Generated by tests/cute_oracle/generate.py (seed %(seed)d, %(count)d configurations): %(what)s",
    "// Not upstream's: CuTe (cute.oracle) is the reference. Do not edit: `python3 tests/cute_oracle/generate.py",
    "// write` rewrites it, cute.oracle.generated checks it.",
    "#pragma once",
    "#include <cute/tensor.hpp>",
    "#include <cutlass/gemm/collective/collective_mma.hpp>",
    "",
]


def text_sm90(seed, count):
    rng = random.Random(seed)
    out = [h % {"seed": seed, "count": count,
                "what": "SM90 TMA + GMMA CollectiveMma configurations drawn over GMMA atoms, majors, warpgroups, "
                        "CTA tiles, GMMA smem atoms, stages and clusters."} for h in HEADER]
    for i in range(count):
        out += [draw_sm90(rng, i), ""]
    return "\n".join(out)


def text(seed, count):
    rng = random.Random(seed)
    out = [h % {"seed": seed, "count": count,
                "what": "SM80 cp.async CollectiveMma configurations drawn over MMA atoms, element types, warp "
                        "layouts, permutations, CTA tiles, A/B layouts, swizzled smem atoms, cp.async widths and "
                        "s2r atoms."} for h in HEADER]
    i = 0
    while i < count:
        cfg = draw(rng, i)
        if cfg is None:
            continue
        out.append(cfg)
        out.append("")
        i += 1
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["write", "check"])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--count", type=int, default=COUNT)
    ap.add_argument("--out", default=DEFAULT_OUT)
    a = ap.parse_args()
    files = [(a.out, text(a.seed, a.count)),
             (os.path.join(os.path.dirname(a.out), "generated_sm90.hpp"), text_sm90(a.seed, max(1, a.count // 2)))]
    return write_or_check(files, a.mode,
                          "is not what generate.py draws (seed %d): run `python3 tests/cute_oracle/generate.py "
                          "write` and `tests/cute_oracle/run.sh record`" % a.seed)


def write_or_check(files, mode, stale):
    """Writes each (path, text) of `files` (mode "write"), or says which differ from the file there ("check",
    `stale` completing "FAIL <file> ..."); 1 when one differs or cannot be read, else 0."""
    bad = 0
    for path, t in files:
        rel = os.path.relpath(path, ROOT)
        if mode == "write":
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(t)
            print("wrote %s" % rel)
            continue
        try:
            with open(path, encoding="utf-8") as f:
                have = f.read()
        except OSError as e:
            print("FAIL cannot read %s: %s" % (rel, e))
            bad += 1
            continue
        if have != t:
            print("FAIL %s %s" % (rel, stale))
            bad += 1
        else:
            print("%s is the draw" % rel)
    return 1 if bad else 0

if __name__ == "__main__":
    sys.exit(main())
