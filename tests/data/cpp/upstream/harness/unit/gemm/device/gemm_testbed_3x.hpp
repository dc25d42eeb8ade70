// A stand-in for CUTLASS's test/unit/gemm/device/gemm_testbed_3x.hpp (not shipped by the nvidia-cutlass
// package), written for tvlab's tests: the one name sm90_gemm_f32_f32_f32_tensor_op_f32.cu takes from it,
// declared. See
// ../../common/cutlass_unit_test.h.
#pragma once

namespace test::gemm::device {
template <typename Gemm>
bool TestAll();
}  // namespace test::gemm::device
