// The driver's cuTensorMapEncodeTiled, defined by the CuTe oracle programs (tests/cute_oracle/oracle.py,
// tutorial_oracle.py) to print what CuTe hands it instead of encoding a tensor map: the box, global
// dimensions and strides and the swizzle (no driver, no GPU). CUTLASS calls it directly
// (CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL); the first call of a configuration is A's map, the second B's.
// Included before CUTLASS's headers.
#pragma once
#define CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL 1
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cstdio>
inline int tvlab_oracle_tma_calls = 0;
extern "C" CUresult CUDAAPI cuTensorMapEncodeTiled(CUtensorMap*, CUtensorMapDataType, cuuint32_t rank, void*,
                                                   const cuuint64_t* gdim, const cuuint64_t* gstride,
                                                   const cuuint32_t* box, const cuuint32_t*,
                                                   CUtensorMapInterleave, CUtensorMapSwizzle swizzle,
                                                   CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  const char x = tvlab_oracle_tma_calls++ == 0 ? 'A' : 'B';
  std::printf("tma.%c.box = {", x);
  for (unsigned i = 0; i < rank; ++i) std::printf(i ? ",%u" : "%u", box[i]);
  std::printf("}\ntma.%c.global_dim = {", x);
  for (unsigned i = 0; i < rank; ++i) std::printf(i ? ",%llu" : "%llu", (unsigned long long)gdim[i]);
  std::printf("}\ntma.%c.global_stride_bytes = {", x);
  for (unsigned i = 0; i + 1 < rank; ++i) std::printf(i ? ",%llu" : "%llu", (unsigned long long)gstride[i]);
  static const char* const names[] = {"NONE", "32B", "64B", "128B"};
  if ((int)swizzle >= 0 && (int)swizzle < 4)
    std::printf("}\ntma.%c.swizzle = CU_TENSOR_MAP_SWIZZLE_%s\n", x, names[(int)swizzle]);
  else
    std::printf("}\ntma.%c.swizzle = %d\n", x, (int)swizzle);
  return CUDA_SUCCESS;
}
extern "C" cudaError_t CUDARTAPI cudaDriverGetVersion(int* v) {
  *v = 13000;
  return cudaSuccess;
}
