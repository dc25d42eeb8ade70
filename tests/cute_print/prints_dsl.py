"""CuTe DSL's print() of TiledMMAs and TiledCopies (issue 22), the DSL twins of prints.cpp's C++ blocks: run with
nvidia-cutlass-dsl (record.sh); the DSL prints while it traces the @cute.jit function, so no GPU is needed (the
JIT's final load of the CUDA driver fails afterwards, which record.sh ignores). Each block starts with a line
"=== <name> ===" (record.sh's separator, not part of the print)."""
import dataclasses
import enum
import json
import math

import cutlass
import cutlass.cute as cute
import cutlass.utils as utils
import cutlass.utils.hopper_helpers as sm90_utils
from cutlass.cute.nvgpu import cpasync, warp, warpgroup
from cutlass.cute.runtime import make_ptr


def block(name, x):
    print("=== %s ===" % name)
    print(x)


def field(v):
    """An op field as recorded: an enum by its name, a cutlass.Numeric class by its name, a tuple as a list."""
    if isinstance(v, enum.Enum):
        return v.name
    if isinstance(v, type):
        return v.__name__
    if isinstance(v, tuple):
        return [field(e) for e in v]
    return v if isinstance(v, (bool, int, str)) else str(v)


def op_block(name, atom):
    """What the DSL object says of its operation, which its print does not (issue 36): block NAME_op, JSON of the
    op's class, its dataclass fields and the atom's type (`!cute_nvgpu.atom.simt_async_copy<f16, cache = global,
    128 b>`)."""
    op = atom.op
    print("=== %s_op ===" % name)
    print(json.dumps({"op": "%s.%s" % (type(op).__module__, type(op).__name__),
                      "fields": {f.name: field(getattr(op, f.name)) for f in dataclasses.fields(op)},
                      "type": str(atom.type)}, sort_keys=True))


@cute.jit
def prints():
    f16, f32 = cutlass.Float16, cutlass.Float32
    sm80 = cute.make_tiled_mma(warp.MmaF16BF16Op(f16, f32, (16, 8, 16)), cute.make_layout((2, 2, 1)),
                               permutation_mnk=(32, 32, 16))
    block("mma_sm80_16x8x16_f32f16_2x2_32x32x16", sm80)
    perm = cute.make_tiled_mma(warp.MmaF16BF16Op(f16, f16, (16, 8, 16)), cute.make_layout((2, 2, 1)),
                               permutation_mnk=(32, cute.make_layout((8, 2, 2), stride=(1, 16, 8)), 16))
    block("mma_sm80_16x8x16_f16_2x2_permuted", perm)
    sm90 = cute.make_tiled_mma(
        warpgroup.MmaF16BF16Op(f16, f32, (64, 128, 16), warpgroup.OperandSource.SMEM,
                               warpgroup.OperandMajorMode.K, warpgroup.OperandMajorMode.K),
        cute.make_layout((2, 1, 1)))
    block("mma_sm90_64x128x16_f32f16_ss_2x1", sm90)
    fma = cute.make_tiled_mma(cute.nvgpu.MmaUniversalOp(f32), cute.make_layout((16, 16, 1)))
    block("mma_universal_fma_f32_16x16", fma)
    cp = cute.make_tiled_copy_tv(cute.make_copy_atom(cpasync.CopyG2SOp(), f16, num_bits_per_copy=128),
                                 cute.make_layout((32, 4), stride=(4, 1)), cute.make_layout((1, 8)))
    block("copy_sm80_cp_async_128b_f16_32x4", cp)
    block("copy_ldsm_n_a_sm80", cute.make_tiled_copy_A(
        cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 4), f16), sm80))
    block("copy_ldsm_t_b_sm80", cute.make_tiled_copy_B(
        cute.make_copy_atom(warp.LdMatrix8x8x16bOp(True, 4), f16), sm80))
    uni = cute.make_tiled_copy_tv(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(), f16, num_bits_per_copy=64),
                                  cute.make_layout((4, 32), stride=(32, 1)), cute.make_layout((1, 4)))
    block("copy_universal_u64_f16_4x32", uni)
    block("copy_stsm_n_c_sm80", cute.make_tiled_copy_C(
        cute.make_copy_atom(warp.StMatrix8x8x16bOp(False, 4), f16), sm80))
    block("layout_rowmajor_8x64", cute.make_layout((8, 64), stride=(64, 1)))


@cute.jit
def notation(n: cutlass.Int32):
    """The DSL's printed notation (issue 36): a swizzle is S<B,M,S>, a composed layout S<B,M,S> o 0 o L, a run-time
    extent ? or ?{div=N}."""
    sw = cute.make_swizzle(3, 3, 3)
    block("layout_dsl_swizzle_333", sw)
    sl = cute.make_composed_layout(sw, 0, cute.make_layout((8, 64), stride=(64, 1)))
    block("layout_dsl_composed_333_8x64", sl)
    block("layout_dsl_tile_to_shape_333_128x64x3", cute.tile_to_shape(sl, (128, 64, 3), (0, 1, 2)))
    block("layout_dsl_tile_to_shape_333_64x128x3_n", cute.tile_to_shape(sl, (64, 128, 3), (1, 0, 2)))
    block("layout_dsl_composed_243_8x32",
          cute.make_composed_layout(cute.make_swizzle(2, 4, 3), 0, cute.make_layout((8, 32), stride=(32, 1))))
    block("layout_dsl_dynamic", cute.make_layout((n, 8), stride=(1, n)))
    d = cute.assume(n, divby=8)
    block("layout_dsl_dynamic_div8", cute.make_layout((d, 8), stride=(1, d)))


def sm80_smem_layout_ab(dtype, row_major, copy_bits, smem_tiler):
    """examples/python/CuTeDSL/ampere/tensorop_gemm.py (CUTLASS 4.2.0) TensorOpGemm._make_smem_layout_AB."""
    major = smem_tiler[1] if row_major else smem_tiler[0]
    major = 64 if major >= 64 else major
    bits = min(int(math.log2(major * dtype.width // copy_bits)), 3)
    outer = (cute.make_layout((8, major), stride=(major, 1)) if row_major
             else cute.make_layout((major, 8), stride=(1, major)))
    return cute.tile_to_shape(cute.make_composed_layout(cute.make_swizzle(bits, 3, 3), 0, outer), smem_tiler, (0, 1, 2))


def sm80_gmem_tiled_copy_ab(atom, dtype, row_major, copy_bits, num_threads, bk, bm):
    """tensorop_gemm.py TensorOpGemm._make_gmem_tiled_copy_AB."""
    elems = copy_bits // dtype.width
    d1 = bk // elems
    thr = cute.make_layout((num_threads // d1, d1), stride=(d1, 1))
    if not row_major:
        d0 = bm // elems
        thr = cute.make_layout((d0, num_threads // d0), stride=(1, d0))
    val = cute.make_layout((1, elems)) if row_major else cute.make_layout((elems, 1))
    return cute.make_tiled_copy_tv(atom, thr, val)


@cute.jit
def gemm_sm80():
    """The pieces of examples/python/CuTeDSL/ampere/tensorop_gemm.py (CUTLASS 4.2.0) as its TensorOpGemm builds them:
    f16 A/B, f32 accumulators, cta_tiler (128,128,32), 3 stages, atom_layout_mnk (2,2,1), 128-bit cp.async with
    LoadCacheMode.GLOBAL, ldmatrix s2r. Two layouts: the example's default (a_major m, b_major n: "mn") and K-major
    A and B ("tn")."""
    f16, f32 = cutlass.Float16, cutlass.Float32
    bm, bn, bk, stages, threads = 128, 128, 32, 3, 128
    mma = cute.make_tiled_mma(warp.MmaF16BF16Op(f16, f32, (16, 8, 16)), cute.make_layout((2, 2, 1)),
                              permutation_mnk=(2 * 16, 2 * 8 * 2, 1 * 16))
    block("gemm_sm80_mma", mma)
    op_block("gemm_sm80_mma", mma)
    g2s = cute.make_copy_atom(cpasync.CopyG2SOp(cache_mode=cpasync.LoadCacheMode.GLOBAL), f16, num_bits_per_copy=128)
    for name, a_row, b_row in (("mn", False, False), ("tn", True, True)):
        # LayoutEnum.ROW_MAJOR is K-major for A and B (utils.LayoutEnum.from_tensor)
        block("gemm_sm80_%s_sA" % name, sm80_smem_layout_ab(f16, a_row, 128, (bm, bk, stages)))
        block("gemm_sm80_%s_sB" % name, sm80_smem_layout_ab(f16, b_row, 128, (bn, bk, stages)))
        copies = {
            "g2s_A": sm80_gmem_tiled_copy_ab(g2s, f16, a_row, 128, threads, bk, bm),
            "g2s_B": sm80_gmem_tiled_copy_ab(g2s, f16, b_row, 128, threads, bk, bn),
            "s2r_A": cute.make_tiled_copy_A(cute.make_copy_atom(warp.LdMatrix8x8x16bOp(not a_row, 4), f16), mma),
            "s2r_B": cute.make_tiled_copy_B(cute.make_copy_atom(warp.LdMatrix8x8x16bOp(not b_row, 4), f16), mma)}
        for what in ("g2s_A", "g2s_B", "s2r_A", "s2r_B"):
            block("gemm_sm80_%s_%s" % (name, what), copies[what])
            op_block("gemm_sm80_%s_%s" % (name, what), copies[what])
        # The ldmatrix copies' shared-memory side (the print gives the tiled TV of Dst, its Ref): what each thread
        # reads, the TV layout a bank analysis takes.
        for what in ("s2r_A", "s2r_B"):
            block("gemm_sm80_%s_%s_src_tv" % (name, what), copies[what].layout_src_tv_tiled)


@cute.jit
def gemm_sm90(ptr: cute.Pointer, smem: cute.Pointer):
    """The pieces of examples/python/CuTeDSL/hopper/dense_gemm.py (CUTLASS 4.2.0) as HopperWgmmaGemmKernel builds them
    for f16 K-major A and B, f32 accumulators, tile_shape_mn (128,128) (atom_layout_mnk (1,1,1), K 4 x 16 = 64),
    cluster (1,1), ab_stage = (232448 - 1024) // 32768 = 7 (_compute_stages with get_smem_capacity_in_bytes("sm_90")):
    the TiledMMA (make_trivial_tiled_mma), the staged smem layouts (warpgroup.make_smem_layout_atom of
    get_smem_layout_atom, tile_to_shape), the kernel's smem tensors of them and the TMA load atom (make_tiled_tma_atom
    over stage 0)."""
    f16, f32 = cutlass.Float16, cutlass.Float32
    K = warpgroup.OperandMajorMode.K
    mma = sm90_utils.make_trivial_tiled_mma(f16, f16, K, K, f32, (1, 1, 1), tiler_mn=(64, 128))
    block("gemm_sm90_mma", mma)
    op_block("gemm_sm90_mma", mma)
    atom = warpgroup.make_smem_layout_atom(sm90_utils.get_smem_layout_atom(utils.LayoutEnum.ROW_MAJOR, f16, 64), f16)
    sA = cute.tile_to_shape(atom, (128, 64, 7), order=(0, 1, 2))
    sB = cute.tile_to_shape(atom, (128, 64, 7), order=(0, 1, 2))
    block("gemm_sm90_sA", sA)
    block("gemm_sm90_sB", sB)
    # The kernel's smem tensors: storage.sA.get_tensor(sA.outer, swizzle=sA.inner), which is recast_ptr(base,
    # swizzle) and make_tensor(ptr, outer) (cutlass/cute/core.py, get_tensor): the swizzle on the pointer.
    block("gemm_sm90_sA_tensor", cute.make_tensor(cute.recast_ptr(smem, sA.inner, dtype=f16), sA.outer))
    block("gemm_sm90_sB_tensor", cute.make_tensor(cute.recast_ptr(smem, sB.inner, dtype=f16), sB.outer))
    A = cute.make_tensor(ptr, cute.make_layout((4096, 4096, 1), stride=(4096, 1, 4096 * 4096)))
    tma, _ = cpasync.make_tiled_tma_atom(cpasync.CopyBulkTensorTileG2SOp(), A, cute.slice_(sA, (None, None, 0)),
                                         (128, 64), num_multicast=1)
    block("gemm_sm90_tma_A", tma)
    op_block("gemm_sm90_tma_A", tma)


if __name__ == "__main__":  # (python/tests/test_dsl.py imports the builders above)
    prints()
    notation(cutlass.Int32(4096))
    gemm_sm80()
    gemm_sm90(make_ptr(cutlass.Float16, 0, cute.AddressSpace.gmem, assumed_align=16),
              make_ptr(cutlass.Float16, 1024, cute.AddressSpace.smem, assumed_align=1024))
    print("=== end ===")
