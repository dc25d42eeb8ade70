// A kernel configuration (model/kernel_config.hpp) written as C++: the CollectiveMma the C++ reader
// (cpp_config.hpp) reads into that configuration again, in CuTe's / CUTLASS's / sycl-tla's spelling. As its
// JSON spec (writers/spec_json.hpp):
//
//   {"cta_tile": [128,128,32], "stages": 3, "mainloop": "MainloopSm80CpAsync",
//    "mma": {"atom": "SM80_16x8x16_F32F16F16F32_TN", "atom_layout": "(2,2,1)", "permutation": "(32,32,16)"},
//    "operands": {"A": {"type": "half_t", "gmem": {"layout": "RowMajor", "alignment": 8},
//                       "smem": {"atom": "Sw<2,3,3> o (8,32):(32,1)", "g2s": {...}, "s2r":
//                       "SM75_U32x4_LDSM_N"}},
//                 "B": ...}}
//   ->
//   namespace NAME {
//   using namespace cute;
//   using TileShape = Shape<_128, _128, _32>;
//   using TiledMma = TiledMMA<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, Layout<Shape<_2, _2, _1>, ...>,
//   Tile<...>>; using SmemLayoutAtomA = decltype(composition(Swizzle<2, 3, 3>{}, Layout<Shape<_8, _32>,
//   Stride<_32, _1>>{}));
//   ...
//   using CollectiveMainloop = cutlass::gemm::collective::CollectiveMma<...>;
//   }
//
// Expressible: the SM80 cp.async mainloops (MainloopSm80CpAsync[Unpredicated]) with smem atoms, g2s and s2r,
// and sycl-tla's MainloopXeL1Staged with a TiledMMAHelper MMA and "auto" (void) or block 2D copies. Anything
// else (no cta_tile, SM90 TMA mainloops, smem layouts instead of atoms, Xe SLM pipelines, standalone copies,
// C/D operands) is a SpecError naming the key: the writer never drops a part of the configuration (an unknown
// key a reader kept as a warning included).
#pragma once

#include <string>

#include "tvlab/verify/model/kernel_config.hpp"

namespace tvlab {

// `scope`: the namespace to declare it in (a C++ identifier).
std::string spec_to_cpp(const KernelConfig& config, const std::string& scope);

// A layout in CuTe's notation as a C++ type: "(8,32):(32,1)" -> "Layout<Shape<_8, _32>, Stride<_32, _1>>",
// "Sw<2,3,3> o (8,32):(32,1)" -> "decltype(composition(Swizzle<2, 3, 3>{}, Layout<...>{}))". Integers CuTe
// names (_0.._32, _64, _128, ...) as _N, others as Int<N>. SpecError (path "") for text that is not a layout
// or a swizzled layout with offset 0.
std::string layout_to_cpp(const std::string& notation);

}  // namespace tvlab
