"""CuTe DSL's print() of TiledMMAs and TiledCopies (issue 22), the DSL twins of prints.cpp's C++ blocks: run with
nvidia-cutlass-dsl (record.sh); the DSL prints while it traces the @cute.jit function, so no GPU is needed (the
JIT's final load of the CUDA driver fails afterwards, which record.sh ignores). Each block starts with a line
"=== <name> ===" (record.sh's separator, not part of the print)."""
import cutlass
import cutlass.cute as cute
from cutlass.cute.nvgpu import cpasync, warp, warpgroup


def block(name, x):
    print("=== %s ===" % name)
    print(x)


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


prints()
