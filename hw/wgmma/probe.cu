// wgmma probe: runs every case of wgmma_cases.txt (written by hw/gen_cases from tvlab) on the GPU.
// Shared memory is filled through tvlab's byte-address tables, descriptors are tvlab's values (plus the smem
// base >> 4 and each k-block's start-address increment), RS A registers come from tvlab's A TV layout and the
// accumulators are read back through tvlab's C TV layout; the result is compared with a host GEMM on small
// integers. Controls: a permuted A table and a wrong layout-type field must make a case fail.
// Build: nvcc -std=c++17 -O2 -gencode=arch=compute_90a,code=sm_90a probe.cu -o probe ; run: probe CASES
#include <cuda_fp16.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "wgmma_ops.cuh"

#define CK(x)                                                                            \
  do {                                                                                   \
    cudaError_t e_ = (x);                                                                \
    if (e_ != cudaSuccess) {                                                             \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(3);                                                                      \
    }                                                                                    \
  } while (0)

struct Case {
  std::string name;
  int n = 0, rs = 0, ta = 0, tb = 0, kblocks = 0;
  uint64_t da = 0, db = 0;
  std::vector<long> aoffs, boffs, atab, btab, ctv, atv;
};

std::vector<long> nums(std::istringstream& s) {
  std::vector<long> v;
  long x;
  while (s >> x) v.push_back(x);
  return v;
}

std::vector<Case> read_cases(const char* path) {
  std::ifstream in(path);
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
        const auto eq = kv.find('=');
        const std::string k = kv.substr(0, eq);
        const int v = std::atoi(kv.c_str() + eq + 1);
        if (k == "n") c.n = v;
        if (k == "rs") c.rs = v;
        if (k == "ta") c.ta = v;
        if (k == "tb") c.tb = v;
        if (k == "kblocks") c.kblocks = v;
      }
      cs.push_back(c);
    } else if (tag == "desc") {
      std::string a, b;
      s >> a >> b;
      cs.back().da = std::stoull(a, nullptr, 16), cs.back().db = std::stoull(b, nullptr, 16);
    } else if (tag == "aoffs") cs.back().aoffs = nums(s);
    else if (tag == "boffs") cs.back().boffs = nums(s);
    else if (tag == "atab") cs.back().atab = nums(s);
    else if (tag == "btab") cs.back().btab = nums(s);
    else if (tag == "ctv") cs.back().ctv = nums(s);
    else if (tag == "atv") cs.back().atv = nums(s);
  }
  return cs;
}

template <int N, int RS, int TA, int TB>
__global__ void kernel(const uint8_t* ga, int bytes_a, const uint8_t* gb, int bytes_b, uint64_t da, uint64_t db,
                       const int* aoffs, const int* boffs, int kblocks, const uint32_t* aregs, float* out) {
  extern __shared__ uint8_t raw[];
  uint8_t* base = (uint8_t*)(((uintptr_t)raw + 1023) & ~uintptr_t(1023));
  uint8_t* sa = base;
  uint8_t* sb = base + ((bytes_a + 1023) / 1024) * 1024;
  for (int i = threadIdx.x; i < bytes_a; i += blockDim.x) sa[i] = ga[i];
  for (int i = threadIdx.x; i < bytes_b; i += blockDim.x) sb[i] = gb[i];
  __syncthreads();
  asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
  __syncthreads();
  const uint32_t addr_a = (uint32_t)__cvta_generic_to_shared(sa), addr_b = (uint32_t)__cvta_generic_to_shared(sb);
  float d[N / 2];
  for (int i = 0; i < N / 2; ++i) d[i] = 0.f;
  for (int kb = 0; kb < kblocks; ++kb) {
    const uint64_t a = da + (addr_a >> 4) + aoffs[kb];
    const uint64_t b = db + (addr_b >> 4) + boffs[kb];
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
    if constexpr (RS) {
      uint32_t r[4];
      for (int j = 0; j < 4; ++j) r[j] = aregs[(kb * 128 + threadIdx.x) * 4 + j];
      if constexpr (N == 8) wgmma_rs_8<TB>(d, r, b);
      if constexpr (N == 16) wgmma_rs_16<TB>(d, r, b);
      if constexpr (N == 32) wgmma_rs_32<TB>(d, r, b);
      if constexpr (N == 64) wgmma_rs_64<TB>(d, r, b);
    } else {
      if constexpr (N == 8) wgmma_ss_8<TA, TB>(d, a, b);
      if constexpr (N == 16) wgmma_ss_16<TA, TB>(d, a, b);
      if constexpr (N == 32) wgmma_ss_32<TA, TB>(d, a, b);
      if constexpr (N == 64) wgmma_ss_64<TA, TB>(d, a, b);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  }
  for (int i = 0; i < N / 2; ++i) out[threadIdx.x * (N / 2) + i] = d[i];
}

using KernelFn = void (*)(const uint8_t*, int, const uint8_t*, int, uint64_t, uint64_t, const int*, const int*, int,
                          const uint32_t*, float*);
template <int N>
KernelFn pick_n(int rs, int ta, int tb) {
  if (rs) return tb ? kernel<N, 1, 0, 1> : kernel<N, 1, 0, 0>;
  if (ta) return tb ? kernel<N, 0, 1, 1> : kernel<N, 0, 1, 0>;
  return tb ? kernel<N, 0, 0, 1> : kernel<N, 0, 0, 0>;
}
KernelFn pick(int n, int rs, int ta, int tb) {
  switch (n) {
    case 8: return pick_n<8>(rs, ta, tb);
    case 16: return pick_n<16>(rs, ta, tb);
    case 32: return pick_n<32>(rs, ta, tb);
    default: return pick_n<64>(rs, ta, tb);
  }
}

template <class T>
T* dev(const std::vector<T>& v) {
  T* p;
  CK(cudaMalloc(&p, sizeof(T) * std::max<size_t>(v.size(), 1)));
  if (!v.empty()) CK(cudaMemcpy(p, v.data(), sizeof(T) * v.size(), cudaMemcpyHostToDevice));
  return p;
}

// Runs a case; mutation 0: as tvlab says; 1: A's table with two entries of different value swapped;
// 2: A's (B's for RS) layout-type field changed. Returns the number of wrong accumulator elements.
long run(const Case& c, int mutation, std::mt19937& rng) {
  const int K = 16 * c.kblocks, M = 64, N = c.n;
  std::uniform_int_distribution<int> dist(-3, 3);
  std::vector<float> A(M * K), B(N * K);
  for (auto& x : A) x = (float)dist(rng);
  for (auto& x : B) x = (float)dist(rng);
  std::vector<long> atab = c.atab, atv = c.atv;
  // The permuted-table control: SS swaps two entries of A's smem table, RS two entries of A's TV table.
  if (mutation == 1 && !c.rs)
    for (size_t j = 1; j < atab.size(); ++j)
      if (A[j] != A[0]) {
        std::swap(atab[0], atab[j]);
        break;
      }
  if (mutation == 1 && c.rs)
    for (size_t j = 1; j < atv.size(); ++j)
      if (A[atv[j] % 64 + 64 * (atv[j] / 64)] != A[atv[0] % 64 + 64 * (atv[0] / 64)]) {
        std::swap(atv[0], atv[j]);
        break;
      }
  auto image = [](const std::vector<float>& v, const std::vector<long>& tab) {
    long mx = 0;
    for (long t : tab) mx = std::max(mx, t);
    std::vector<uint8_t> img(mx + 2, 0);
    for (size_t i = 0; i < v.size(); ++i) {
      const __half h = __float2half(v[i]);
      std::memcpy(&img[tab[i]], &h, 2);
    }
    return img;
  };
  const std::vector<uint8_t> ia = image(A, atab), ib = image(B, c.btab);
  uint64_t da = c.da, db = c.db;
  if (mutation == 2) {
    uint64_t& x = c.rs ? db : da;
    x ^= uint64_t(1) << 62;  // another swizzle mode
  }
  std::vector<uint32_t> aregs;
  if (c.rs)
    for (int kb = 0; kb < c.kblocks; ++kb)
      for (int t = 0; t < 128; ++t)
        for (int j = 0; j < 4; ++j) {
          uint16_t h2[2];
          for (int h = 0; h < 2; ++h) {
            const long idx = atv[t * 8 + 2 * j + h];
            const long m = idx % 64, k = idx / 64 + 16 * kb;
            const __half hv = __float2half(A[m + 64 * k]);
            std::memcpy(&h2[h], &hv, 2);
          }
          aregs.push_back(uint32_t(h2[0]) | uint32_t(h2[1]) << 16);
        }
  std::vector<int> ao(c.aoffs.begin(), c.aoffs.end()), bo(c.boffs.begin(), c.boffs.end());
  uint8_t *ga = dev(ia), *gb = dev(ib);
  int *gao = dev(ao), *gbo = dev(bo);
  uint32_t* gar = dev(aregs);
  float* gout;
  CK(cudaMalloc(&gout, sizeof(float) * 128 * N / 2));
  KernelFn k = pick(N, c.rs, c.ta, c.tb);
  // 128 KiB of slack: a mutated descriptor may read past the tile (it must read shared memory, not fault).
  const int smem = 3 * 1024 + ((int(ia.size()) + 1023) / 1024) * 1024 + int(ib.size()) + 128 * 1024;
  CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  k<<<1, 128, smem>>>(ga, (int)ia.size(), gb, (int)ib.size(), da, db, gao, gbo, c.kblocks, gar, gout);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<float> out(128 * N / 2);
  CK(cudaMemcpy(out.data(), gout, sizeof(float) * out.size(), cudaMemcpyDeviceToHost));
  for (void* p : {(void*)ga, (void*)gb, (void*)gao, (void*)gbo, (void*)gar, (void*)gout}) cudaFree(p);
  std::vector<float> D(M * N, 0.f);
  std::vector<int> seen(M * N, 0);
  for (int t = 0; t < 128; ++t)
    for (int v = 0; v < N / 2; ++v) {
      const long idx = c.ctv[t * (N / 2) + v];
      D[idx] = out[t * (N / 2) + v];
      seen[idx]++;
    }
  long bad = 0;
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      float ref = 0.f;
      for (int kk = 0; kk < K; ++kk) ref += A[m + 64 * kk] * B[n + N * kk];
      if (seen[m + 64 * n] != 1 || D[m + 64 * n] != ref) ++bad;
    }
  return bad;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::printf("usage: probe wgmma_cases.txt\n");
    return 2;
  }
  const std::vector<Case> cs = read_cases(argv[1]);
  std::mt19937 rng(1234);
  int fails = 0;
  for (const Case& c : cs) {
    const long ok = run(c, 0, rng), perm = run(c, 1, rng), desc = run(c, 2, rng);
    const bool pass = ok == 0 && perm > 0 && desc > 0;
    fails += !pass;
    std::printf("%s %s: %ld wrong of %d; control permuted-table %ld wrong (%s); control layout-type %ld wrong (%s)\n",
                pass ? "PASS" : "FAIL", c.name.c_str(), ok, 64 * c.n, perm, perm > 0 ? "fails as it must" : "DID NOT FAIL",
                desc, desc > 0 ? "fails as it must" : "DID NOT FAIL");
  }
  std::printf("%zu cases, %d failed\n", cs.size(), fails);
  return fails ? 1 : 0;
}
