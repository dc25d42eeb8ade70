// sycl-tla's own answer for tvlab's Xe specs (issue 22): the host pass of a sycl-tla build, compiled by g++
// against Intel's SYCL headers (PyPI intel-sycl-rt) with the defines sycl-tla's CMake sets for an Intel
// target (SYCL_INTEL_TARGET, CUTLASS_ENABLE_SYCL); see README.md. No layout is computed here: every line is
// what sycl-tla's TiledMMAHelper, make_block_2d_copy_{A,B,C,D}, make_coop_block_2d_copy_{A,B},
// make_block_2d_copy_D_subtiled, get_block_2d_copy_{A,B,D}<Op>, make_block_2d_prefetch,
// TiledCopy::get_slice(t).partition_S/D and the legacy Copy_Traits print. Each configuration names the tvlab
// spec it mirrors; compare.py reads these lines.
//
// Output, one `key = value` line each, after a `case SPEC` line:
//   mma.{tile_mnk,permutation.0..2,thr_layout_vmnk,a_tv,b_tv,c_tv}
//   copies.X.{op,tiler,tv,tv_src,tv_dst}, copies.X.{prefetch,prefetch_tiler,prefetch_tv} for loads
//   part.T.X.tensor   thread T's partition_S (loads) / partition_D (store) of the identity tensor of the
//                     copy's tile; part.T.X.coords: every value's coordinate, in index order
//   atom.OP.{thr_id,bits_src,bits_dst,bits_ref,values_src,values_dst,values_ref}   legacy XE_2D_* atoms
#include <sycl/sycl.hpp>

// cute/tensor.hpp first: sycl-tla's atom headers rely on what it declares.
#include <cute/tensor.hpp>
// (a separate block, so that sorting keeps the order)
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_atom.hpp>

#include <cstdio>
#include <string>

using namespace cute;

namespace {

int64_t const kThreads[] = {0, 5, 17, 31, 63, 100, 255, 511};

// The op's C++ name as tvlab spells it (BlockWidth omitted where it equals Width, its default).
template <class Op>
struct OpName;
template <int B, int H, int W, int BW>
struct OpName<XE_LOAD_2D<B, H, W, BW>> {
  static std::string get() { return "XE_LOAD_2D" + args(B, H, W, BW); }
  static std::string args(int b, int h, int w, int bw) {
    return "<" + std::to_string(b) + "," + std::to_string(h) + "," + std::to_string(w) +
           (bw == w ? std::string() : "," + std::to_string(bw)) + ">";
  }
};
template <int B, int H, int W, int BW>
struct OpName<XE_LOAD_2D_VNNI<B, H, W, BW>> {
  static std::string get() { return "XE_LOAD_2D_VNNI" + OpName<XE_LOAD_2D<B, H, W, BW>>::args(B, H, W, BW); }
};
template <int B, int H, int W>
struct OpName<XE_LOAD_2D_TRANSPOSE<B, H, W>> {
  static std::string get() {
    return "XE_LOAD_2D_TRANSPOSE" + OpName<XE_LOAD_2D<B, H, W, W>>::args(B, H, W, W);
  }
};
template <int B, int H, int W>
struct OpName<XE_STORE_2D<B, H, W>> {
  static std::string get() { return "XE_STORE_2D" + OpName<XE_LOAD_2D<B, H, W, W>>::args(B, H, W, W); }
};
template <int B, int H, int W, int X>
struct OpName<XE_PREFETCH_2D<B, H, W, X>> {
  static std::string get() { return "XE_PREFETCH_2D" + OpName<XE_LOAD_2D<B, H, W, W>>::args(B, H, W, W); }
};

template <class Atom>
struct AtomOp;
template <class Op, class... Rest, class V>
struct AtomOp<Copy_Atom<Copy_Traits<Op, Rest...>, V>> {
  using type = Op;
};

template <class T>
void line(std::string const& key, T const& value) {
  printf("%s = ", key.c_str());
  print(value);
  printf("\n");
}
void text(std::string const& key, std::string const& value) {
  printf("%s = %s\n", key.c_str(), value.c_str());
}

template <class Mma>
struct MmaPerm;
template <class Atom, class Thr, class Perm>
struct MmaPerm<TiledMMA<Atom, Thr, Perm>> {
  using type = Perm;
};

template <class Mma>
void show_mma(Mma const& mma) {
  printf("mma.tile_mnk = (%d,%d,%d)\n", int(tile_size<0>(mma)), int(tile_size<1>(mma)),
         int(tile_size<2>(mma)));
  using Perm = typename MmaPerm<Mma>::type;
  line("mma.permutation.0", get<0>(Perm{}));
  line("mma.permutation.1", get<1>(Perm{}));
  line("mma.permutation.2", get<2>(Perm{}));
  line("mma.thr_layout_vmnk", mma.get_thr_layout_vmnk());
  line("mma.a_tv", mma.get_layoutA_TV());
  line("mma.b_tv", mma.get_layoutB_TV());
  line("mma.c_tv", mma.get_layoutC_TV());
}

template <class TC>
void show_tiled(std::string const& key, TC const& tc) {
  using Op = typename AtomOp<typename TC::Atom>::type;
  text(key, OpName<Op>::get());
  line(key + "_tiler", typename TC::Tiler_MN{});
  line(key + "_tv", typename TC::TiledLayout_TV{});
}

// Store: partition_D (the copy writes the tile), else partition_S.
template <bool Store = false, class TC>
void show_copy(std::string const& x, TC const& tc, bool prefetch) {
  using Op = typename AtomOp<typename TC::Atom>::type;
  std::string const k = "copies." + x + ".";
  text(k + "op", OpName<Op>::get());
  line(k + "tiler", typename TC::Tiler_MN{});
  line(k + "tv", typename TC::TiledLayout_TV{});
  line(k + "tv_src", tc.get_layoutS_TV());
  line(k + "tv_dst", tc.get_layoutD_TV());
  if (prefetch) show_tiled(k + "prefetch", make_block_2d_prefetch(tc));
  auto id = make_identity_tensor(typename TC::Tiler_MN{});
  for (int64_t t : kThreads) {
    if (t >= int64_t(size(tc))) continue;
    auto thr = tc.get_slice(t);
    auto part = [&] {
      if constexpr (Store)
        return thr.partition_D(id);
      else
        return thr.partition_S(id);
    }();
    std::string const p = "part." + std::to_string(t) + "." + x + ".";
    line(p + "tensor", part);
    printf("%scoords =", p.c_str());
    for (int i = 0; i < size(part); ++i) {
      printf(" ");
      print(part(i));
    }
    printf("\n");
  }
}

// A 4096 x 4096 global tensor with the given strides (only the strides' types and the value type matter to
// the copies; the pointer is never dereferenced).
template <class T, class Stride>
auto gmem(Stride const& stride) {
  return make_tensor(make_gmem_ptr(static_cast<T const*>(nullptr)),
                     make_layout(make_shape(4096, 4096), stride));
}
using KMajor = Stride<int64_t, _1>;  // (M,K) or (N,K) or (M,N): the second mode contiguous
using MMajor = Stride<_1, int64_t>;  // the first mode contiguous

template <class Atom, int M, int N, int K, class SG>
using Helper = typename TiledMMAHelper<MMA_Atom<Atom>, Layout<Shape<Int<M>, Int<N>, Int<K>>>, SG>::TiledMMA;
using SG8x4 = Layout<Shape<_8, _4, _1>, Stride<_4, _1, _0>>;
using SG2x2 = Layout<Shape<_2, _2, _1>, Stride<_2, _1, _0>>;
using SG1x1 = Layout<Shape<_1, _1, _1>, Stride<_0, _0, _0>>;
using SG1x4 = Layout<Shape<_1, _4, _1>, Stride<_4, _1, _0>>;

void begin(char const* spec) {
  printf("case %s\n", spec);
}

// A GEMM tile of the gallery: A K-contiguous, B N-contiguous, C and D N-contiguous, every copy "auto".
template <class Atom, class TA, class TB, class TC, int M, int N, int K>
void gemm_tile(char const* spec, bool cd = true) {
  begin(spec);
  auto mma = Helper<Atom, M, N, K, SG8x4>{};
  show_mma(mma);
  show_copy("A", make_block_2d_copy_A(mma, gmem<TA>(KMajor{})), true);
  show_copy("B", make_block_2d_copy_B(mma, gmem<TB>(MMajor{})), true);
  if (cd) {
    show_copy("C", make_block_2d_copy_C(mma, gmem<TC>(KMajor{})), true);
    show_copy<true>("D", make_block_2d_copy_D(mma, gmem<TC>(KMajor{})), false);
  }
}

// A mainloop's operands only (A K-contiguous, B N-contiguous): no C or D copy is instantiated, which
// sycl-tla may refuse for the tile (a static_assert) where it builds A's and B's.
template <class Atom, class TA, class TB, int M, int N, int K, class SG>
void mainloop_tile(char const* spec) {
  begin(spec);
  auto mma = Helper<Atom, M, N, K, SG>{};
  show_mma(mma);
  show_copy("A", make_block_2d_copy_A(mma, gmem<TA>(KMajor{})), true);
  show_copy("B", make_block_2d_copy_B(mma, gmem<TB>(MMajor{})), true);
}

template <class Op, class T>
void legacy_atom(char const* name) {
  using Traits = Copy_Traits<Op, Stride<int64_t, _1, int64_t>>;  // XE_2D_LD_Unpack's default: row-major
  using Atom = Copy_Atom<Traits, T>;
  std::string const k = std::string("atom.") + name + ".";
  line(k + "thr_id", typename Traits::ThrID{});
  line(k + "bits_src", typename Traits::SrcLayout{});
  line(k + "bits_dst", typename Traits::DstLayout{});
  line(k + "bits_ref", typename Traits::RefLayout{});
  line(k + "values_src", typename Atom::ValLayoutSrc{});
  line(k + "values_dst", typename Atom::ValLayoutDst{});
  line(k + "values_ref", typename Atom::ValLayoutRef{});
}

}  // namespace

int main() {
  gemm_tile<XE_DPAS_TT<8, float, bfloat16_t>, bfloat16_t, bfloat16_t, float, 256, 256, 32>(
      "gallery/specs/xe_bf16_256x256x32.json");
  gemm_tile<XE_DPAS_TT<8, float, half_t>, half_t, half_t, float, 256, 256, 32>(
      "gallery/specs/xe_f16_256x256x32.json");
  gemm_tile<XE_DPAS_TT<8, float, tfloat32_t>, tfloat32_t, tfloat32_t, float, 256, 256, 32>(
      "gallery/specs/xe_tf32_256x256x32.json");
  gemm_tile<XE_DPAS_TT<8, int32_t, int8_t>, int8_t, int8_t, int32_t, 256, 256, 64>(
      "gallery/specs/xe_s8_256x256x64.json");
  gemm_tile<XE_DPAS_TT<8, float, half_t>, half_t, int4_t, float, 256, 256, 32>(
      "gallery/specs/xe_int4_dequant_b_256x256x32.json");
  gemm_tile<XE_DPAS_TT<8, float, bfloat16_t>, bfloat16_t, bfloat16_t, float, 256, 256, 32>(
      "tests/data/specs/sycl_tla_00_bmg_gemm.json", false);
  // Issue 33: one subgroup in M, whose work-items all issue the same block 2D load of A (tv_src's thread mode
  // of stride 0): tvlab's thread views exited 3 there.
  mainloop_tile<XE_DPAS_TT<5, float, tfloat32_t>, tfloat32_t, tfloat32_t, 10, 64, 32, SG1x1>(
      "tests/data/specs/xe_tf32_m5_one_subgroup.json");
  mainloop_tile<XE_DPAS_TT<1, float, bfloat16_t>, bfloat16_t, bfloat16_t, 2, 64, 32, SG1x1>(
      "tests/data/specs/xe_bf16_m1_one_subgroup.json");
  mainloop_tile<XE_DPAS_TT<8, int32_t, int8_t>, int8_t, int8_t, 16, 256, 32, SG1x4>(
      "tests/data/specs/xe_s8_1x4_subgroups.json");
  {  // SLM pipeline: cooperative loads of A and B
    begin("gallery/specs/xe_bf16_256x256x32_slm.json");
    auto mma = Helper<XE_DPAS_TT<8, float, bfloat16_t>, 256, 256, 32, SG8x4>{};
    show_mma(mma);
    show_copy("A", make_coop_block_2d_copy_A(mma, gmem<bfloat16_t>(KMajor{})), true);
    show_copy("B", make_coop_block_2d_copy_B(mma, gmem<bfloat16_t>(MMajor{})), true);
    show_copy("C", make_block_2d_copy_C(mma, gmem<float>(KMajor{})), true);
    show_copy<true>("D", make_block_2d_copy_D(mma, gmem<float>(KMajor{})), false);
  }
  {  // split-k: 2 K subgroups per C block, D stored by subtiles
    begin("gallery/specs/xe_bf16_64x64x64_splitk_subtiled.json");
    using SG = Layout<Shape<_2, _2, _2>, Stride<_2, _1, _4>>;
    auto mma = Helper<XE_DPAS_TT<8, float, bfloat16_t>, 64, 64, 64, SG>{};
    show_mma(mma);
    show_copy("A", make_block_2d_copy_A(mma, gmem<bfloat16_t>(KMajor{})), true);
    show_copy("B", make_block_2d_copy_B(mma, gmem<bfloat16_t>(MMajor{})), true);
    auto stv = Layout<Shape<_32, _16>, Stride<E<1>, E<0>>>{};
    auto ssg = Layout<Shape<_2, _1>, Stride<E<0>, E<1>>>{};
    show_copy<true>("D", make_block_2d_copy_D_subtiled(mma, stv, ssg, gmem<float>(KMajor{})), false);
  }
  {
    begin("tests/data/specs/xe_bf16_b_plain_override.json");
    auto mma = Helper<XE_DPAS_TT<8, float, bfloat16_t>, 64, 64, 32, SG2x2>{};
    show_mma(mma);
    show_copy("B", make_block_2d_copy_B(XE_LOAD_2D<16, 16, 32, 16>{}, mma, gmem<bfloat16_t>(MMajor{})), true);
  }
  {  // examples/12_xe20_moe_gemm_cute_interface: choose_tiled_mma's TiledMMA and moe_gemm's copies, built as
     // moe_gemm builds them (get_block_2d_copy_X<Op>(mma, tensor)) for MoEGEMMLauncher<'R','R', bfloat16_t,
     // bfloat16_t, void, bfloat16_t>: A (M,K) K-contiguous, B (N,K) N-contiguous, D (M,N) N-contiguous.
    begin("tests/data/specs/sycl_tla_12_moe_gemm.json");
    using SG8x2 = Layout<Shape<_8, _2, _1>, Stride<_2, _1, _0>>;
    auto mma = Helper<XE_DPAS_TT<8, float, bfloat16_t, bfloat16_t>, 256, 128, 32, SG8x2>{};
    show_mma(mma);
    show_copy("A", get_block_2d_copy_A<XE_LOAD_2D<16, 32, 32, 16>>(mma, gmem<bfloat16_t>(KMajor{})), true);
    show_copy("B", get_block_2d_copy_B<XE_LOAD_2D_VNNI<16, 32, 16, 16>>(mma, gmem<bfloat16_t>(MMajor{})),
              true);
    show_copy<true>("D", get_block_2d_copy_D<XE_STORE_2D<16, 8, 32>>(mma, gmem<bfloat16_t>(KMajor{})), false);
  }
  {
    begin("tests/data/specs/xe_block2d_runtime_bad.json");
    auto mma = Helper<XE_DPAS_TT<8, float, bfloat16_t>, 64, 64, 32, SG2x2>{};
    show_mma(mma);
    show_copy("A", make_block_2d_copy_A(mma, gmem<bfloat16_t>(KMajor{})), true);
  }
  {
    begin("tests/data/specs/xe_f16_a_col_major.json");
    auto mma = Helper<XE_DPAS_TT<8, float, half_t>, 64, 64, 32, SG2x2>{};
    show_mma(mma);
    show_copy("A", make_block_2d_copy_A(mma, gmem<half_t>(MMajor{})), true);
  }
  {
    begin("tests/data/specs/xe_s8_b_f16_mma.json");
    auto mma = Helper<XE_DPAS_TT<8, float, half_t>, 64, 64, 32, SG2x2>{};
    show_mma(mma);
    show_copy("A", make_block_2d_copy_A(mma, gmem<half_t>(KMajor{})), true);
    show_copy("B", make_block_2d_copy_B(mma, gmem<int8_t>(MMajor{})), true);
  }
  {
    begin("tests/data/specs/xe_u4_b_f16_mma.json");
    auto mma = Helper<XE_DPAS_TT<8, float, half_t>, 64, 64, 32, SG2x2>{};
    show_mma(mma);
    show_copy("B", make_block_2d_copy_B(mma, gmem<uint4_t>(MMajor{})), true);
  }
  for (char const* spec : {"tests/data/specs/xe_bf16_a_slm_colmajor.json",
                           "tests/data/specs/xe_bf16_a_slm_colmajor_sw417.json"}) {
    begin(spec);
    auto mma = Helper<XE_DPAS_TT<8, float, bfloat16_t>, 256, 256, 32, SG8x4>{};
    show_mma(mma);
    show_copy("A", make_coop_block_2d_copy_A(mma, gmem<bfloat16_t>(KMajor{})), true);
  }
  // Legacy DPAS atoms through TiledMMAHelper (the MMA of the legacy collectives' examples), and the legacy
  // block 2D atoms those specs name (their copies are tiled by the legacy mainloops' DefaultTiledCopy, which
  // tvlab does not model: only the atoms are compared).
  for (char const* spec : {"tests/data/specs/sycl_tla_02_bmg_gemm_bf16_s8_a_narrower.json",
                           "tests/data/specs/sycl_tla_02_bmg_gemm_bf16_s8_b_narrower.json"}) {
    begin(spec);
    show_mma(Helper<XE_8x16x16_F32BF16BF16F32_TT, 256, 256, 32, SG8x4>{});
  }
  begin("tests/data/specs/sycl_tla_357_u8_a_int8.json");
  show_mma(Helper<XE_8x16x32_S32S8S8S32_TT, 64, 64, 32, SG2x2>{});
  begin("tests/data/specs/sycl_tla_357_packed_u8_a_int8.json");
  show_mma(Helper<XE_8x16x32_S32S8S8S32_TT, 64, 64, 32, SG2x2>{});
  begin("tests/data/specs/sycl_tla_357_u8_a_fp8.json");
  show_mma(Helper<XE_8x16x16_F32F16F16F32_TT, 64, 64, 32, SG2x2>{});
  begin("atoms");
  legacy_atom<XE_2D_U8x32x32_LD_N, uint8_t>("XE_2D_U8x32x32_LD_N");
  legacy_atom<XE_2D_Packed_U8x32x32_LD_N, uint8_t>("XE_2D_Packed_U8x32x32_LD_N");
  legacy_atom<XE_2D_U16x32x32_LD_V, uint16_t>("XE_2D_U16x32x32_LD_V");
  legacy_atom<XE_2D_U16x32x32_LD_N, uint16_t>("XE_2D_U16x32x32_LD_N");
  return 0;
}
