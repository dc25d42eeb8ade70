// Issue 34: nvcc's spellings of CuTe types (tests/data/cute/compiler_spellings_nvcc.txt): each Show<T> is an
// "incomplete type" error that prints T as nvcc's front end spells it. The compile fails by design.
// cute/tensor.hpp first (the atoms need it)
// clang-format off
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_atom.hpp>
// clang-format on
using namespace cute;
template <class T>
struct Show;
void f() {
  auto mma =
      make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>>{}, Tile<_32, _32, _16>{});
  auto g2s = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                             Layout<Shape<_32, _4>, Stride<_4, _1>>{}, Layout<Shape<_1, _8>>{});
  auto s2r = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
  auto uni = make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_16, _8>>{});
  Show<decltype(mma)> a;
  Show<decltype(g2s)> b;
  Show<decltype(s2r)> c;
  Show<decltype(uni)> d;
}
