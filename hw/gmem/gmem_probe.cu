// Global-memory sector probe: one warp, ONE global load or store instruction per kernel launch, per-lane
// byte offsets into a 64 KiB buffer from a table. Run under Nsight Compute (run.sh): the per-launch
// l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_{ld,st} counters then count exactly that instruction.
// The lanes' offsets and the active mask come through __constant__ memory (LDC, not the LSU's global pipe),
// and the kernel touches global memory nowhere else (a load's result guards a store that never executes),
// so no other instruction adds to those counters; smsp__inst_executed_op_global_{ld,st} is recorded to show
// it.
//
// Input (argv[1]): one pattern per line, tab separated:  name  op  bytes  active_mask_hex  g0 ... g31
// op: ld or st (ld.global / st.global of 1, 2, 4, 8 or 16 bytes; 8 and 16 as .v2.b32 / .v4.b32).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#define CK(x)                                                                                 \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(3);                                                                           \
    }                                                                                         \
  } while (0)

constexpr int kGlobalBytes = 64 * 1024;
__constant__ unsigned c_off[32];
__constant__ unsigned c_active;

template <int OP, int BYTES>  // OP 0: ld, 1: st
__global__ void probe(unsigned char* buf) {
  const int lane = threadIdx.x;
  if (!((c_active >> lane) & 1u)) return;
  unsigned char* p = buf + c_off[lane];
  unsigned v = lane * 0x01010101u;
  if constexpr (OP == 0) {
    unsigned a = 0, b = 0, c = 0, d = 0;
    if constexpr (BYTES == 1) asm volatile("ld.global.u8 %0, [%1];" : "=r"(a) : "l"(p) : "memory");
    if constexpr (BYTES == 2) asm volatile("ld.global.u16 %0, [%1];" : "=r"(a) : "l"(p) : "memory");
    if constexpr (BYTES == 4) asm volatile("ld.global.b32 %0, [%1];" : "=r"(a) : "l"(p) : "memory");
    if constexpr (BYTES == 8)
      asm volatile("ld.global.v2.b32 {%0,%1}, [%2];" : "=r"(a), "=r"(b) : "l"(p) : "memory");
    if constexpr (BYTES == 16)
      asm volatile("ld.global.v4.b32 {%0,%1,%2,%3}, [%4];"
                   : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
                   : "l"(p)
                   : "memory");
    // The loaded value must be used, or ptxas drops the load (seen: no LDG in the first build; a comparison a
    // byte can never satisfy dropped the 1- and 2-byte loads in the second). The buffer holds zeros, so this
    // store never executes: the op_st counters may see it predicated off, op_ld never.
    if (a + b + c + d == 77u) buf[lane] = 1;
  } else {
    if constexpr (BYTES == 1) asm volatile("st.global.u8 [%0], %1;" ::"l"(p), "r"(v) : "memory");
    if constexpr (BYTES == 2) asm volatile("st.global.u16 [%0], %1;" ::"l"(p), "r"(v) : "memory");
    if constexpr (BYTES == 4) asm volatile("st.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
    if constexpr (BYTES == 8)
      asm volatile("st.global.v2.b32 [%0], {%1,%2};" ::"l"(p), "r"(v), "r"(v) : "memory");
    if constexpr (BYTES == 16)
      asm volatile("st.global.v4.b32 [%0], {%1,%2,%3,%4};" ::"l"(p), "r"(v), "r"(v), "r"(v), "r"(v)
                   : "memory");
  }
}

using Kernel = void (*)(unsigned char*);
template <int OP>
Kernel by_bytes(int b) {
  return b == 1    ? probe<OP, 1>
         : b == 2  ? probe<OP, 2>
         : b == 4  ? probe<OP, 4>
         : b == 8  ? probe<OP, 8>
         : b == 16 ? probe<OP, 16>
                   : nullptr;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s patterns.tsv\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1]);
  if (!in) return 2;
  unsigned char* buf = nullptr;
  CK(cudaMalloc(&buf, kGlobalBytes));
  CK(cudaMemset(buf, 0, kGlobalBytes));
  std::string line;
  int n = 0, lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    std::string name, op, mask;
    int bytes = 0;
    ls >> name >> op >> bytes >> mask;
    unsigned off[32];
    for (int i = 0; i < 32; ++i) {
      long long v = -1;
      if (!(ls >> v) || v < 0 || v + bytes > kGlobalBytes || v % bytes != 0) {
        std::fprintf(stderr, "line %d (%s): lane %d offset bad\n", lineno, name.c_str(), i);
        return 2;
      }
      off[i] = static_cast<unsigned>(v);
    }
    Kernel k = op == "ld" ? by_bytes<0>(bytes) : op == "st" ? by_bytes<1>(bytes) : nullptr;
    if (!k) {
      std::fprintf(stderr, "line %d: unknown op %s/%d\n", lineno, op.c_str(), bytes);
      return 2;
    }
    const unsigned active = static_cast<unsigned>(std::strtoul(mask.c_str(), nullptr, 16));
    CK(cudaMemcpyToSymbol(c_off, off, sizeof off));
    CK(cudaMemcpyToSymbol(c_active, &active, sizeof active));
    k<<<1, 32>>>(buf);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::printf("launch %d %s\n", n, name.c_str());
    ++n;
  }
  std::printf("%d launches\n", n);
  return 0;
}
