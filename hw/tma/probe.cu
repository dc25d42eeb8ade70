// TMA probe: for every case of tma_cases.txt (written by hw/gen_cases from tvlab), encode a tensor map with
// cuTensorMapEncodeTiled from tvlab's box, global dims/strides and swizzle, load the box at the origin with
// cp.async.bulk.tensor, and check that every tile element sits at the smem byte tvlab's smem layout gives.
// Global memory holds each element's coordinate code m + 256*k. Control: a permuted table must fail.
// Build: nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a probe.cu -o probe ; run: probe CASES
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CK(x)                                                                            \
  do {                                                                                   \
    cudaError_t e_ = (x);                                                                \
    if (e_ != cudaSuccess) {                                                             \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(3);                                                                      \
    }                                                                                    \
  } while (0)

struct Case {
  std::string name, swizzle;
  int rank = 0;
  long gm = 0, gk = 0, gs0 = 0, gs1 = 0, t0 = 0, t1 = 0;
  std::vector<long> box, gdim, gstride, gmodes, stab;
};

std::vector<long> nums(std::istringstream& s) {
  std::vector<long> v;
  long x;
  while (s >> x) v.push_back(x);
  return v;
}

__global__ void load(const __grid_constant__ CUtensorMap tmap, int bytes, uint8_t* out) {
  extern __shared__ uint8_t raw[];
  uint8_t* smem = (uint8_t*)(((uintptr_t)raw + 1023) & ~uintptr_t(1023));
  __shared__ alignas(8) uint64_t mbar;
  const uint32_t bar = (uint32_t)__cvta_generic_to_shared(&mbar);
  const uint32_t dst = (uint32_t)__cvta_generic_to_shared(smem);
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;\n" ::"r"(bar));
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes) : "memory");
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];\n" ::"r"(dst),
        "l"(&tmap), "r"(0), "r"(0), "r"(bar)
        : "memory");
  }
  asm volatile(
      "{\n.reg .pred done;\nwait:\nmbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n@!done bra wait;\n}\n" ::"r"(bar)
      : "memory");
  for (int i = threadIdx.x; i < bytes; i += blockDim.x) out[i] = smem[i];
}

CUtensorMapSwizzle swz(const std::string& s) {
  if (s == "CU_TENSOR_MAP_SWIZZLE_32B") return CU_TENSOR_MAP_SWIZZLE_32B;
  if (s == "CU_TENSOR_MAP_SWIZZLE_64B") return CU_TENSOR_MAP_SWIZZLE_64B;
  if (s == "CU_TENSOR_MAP_SWIZZLE_128B") return CU_TENSOR_MAP_SWIZZLE_128B;
  return CU_TENSOR_MAP_SWIZZLE_NONE;
}

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  std::ifstream in(argv[1]);
  std::vector<Case> cs;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string tag;
    s >> tag;
    if (tag == "case") {
      Case c;
      std::string kv;
      s >> c.name;
      while (s >> kv) {
        if (kv.rfind("rank=", 0) == 0) c.rank = std::atoi(kv.c_str() + 5);
        if (kv.rfind("swizzle=", 0) == 0) c.swizzle = kv.substr(8);
      }
      cs.push_back(c);
    } else if (tag == "gmem") s >> cs.back().gm >> cs.back().gk >> cs.back().gs0 >> cs.back().gs1;
    else if (tag == "box") cs.back().box = nums(s);
    else if (tag == "gdim") cs.back().gdim = nums(s);
    else if (tag == "gstride") cs.back().gstride = nums(s);
    else if (tag == "gmodes") cs.back().gmodes = nums(s);
    else if (tag == "tile") s >> cs.back().t0 >> cs.back().t1;
    else if (tag == "stab") cs.back().stab = nums(s);
  }
  PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
  cudaDriverEntryPointQueryResult q;
  CK(cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", (void**)&encode, cudaEnableDefault, &q));
  int fails = 0;
  for (const Case& c : cs) {
    // Global tensor (M,K) with element (m,k) = m + 256*k at m*gs0 + k*gs1.
    std::vector<uint16_t> g(c.gm * c.gk);
    for (long m = 0; m < c.gm; ++m)
      for (long k = 0; k < c.gk; ++k) g[m * c.gs0 + k * c.gs1] = uint16_t(m + 256 * k);
    uint16_t* gg;
    CK(cudaMalloc(&gg, g.size() * 2));
    CK(cudaMemcpy(gg, g.data(), g.size() * 2, cudaMemcpyHostToDevice));
    cuuint64_t gdim[5], gstr[5];
    cuuint32_t box[5], es[5];
    for (int i = 0; i < c.rank; ++i) gdim[i] = c.gdim[i], box[i] = c.box[i], es[i] = 1;
    for (int i = 0; i + 1 < c.rank; ++i) gstr[i] = c.gstride[i];
    CUtensorMap tmap;
    const CUresult r = encode(&tmap, CU_TENSOR_MAP_DATA_TYPE_UINT16, c.rank, gg, gdim, gstr, box, es,
                              CU_TENSOR_MAP_INTERLEAVE_NONE, swz(c.swizzle), CU_TENSOR_MAP_L2_PROMOTION_NONE,
                              CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
      std::printf("FAIL %s: cuTensorMapEncodeTiled refused tvlab's parameters (%d)\n", c.name.c_str(), (int)r);
      ++fails;
      continue;
    }
    long bytes = 2;
    for (int i = 0; i < c.rank; ++i) bytes *= c.box[i];
    uint8_t* gout;
    CK(cudaMalloc(&gout, bytes));
    load<<<1, 128, bytes + 1024>>>(tmap, (int)bytes, gout);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<uint8_t> out(bytes);
    CK(cudaMemcpy(out.data(), gout, bytes, cudaMemcpyDeviceToHost));
    cudaFree(gout);
    cudaFree(gg);
    auto wrong = [&](const std::vector<long>& tab) {
      long bad = 0;
      for (long j = 0; j < c.t1; ++j)
        for (long i = 0; i < c.t0; ++i) {
          uint16_t v;
          std::memcpy(&v, &out[tab[i + c.t0 * j]], 2);
          if (v != uint16_t(i + 256 * j)) ++bad;
        }
      return bad;
    };
    std::vector<long> perm = c.stab;
    std::swap(perm[0], perm[perm.size() / 2 + 1]);
    const long ok = wrong(c.stab), bad = wrong(perm);
    const bool pass = ok == 0 && bad > 0;
    fails += !pass;
    std::printf("%s %s: box %ld x %ld %s: %ld wrong of %ld; control permuted-table %ld wrong (%s)\n",
                pass ? "PASS" : "FAIL", c.name.c_str(), c.box[0], c.rank > 1 ? c.box[1] : 1, c.swizzle.c_str(), ok,
                c.t0 * c.t1, bad, bad > 0 ? "fails as it must" : "DID NOT FAIL");
  }
  std::printf("%zu cases, %d failed\n", cs.size(), fails);
  return fails ? 1 : 0;
}
