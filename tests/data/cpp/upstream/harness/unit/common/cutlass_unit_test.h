// A stand-in for CUTLASS's test/unit/common/cutlass_unit_test.h (not shipped by the nvidia-cutlass package),
// written for tvlab's tests: what sm90_gemm_f32_f32_f32_tensor_op_f32.cu takes from it is GoogleTest. Given
// with -I tests/data/cpp/upstream/harness/unit/gemm/device (the file includes
// "../../common/cutlass_unit_test.h"); with a CUTLASS checkout, -I <cutlass>/test/unit/gemm/device gives the
// real one. The compiler path compiles no TEST() body but the one holding the alias it exports, cut after
// that alias (docs/spec.md, "Local aliases").
#pragma once
#include <gtest/gtest.h>

#include "cutlass/cutlass.h"
