// NVIDIA SM89 (Ada) FP8 `mma.sync` atoms, as CuTe defines them (CUTLASS 7107b05535f8,
// cute/arch/mma_sm89.hpp and cute/atom/mma_traits_sm89.hpp).
//
// SM89_16x8x32_<D><A><B><C>_TN with A, B in {E4M3, E5M2} and D = C in {F32, F16}: eight atoms, one
// warp (ThrID 32:1), shape (16,8,32). All eight share the traits of SM89_16x8x32_F32E4M3E4M3F32_TN,
// which are the SM80 16x8x32 8-bit integer layouts:
//   A ((4,8),(4,2,2)):((64,1),(16,8,256))   B ((4,8),(4,2)):((32,1),(8,128))
//   C ((4,8),(2,2)):((32,1),(16,8))
// Only the value types differ: e.g. SM89_16x8x32_F16E5M2E4M3F16_TN is D = C = half_t,
// A = float_e5m2_t, B = float_e4m3_t.
#include <string>

#include "nvidia_support.hpp"

namespace tvlab {

void register_nvidia_sm89(Registry& r) {
  using namespace nv;
  for (const char* acc : {"F32", "F16"})
    for (const char* ta : {"E4M3", "E5M2"})
      for (const char* tb : {"E4M3", "E5M2"}) {
        const std::string d = acc[1] == '3' ? "f32" : "f16";
        const std::string name = std::string("SM89_16x8x32_") + acc + ta + tb + acc + "_TN";
        add_mma(r, {name, "sm89", 16, 8, 32, "32:1", "((4,8),(4,2,2)):((64,1),(16,8,256))",
                    "((4,8),(4,2)):((32,1),(8,128))", "((4,8),(2,2)):((32,1),(16,8))", d,
                    ta[1] == '4' ? "e4m3" : "e5m2", tb[1] == '4' ? "e4m3" : "e5m2", d});
      }
}

}  // namespace tvlab
