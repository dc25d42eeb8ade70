// tvlab/export.hpp: write a live CuTe / CUTLASS object as a tvlab JSON spec (docs/spec.md).
//
// Header-only, and it includes no other tvlab header: a CUDA / CuTe test includes it after CUTLASS's headers
// and writes what tvlab checks from the types the compiler built,
//
//   #include <cutlass/gemm/collective/collective_builder.hpp>
//   #include <tvlab/export.hpp>
//   using Mainloop = cutlass::gemm::collective::CollectiveBuilder<...>::CollectiveOp;
//   tvlab::export_collective<Mainloop>(std::cout, "my_mainloop");   // then: tvlab verify spec.json
//
// and `tvlab verify FILE --config NAME --reader compiler` compiles a host program that does the same for
// NAME. What it writes (docs/spec.md, "C++ configurations"):
//   export_collective<CollectiveMma>   a whole spec: name, cta_tile, stages, mainloop, cluster_shape and
//                                      kernel_schedule (SM90), mma, operands.A/B {type, gmem.layout, smem
//                                      {atom, g2s, s2r}}; "description" records the exporter, the C++ type
//                                      and sizeof(CollectiveMma::SharedStorage)
//   write_tiled_mma<TiledMMA>          the "mma" object {atom, atom_layout, permutation}
//   write_tiled_copy<TiledCopy>        a copy object {atom, value_type, print} (print: CuTe's print() text of
//                                      the TiledCopy: its tiler, TV layout and the atom's layouts)
//   write_layout(os, layout)           a layout (swizzled, composed with smem_ptr flags) as CuTe prints it
//   export_tutorial_gemm<Tiler, ...>   a CuTe tutorial host function's kernel launch (sgemm_sm70.cu,
//                                      sgemm_sm80.cu, wgmma_sm90.cu, wgmma_tma_sm90.cu): the launch
//                                      arguments' types by role: cta_tile, stages, mma, operands.A/B {type,
//                                      gmem.layout, copy.tma, smem {layout, g2s, s2r}}
//   export_xe_gemm<TiledMMA, ...>      with sycl-tla: a kernel written with its CuTe interface (no
//   collective):
//                                      mma {atom, tile, sg_layout}, operands.A/B/D {type, contiguous, copy}
// Collectives exported: MainloopSm80CpAsync, MainloopSm80CpAsyncUnpredicated, MainloopSm90TmaGmma,
// MainloopSm90TmaGmmaWarpSpecialized and MainloopSm90TmaGmmaRmemAWarpSpecialized (Pingpong, Cooperative and
// the default schedule); with sycl-tla's
// headers (CUTLASS_ENABLE_SYCL / SYCL_INTEL_TARGET defined, as sycl-tla's CMake does), its Xe collectives
// MainloopXeL1Staged, MainloopIntelXeXMX16 and MainloopIntelXeXMX16MixedPrecision (ConvertOnly), any kernel
// schedule: mma {atom, tile, sg_layout} where the TiledMMA is TiledMMAHelper's, and
// operands.X {type, gmem.layout, copy}. Anything else, and any
// part the spec format cannot hold exactly (a transform other than cute::identity, a GMMA scale other than
// One, a CuTe value this header does not print), is a static_assert naming it: never a dropped swizzle,
// offset, mode or type.
#pragma once

#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>

#include <cute/tensor.hpp>
#include <cutlass/gemm/collective/collective_mma_decl.hpp>
#include <cutlass/gemm/dispatch_policy.hpp>

namespace tvlab {

// Bumped whenever what the exporter writes changes (it is part of tvlab's cache key).
inline constexpr int kExportVersion = 2;

namespace export_detail {

template <class...>
inline constexpr bool dependent_false = false;

// The compiler's spelling of a type, from __PRETTY_FUNCTION__ (g++: "... [with T = X; ...]", clang: "[T =
// X]").
inline std::string spelled(std::string_view pretty, std::string_view key) {
  const std::size_t b = pretty.find(key);
  if (b == std::string_view::npos) return std::string(pretty);
  std::size_t i = b + key.size(), depth = 0;
  std::size_t e = i;
  for (; e < pretty.size(); ++e) {
    const char c = pretty[e];
    if (c == '<' || c == '(' || c == '[') ++depth;
    if (c == '>' || c == ')') --depth;
    if (c == ']') {
      if (depth == 0) break;
      --depth;
    }
    if (c == ';' && depth == 0) break;
  }
  return std::string(pretty.substr(i, e - i));
}

template <class T>
std::string pretty_name() {
#if defined(__GNUC__) || defined(__clang__)
  return spelled(__PRETTY_FUNCTION__, "T = ");
#else
  static_assert(dependent_false<T>, "tvlab/export.hpp needs __PRETTY_FUNCTION__ (g++ or clang)");
  return {};
#endif
}

// cute:: and cutlass:: dropped (tvlab reads names without them).
inline std::string unqualified(std::string s) {
  for (std::string_view ns : {"cute::", "cutlass::"})
    for (std::size_t p; (p = s.find(ns)) != std::string::npos;) s.erase(p, ns.size());
  return s;
}

// An element type's name as tvlab spells it (the fixed-width integers by their <cstdint> names, which
// compilers print as "signed char", "long int", ...).
template <class T>
std::string type_name() {
  if constexpr (std::is_same_v<T, int8_t>)
    return "int8_t";
  else if constexpr (std::is_same_v<T, uint8_t>)
    return "uint8_t";
  else if constexpr (std::is_same_v<T, int16_t>)
    return "int16_t";
  else if constexpr (std::is_same_v<T, uint16_t>)
    return "uint16_t";
  else if constexpr (std::is_same_v<T, int32_t>)
    return "int32_t";
  else if constexpr (std::is_same_v<T, uint32_t>)
    return "uint32_t";
  else if constexpr (std::is_same_v<T, int64_t>)
    return "int64_t";
  else if constexpr (std::is_same_v<T, uint64_t>)
    return "uint64_t";
  else
    return unqualified(pretty_name<T>());
}

// A template template parameter's name (the GMMA ops are templates over their majors and scales).
template <template <auto...> class Op>
std::string template_name() {
#if defined(__GNUC__) || defined(__clang__)
  return spelled(__PRETTY_FUNCTION__, "Op = ");
#else
  return {};
#endif
}

// An operation's name as tvlab's atom tables spell it: SM90::GMMA::MMA_64x128x16_F32F16F16_SS<Major::K,
// Major::K, One, One> is SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>.
inline std::string gmma_name(std::string t) {
  t = unqualified(t);
  const std::string_view from = "SM90::GMMA::MMA_";
  if (t.rfind(from, 0) == 0) t = "SM90_" + t.substr(from.size());
  return t;
}
inline const char* major_name(cute::GMMA::Major m) {
  return m == cute::GMMA::Major::K ? "GMMA::Major::K" : "GMMA::Major::MN";
}
template <class Op>
struct op_spelling {
  // A plain struct: SM90::GMMA::MMA_64x96x32_S32S8S8_SS_TN (the integer GMMAs take no scale) as tvlab names
  // it.
  static std::string name() { return gmma_name(pretty_name<Op>()); }
};
// CuTe's DefaultCopy is AutoVectorizingCopyWithAssumedAlignment<8> (cute/atom/copy_atom.hpp): the compiler
// sees one type; tvlab names it as CuTe's alias does.
template <>
struct op_spelling<cute::AutoVectorizingCopyWithAssumedAlignment<8>> {
  static std::string name() { return "DefaultCopy"; }
};
// AutoVectorizingCopy is AutoVectorizingCopyWithAssumedAlignment<128> (the SM90 RS builder's SmemCopyAtom).
template <>
struct op_spelling<cute::AutoVectorizingCopyWithAssumedAlignment<128>> {
  static std::string name() { return "AutoVectorizingCopy"; }
};
// An operation templated on types (SM80_CP_ASYNC_CACHEALWAYS<S, D>, UniversalCopy<S, D>, UniversalFMA<D, A,
// B, C>): its arguments by tvlab's names (uint64_t, not "long unsigned int").
template <template <class...> class Op>
std::string class_template_name() {
#if defined(__GNUC__) || defined(__clang__)
  return spelled(__PRETTY_FUNCTION__, "Op = ");
#else
  return {};
#endif
}
template <template <class...> class Op, class... Ts>
struct op_spelling<Op<Ts...>> {
  static std::string name() {
    std::string s = unqualified(class_template_name<Op>()) + "<";
    std::size_t i = 0;
    ((s += (i++ ? "," : "") + type_name<Ts>()), ...);
    return s + ">";
  }
};
template <template <auto...> class Op, cute::GMMA::Major A, cute::GMMA::Major B, cute::GMMA::ScaleIn SA,
          cute::GMMA::ScaleIn SB>
struct op_spelling<Op<A, B, SA, SB>> {
  static_assert(SA == cute::GMMA::ScaleIn::One && SB == cute::GMMA::ScaleIn::One,
                "tvlab/export.hpp: a GMMA op with a ScaleIn other than One is not exported (tvlab's atoms "
                "name the One scale only)");
  static std::string name() {
    return gmma_name(template_name<Op>()) + "<" + major_name(A) + "," + major_name(B) + ">";
  }
};
template <template <auto...> class Op, cute::GMMA::ScaleIn SA, cute::GMMA::ScaleIn SB>
struct op_spelling<Op<SA, SB>> {
  static_assert(SA == cute::GMMA::ScaleIn::One && SB == cute::GMMA::ScaleIn::One,
                "tvlab/export.hpp: a GMMA op with a ScaleIn other than One is not exported (tvlab's atoms "
                "name the One scale only)");
  static std::string name() { return gmma_name(template_name<Op>()); }
};

#if defined(CUTLASS_ENABLE_SYCL) && __has_include(<cute/arch/mma_xe.hpp>)
// sycl-tla's XE_DPAS_TT<M, TypeD, TypeA, TypeB = TypeA, TypeC = TypeD> (cute/arch/mma_xe.hpp): its types by
// tvlab's names (int8_t, not "signed char"), all five written (tvlab reads the defaults as written out).
template <int M, class D, class A, class B, class C>
struct op_spelling<cute::XE_DPAS_TT<M, D, A, B, C>> {
  static std::string name() {
    return "XE_DPAS_TT<" + std::to_string(M) + "," + type_name<D>() + "," + type_name<A>() + "," +
           type_name<B>() + "," + type_name<C>() + ">";
  }
};
#endif

// CuTe's print() of the values a layout holds, to a stream (print() itself writes to stdout).
template <class T>
struct printer {
  static void put(std::ostream& os, T const& x) {
    if constexpr (cute::is_underscore<T>::value) {
      os << "_";
    } else if constexpr (cute::is_integral<T>::value && cute::is_static<T>::value) {
      os << "_" << T::value;
    } else if constexpr (std::is_integral_v<T>) {
      os << x;
    } else if constexpr (cute::is_tuple<T>::value) {
      os << "(";
      put_tuple(os, x, std::make_index_sequence<cute::tuple_size<T>::value>{});
      os << ")";
    } else {
      static_assert(
          dependent_false<T>,
          "tvlab/export.hpp: a CuTe value of this kind is not exported (it prints integers, tuples, "
          "layouts, swizzles, smem_ptr flags and composed layouts)");
    }
  }
  template <std::size_t... I>
  static void put_tuple(std::ostream& os, T const& x, std::index_sequence<I...>) {
    ((os << (I == 0 ? "" : ","), printer<std::decay_t<decltype(cute::get<I>(x))>>::put(os, cute::get<I>(x))),
     ...);
  }
};
template <class S, class D>
struct printer<cute::Layout<S, D>> {
  static void put(std::ostream& os, cute::Layout<S, D> const& l) {
    printer<S>::put(os, l.shape());
    os << ":";
    printer<D>::put(os, l.stride());
  }
};
template <int B, int M, int S>
struct printer<cute::Swizzle<B, M, S>> {
  static void put(std::ostream& os, cute::Swizzle<B, M, S> const&) {
    os << "Sw<" << B << "," << M << "," << S << ">";
  }
};
template <int B>
struct printer<cute::smem_ptr_flag_bits<B>> {
  static void put(std::ostream& os, cute::smem_ptr_flag_bits<B> const&) {
    os << "smem_ptr[" << B << "b](unset)";
  }
};
template <class A, class O, class B>
struct printer<cute::ComposedLayout<A, O, B>> {
  static void put(std::ostream& os, cute::ComposedLayout<A, O, B> const& l) {
    printer<A>::put(os, l.layout_a());
    os << " o ";
    printer<O>::put(os, l.offset());
    os << " o ";
    printer<B>::put(os, l.layout_b());
  }
};

template <class T>
std::string text(T const& x) {
  std::ostringstream os;
  printer<T>::put(os, x);
  return os.str();
}

inline void json_string(std::ostream& os, std::string_view s) {
  os << '"';
  for (char c : s) {
    if (c == '"' || c == '\\')
      os << '\\' << c;
    else if (c == '\n')
      os << "\\n";
    else if (static_cast<unsigned char>(c) < 0x20)
      os << ' ';
    else
      os << c;
  }
  os << '"';
}

// MMA_Atom<Op> and MMA_Atom<MMA_Traits<Op>>: the operation.
template <class Atom>
struct mma_op {
  static_assert(dependent_false<Atom>, "tvlab/export.hpp: a TiledMMA's atom must be MMA_Atom<Op>");
};
template <class Op>
struct mma_op<cute::MMA_Atom<Op>> {
  using type = Op;
};
template <class Op>
struct mma_op<cute::MMA_Atom<cute::MMA_Traits<Op>>> {
  using type = Op;
};

// Copy_Atom<Op, T> and Copy_Atom<Copy_Traits<Op>, T>: the operation and the value type.
template <class Atom>
struct copy_atom {
  static_assert(dependent_false<Atom>, "tvlab/export.hpp: expected Copy_Atom<Op, T>");
};
template <class Op, class T>
struct copy_atom<cute::Copy_Atom<Op, T>> {
  using op = Op;
  using value = T;
};
template <class Op, class T>
struct copy_atom<cute::Copy_Atom<cute::Copy_Traits<Op>, T>> {
  using op = Op;
  using value = T;
};

// TiledMMA<MMA_Atom<Op>, AtomLayoutMNK, PermutationMNK> and TiledCopy<Copy_Atom<Op, T>, LayoutTV, Tiler>:
// their parts.
template <class T>
struct tiled_mma {
  static_assert(dependent_false<T>,
                "tvlab/export.hpp: expected a cute::TiledMMA<MMA_Atom<Op>, Layout, Tile>");
};
template <class Atom, class L, class P>
struct tiled_mma<cute::TiledMMA<Atom, L, P>> {
  using op = typename mma_op<Atom>::type;
  using atom_layout = L;
  using permutation = P;
};
template <class T>
struct tiled_copy {
  static_assert(
      dependent_false<T>,
      "tvlab/export.hpp: expected a cute::TiledCopy<Copy_Atom<Op, T>, LayoutCopy_TV, ShapeTiler_MN> "
      "(make_tiled_copy(...))");
};
template <class Atom, class TV, class Tiler>
struct tiled_copy<cute::TiledCopy<Atom, TV, Tiler>> {
  using atom = Atom;
  using tv = TV;
  using tiler = Tiler;
};

// The dispatch policies.
template <class P>
struct policy {
  static constexpr bool known = false;
};
template <int S, class C>
struct policy<cutlass::gemm::MainloopSm80CpAsync<S, C>> {
  static_assert(cute::size(C{}) == 1,
                "tvlab/export.hpp: MainloopSm80CpAsync with a cluster of more than one CTA is not exported");
  static constexpr bool known = true, sm90 = false, xe = false, mixed = false;
  static constexpr int stages = S;
  static constexpr const char* name = "MainloopSm80CpAsync";
  using cluster = C;
  static std::string schedule() { return ""; }
};
template <int S>
struct policy<cutlass::gemm::MainloopSm80CpAsyncUnpredicated<S>> {
  static constexpr bool known = true, sm90 = false, xe = false, mixed = false;
  static constexpr int stages = S;
  static constexpr const char* name = "MainloopSm80CpAsyncUnpredicated";
  using cluster = cute::Shape<cute::_1, cute::_1, cute::_1>;
  static std::string schedule() { return ""; }
};
template <int S, class C, int P>
struct policy<cutlass::gemm::MainloopSm90TmaGmma<S, C, P>> {
  static constexpr bool known = true, sm90 = true, xe = false, mixed = false;
  static constexpr int stages = S;
  static constexpr const char* name = "MainloopSm90TmaGmma";
  using cluster = C;
  static std::string schedule() { return ""; }
};
template <int S, class C, class K>
struct policy<cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<S, C, K>> {
  static constexpr bool known = true, sm90 = true, xe = false, mixed = false;
  static constexpr int stages = S;
  static constexpr const char* name = "MainloopSm90TmaGmmaWarpSpecialized";
  using cluster = C;
  // The schedules whose SharedStorage tvlab lays out (docs/spec.md, the kernel's shared storage); another
  // (a derived FP8 or mixed-input schedule) is left out: the layouts do not depend on it.
  static std::string schedule() {
    if constexpr (std::is_same_v<K, cutlass::gemm::KernelTmaWarpSpecialized>)
      return "KernelTmaWarpSpecialized";
    else if constexpr (std::is_same_v<K, cutlass::gemm::KernelTmaWarpSpecializedPingpong>)
      return "KernelTmaWarpSpecializedPingpong";
    else if constexpr (std::is_same_v<K, cutlass::gemm::KernelTmaWarpSpecializedCooperative>)
      return "KernelTmaWarpSpecializedCooperative";
    else
      return "";
  }
};

// sycl-tla's Xe dispatch policies (cutlass/gemm/dispatch_policy.hpp at intel/sycl-tla 6601377d:
// MainloopXeL1Staged under CUTLASS_ENABLE_SYCL, the MainloopIntelXeXMX16 family under SYCL_INTEL_TARGET).
// Their collectives (cutlass/gemm/collective/xe_mma.hpp, xe_mma_legacy.hpp, xe_mma_mixed_input.hpp) take the
// kernel schedule only to name the policy: the layouts do not depend on it, which is not written (as the text
// reader).
template <class Schedule>
struct xe_policy {
  static constexpr bool known = true, sm90 = false, xe = true;
  using cluster = cute::Shape<cute::_1, cute::_1, cute::_1>;
  static std::string schedule() { return ""; }
};
#if defined(CUTLASS_ENABLE_SYCL)
template <int S, class K>
struct policy<cutlass::gemm::MainloopXeL1Staged<S, K>> : xe_policy<K> {
  static constexpr int stages = S;
  static constexpr const char* name = "MainloopXeL1Staged";
  static constexpr bool mixed = false;
};
#endif
#if defined(SYCL_INTEL_TARGET)
template <int S, class K>
struct policy<cutlass::gemm::MainloopIntelXeXMX16<S, K>> : xe_policy<K> {
  static constexpr int stages = S;
  static constexpr const char* name = "MainloopIntelXeXMX16";
  static constexpr bool mixed = false;
};
template <int S, class K>
struct policy<cutlass::gemm::MainloopIntelXeXMX16MixedPrecision<S, K>> : xe_policy<K> {
  static constexpr int stages = S;
  static constexpr const char* name = "MainloopIntelXeXMX16MixedPrecision";
  static constexpr bool mixed = true;
};
#endif

// A StrideX's layout tag: the mode of its static _1 (TagToStrideA_t<RowMajor> is Stride<int64_t, _1,
// int64_t>).
// MainloopSm90TmaGmmaRmemAWarpSpecialized (sm90_mma_tma_gmma_rs_warpspecialized.hpp): the GMMA reads A from
// registers, loaded from shared memory by make_tiled_copy_A(SmemCopyAtom, tiled_mma); written as the
// CollectiveMma's arguments (which operand is in registers, SwapAB, is tvlab verify's).
template <int S, class C, class K>
struct policy<cutlass::gemm::MainloopSm90TmaGmmaRmemAWarpSpecialized<S, C, K>>
    : policy<cutlass::gemm::MainloopSm90TmaGmmaWarpSpecialized<S, C, K>> {
  static constexpr const char* name = "MainloopSm90TmaGmmaRmemAWarpSpecialized";
  static constexpr bool rmem_a = true;
};

template <class P, class = void>
struct rmem_a : std::false_type {};
template <class P>
struct rmem_a<P, std::enable_if_t<P::rmem_a>> : std::true_type {};

template <class Stride>
std::string gmem_layout(char operand) {
  static_assert(cute::is_tuple<Stride>::value && cute::tuple_size<Stride>::value >= 2,
                "tvlab/export.hpp: StrideA / StrideB must be a stride tuple (TagToStrideA_t<...>)");
  using S0 = std::decay_t<decltype(cute::get<0>(Stride{}))>;
  using S1 = std::decay_t<decltype(cute::get<1>(Stride{}))>;
  constexpr bool unit0 = cute::is_constant<1, S0>::value, unit1 = cute::is_constant<1, S1>::value;
  static_assert(unit0 != unit1,
                "tvlab/export.hpp: StrideA / StrideB must have exactly one static _1 among its first two "
                "modes (the contiguous one), as TagToStrideA_t<RowMajor | ColumnMajor> makes it");
  // CUTLASS's tags (cutlass/detail/layout.hpp, TagToStrideA/B): A RowMajor and B ColumnMajor are K-major.
  if (unit1) return operand == 'A' ? "RowMajor" : "ColumnMajor";
  return operand == 'A' ? "ColumnMajor" : "RowMajor";
}

}  // namespace export_detail

// A layout as CuTe's print() writes it: "(_8,_32):(_32,_1)", "Sw<3,4,3> o smem_ptr[16b](unset) o ...".
template <class Layout>
void write_layout(std::ostream& os, Layout const& layout) {
  export_detail::printer<Layout>::put(os, layout);
}

// The "mma" object of a TiledMMA<MMA_Atom<Op>, AtomLayoutMNK, PermutationMNK>.
template <class TiledMma>
void write_tiled_mma(std::ostream& os) {
  using T = export_detail::tiled_mma<TiledMma>;
  os << "{\"atom\": ";
  export_detail::json_string(os, export_detail::op_spelling<typename T::op>::name());
  os << ", \"atom_layout\": ";
  export_detail::json_string(os, export_detail::text(typename T::atom_layout{}));
  os << ", \"permutation\": ";
  export_detail::json_string(os, export_detail::text(typename T::permutation{}));
  os << "}";
}

// CuTe's print(tiled_copy) text, which tvlab's "print" reads (docs/spec.md, CuTe's print() output).
template <class TiledCopy>
std::string tiled_copy_print() {
  using Atom = typename export_detail::tiled_copy<TiledCopy>::atom;
  std::ostringstream os;
  os << "TiledCopy\n  Tiler_MN:       "
     << export_detail::text(typename export_detail::tiled_copy<TiledCopy>::tiler{})
     << "\n  TiledLayout_TV: " << export_detail::text(typename export_detail::tiled_copy<TiledCopy>::tv{})
     << "\nCopy_Atom\n  ThrID:        " << export_detail::text(typename Atom::ThrID{})
     << "\n  ValLayoutSrc: " << export_detail::text(typename Atom::ValLayoutSrc{})
     << "\n  ValLayoutDst: " << export_detail::text(typename Atom::ValLayoutDst{})
     << "\n  ValLayoutRef: " << export_detail::text(typename Atom::ValLayoutRef{})
     << "\n  ValueType:    " << cute::sizeof_bits<typename Atom::ValType>::value << "b\n";
  return os.str();
}

// A copy object of a TiledCopy<Copy_Atom<Op, T>, LayoutTV, Tiler>: {"atom", "value_type", "print"}.
template <class TiledCopy>
void write_tiled_copy(std::ostream& os) {
  using A = export_detail::copy_atom<typename export_detail::tiled_copy<TiledCopy>::atom>;
  os << "{\"atom\": ";
  export_detail::json_string(os, export_detail::op_spelling<typename A::op>::name());
  os << ", \"value_type\": ";
  export_detail::json_string(os, export_detail::type_name<typename A::value>());
  os << ", \"print\": ";
  export_detail::json_string(os, tiled_copy_print<TiledCopy>());
  os << "}";
}

namespace export_detail {

// A block 2D op as tvlab spells it: XE_LOAD_2D<16,32,32,16> (no blanks).
template <class Op>
std::string xe_op_name() {
  std::string op = op_spelling<Op>::name();
  for (std::size_t p; (p = op.find(", ")) != std::string::npos;) op.erase(p + 1, 1);
  return op;
}

// An Xe TiledMMA: {atom, tile, sg_layout} where it is TiledMMAHelper<Atom, Layout<TileShape>,
// SgLayout>::TiledMMA (cute/atom/mma_atom.hpp of sycl-tla) for the tile its permutation spans, else
// {atom, atom_layout, permutation}.
template <class TM>
void write_xe_mma(std::ostream& os) {
#if defined(CUTLASS_ENABLE_SYCL)
  using T = tiled_mma<TM>;
  using Perm = std::remove_const_t<typename T::permutation>;
  constexpr int m = int(cute::size<0>(Perm{})), n = int(cute::size<1>(Perm{})),
                k = int(cute::size<2>(Perm{}));
  using Helper =
      typename cute::TiledMMAHelper<cute::MMA_Atom<typename T::op>,
                                    cute::Layout<cute::Shape<cute::Int<m>, cute::Int<n>, cute::Int<k>>>,
                                    typename T::atom_layout>::TiledMMA;
  if constexpr (std::is_same_v<Helper, TM>) {
    os << "{\"atom\": ";
    json_string(os, op_spelling<typename T::op>::name());
    os << ", \"tile\": [" << m << ", " << n << ", " << k << "], \"sg_layout\": ";
    json_string(os, text(typename T::atom_layout{}));
    os << "}";
  } else {
    ::tvlab::write_tiled_mma<TM>(os);
  }
#else
  static_assert(dependent_false<TM>, "tvlab/export.hpp: an Xe TiledMMA needs sycl-tla (CUTLASS_ENABLE_SYCL)");
#endif
}

// The SM90 warp-specialized collectives split their SharedStorage into TensorStorage and PipelineStorage,
// which the kernel places apart (docs/spec.md, the kernel's shared storage).
template <class CM, class = void>
struct has_split_storage : std::false_type {};
template <class CM>
struct has_split_storage<CM, std::void_t<typename CM::TensorStorage, typename CM::PipelineStorage>>
    : std::true_type {};

// sycl-tla's Xe collectives keep nothing in shared memory (no SharedStorage).
template <class CM, class = void>
struct has_shared_storage : std::false_type {};
template <class CM>
struct has_shared_storage<CM, std::void_t<typename CM::SharedStorage>> : std::true_type {};

template <class CollectiveMma>
struct collective {
  static_assert(dependent_false<CollectiveMma>,
                "tvlab::export_collective: the type is not a cutlass::gemm::collective::CollectiveMma<...> "
                "(give the mainloop: a CollectiveMma alias, CollectiveBuilder<...>::CollectiveOp or "
                "DefaultGemmConfigurationToCutlass3Types<...>::CollectiveMainloop)");
};

template <class DispatchPolicy, class TileShape, class ElementA, class StrideA, class ElementB, class StrideB,
          class TiledMma, class GmemTiledCopyA, class SmemLayoutAtomA, class SmemCopyAtomA, class TransformA,
          class GmemTiledCopyB, class SmemLayoutAtomB, class SmemCopyAtomB, class TransformB>
struct collective<cutlass::gemm::collective::CollectiveMma<
    DispatchPolicy, TileShape, ElementA, StrideA, ElementB, StrideB, TiledMma, GmemTiledCopyA,
    SmemLayoutAtomA, SmemCopyAtomA, TransformA, GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB, TransformB>> {
  using P = policy<DispatchPolicy>;
  static_assert(P::known,
                "tvlab::export_collective: this dispatch policy is not exported (tvlab exports "
                "MainloopSm80CpAsync, MainloopSm80CpAsyncUnpredicated, MainloopSm90TmaGmma, "
                "MainloopSm90TmaGmmaWarpSpecialized, MainloopSm90TmaGmmaRmemAWarpSpecialized and, with "
                "sycl-tla, MainloopXeL1Staged, "
                "MainloopIntelXeXMX16 and MainloopIntelXeXMX16MixedPrecision)");
  static_assert(
      std::is_same_v<TransformA, cute::identity> && std::is_same_v<TransformB, cute::identity>,
      "tvlab::export_collective: TransformA / TransformB other than cute::identity are not exported");
  static_assert(cute::rank(TileShape{}) == 3 && cute::is_static<TileShape>::value,
                "tvlab::export_collective: TileShape must be a static (BLK_M, BLK_N, BLK_K)");

  // sycl-tla's mixed-input mainloop takes one operand as cute::tuple<T> (ConvertOnly); a scale or zero
  // point after T is loaded by copies tvlab does not model.
  template <class Element>
  struct element {
    using type = Element;
    static constexpr bool tuple = false;
  };
  template <class... Ts>
  struct element<cute::tuple<Ts...>> {
    static_assert(sizeof...(Ts) == 1,
                  "tvlab::export_collective: a mixed-input operand with a scale or zero point "
                  "(cute::tuple<T, Scale[, Zero]>) is not exported: those loads are not modelled");
    using type = std::tuple_element_t<0, std::tuple<Ts..., void>>;
    static constexpr bool tuple = true;
  };

  // An Xe operand: {type, gmem.layout, copy} (copy "auto" for a void GmemTiledCopy, which
  // get_block_2d_copy_X picks, else the block 2D op); no shared memory.
  template <class Element, class Stride, class Gmem, class Atom, class S2R>
  static void xe_operand(std::ostream& os, char x) {
    static_assert(std::is_void_v<Atom> && std::is_void_v<S2R>,
                  "tvlab::export_collective: an Xe mainloop's SmemLayoutAtom and SmemCopyAtom must be void");
    static_assert(P::mixed || !element<Element>::tuple,
                  "tvlab::export_collective: a tuple element type is read by the mixed-input mainloop "
                  "(MainloopIntelXeXMX16MixedPrecision) only");
    os << "{\"type\": ";
    json_string(os, type_name<typename element<Element>::type>());
    os << ", \"gmem\": {\"layout\": ";
    json_string(os, gmem_layout<Stride>(x));
    os << "}, \"copy\": ";
    if constexpr (std::is_void_v<Gmem>) {
      json_string(os, "auto");
    } else {
      static_assert(std::is_empty_v<Gmem> && !cute::is_tuple<Gmem>::value,
                    "tvlab::export_collective: an Xe mainloop's GmemTiledCopy must be void or a block 2D "
                    "copy op (XE_LOAD_2D<...>, XE_2D_U16x32x32_LD_N, ...)");
      json_string(os, xe_op_name<Gmem>());
    }
    os << "}";
  }

  template <class TM>
  static void xe_mma(std::ostream& os) {
    write_xe_mma<TM>(os);
  }

  template <class Element, class Stride, class Gmem, class Atom, class S2R>
  static void operand(std::ostream& os, char x) {
    os << "{\"type\": ";
    json_string(os, type_name<Element>());
    os << ", \"gmem\": {\"layout\": ";
    json_string(os, gmem_layout<Stride>(x));
    os << "}, \"smem\": {\"atom\": ";
    json_string(os, text(Atom{}));
    os << ", \"g2s\": ";
    if constexpr (P::sm90) {
      static_assert(
          std::is_same_v<Gmem, cute::SM90_TMA_LOAD> || std::is_same_v<Gmem, cute::SM90_TMA_LOAD_MULTICAST>,
          "tvlab::export_collective: an SM90 mainloop's GmemTiledCopy must be SM90_TMA_LOAD or "
          "SM90_TMA_LOAD_MULTICAST");
      static_assert(std::is_void_v<S2R> || rmem_a<P>::value,
                    "tvlab::export_collective: an SM90 GMMA mainloop's SmemCopyAtom must be void");
      json_string(os, op_spelling<Gmem>::name());
      if constexpr (!std::is_void_v<S2R>) s2r<S2R>(os);
    } else {
      write_tiled_copy<Gmem>(os);
      s2r<S2R>(os);
    }
    os << "}}";
  }

  // SmemCopyAtomX as smem.s2r: make_tiled_copy_X(Copy_Atom<Op, T>{}, tiled_mma).
  template <class S2R>
  static void s2r(std::ostream& os) {
    using C = copy_atom<S2R>;
    os << ", \"s2r\": {\"atom\": ";
    json_string(os, op_spelling<typename C::op>::name());
    os << ", \"from_mma\": true, \"value_type\": ";
    json_string(os, type_name<typename C::value>());
    os << "}";
  }

  template <class CM>
  static void write(std::ostream& os, std::string_view name) {
    using cute::get;
    os << "{\n \"name\": ";
    json_string(os, name);
    os << ",\n \"description\": {\"exported_by\": \"tvlab/export.hpp " << kExportVersion << "\", \"type\": ";
    json_string(os, pretty_name<CM>());
    if constexpr (has_shared_storage<CM>::value)
      os << ", \"mainloop_shared_storage_bytes\": " << sizeof(typename CM::SharedStorage);
    if constexpr (has_split_storage<CM>::value)
      os << ", \"mainloop_tensor_storage_bytes\": " << sizeof(typename CM::TensorStorage)
         << ", \"mainloop_pipeline_storage_bytes\": " << sizeof(typename CM::PipelineStorage);
    os << "},\n";
    os << " \"cta_tile\": [" << int(get<0>(TileShape{})) << ", " << int(get<1>(TileShape{})) << ", "
       << int(get<2>(TileShape{})) << "],\n";
    os << " \"stages\": " << P::stages << ",\n \"mainloop\": \"" << P::name << "\",\n";
    if constexpr (P::sm90) {
      using C = typename P::cluster;
      static_assert(cute::rank(C{}) == 3 && cute::is_static<C>::value,
                    "tvlab::export_collective: ClusterShape must be a static (x, y, z)");
      os << " \"cluster_shape\": [" << int(get<0>(C{})) << ", " << int(get<1>(C{})) << ", "
         << int(get<2>(C{})) << "],\n";
      if (!P::schedule().empty()) os << " \"kernel_schedule\": \"" << P::schedule() << "\",\n";
    }
    os << " \"mma\": ";
    if constexpr (P::xe) {
      static_assert(!P::mixed || element<ElementA>::tuple != element<ElementB>::tuple,
                    "tvlab::export_collective: Either A OR B must be a tuple (sycl-tla's mixed-input "
                    "mainloop)");
      xe_mma<TiledMma>(os);
      os << ",\n \"operands\": {\n  \"A\": ";
      xe_operand<ElementA, StrideA, GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA>(os, 'A');
      os << ",\n  \"B\": ";
      xe_operand<ElementB, StrideB, GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB>(os, 'B');
    } else {
      write_tiled_mma<TiledMma>(os);
      os << ",\n \"operands\": {\n  \"A\": ";
      operand<ElementA, StrideA, GmemTiledCopyA, SmemLayoutAtomA, SmemCopyAtomA>(os, 'A');
      os << ",\n  \"B\": ";
      operand<ElementB, StrideB, GmemTiledCopyB, SmemLayoutAtomB, SmemCopyAtomB>(os, 'B');
    }
    os << "\n }\n}\n";
  }
};

}  // namespace export_detail

namespace export_detail {

// The contiguous mode of a rank-2 global tensor's layout (the mode whose stride is a static _1), by the
// operand's mode names: A (M,K), B (N,K), D (M,N).
template <class Layout>
std::string xe_contiguous(char operand) {
  using S = std::decay_t<decltype(cute::stride(Layout{}))>;
  static_assert(cute::rank(Layout{}) == 2,
                "tvlab::export_xe_gemm: an operand's global tensor must be rank 2 ((M,K), (N,K) or (M,N))");
  using S0 = std::decay_t<decltype(cute::get<0>(S{}))>;
  using S1 = std::decay_t<decltype(cute::get<1>(S{}))>;
  constexpr bool unit0 = cute::is_constant<1, S0>::value, unit1 = cute::is_constant<1, S1>::value;
  static_assert(
      unit0 != unit1,
      "tvlab::export_xe_gemm: an operand's global tensor must have exactly one static _1 stride (the "
      "contiguous mode the block 2D copy's width runs along)");
  const char* modes = operand == 'A' ? "MK" : operand == 'B' ? "NK" : "MN";
  return std::string(1, modes[unit0 ? 0 : 1]);
}

// An operand {type, contiguous, copy} of export_xe_gemm.
template <class Element, class Layout, class Op>
void xe_kernel_operand(std::ostream& os, char x) {
  os << "{\"type\": ";
  json_string(os, type_name<Element>());
  os << ", \"contiguous\": ";
  json_string(os, xe_contiguous<Layout>(x));
  os << ", \"copy\": ";
  if constexpr (std::is_void_v<Op>) {
    json_string(os, "auto");
  } else {
    static_assert(std::is_empty_v<Op> && !cute::is_tuple<Op>::value,
                  "tvlab::export_xe_gemm: a copy must be void or a block 2D op (XE_LOAD_2D<...>, "
                  "XE_STORE_2D<...>)");
    json_string(os, xe_op_name<Op>());
  }
  os << "}";
}

}  // namespace export_detail

// A GEMM kernel written with sycl-tla's CuTe interface rather than a collective (examples/12's moe_gemm): its
// TiledMMA and, per operand, the element type, the global tensor's layout and the op the kernel gives
// get_block_2d_copy_{A,B,D}<Op>(mma, tensor) (void: sycl-tla's selector picks it, "auto"). A, B are loaded
// and D stored through a reorder from the MMA's fragment (sycl-tla's reorder). `what` goes into the
// description (the C++ types, what is not modelled).
template <class TiledMma, class ElementA, class LayoutA, class OpA, class ElementB, class LayoutB, class OpB,
          class ElementD, class LayoutD, class OpD>
void export_xe_gemm(std::ostream& os, std::string_view name, std::string_view what) {
  using namespace export_detail;
  os << "{\n \"name\": ";
  json_string(os, name);
  os << ",\n \"description\": {\"exported_by\": \"tvlab/export.hpp " << kExportVersion << "\", \"type\": ";
  json_string(os, pretty_name<TiledMma>());
  os << ", \"kernel\": ";
  json_string(os, what);
  os << "},\n \"mma\": ";
  write_xe_mma<TiledMma>(os);
  os << ",\n \"operands\": {\n  \"A\": ";
  xe_kernel_operand<ElementA, LayoutA, OpA>(os, 'A');
  os << ",\n  \"B\": ";
  xe_kernel_operand<ElementB, LayoutB, OpB>(os, 'B');
  os << ",\n  \"D\": ";
  xe_kernel_operand<ElementD, LayoutD, OpD>(os, 'D');
  os << "\n },\n \"checks\": [\"all\"]\n}\n";
}

namespace export_detail {

// CuTe tutorial host functions (sgemm_sm70.cu, sgemm_sm80.cu, hopper/wgmma_sm90.cu,
// hopper/wgmma_tma_sm90.cu): the types of the expressions their kernel launch passes, one slot a role (void:
// the launch passes none), in the order of export_tutorial_gemm. Which launch argument plays which role is
// the text reader's reading of the kernel's parameter list (Reader::tutorial); this header only turns the
// types into JSON.
template <class T>
using bare_t = std::remove_cv_t<std::remove_reference_t<T>>;
template <class Ptr>
using pointee_t = std::remove_cv_t<std::remove_pointer_t<std::decay_t<Ptr>>>;

// make_tma_atom(SM90_TMA_LOAD{}, ...)'s Copy_Atom (cute/atom/copy_traits_sm90_tma.hpp).
template <class T>
struct tma_load_atom : std::false_type {};
template <class NumBits, class Aux, class T>
struct tma_load_atom<cute::Copy_Atom<cute::Copy_Traits<cute::SM90_TMA_LOAD, NumBits, Aux>, T>>
    : std::true_type {};

// A stride (dA = make_stride(ldA, Int<1>{})) by the operand's mode names: its static _1 mode.
template <class Stride>
std::string tutorial_gmem(char operand) {
  static_assert(cute::is_tuple<Stride>::value && cute::tuple_size<Stride>::value == 2,
                "tvlab::export_tutorial_gemm: a gmem stride must be a rank-2 stride (make_stride(ld, _1))");
  using S0 = std::decay_t<decltype(cute::get<0>(Stride{}))>;
  using S1 = std::decay_t<decltype(cute::get<1>(Stride{}))>;
  constexpr bool unit0 = cute::is_constant<1, S0>::value, unit1 = cute::is_constant<1, S1>::value;
  static_assert(unit0 != unit1,
                "tvlab::export_tutorial_gemm: a gmem stride must have exactly one static _1 (its contiguous "
                "mode)");
  const char* modes = operand == 'A' ? "MK" : "NK";
  return std::string(1, modes[unit0 ? 0 : 1]);
}

template <class Tiler>
void tutorial_tile(std::ostream& os) {
  using cute::get;
  static_assert(cute::is_static<Tiler>::value && decltype(cute::rank(Tiler{}))::value == 3,
                "tvlab::export_tutorial_gemm: the CTA tile must be a static (BLK_M, BLK_N, BLK_K) shape");
  os << "[" << int(get<0>(Tiler{})) << ", " << int(get<1>(Tiler{})) << ", " << int(get<2>(Tiler{})) << "]";
}

// One operand: {type, gmem.layout, [copy.tma], smem {layout, g2s, s2r}}. A TMA load's tensor map is a
// run-time value (the global tensor's extents and leading dimension are the host function's ints): written as
// the text reader writes it (Reader::tutorial: the representative problem of 4099 CTA tiles, ld_alignment 1,
// the stride rule the caller's precondition).
template <class Tiler, class Ptr, class Gmem, class Smem, class G2S, class S2R, class Tma>
void tutorial_operand(std::ostream& os, char x) {
  using cute::get;
  static_assert(std::is_pointer_v<std::decay_t<Ptr>>,
                "tvlab::export_tutorial_gemm: an operand's pointer argument must be a pointer");
  static_assert(!std::is_void_v<Gmem>, "tvlab::export_tutorial_gemm: an operand needs its gmem stride");
  os << "{\"type\": ";
  json_string(os, type_name<pointee_t<Ptr>>());
  const std::string unit = tutorial_gmem<bare_t<Gmem>>(x);
  os << ", \"gmem\": {\"layout\": ";
  json_string(os, unit);
  os << "}";
  if constexpr (!std::is_void_v<Tma>) {
    static_assert(tma_load_atom<bare_t<Tma>>::value,
                  "tvlab::export_tutorial_gemm: a TMA argument must be make_tma_atom(SM90_TMA_LOAD{}, ...)");
    const long long rows = (x == 'A' ? int(get<0>(Tiler{})) : int(get<1>(Tiler{}))) * 4099LL,
                    depth = int(get<2>(Tiler{})) * 4099LL;
    os << ", \"copy\": {\"tma\": {\"shape\": [" << rows << ", " << depth << "], \"stride\": ["
       << (unit == "K" ? depth : 1) << ", " << (unit == "K" ? 1 : rows)
       << "], \"multicast\": 1, \"arch\": \"sm90\", \"ld_alignment\": 1}}";
  }
  if constexpr (!std::is_void_v<Smem>) {
    os << ", \"smem\": {\"layout\": ";
    json_string(os, text(bare_t<Smem>{}));
    if constexpr (!std::is_void_v<G2S>) {
      os << ", \"g2s\": ";
      write_tiled_copy<bare_t<G2S>>(os);
    }
    if constexpr (!std::is_void_v<S2R>) {
      // A Copy_Atom the kernel tiles with make_tiled_copy_X(atom, mma).
      using C = copy_atom<bare_t<S2R>>;
      os << ", \"s2r\": {\"atom\": ";
      json_string(os, op_spelling<typename C::op>::name());
      os << ", \"value_type\": ";
      json_string(os, type_name<typename C::value>());
      os << ", \"from_mma\": true}";
    }
    os << "}";
  }
  os << "}";
}

}  // namespace export_detail

// A CuTe tutorial GEMM launch as a whole tvlab spec: the types of the launch's arguments by role, in the
// order Tiler, TiledMma, then per operand A and B: Ptr, Gmem stride, Smem layout, G2S TiledCopy, S2R
// Copy_Atom, TMA Copy_Atom (void where the launch passes none).
template <class Tiler, class Mma, class PA, class GA, class SA, class CA, class RA, class TA, class PB,
          class GB, class SB, class CB, class RB, class TB>
void export_tutorial_gemm(std::ostream& os, std::string_view name, std::string_view what) {
  using namespace export_detail;
  static_assert(!std::is_void_v<Tiler> && !std::is_void_v<Mma>,
                "tvlab::export_tutorial_gemm: the launch must pass the CTA tiler and the TiledMMA");
  os << "{\n \"name\": ";
  json_string(os, name);
  os << ",\n \"description\": {\"exported_by\": \"tvlab/export.hpp " << kExportVersion << "\", \"type\": ";
  json_string(os, pretty_name<bare_t<Mma>>());
  os << ", \"kernel\": ";
  json_string(os, what);
  os << "},\n \"cta_tile\": ";
  tutorial_tile<bare_t<Tiler>>(os);
  // The stages: the smem layouts' third mode (both operands alike, as the text reader requires).
  if constexpr (!std::is_void_v<SA>) {
    using L = bare_t<SA>;
    if constexpr (decltype(cute::rank(L{}))::value == 3) os << ",\n \"stages\": " << int(cute::size<2>(L{}));
  }
  os << ",\n \"mma\": ";
  write_tiled_mma<bare_t<Mma>>(os);
  os << ",\n \"operands\": {\n  \"A\": ";
  tutorial_operand<bare_t<Tiler>, PA, GA, SA, CA, RA, TA>(os, 'A');
  os << ",\n  \"B\": ";
  tutorial_operand<bare_t<Tiler>, PB, GB, SB, CB, RB, TB>(os, 'B');
  os << "\n }\n}\n";
}

// A's and B's element types of a tutorial launch, "half_t,half_t" (tvlab's names).
template <class PA, class PB>
std::string tutorial_types() {
  return export_detail::type_name<export_detail::pointee_t<PA>>() + "," +
         export_detail::type_name<export_detail::pointee_t<PB>>();
}

// A CUTLASS CollectiveMma (a mainloop) as a whole tvlab spec named `name`.
template <class CollectiveMma>
void export_collective(std::ostream& os, std::string_view name) {
  export_detail::collective<CollectiveMma>::template write<CollectiveMma>(os, name);
}

}  // namespace tvlab
