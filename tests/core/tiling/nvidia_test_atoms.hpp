// NVIDIA atoms written out from nvidia-atoms.md (independent of the registry), shared by the tiling tests.
#pragma once

#include "../test_support.hpp"
#include "tvlab/core/atoms/atom.hpp"

namespace tvlab::test {

// SM80_16x8x16_{F16F16F16F16,F32F16F16F32}_TN (section 2); types left for the test to set.
inline MmaAtom sm80_16x8x16() {
  MmaAtom a;
  a.name = "SM80_16x8x16_F32F16F16F32_TN";
  a.m = 16, a.n = 8, a.k = 16;
  a.thr_id = L("32:1");
  a.a = L("((4,8),(2,2,2)):((32,1),(16,8,128))");
  a.b = L("((4,8),(2,2)):((16,1),(8,64))");
  a.c = L("((4,8),(2,2)):((32,1),(16,8))");
  return a;
}

}  // namespace tvlab::test
