// The GEMM timing harness's driver (hw/gemm/README.md): one CUTLASS 3 GemmUniversal kernel built from a
// CollectiveMainloop (MainloopSm80CpAsync) and CUTLASS's DefaultEpilogue (D = 1 * A B + 0 * C), run on
// M = N = K = 4096 (L = 1). A and B hold small integers in [-2, 2], so every partial sum is an integer of
// magnitude at most 4 * 4096 and the accumulation is exact in fp32 (and int32) for every summation order:
// the result is compared bit for bit with a naive GEMM on the GPU. A kernel whose result differs prints
// exact=no and no time. Timing: 5 warm-up launches, then each of 30 launches between two cudaEvents; the
// median is reported. One line on stdout:
//   name <TAB> exact(yes|no) <TAB> mismatches <TAB> median_ms <TAB> tflops <TAB> min_ms <TAB> max_ms
// Exit status: 0 exact, 1 a wrong result, 2 a CUDA or CUTLASS error.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include "cute/tensor.hpp"
#include "cutlass/cutlass.h"
#include "cutlass/epilogue/collective/default_epilogue.hpp"
#include "cutlass/epilogue/thread/linear_combination.h"
#include "cutlass/gemm/collective/collective_mma.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/dispatch_policy.hpp"
#include "cutlass/gemm/kernel/gemm_universal.hpp"
#include "cutlass/numeric_types.h"

namespace tvlab_gemm {

#define TVLAB_CUDA(call)                                                                          \
  do {                                                                                            \
    cudaError_t e_ = (call);                                                                      \
    if (e_ != cudaSuccess) {                                                                      \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      std::exit(2);                                                                               \
    }                                                                                             \
  } while (0)

// A packed stride for a rows x cols matrix (modes row, col, batch) of CUTLASS 3's stride type S: the static
// mode (_1) is the contiguous one.
template <class S>
S packed_stride(int64_t rows, int64_t cols) {
  S s{};
  if constexpr (cute::is_static<cute::remove_cvref_t<decltype(cute::get<1>(s))>>::value) {
    cute::get<0>(s) = cols;  // row-major: the column mode is contiguous
  } else {
    cute::get<1>(s) = rows;  // column-major
  }
  cute::get<2>(s) = rows * cols;
  return s;
}

template <class S>
__host__ __device__ int64_t stride_of(S const& s, int mode) {
  int64_t r = 0;
  if (mode == 0) r = static_cast<int64_t>(cute::get<0>(s));
  if (mode == 1) r = static_cast<int64_t>(cute::get<1>(s));
  return r;
}

// A deterministic value in [-2, 2] for element i of operand `salt`.
__host__ __device__ inline int small_int(uint64_t i, uint32_t salt) {
  uint64_t x = i * 0x9E3779B97F4A7C15ull + salt * 0xD1B54A32D192ED03ull;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  return static_cast<int>(x % 5) - 2;
}

template <class T>
__global__ void fill(T* p, int64_t n, uint32_t salt) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    p[i] = T(small_int(static_cast<uint64_t>(i), salt));
}

// D(m, n) = sum_k A(m, k) * B(n, k) (CUTLASS 3: B is N x K), accumulated in Acc.
template <class TA, class TB, class Acc, class SA, class SB, class SD>
__global__ void reference(TA const* A, SA sa, TB const* B, SB sb, Acc* D, SD sd, int M, int N, int K) {
  int m = blockIdx.y * blockDim.y + threadIdx.y;
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= M || n >= N) return;
  int64_t am = stride_of(sa, 0), ak = stride_of(sa, 1), bn = stride_of(sb, 0), bk = stride_of(sb, 1);
  Acc acc = Acc(0);
  for (int k = 0; k < K; ++k) {
    Acc a, b;
    if constexpr (cute::is_same_v<Acc, float>) {
      a = static_cast<float>(A[m * am + k * ak]);
      b = static_cast<float>(B[n * bn + k * bk]);
    } else {
      a = static_cast<Acc>(static_cast<int>(A[m * am + k * ak]));
      b = static_cast<Acc>(static_cast<int>(B[n * bn + k * bk]));
    }
    acc += a * b;
  }
  D[m * stride_of(sd, 0) + n * stride_of(sd, 1)] = acc;
}

template <class T>
__global__ void count_diff(T const* x, T const* y, int64_t n, unsigned long long* count) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x) {
    static_assert(sizeof(T) == 4, "C/D are float or int32_t");
    uint32_t a, b;  // bit-exact: compare the representations
    memcpy(&a, &x[i], 4);
    memcpy(&b, &y[i], 4);
    if (a != b) atomicAdd(count, 1ull);
  }
}

// Runs the kernel of CollectiveMainloop with C/D of ElementC (float, or int32_t for integer inputs).
template <class CollectiveMainloop, class ElementC>
int run(char const* name) {
  using namespace cute;
  using ElementA = typename CollectiveMainloop::ElementA;
  using ElementB = typename CollectiveMainloop::ElementB;
  using StrideA = typename CollectiveMainloop::StrideA;
  using StrideB = typename CollectiveMainloop::StrideB;
  using StrideC = cutlass::gemm::TagToStrideC_t<cutlass::layout::RowMajor>;
  using Epilogue = cutlass::epilogue::collective::DefaultEpilogue<
      ElementC, StrideC, StrideC,
      cutlass::epilogue::thread::LinearCombination<ElementC, 1, ElementC, ElementC>,
      cutlass::gemm::EpilogueDefault>;
  using Kernel =
      cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>, CollectiveMainloop, Epilogue>;
  using Gemm = cutlass::gemm::device::GemmUniversalAdapter<Kernel>;

  int const M = 4096, N = 4096, K = 4096, L = 1;
  StrideA sa = packed_stride<StrideA>(M, K);
  StrideB sb = packed_stride<StrideB>(N, K);
  StrideC sc = packed_stride<StrideC>(M, N);
  ElementA* A;
  ElementB* B;
  ElementC *C, *D, *R;
  unsigned long long* diff;
  TVLAB_CUDA(cudaMalloc(&A, sizeof(ElementA) * M * K));
  TVLAB_CUDA(cudaMalloc(&B, sizeof(ElementB) * N * K));
  TVLAB_CUDA(cudaMalloc(&C, sizeof(ElementC) * M * N));
  TVLAB_CUDA(cudaMalloc(&D, sizeof(ElementC) * M * N));
  TVLAB_CUDA(cudaMalloc(&R, sizeof(ElementC) * M * N));
  TVLAB_CUDA(cudaMalloc(&diff, sizeof(unsigned long long)));
  fill<<<1024, 256>>>(A, int64_t(M) * K, 1);
  fill<<<1024, 256>>>(B, int64_t(N) * K, 2);
  TVLAB_CUDA(cudaMemset(C, 0, sizeof(ElementC) * M * N));
  TVLAB_CUDA(cudaMemset(D, 0xff, sizeof(ElementC) * M * N));  // NaN / -1: a D the kernel never wrote differs
  reference<<<dim3(N / 16, M / 16), dim3(16, 16)>>>(A, sa, B, sb, R, sc, M, N, K);
  TVLAB_CUDA(cudaGetLastError());
  TVLAB_CUDA(cudaDeviceSynchronize());

  typename Gemm::Arguments args{cutlass::gemm::GemmUniversalMode::kGemm,
                                {M, N, K, L},
                                {A, sa, B, sb},
                                {{ElementC(1), ElementC(0)}, C, sc, D, sc}};
  Gemm gemm;
  cutlass::Status st = gemm.can_implement(args);
  if (st != cutlass::Status::kSuccess) {
    std::fprintf(stderr, "%s: can_implement: %s\n", name, cutlassGetStatusString(st));
    return 2;
  }
  size_t ws = Gemm::get_workspace_size(args);
  void* workspace = nullptr;
  if (ws) TVLAB_CUDA(cudaMalloc(&workspace, ws));
  st = gemm.initialize(args, workspace);
  if (st != cutlass::Status::kSuccess) {
    std::fprintf(stderr, "%s: initialize: %s\n", name, cutlassGetStatusString(st));
    return 2;
  }
  st = gemm.run();
  TVLAB_CUDA(cudaGetLastError());
  TVLAB_CUDA(cudaDeviceSynchronize());
  if (st != cutlass::Status::kSuccess) {
    std::fprintf(stderr, "%s: run: %s\n", name, cutlassGetStatusString(st));
    return 2;
  }
  TVLAB_CUDA(cudaMemset(diff, 0, sizeof(unsigned long long)));
  count_diff<<<1024, 256>>>(D, R, int64_t(M) * N, diff);
  unsigned long long mismatches = 0;
  TVLAB_CUDA(cudaMemcpy(&mismatches, diff, sizeof mismatches, cudaMemcpyDeviceToHost));
  if (mismatches != 0) {
    std::printf("%s\tno\t%llu\t-\t-\t-\t-\n", name, mismatches);
    return 1;
  }

  for (int i = 0; i < 5; ++i) gemm.run();
  TVLAB_CUDA(cudaDeviceSynchronize());
  int const runs = 30;
  std::vector<cudaEvent_t> ev(runs + 1);
  for (auto& e : ev) TVLAB_CUDA(cudaEventCreate(&e));
  TVLAB_CUDA(cudaEventRecord(ev[0]));
  for (int i = 0; i < runs; ++i) {
    gemm.run();
    TVLAB_CUDA(cudaEventRecord(ev[i + 1]));
  }
  TVLAB_CUDA(cudaGetLastError());
  TVLAB_CUDA(cudaDeviceSynchronize());
  std::vector<float> ms(runs);
  for (int i = 0; i < runs; ++i) TVLAB_CUDA(cudaEventElapsedTime(&ms[i], ev[i], ev[i + 1]));
  // the timed launches must still be exact
  TVLAB_CUDA(cudaMemset(diff, 0, sizeof(unsigned long long)));
  count_diff<<<1024, 256>>>(D, R, int64_t(M) * N, diff);
  TVLAB_CUDA(cudaMemcpy(&mismatches, diff, sizeof mismatches, cudaMemcpyDeviceToHost));
  if (mismatches != 0) {
    std::printf("%s\tno\t%llu\t-\t-\t-\t-\n", name, mismatches);
    return 1;
  }
  std::vector<float> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  double median = (sorted[runs / 2 - 1] + sorted[runs / 2]) / 2.0;
  double tflops = 2.0 * M * N * double(K) / (median * 1e-3) / 1e12;
  std::printf("%s\tyes\t0\t%.5f\t%.2f\t%.5f\t%.5f\n", name, median, tflops, sorted.front(), sorted.back());
  return 0;
}

}  // namespace tvlab_gemm
