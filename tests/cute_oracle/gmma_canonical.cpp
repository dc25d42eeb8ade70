// CuTe's verdict on the GMMA descriptors an SM90 TMA + GMMA collective makes (issue 33): compiled on the host
// once per case (-DTVLAB_CASE=N) by gmma_canonical.sh, which records whether it compiles or which static_assert
// of make_gmma_desc (cute/atom/mma_traits_sm90_gmma.hpp) fires. Each case is the collective's own code path
// (sm90_mma_tma_gmma_ss_warpspecialized.hpp, CUTLASS 4.2.0, mma()):
//   Tensor tCsA = thread_mma.partition_A(sA);        // (MMA,MMA_M,MMA_K,PIPE)
//   Tensor tCrA = thread_mma.make_fragment_A(tCsA);  // GMMA descriptors of tensor<0>(tCsA)
// over the collective's SmemLayoutA = tile_to_shape(SmemLayoutAtomA, (BLK_M, BLK_K, Stages)) (Step<_2,_1,_3>
// for an MN-major atom). The same cases are tests/data/specs/gmma_canonical_<N>.json for tvlab.
#include <cstdio>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/tensor.hpp>

using namespace cute;

#if TVLAB_CASE == 1  // tf32 TN, K-major SW128, no permutation: canonical
using Element = tfloat32_t;
using TiledMma = decltype(make_tiled_mma(SM90_64x64x8_F32TF32TF32_SS_TN{}, Layout<Shape<_2, _1, _1>>{}));
using AtomA = GMMA::Layout_K_SW128_Atom<Element>;
using AtomB = GMMA::Layout_K_SW128_Atom<Element>;
constexpr int BM = 128, BN = 128, BK = 32;
constexpr bool MnA = false, MnB = false;
#elif TVLAB_CASE == 2  // tf32 TN with K permuted by (4,2):(2,1): tensor<0>(tCsA) is not a canonical K-major layout
using Element = tfloat32_t;
using TiledMma = decltype(make_tiled_mma(SM90_64x64x8_F32TF32TF32_SS_TN{}, Layout<Shape<_2, _1, _1>>{},
                                         Tile<_128, _64, Layout<Shape<_4, _2>, Stride<_2, _1>>>{}));
using AtomA = GMMA::Layout_K_SW128_Atom<Element>;
using AtomB = GMMA::Layout_K_SW128_Atom<Element>;
constexpr int BM = 128, BN = 128, BK = 32;
constexpr bool MnA = false, MnB = false;
#elif TVLAB_CASE == 3  // half NT, MN-major SW128, M permuted by (8,8):(8,1): not a canonical MN-major layout
using Element = half_t;
using TiledMma = decltype(make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::MN, GMMA::Major::MN>{},
                                         Layout<Shape<_1, _1, _1>>{},
                                         Tile<Layout<Shape<_8, _8>, Stride<_8, _1>>, _128, _16>{}));
using AtomA = GMMA::Layout_MN_SW128_Atom<Element>;
using AtomB = GMMA::Layout_MN_SW128_Atom<Element>;
constexpr int BM = 64, BN = 128, BK = 64;
constexpr bool MnA = true, MnB = true;
#elif TVLAB_CASE == 4  // half TN, K-major atoms, but A's smem atom is the MN-major one: not a canonical K layout
using Element = half_t;
using TiledMma = decltype(make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{},
                                         Layout<Shape<_1, _1, _1>>{}));
using AtomA = GMMA::Layout_MN_SW128_Atom<Element>;
using AtomB = GMMA::Layout_K_SW128_Atom<Element>;
constexpr int BM = 64, BN = 128, BK = 64;
constexpr bool MnA = false, MnB = false;  // tiled as a K-major operand's
#elif TVLAB_CASE == 5  // half TN with N permuted by a whole-atom tiler (128:1): still canonical
using Element = half_t;
using TiledMma = decltype(make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>{},
                                         Layout<Shape<_2, _1, _1>>{}, Tile<_128, _128, _16>{}));
using AtomA = GMMA::Layout_K_SW64_Atom<Element>;
using AtomB = GMMA::Layout_K_SW64_Atom<Element>;
constexpr int BM = 128, BN = 128, BK = 64;
constexpr bool MnA = false, MnB = false;
#elif TVLAB_CASE == 6  // tf32 TN with K permuted by (8,2):(2,1): an atom's 8 k interleave two blocks' columns
using Element = tfloat32_t;
using TiledMma = decltype(make_tiled_mma(SM90_64x64x8_F32TF32TF32_SS_TN{}, Layout<Shape<_2, _1, _1>>{},
                                         Tile<_128, _64, Layout<Shape<_8, _2>, Stride<_2, _1>>>{}));
using AtomA = GMMA::Layout_K_SW128_Atom<Element>;
using AtomB = GMMA::Layout_K_SW128_Atom<Element>;
constexpr int BM = 128, BN = 128, BK = 32;
constexpr bool MnA = false, MnB = false;
#else
#error "TVLAB_CASE 1..6"
#endif

constexpr int Stages = 2;
using SmemLayoutA = decltype(tile_to_shape(AtomA{}, make_shape(Int<BM>{}, Int<BK>{}, Int<Stages>{}),
                                           conditional_t<MnA, Step<_2, _1, _3>, Step<_1, _2, _3>>{}));
using SmemLayoutB = decltype(tile_to_shape(AtomB{}, make_shape(Int<BN>{}, Int<BK>{}, Int<Stages>{}),
                                           conditional_t<MnB, Step<_2, _1, _3>, Step<_1, _2, _3>>{}));

int main() {
  alignas(1024) static Element a[cosize_v<SmemLayoutA>];
  alignas(1024) static Element b[cosize_v<SmemLayoutB>];
  Tensor sA = make_tensor(make_smem_ptr(a), SmemLayoutA{});
  Tensor sB = make_tensor(make_smem_ptr(b), SmemLayoutB{});
  TiledMma tiled_mma;
  auto thread_mma = tiled_mma.get_slice(0);
  Tensor tCsA = thread_mma.partition_A(sA);
  Tensor tCsB = thread_mma.partition_B(sB);
  Tensor tCrA = thread_mma.make_fragment_A(tCsA);
  Tensor tCrB = thread_mma.make_fragment_B(tCsB);
  std::printf("tCsA = ");
  print(tCsA.layout());
  std::printf("\ntCrA = ");
  print(tCrA.layout());
  std::printf("\ntCsB = ");
  print(tCsB.layout());
  std::printf("\ntCrB = ");
  print(tCrB.layout());
  std::printf("\n");
  return 0;
}
