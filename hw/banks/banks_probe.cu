// Bank-conflict probe: one warp, ONE shared-memory instruction per kernel launch, per-lane byte
// addresses from a table. Run it under Nsight Compute (see hw/run.sh); ncu's per-launch
// l1tex shared-memory wavefront and bank-conflict counters then count exactly that instruction.
//
// Input (argv[1]): one pattern per line, tab separated:
//   name  op  bytes  active_mask_hex  a0 ... a31  [g0 ... g31]
// a: byte offsets into dynamic shared memory; g (cp.async only, optional): byte offsets of each lane's
// global source in a 64 KiB buffer (default 16 * lane, what the first recordings used).
// op: ld st ldmatrix.x1 ldmatrix.x2 ldmatrix.x4 (.trans) stmatrix.* cp.async.ca cp.async.cg, and
// cp.async.ca.warm: the same cp.async.ca after an ld.global.ca of the same global bytes (an L1 hit).
// Each kernel instantiation below holds exactly one shared-memory instruction of its op type.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CK(x)                                                                                 \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(3);                                                                           \
    }                                                                                         \
  } while (0)

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

constexpr int kSmemBytes = 48 * 1024;
constexpr int kGlobalBytes = 64 * 1024;

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
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
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
  std::string line;
  int n = 0, lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string name, op, mask;
    int bytes = 0;
    ls >> name >> op >> bytes >> mask;
    unsigned addr[32];
    for (int i = 0; i < 32; ++i) {
      long long v = -1;
      if (!(ls >> v) || v < 0 || v + bytes > kSmemBytes || v % bytes != 0) {
        std::fprintf(stderr, "line %d (%s): lane %d address bad\n", lineno, name.c_str(), i);
        return 2;
      }
      addr[i] = static_cast<unsigned>(v);
    }
    unsigned gaddr[32];
    for (int i = 0; i < 32; ++i) gaddr[i] = 16u * i;
    long long gv = -1;
    if (ls >> gv) {
      for (int i = 0; i < 32; ++i) {
        if ((i > 0 && !(ls >> gv)) || gv < 0 || gv + bytes > kGlobalBytes || gv % bytes != 0) {
          std::fprintf(stderr, "line %d (%s): lane %d global address bad\n", lineno, name.c_str(), i);
          return 2;
        }
        gaddr[i] = static_cast<unsigned>(gv);
      }
    }
    Kernel k = kernel_for(op, bytes);
    if (!k) {
      std::fprintf(stderr, "line %d: unknown op %s/%d\n", lineno, op.c_str(), bytes);
      return 2;
    }
    unsigned active = static_cast<unsigned>(std::strtoul(mask.c_str(), nullptr, 16));
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes));
    CK(cudaMemcpy(d_addr, addr, sizeof addr, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_gaddr, gaddr, sizeof gaddr, cudaMemcpyHostToDevice));
    k<<<1, 32, kSmemBytes>>>(d_addr, active, d_gaddr, d_src, d_out);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::printf("launch %d %s\n", n, name.c_str());
    ++n;
  }
  std::printf("%d launches\n", n);
  return 0;
}
