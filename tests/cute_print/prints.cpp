// CuTe's print() of TiledMMAs, TiledCopys, layouts and tensors (issue 22): compiled against CUTLASS's headers
// on the host (record.sh), its output split into tests/data/cute/prints/<name>.txt, the text tvlab reads as a
// spec's MMA or copy. Each block starts with a line "=== <name> ===" (record.sh's separator, not part of the
// print).
#include <cstdio>
// cute/tensor.hpp first: the atom headers need what it declares.
#include <cute/tensor.hpp>

#include <cutlass/version.h>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm90.hpp>
#include <cute/atom/mma_atom.hpp>

using namespace cute;

template <class T>
void block(const char* name, T const& x) {
  std::printf("=== %s ===\n", name);
  print(x);
}
template <class T>
void block_nl(const char* name, T const& x) {  // print(layout) and print(tensor) end without a newline
  std::printf("=== %s ===\n", name);
  print(x);
  std::printf("\n");
}

int main() {
  std::printf("# CUTLASS %d.%d.%d\n", CUTLASS_MAJOR, CUTLASS_MINOR, CUTLASS_PATCH);
  // TiledMMAs.
  auto sm80 =
      make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>>{}, Tile<_32, _32, _16>{});
  block("mma_sm80_16x8x16_f32f16_2x2_32x32x16", sm80);
  auto sm80_perm = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2, _2, _1>>{},
                                  Tile<_32, Layout<Shape<_8, _2, _2>, Stride<_1, _16, _8>>, _16>{});
  block("mma_sm80_16x8x16_f16_2x2_permuted", sm80_perm);
  auto sm90 = make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{},
                             Layout<Shape<_2, _1, _1>>{});
  block("mma_sm90_64x128x16_f32f16_ss_2x1", sm90);
  auto sm70 = make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{}, Layout<Shape<_2, _2, _1>>{});
  block("mma_sm70_8x8x4_f32f16_nt_2x2", sm70);
  auto sm75 = make_tiled_mma(SM75_16x8x8_F32F16F16F32_TN{}, Layout<Shape<_2, _1, _1>>{});
  block("mma_sm75_16x8x8_f32f16_2x1", sm75);
  auto fma = make_tiled_mma(UniversalFMA<float, float, float, float>{}, Layout<Shape<_16, _16, _1>>{});
  block("mma_universal_fma_f32_16x16", fma);
  auto sm80_s8 =
      make_tiled_mma(SM80_16x8x32_S32S8S8S32_TN{}, Layout<Shape<_2, _2, _1>>{}, Tile<_32, _32, _32>{});
  block("mma_sm80_16x8x32_s8_2x2_32x32x32", sm80_s8);
  // TiledCopys.
  auto cp_async = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                                  Layout<Shape<_32, _4>, Stride<_4, _1>>{}, Layout<Shape<_1, _8>>{});
  block("copy_sm80_cp_async_128b_f16_32x4", cp_async);
  block("copy_ldsm_n_a_sm80", make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, sm80));
  block("copy_ldsm_t_b_sm80", make_tiled_copy_B(Copy_Atom<SM75_U16x8_LDSM_T, half_t>{}, sm80));
  block("copy_ldsm_n_b_sm80", make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>{}, sm80));
  auto universal = make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>, half_t>{},
                                   Layout<Shape<_4, _32>, Stride<_32, _1>>{}, Layout<Shape<_1, _4>>{});
  block("copy_universal_u64_f16_4x32", universal);
  block("copy_stsm_n_c_sm80", make_tiled_copy_C(Copy_Atom<SM90_U32x4_STSM_N, half_t>{}, sm80));
  block("copy_universal_f32_c_fma", make_tiled_copy_C(Copy_Atom<UniversalCopy<float>, float>{}, fma));
  // An MMA atom and a copy atom on their own.
  block("atom_mma_sm80_16x8x16_f32f16", MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{});
  block("atom_copy_ldsm_n_f16", Copy_Atom<SM75_U32x4_LDSM_N, half_t>{});
  // Layouts and tensors.
  block_nl("layout_sw128_k_f16", GMMA::Layout_K_SW128_Atom<half_t>{});
  block_nl("layout_rowmajor_8x64", Layout<Shape<_8, _64>, Stride<_64, _1>>{});
  block_nl("layout_sm80_c_tv", sm80.get_layoutC_TV());
  alignas(16) static half_t smem[8 * 64];
  block_nl("tensor_smem_sw",
           make_tensor(make_smem_ptr(smem),
                       composition(Swizzle<3, 3, 3>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{})));
  static float gmem[128 * 64];
  block_nl("tensor_gmem_dynamic",
           make_tensor(make_gmem_ptr(gmem), make_layout(make_shape(128, 64), make_stride(64, Int<1>{}))));
  block_nl("tensor_rmem_frag", make_tensor<float>(Shape<_4, _2>{}));
  return 0;
}
