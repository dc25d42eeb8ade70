// CuTe's tensor-memory layouts of SM100 UMMA accumulators and make_tmem_copy, printed on the host
// (g++ -std=c++17 against CUTLASS's headers; tmem.sh compiles and runs it). One block per case:
//   case|<mma>|<tile M,N>|<copy atom>|<value type>|<epilogue tile>
//        the epilogue tile: "M,N" (a shape), "-" (the MMA tile), or a by-mode tiler as CuTe prints it, e.g.
//        (_64:_1,(_16,_2):(_1,_64)): what CUTLASS's SM100 epilogue builder makes for a 2-CTA M = 128 MMA
//        (sm100_builder.inl, sm100_dense_compute_tile_shape_or_override: (M, (N/WarpN,WarpN):(1,CtaN/WarpN))
//        with TmemWarpShape 2x2)
//   acc|partition_fragment_C(make_tiled_mma(Op{}), tile)                    the accumulator's TMEM layout
//   tmem|flat_divide(acc((_,_),0,0), epi)(_,_,0,0)                            what make_tmem_copy is given
//   tv|TiledLayout_TV   tiler|Tiler_MN   s_tv|get_layoutS_TV()   d_tv|get_layoutD_TV()
//   part|partition_S (a load; partition_D for a store) of flat_divide(acc((_,_),0,0), epi), thread 0:
//        the epilogue's loop over the tensor-memory side
//   addr|raw_pointer_cast of that partition's data for threads 0..127: each thread's base address
// Layouts are printed by CuTe's operator<< (static integers as _N; the test drops the underscores).
#include <cute/atom/copy_traits_sm100.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cute/tensor.hpp>
#include <iostream>

using namespace cute;
using K = UMMA::Major;

// A store's tensor-memory side is its destination, a load's its source.
constexpr bool is_store(const char* op) {
  const char prefix[] = "SM100_TMEM_STORE_";
  for (int i = 0; prefix[i]; ++i)
    if (op[i] != prefix[i]) return false;
  return true;
}

// The epilogue tile "the whole MMA tile" (CUTLASS's Shape<_M,_N> of it).
struct WholeTile {};

template <class Op, class T, class Load, int TM, int TN, bool Store, class Epi>
void emit(const char* mma, const char* load, const char* type, Epi epi) {
  auto tiled_mma = make_tiled_mma(Op{});
  auto acc = partition_fragment_C(tiled_mma, make_shape(Int<TM>{}, Int<TN>{}));
  auto first = acc(make_coord(_, _), _0{}, _0{});
  std::cout << "case|" << mma << "|" << TM << "," << TN << "|" << load << "|" << type << "|";
  if constexpr (is_same_v<Epi, WholeTile>)
    std::cout << "-\n";
  else if constexpr (is_integral<tuple_element_t<0, Epi>>::value &&
                     is_integral<tuple_element_t<1, Epi>>::value)
    std::cout << int(size<0>(epi)) << "," << int(size<1>(epi)) << "\n";
  else
    std::cout << epi << "\n";
  std::cout << "acc|" << acc.layout() << "\n";
  auto epi_tile = [&] {
    if constexpr (is_same_v<Epi, WholeTile>)  // EpilogueTile = the MMA tile, as integers (Shape<_M,_N>)
      return flat_divide(first, make_shape(size<0>(first), size<1>(first)));
    else  // the sm100 collective epilogues: flat_divide(tAcc, EpilogueTile{})
      return flat_divide(first, epi);
  }();
  auto tmem = epi_tile(_, _, _0{}, _0{});
  auto copy = make_tmem_copy(Copy_Atom<Load, T>{}, tmem);
  using TC = decltype(copy);
  std::cout << "tmem|" << tmem.layout() << "\n";
  std::cout << "tv|" << typename TC::TiledLayout_TV{} << "\n";
  std::cout << "tiler|" << typename TC::Tiler_MN{} << "\n";
  std::cout << "s_tv|" << copy.get_layoutS_TV() << "\n";
  std::cout << "d_tv|" << copy.get_layoutD_TV() << "\n";
  auto side = [&](int t) {
    if constexpr (Store)
      return copy.get_slice(t).partition_D(epi_tile);
    else
      return copy.get_slice(t).partition_S(epi_tile);
  };
  std::cout << "part|" << side(0).layout() << "\n";
  std::cout << "addr|";
  for (int t = 0; t < 128; ++t) std::cout << (t ? "," : "") << raw_pointer_cast(side(t).data());
  std::cout << "\n";
}

// Each MMA is defined once from its template arguments: the C++ type and tvlab's name of it.
#define CASE_EPI(MMA, T, LOAD, TM, TN, EPI) \
  emit<MMA::Op, T, LOAD, TM, TN, is_store(#LOAD)>(MMA::name, #LOAD, #T, EPI)
#define CASE(MMA, T, LOAD, TM, TN, EM, EN) CASE_EPI(MMA, T, LOAD, TM, TN, (epi_shape<EM, EN>()))

template <int EM, int EN>
auto epi_shape() {
  if constexpr (EM == 0)
    return WholeTile{};
  else
    return make_shape(Int<EM>{}, Int<EN>{});
}

// CUTLASS's by-mode tiler for a 2-CTA M = 128 MMA (TmemWarpShape 2x2): (M:1, (N/2,2):(1,CtaN/2)), coalesced
// as the builder does.
template <int M, int N, int CtaN>
auto epi_2x2() {
  return make_tile(Layout<Int<M>>{}, coalesce(Layout<Shape<Int<N / 2>, _2>, Stride<_1, Int<CtaN / 2>>>{}));
}
#define UMMA(ALIAS, OP, A, C, M, N)                                               \
  struct ALIAS {                                                                  \
    using Op = OP<A, A, C, M, N, K::K, K::K>;                                     \
    static constexpr const char* name =                                           \
        #OP "<" #A "," #A "," #C "," #M "," #N ",UMMA::Major::K,UMMA::Major::K>"; \
  };

UMMA(MmaM128N256, SM100_MMA_F16BF16_SS, half_t, float, 128, 256)
UMMA(MmaM128N128, SM100_MMA_F16BF16_SS, half_t, float, 128, 128)
UMMA(MmaM128N64, SM100_MMA_F16BF16_SS, bfloat16_t, float, 128, 64)
UMMA(MmaM64N128, SM100_MMA_F16BF16_SS, half_t, float, 64, 128)
UMMA(MmaM64N64Ts, SM100_MMA_F16BF16_TS, half_t, float, 64, 64)
UMMA(Mma2SmM256N256, SM100_MMA_F16BF16_2x1SM_SS, half_t, float, 256, 256)
UMMA(Mma2SmM128N128, SM100_MMA_F16BF16_2x1SM_SS, half_t, float, 128, 128)
UMMA(Mma2SmM128N256, SM100_MMA_F16BF16_2x1SM_SS, half_t, float, 128, 256)
UMMA(Mma2SmM128N64, SM100_MMA_F16BF16_2x1SM_SS, bfloat16_t, float, 128, 64)
UMMA(MmaF16AccM128N128, SM100_MMA_F16BF16_SS, half_t, half_t, 128, 128)
UMMA(MmaTf32M128N64, SM100_MMA_TF32_SS, tfloat32_t, float, 128, 64)
UMMA(MmaS8M128N64, SM100_MMA_S8_SS, int8_t, int32_t, 128, 64)

int main() {
  CASE(MmaM128N256, float, SM100_TMEM_LOAD_32dp32b32x, 128, 256, 128, 32);
  CASE(MmaM128N256, float, SM100_TMEM_LOAD_32dp32b1x, 128, 256, 0, 0);
  CASE(MmaM128N128, float, SM100_TMEM_LOAD_16dp256b1x, 128, 128, 0, 0);
  CASE(MmaM128N128, float, SM100_TMEM_LOAD_32dp32b16x, 128, 256, 128, 64);
  CASE(MmaM128N64, float, SM100_TMEM_LOAD_16dp64b4x, 128, 64, 0, 0);
  CASE(MmaM128N64, float, SM100_TMEM_STORE_32dp32b8x, 128, 64, 128, 16);
  CASE(MmaM64N128, float, SM100_TMEM_LOAD_16dp256b1x, 64, 128, 64, 32);
  CASE(MmaM64N128, float, SM100_TMEM_LOAD_16dp32b8x, 128, 128, 0, 0);
  CASE(MmaM64N64Ts, float, SM100_TMEM_LOAD_16dp32b4x, 128, 128, 0, 0);
  CASE(Mma2SmM256N256, float, SM100_TMEM_LOAD_32dp32b32x, 256, 256, 128, 64);
  CASE(Mma2SmM256N256, float, SM100_TMEM_LOAD_16dp128b8x, 256, 256, 0, 0);
  CASE(Mma2SmM128N128, float, SM100_TMEM_LOAD_16dp32b4x, 128, 128, 0, 0);
  CASE(Mma2SmM128N128, float, SM100_TMEM_LOAD_32dp32b8x, 256, 256, 0, 0);
  CASE(Mma2SmM128N128, float, SM100_TMEM_LOAD_32dp32b8x, 128, 128, 64, 32);  // lanes 64-127 hold n >= 64
  CASE(MmaF16AccM128N128, half_t, SM100_TMEM_LOAD_32dp32b16x_16b, 128, 128, 128, 32);
  CASE(MmaTf32M128N64, float, SM100_TMEM_LOAD_32dp32b64x, 128, 64, 0, 0);
  CASE(MmaS8M128N64, int32_t, SM100_TMEM_LOAD_32dp32b8x, 256, 128, 128, 32);
  CASE(MmaM64N128, float, SM100_TMEM_STORE_16dp128b2x, 64, 128, 64, 64);
  // The 2-CTA M = 128 epilogue as CUTLASS's builder tiles it: warps 0-1 take n < CtaN/2 from lanes 0-63,
  // warps 2-3 the same columns of the second half of N from lanes 64-127.
  CASE_EPI(Mma2SmM128N128, float, SM100_TMEM_LOAD_32dp32b8x, 128, 128, (epi_2x2<64, 32, 128>()));
  CASE_EPI(Mma2SmM128N256, float, SM100_TMEM_LOAD_32dp32b16x, 128, 512, (epi_2x2<64, 64, 256>()));
  CASE_EPI(Mma2SmM128N64, float, SM100_TMEM_STORE_32dp32b4x, 128, 64, (epi_2x2<64, 16, 64>()));
  CASE_EPI(Mma2SmM128N128, float, SM100_TMEM_LOAD_16dp256b1x, 128, 128, (epi_2x2<64, 16, 128>()));
  // N = CtaN: (64,2):(1,64) coalesces to 128:1, the whole tile; an integer M mode beside a layout N mode.
  CASE_EPI(Mma2SmM128N128, float, SM100_TMEM_LOAD_32dp32b4x, 128, 128, (epi_2x2<64, 128, 128>()));
  CASE_EPI(Mma2SmM128N128, float, SM100_TMEM_LOAD_32dp32b4x, 128, 128,
           (make_tile(_64{}, Layout<Shape<_8, _2>, Stride<_1, _64>>{})));
  return 0;
}
