// Bank-conflict probe: one warp, ONE shared-memory instruction per kernel launch, per-lane byte
// addresses from a table. Run it under Nsight Compute (see hw/run.sh); ncu's per-launch
// l1tex shared-memory wavefront and bank-conflict counters then count exactly that instruction.
//
// Input (argv[1]): one pattern per line, tab separated:
//   name  op  bytes  active_mask_hex  a0 ... a31  [g0 ... g31]
// a: byte offsets into dynamic shared memory (96 KiB; the first recordings used the first 48 KiB); g
// (cp.async only, optional): byte offsets of each lane's global source in a 64 MiB buffer (default 16 * lane,
// what the first recordings used; 64 KiB until 2026-11-28, enlarged so that a pattern can be moved by whole
// MiB). The table reader (and the CK check) are hw/common/probe_patterns.hpp, shared with
// hw/gmem/gmem_probe.cu. op: ld st ldmatrix.x1 ldmatrix.x2 ldmatrix.x4 (.trans) stmatrix.* cp.async.ca
// cp.async.cg, and cp.async.ca.warm: the same cp.async.ca after an ld.global.ca of the same global bytes (an
// L1 hit). Each kernel instantiation below holds exactly one shared-memory instruction of its op type.
#include <cstdio>
#include <string>

#include "../common/probe_patterns.hpp"

enum Op {
  LD4,
  LD8,
  LD16,
  ST4,
  ST8,
  ST16,
  LDSM1,
  LDSM2,
  LDSM4,
  LDSM1T,
  LDSM2T,
  LDSM4T,
  STSM1,
  STSM2,
  STSM4,
  STSM1T,
  STSM2T,
  STSM4T,
  CPCA4,
  CPCA8,
  CPCA16,
  CPCG16,
  CPCA4W,
  CPCA8W,
  CPCA16W
};

constexpr int kSmemBytes = 96 * 1024;
constexpr long long kGlobalBytes = 64ll * 1024 * 1024;

template <int OP>
__global__ void probe(const unsigned* addr, unsigned active, const unsigned* gaddr, const unsigned char* gsrc,
                      uint4* out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  const int lane = threadIdx.x;
  const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  const unsigned a = base + addr[lane];
  uint4 r = make_uint4(lane, lane + 1u, lane + 2u, lane + 3u);
  const bool on = (active >> lane) & 1u;
  // ldmatrix/stmatrix are .sync.aligned: the whole warp executes them (active is always all).
  if constexpr (OP == LDSM1)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r.x) : "r"(a));
  if constexpr (OP == LDSM2)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];" : "=r"(r.x), "=r"(r.y) : "r"(a));
  if constexpr (OP == LDSM4)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)
                 : "r"(a));
  if constexpr (OP == LDSM1T)
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r.x) : "r"(a));
  if constexpr (OP == LDSM2T)
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];"
                 : "=r"(r.x), "=r"(r.y)
                 : "r"(a));
  if constexpr (OP == LDSM4T)
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                 : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)
                 : "r"(a));
  if constexpr (OP == STSM1)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(a), "r"(r.x) : "memory");
  if constexpr (OP == STSM2)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1,%2};" ::"r"(a), "r"(r.x), "r"(r.y)
                 : "memory");
  if constexpr (OP == STSM4)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1,%2,%3,%4};" ::"r"(a), "r"(r.x), "r"(r.y),
                 "r"(r.z), "r"(r.w)
                 : "memory");
  if constexpr (OP == STSM1T)
    asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" ::"r"(a), "r"(r.x) : "memory");
  if constexpr (OP == STSM2T)
    asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1,%2};" ::"r"(a), "r"(r.x), "r"(r.y)
                 : "memory");
  if constexpr (OP == STSM4T)
    asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1,%2,%3,%4};" ::"r"(a), "r"(r.x),
                 "r"(r.y), "r"(r.z), "r"(r.w)
                 : "memory");
  if (on) {
    if constexpr (OP == LD4) asm volatile("ld.shared.b32 %0, [%1];" : "=r"(r.x) : "r"(a));
    if constexpr (OP == LD8) asm volatile("ld.shared.v2.b32 {%0,%1}, [%2];" : "=r"(r.x), "=r"(r.y) : "r"(a));
    if constexpr (OP == LD16)
      asm volatile("ld.shared.v4.b32 {%0,%1,%2,%3}, [%4];"
                   : "=r"(r.x), "=r"(r.y), "=r"(r.z), "=r"(r.w)
                   : "r"(a));
    if constexpr (OP == ST4) asm volatile("st.shared.b32 [%0], %1;" ::"r"(a), "r"(r.x) : "memory");
    if constexpr (OP == ST8)
      asm volatile("st.shared.v2.b32 [%0], {%1,%2};" ::"r"(a), "r"(r.x), "r"(r.y) : "memory");
    if constexpr (OP == ST16)
      asm volatile("st.shared.v4.b32 [%0], {%1,%2,%3,%4};" ::"r"(a), "r"(r.x), "r"(r.y), "r"(r.z), "r"(r.w)
                   : "memory");
    const void* g = gsrc + gaddr[lane];
    if constexpr (OP == CPCA4W) {
      asm volatile("ld.global.ca.b32 %0, [%1];" : "=r"(r.y) : "l"(g) : "memory");
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(a), "l"(g) : "memory");
    }
    if constexpr (OP == CPCA8W) {
      asm volatile("ld.global.ca.b32 %0, [%1];" : "=r"(r.y) : "l"(g) : "memory");
      asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(a), "l"(g) : "memory");
    }
    if constexpr (OP == CPCA16W) {
      asm volatile("ld.global.ca.b32 %0, [%1];" : "=r"(r.y) : "l"(g) : "memory");
      asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(a), "l"(g) : "memory");
    }
    if constexpr (OP == CPCA4)
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(a), "l"(g) : "memory");
    if constexpr (OP == CPCA8)
      asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(a), "l"(g) : "memory");
    if constexpr (OP == CPCA16)
      asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(a), "l"(g) : "memory");
    if constexpr (OP == CPCG16)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(a), "l"(g) : "memory");
    if constexpr (OP >= CPCA4) asm volatile("cp.async.wait_all;" ::: "memory");
  }
  out[lane] = r;
}

using Kernel = void (*)(const unsigned*, unsigned, const unsigned*, const unsigned char*, uint4*);

static Kernel kernel_for(const std::string& op, int bytes) {
  if (op == "ld")
    return bytes == 4 ? probe<LD4> : bytes == 8 ? probe<LD8> : bytes == 16 ? probe<LD16> : nullptr;
  if (op == "st")
    return bytes == 4 ? probe<ST4> : bytes == 8 ? probe<ST8> : bytes == 16 ? probe<ST16> : nullptr;
  if (op == "cp.async.ca")
    return bytes == 4 ? probe<CPCA4> : bytes == 8 ? probe<CPCA8> : bytes == 16 ? probe<CPCA16> : nullptr;
  if (op == "cp.async.ca.warm")
    return bytes == 4 ? probe<CPCA4W> : bytes == 8 ? probe<CPCA8W> : bytes == 16 ? probe<CPCA16W> : nullptr;
  if (op == "cp.async.cg") return bytes == 16 ? probe<CPCG16> : nullptr;
  if (op == "ldmatrix.x1") return probe<LDSM1>;
  if (op == "ldmatrix.x2") return probe<LDSM2>;
  if (op == "ldmatrix.x4") return probe<LDSM4>;
  if (op == "ldmatrix.x1.trans") return probe<LDSM1T>;
  if (op == "ldmatrix.x2.trans") return probe<LDSM2T>;
  if (op == "ldmatrix.x4.trans") return probe<LDSM4T>;
  if (op == "stmatrix.x1") return probe<STSM1>;
  if (op == "stmatrix.x2") return probe<STSM2>;
  if (op == "stmatrix.x4") return probe<STSM4>;
  if (op == "stmatrix.x1.trans") return probe<STSM1T>;
  if (op == "stmatrix.x2.trans") return probe<STSM2T>;
  if (op == "stmatrix.x4.trans") return probe<STSM4T>;
  return nullptr;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s patterns.tsv\n", argv[0]);
    return 2;
  }
  const std::vector<hwprobe::Pattern> pats = hwprobe::read_patterns(argv[1], kSmemBytes, kGlobalBytes);
  for (const hwprobe::Pattern& p : pats)
    if (!kernel_for(p.op, p.bytes)) {
      std::fprintf(stderr, "%s:%d (%s): unknown op %s/%d\n", argv[1], p.line, p.name.c_str(), p.op.c_str(),
                   p.bytes);
      return 2;
    }
  unsigned *d_addr = nullptr, *d_gaddr = nullptr;
  unsigned char* d_src = nullptr;
  uint4* d_out = nullptr;
  CK(cudaMalloc(&d_addr, 32 * sizeof(unsigned)));
  CK(cudaMalloc(&d_gaddr, 32 * sizeof(unsigned)));
  CK(cudaMalloc(&d_src, kGlobalBytes));
  CK(cudaMalloc(&d_out, 32 * sizeof(uint4)));
  CK(cudaMemset(d_src, 0, kGlobalBytes));
  int n = 0;
  for (const hwprobe::Pattern& p : pats) {
    unsigned gaddr[32];
    for (int i = 0; i < 32; ++i) gaddr[i] = p.has_g ? p.g[i] : 16u * i;
    Kernel k = kernel_for(p.op, p.bytes);
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes));
    CK(cudaMemcpy(d_addr, p.a, sizeof p.a, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_gaddr, gaddr, sizeof gaddr, cudaMemcpyHostToDevice));
    k<<<1, 32, kSmemBytes>>>(d_addr, p.active, d_gaddr, d_src, d_out);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::printf("launch %d %s\n", n, p.name.c_str());
    ++n;
  }
  std::printf("%d launches\n", n);
  return 0;
}
