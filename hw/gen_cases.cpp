// Writes the probe cases for hw/wgmma and hw/tma from tvlab's own answers (descriptor fields, smem byte
// addresses, the GMMA C / RS-A TV layouts, TMA box and swizzle). The device programs read these files and
// use nothing else of tvlab; tests/data/hw/ keeps the validated copies, which tests/hw/hw_record_test
// compares with tvlab's current answers.
//   gen_cases wgmma > wgmma_cases.txt      gen_cases tma > tma_cases.txt
#include <cstdio>
#include <string>
#include <vector>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/atoms/smem_desc.hpp"
#include "tvlab/core/atoms/tma.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/product.hpp"

using namespace tvlab;

namespace {
Layout atom(OperandMajor m, int b) {  // half_t smem atoms: rows of 16*W bytes
  const int64_t row = 8 << b;
  return m == OperandMajor::K ? make_layout(IntTuple::tuple({8, row}), IntTuple::tuple({row, 1}))
                              : make_layout(IntTuple::tuple({row, 8}), IntTuple::tuple({1, row}));
}
SmemTile tile(OperandMajor m, int b, int64_t mn, int64_t k) {
  return SmemTile{Swizzle(b, 4, 3), 0, tile_to_shape(atom(m, b), IntTuple::tuple({mn, k})), 16};
}
const char* mj(OperandMajor m) {
  return m == OperandMajor::K ? "K" : "MN";
}
void table(const char* tag, const SmemTile& t, int64_t mn, int64_t k) {
  std::printf("%s", tag);
  for (int64_t kk = 0; kk < k; ++kk)
    for (int64_t i = 0; i < mn; ++i)
      std::printf(" %lld", (long long)t.byte_address(IntTuple::tuple({i, kk})));
  std::printf("\n");
}
void tv(const char* tag, const Layout& l, int64_t threads, int64_t vals) {
  std::printf("%s", tag);
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < vals; ++v) std::printf(" %lld", (long long)l(IntTuple::tuple({t, v})).ival());
  std::printf("\n");
}

void wgmma() {
  const int64_t K = 64;
  int id = 0;
  for (int rs = 0; rs <= 1; ++rs)
    for (int b = 0; b <= 3; ++b)
      for (OperandMajor ma : {OperandMajor::K, OperandMajor::MN})
        for (OperandMajor mb : {OperandMajor::K, OperandMajor::MN}) {
          if (rs && ma == OperandMajor::MN) continue;  // RS: A in registers, K-major
          const int64_t n = mb == OperandMajor::MN ? std::max<int64_t>(8 << b, 16) : (8 << (id % 3));
          ++id;
          const std::string name = "SM90_64x" + std::to_string(n) + "x16_F32F16F16_" + (rs ? "RS" : "SS") +
                                   "<GMMA::Major::" + mj(ma) + ",GMMA::Major::" + mj(mb) + ">";
          const MmaAtom at = find_mma_atom(name);
          const SmemTile ta = tile(ma, b, 64, K), tb = tile(mb, b, n, K);
          const DescriptorTiling da = make_desc_tiling(ta, ma, DescArch::SM90, 64);
          const DescriptorTiling db = make_desc_tiling(tb, mb, DescArch::SM90, n);
          std::printf("case %s n=%lld rs=%d ta=%d tb=%d kblocks=%lld\n", name.c_str(), (long long)n, rs,
                      ma == OperandMajor::MN, mb == OperandMajor::MN, (long long)da.blocks_k);
          std::printf("desc %016llx %016llx\n", (unsigned long long)da.desc.value(),
                      (unsigned long long)db.desc.value());
          std::printf("aoffs");
          for (int64_t o : da.block_offsets) std::printf(" %lld", (long long)o);
          std::printf("\nboffs");
          for (int64_t o : db.block_offsets) std::printf(" %lld", (long long)o);
          std::printf("\n");
          std::printf("# A %s = %s, B %s = %s\n", mj(ma),
                      (to_string(ta.byte_swizzle) + " o " + to_string(ta.layout)).c_str(), mj(mb),
                      (to_string(tb.byte_swizzle) + " o " + to_string(tb.layout)).c_str());
          table("atab", ta, 64, K);         // byte address of A(m,k), m fastest
          table("btab", tb, n, K);          // byte address of B(n,k), n fastest
          tv("ctv", at.c, 128, n / 2);      // (thread, value) -> m + 64*n
          if (rs) tv("atv", at.a, 128, 8);  // (thread, value) -> m + 64*k of one K=16 block
        }
}

void tma() {
  for (int b = 0; b <= 3; ++b)
    for (OperandMajor m : {OperandMajor::K, OperandMajor::MN})
      for (int64_t rows : {8, 64}) {
        const int64_t row = 8 << b;
        const int64_t m0 = m == OperandMajor::K ? rows : row, m1 = m == OperandMajor::K ? row : rows;
        const SmemTile t = tile(m, b, m0, m1);
        // gmem (M,K) 256 x 128 half, K-major for K-major tiles, M-major otherwise.
        const std::vector<int64_t> gs{256, 128};
        const std::vector<int64_t> gd =
            m == OperandMajor::K ? std::vector<int64_t>{128, 1} : std::vector<int64_t>{1, 256};
        const TmaFacts f = make_tma_copy_facts(t, gs, gd);
        std::printf("case %s_%s_%lldx%lld rank=%d swizzle=%s\n", mj(m), f.swizzle.c_str(), (long long)m0,
                    (long long)m1, f.rank, f.cu_swizzle.c_str());
        std::printf("gmem 256 128 %lld %lld\n", (long long)gd[0], (long long)gd[1]);
        std::printf("box");
        for (int64_t x : f.box) std::printf(" %lld", (long long)x);
        std::printf("\ngdim");
        for (int64_t x : f.global_dim) std::printf(" %lld", (long long)x);
        std::printf("\ngstride");
        for (int64_t x : f.global_stride_bytes) std::printf(" %lld", (long long)x);
        std::printf("\ngmodes");
        for (const auto& g : f.gmodes) std::printf(" %d", g[0]);
        std::printf("\ntile %lld %lld\n", (long long)m0, (long long)m1);
        table("stab", t, m0, m1);  // byte address of tile element (i,j), i fastest
      }
}
}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "";
  if (what == "wgmma")
    wgmma();
  else if (what == "tma")
    tma();
  else {
    std::fprintf(stderr, "usage: gen_cases wgmma|tma\n");
    return 2;
  }
  return 0;
}
