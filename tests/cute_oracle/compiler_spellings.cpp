// Issue 34: how a compiler spells CuTe's types (g++'s __PRETTY_FUNCTION__ of a template taking the type), the
// test data of the C++ reader's compiler spellings (tests/verify/readers/cpp_config_test.cpp,
// CppConfig.CompilerSpellings). Recorded in tests/data/cute/compiler_spellings.txt with:
//   source tests/cute_oracle/cutlass_include.sh; source tests/cute_oracle/cuda_include.sh
//   g++ -std=c++17 -O0 -w -I"$cutlass_inc" -I"$cuda_inc" -I"$cuda_inc/cccl" \
//       tests/cute_oracle/compiler_spellings.cpp -o /tmp/spellings && /tmp/spellings
// (g++ 12.2, CUTLASS 4.2.0 from PyPI). Each line: a name, a tab, the type as g++ prints it.
#include <cstdio>
#include <cstring>

// cute/tensor.hpp first (the atoms need it)
// clang-format off
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cutlass/layout/matrix.h>
#include <cutlass/detail/layout.hpp>
// clang-format on

using namespace cute;

template <class T>
void show(const char* what) {
  // "void show(const char*) [with T = TYPE]": the TYPE.
  const char* p = std::strstr(__PRETTY_FUNCTION__, "[with T = ");
  const std::size_t n = std::strlen(p);
  std::printf("%s\t%.*s\n", what, static_cast<int>(n - 11), p + 10);
}

int main() {
  auto mma =
      make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2, _2, _1>>{}, Tile<_32, _32, _16>{});
  auto g2s = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{},
                             Layout<Shape<_32, _4>, Stride<_4, _1>>{}, Layout<Shape<_1, _8>>{});
  auto s2r = make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, mma);
  auto uni = make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_16, _8>>{});
  show<decltype(mma)>("mma");
  show<decltype(g2s)>("g2s");
  show<decltype(s2r)>("s2r");
  show<decltype(uni)>("uni");
  show<cutlass::detail::TagToStrideA_t<cutlass::layout::RowMajor>>("strideA_RowMajor");
  show<cutlass::detail::TagToStrideB_t<cutlass::layout::ColumnMajor>>("strideB_ColumnMajor");
  show<Layout<Stride<Shape<_2, _4>, _8>, Step<_1, _16>>>("alias_layout");
}
