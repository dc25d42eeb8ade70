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
// The table reader (and the CK check) are hw/common/probe_patterns.hpp, shared with hw/banks/banks_probe.cu.
#include <cstdio>

#include "../common/probe_patterns.hpp"

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
  const std::vector<hwprobe::Pattern> pats = hwprobe::read_patterns(argv[1], kGlobalBytes, 0);
  auto kernel_for = [](const hwprobe::Pattern& p) {
    return p.op == "ld" ? by_bytes<0>(p.bytes) : p.op == "st" ? by_bytes<1>(p.bytes) : nullptr;
  };
  for (const hwprobe::Pattern& p : pats)
    if (!kernel_for(p)) {
      std::fprintf(stderr, "%s:%d (%s): unknown op %s/%d\n", argv[1], p.line, p.name.c_str(), p.op.c_str(),
                   p.bytes);
      return 2;
    }
  unsigned char* buf = nullptr;
  CK(cudaMalloc(&buf, kGlobalBytes));
  CK(cudaMemset(buf, 0, kGlobalBytes));
  int n = 0;
  for (const hwprobe::Pattern& p : pats) {
    CK(cudaMemcpyToSymbol(c_off, p.a, sizeof p.a));
    CK(cudaMemcpyToSymbol(c_active, &p.active, sizeof p.active));
    kernel_for(p)<<<1, 32>>>(buf);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::printf("launch %d %s\n", n, p.name.c_str());
    ++n;
  }
  std::printf("%d launches\n", n);
  return 0;
}
