// CuTe's own access width for an auto-vectorizing s2r copy (cute/algorithm/copy.hpp, CUTLASS v4.2.0):
// copy(Copy_Atom<AutoVectorizingCopyWithAssumedAlignment<N>, float>, tXsA(_,_,k), tXrA(_,_,k)) as CuTe's
// sgemm_sm80.cu tutorial calls it (examples/cute/tutorial/sgemm_sm80.cu, gemm_device: s2r_atom_a), for its
// gemm_nt (sA (128,8,3) m-major, TiledMMA UniversalFMA 16x16x1) with the TiledMMA's M and N permuted by
// (16,V):(V,1) (each thread holds V consecutive m, n; V = 1 is the tutorial's own), N in {8,...,128}.
// Prints, per case, what copy() computes: max_common_vector(src, dst), gcd(max_alignment(src),
// max_alignment(dst), N) and the access width it recasts to (the value's width where it does not recast),
// for threads 0 and 255 (the widths are static: every thread's is the same).
// tests/verify/checks/smem_checks_test.cpp (AutoVectorizeOracle.*) compares tvlab's vector.A.s2r with it.
#include <cstdio>
#include <cute/tensor.hpp>
using namespace cute;

template <int N, int V>
void one_case() {
  using T = float;
  auto sA_layout = make_layout(make_shape(Int<128>{}, Int<8>{}, Int<3>{}));
  using Perm = Layout<Shape<_16, Int<V>>, Stride<Int<V>, _1>>;
  auto mma = make_tiled_mma(UniversalFMA<T, T, T>{}, Layout<Shape<_16, _16, _1>>{}, Tile<Perm, Perm, _1>{});
  static T smem[cosize_v<decltype(sA_layout)>];
  Tensor sA = make_tensor(make_smem_ptr(smem), sA_layout);
  Tensor tCrA = mma.get_slice(0).partition_fragment_A(sA(_, _, 0));
  TiledCopy s2r_copy = make_tiled_copy_A(Copy_Atom<AutoVectorizingCopyWithAssumedAlignment<N>, T>{}, mma);
  for (int t : {0, 255}) {
    auto s2r_thr = s2r_copy.get_slice(t);
    Tensor tXsA = s2r_thr.partition_S(sA);
    Tensor tXrA = s2r_thr.retile_D(tCrA);
    Tensor src = tXsA(_, _, 0, 0);
    Tensor dst = tXrA(_, _, 0);
    // copy(AutoVectorizingCopyWithAssumedAlignment<N>, src, dst), cute/algorithm/copy.hpp
    constexpr int common = decltype(max_common_vector(src, dst))::value;
    constexpr int bits = sizeof_bits_v<T>;
    constexpr int align_bits = decltype(gcd(max_alignment(src), max_alignment(dst), Int<N>{}))::value;
    constexpr int vec_bits = gcd(common * bits, align_bits);
    constexpr bool recast = common > 1 && vec_bits % 8 == 0 && bits < vec_bits;
    printf("case|V=%d|N=%d|thread=%d|max_common_vector=%d|align_bits=%d|access_bits=%d\n", V, N, t, common,
           align_bits, recast ? vec_bits : bits);
  }
}

template <int V>
void cases() {
  one_case<8, V>();
  one_case<16, V>();
  one_case<32, V>();
  one_case<64, V>();
  one_case<128, V>();
}

int main() {
  cases<1>();
  cases<2>();
  cases<4>();
  cases<8>();
}
