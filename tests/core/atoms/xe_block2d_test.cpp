#include "tvlab/core/atoms/xe_block2d.hpp"

#include <gtest/gtest.h>

#include <set>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab {
namespace {
using test::S;
using Kind = Block2D::Kind;

std::string rule_of(const char* name) {
  try {
    find_atom(name);
  } catch (const AtomError& e) {
    return e.rule();
  }
  return "accepted";
}

TEST(XeBlock2D, SpecExamples) {
  CopyAtom ld = find_copy_atom("XE_LOAD_2D<16,8,16>");
  EXPECT_EQ(S(ld.ref), "(16,(16,8)):(16,(1,256))");
  EXPECT_EQ(S(ld.dst), S(ld.ref));
  EXPECT_EQ(S(ld.src), "(16,(16,8)):(0,(1,256))");
  EXPECT_EQ(S(value_layouts(ld, 16).ref), "(16,(1,8)):(1,(1,16))");
  EXPECT_EQ(ld.prefetch, "XE_PREFETCH_2D<16,8,16>");
  EXPECT_EQ(S(find_copy_atom("XE_LOAD_2D_VNNI<16,4,16>").ref), "((2,8),(16,2,2)):((256,16),(1,128,512))");
  EXPECT_EQ(S(find_copy_atom("XE_LOAD_2D_TRANSPOSE<32,16,8>").ref), "(16,256):(256,1)");
  CopyAtom st = find_copy_atom("XE_STORE_2D<32,8,16>");
  EXPECT_EQ(st.src, st.ref);
  EXPECT_EQ(S(mode(st.dst, 0)), "16:0");
  EXPECT_EQ(st.prefetch, "");
}

// The design document's 8x4 32-bit load: element (y, x) is held by T = (x + 4y) % 16, V = (x + 4y) / 16.
TEST(XeBlock2D, SeedLoad8x4) {
  Layout v = value_layouts(find_copy_atom("XE_LOAD_2D<32,8,4>"), 32).ref;
  for (int t = 0; t < 16; ++t)
    for (int val = 0; val < 2; ++val) EXPECT_EQ(v(t + 16 * val), t + 16 * val) << "T" << t << "V" << val;
}

// The design document's 16-bit VNNI load, height 4, width 16: T0 and T1 hold rows 0 and 1 of column 0,
// T2/T3 column 1, ...; V1 moves 8 columns right, V2 two rows down.
TEST(XeBlock2D, SeedVnni4x16) {
  Layout v = value_layouts(find_copy_atom("XE_LOAD_2D_VNNI<16,4,16>"), 16).ref;
  auto at = [&](int t, int val) {
    const int64_t off = v(t + 16 * val);
    return std::pair<int64_t, int64_t>{off / 16, off % 16};  // (row, column)
  };
  EXPECT_EQ(at(0, 0), (std::pair<int64_t, int64_t>{0, 0}));
  EXPECT_EQ(at(1, 0), (std::pair<int64_t, int64_t>{1, 0}));
  EXPECT_EQ(at(2, 0), (std::pair<int64_t, int64_t>{0, 1}));
  EXPECT_EQ(at(15, 0), (std::pair<int64_t, int64_t>{1, 7}));
  EXPECT_EQ(at(0, 1), (std::pair<int64_t, int64_t>{0, 8}));
  EXPECT_EQ(at(14, 1), (std::pair<int64_t, int64_t>{0, 15}));
  EXPECT_EQ(at(0, 2), (std::pair<int64_t, int64_t>{2, 0}));
  EXPECT_EQ(at(1, 3), (std::pair<int64_t, int64_t>{3, 8}));
}

TEST(XeBlock2D, NamesDropDefaultBlockWidth) {
  EXPECT_EQ(find_copy_atom("XE_LOAD_2D<16,8,32,32>").name, "XE_LOAD_2D<16,8,32>");
  EXPECT_EQ(find_copy_atom("cute::XE_LOAD_2D_VNNI< 16, 32, 32, 16 >").name, "XE_LOAD_2D_VNNI<16,32,32,16>");
  EXPECT_EQ(find_copy_atom("XE_LOAD_2D_VNNI<16,32,32,16>").prefetch, "XE_PREFETCH_2D<16,32,32>");
}

TEST(XeBlock2D, RestrictionsNameTheRule) {
  EXPECT_EQ(rule_of("XE_LOAD_2D<16,64,16>"), "XE_LOAD_2D: 1 <= Height <= 32");
  EXPECT_EQ(rule_of("XE_LOAD_2D<12,8,16>"), "XE_LOAD_2D: Bits in {8,16,32,64}");
  EXPECT_EQ(rule_of("XE_LOAD_2D<16,8,64>"), "XE_LOAD_2D: Bits*Width <= 512");
  EXPECT_EQ(rule_of("XE_LOAD_2D<32,8,16,4>"), "XE_LOAD_2D: Bits*count <= 64");
  EXPECT_EQ(rule_of("XE_LOAD_2D<16,8,32,8>"), "accepted");
  EXPECT_EQ(rule_of("XE_LOAD_2D<8,8,32,4>"), "XE_LOAD_2D: block count in {1,2,4}");
  EXPECT_EQ(rule_of("XE_LOAD_2D<8,8,32,5>"), "XE_LOAD_2D: Width % BlockWidth == 0");
  EXPECT_EQ(rule_of("XE_LOAD_2D_VNNI<32,8,16>"), "XE_LOAD_2D_VNNI: VNNI Bits in {8,16}");
  EXPECT_EQ(rule_of("XE_LOAD_2D_VNNI<8,6,16>"), "XE_LOAD_2D_VNNI: VNNI Height % (32/Bits) == 0");
  EXPECT_EQ(rule_of("XE_LOAD_2D_TRANSPOSE<16,16,8>"), "XE_LOAD_2D_TRANSPOSE: TRANSPOSE Bits in {32,64}");
  EXPECT_EQ(rule_of("XE_LOAD_2D_TRANSPOSE<32,16,16>"), "XE_LOAD_2D_TRANSPOSE: TRANSPOSE Width <= 8");
  EXPECT_EQ(rule_of("XE_LOAD_2D_TRANSPOSE<64,16,2>"), "XE_LOAD_2D_TRANSPOSE: 64-bit TRANSPOSE Height == 8");
  EXPECT_EQ(rule_of("XE_LOAD_2D_TRANSPOSE<64,8,4>"), "XE_LOAD_2D_TRANSPOSE: 64-bit TRANSPOSE Width < 4");
  EXPECT_EQ(rule_of("XE_STORE_2D<16,16,16>"), "XE_STORE_2D: STORE Height <= 8");
  EXPECT_EQ(rule_of("XE_STORE_2D<16,8,16,8>"), "XE_STORE_2D: parameters");
  EXPECT_EQ(rule_of("XE_LOAD_2D<16,8>"), "XE_LOAD_2D: parameters");
  EXPECT_EQ(rule_of("XE_LOAD_2D<16,8,99999999999>"), "XE_LOAD_2D: Width");
  EXPECT_THROW(with_value_bits(find_copy_atom("XE_LOAD_2D<16,8,16>"), 32), AtomError);
  try {
    find_atom("XE_LOAD_2D<16,64,16>");
  } catch (const AtomError& e) {
    EXPECT_NE(std::string(e.what()).find("Height = 64"), std::string::npos) << e.what();
  }
}

// Every valid op and value width: Ref covers the tile's bits exactly once; the register side (Dst of a
// load, Src of a store) is Ref, and the memory side passes every lane the same coordinates (thread
// stride 0) with Ref's values; value (T, V) holds the piece the round-robin rule gives: piece e' = T + 16V of
// the register array, which is piece e' % r of copy element e' / r, at memory element In(e' / r).
TEST(XeBlock2D, WholeDomainRoundRobin) {
  int atoms = 0;
  for (Kind kind : {Kind::Load, Kind::LoadVnni, Kind::LoadTranspose, Kind::Store, Kind::Prefetch})
    for (int bits : {8, 16, 32, 64})
      for (int h = 1; h <= 32; h *= 2)  // odd heights: see OddHeightsFollowTheAlgebra
        for (int bw = 1; bw * bits <= 512; bw *= 2)
          for (int count : {1, 2, 4}) {
            Block2D op{kind, bits, h, bw * count, bw};
            try {
              validate_block2d(op);
            } catch (const AtomError&) {
              continue;
            }
            const Layout in = block2d_register_order(op);
            for (int vbits : {4, 8, 16, 32, 64}) {
              if (bits % vbits) continue;
              // Fewer pieces than work-items (e.g. 8 16-bit elements): lanes past the end are padding.
              if (size(in) * bits / std::max(vbits, 8) % 16 != 0) continue;
              CopyAtom a;
              try {
                a = make_xe_block2d(op, vbits);
              } catch (const AtomError& e) {  // e.g. Height 3: 48 elements do not deal out as a layout
                EXPECT_EQ(e.rule().substr(e.rule().find(": ") + 2), "work-item interleaving") << e.what();
                continue;
              }
              ++atoms;
              const int64_t tile_bits = int64_t(h) * op.width * bits;
              ASSERT_EQ(size(a.ref), tile_bits) << a.name;
              std::set<int64_t> ref;
              for (int64_t i = 0; i < tile_bits; ++i) ref.insert(a.ref(i));
              ASSERT_EQ(static_cast<int64_t>(ref.size()), tile_bits) << a.name;
              ASSERT_EQ(*ref.rbegin(), tile_bits - 1) << a.name;
              const Layout& regs = kind == Kind::Store ? a.src : a.dst;
              const Layout& mem = kind == Kind::Store ? a.dst : a.src;
              ASSERT_EQ(regs, a.ref) << a.name;
              ASSERT_EQ(S(mode(mem, 0)), "16:0") << a.name;
              ASSERT_EQ(mode(mem, 1), mode(a.ref, 1)) << a.name;
              if (vbits < 8) continue;
              const Layout v = value_layouts(a, vbits).ref;
              const int64_t r = bits / vbits;
              for (int64_t t = 0; t < 16; ++t)
                for (int64_t val = 0; val < size(v) / 16; ++val) {
                  const int64_t e = t + 16 * val;
                  ASSERT_EQ(v(t + 16 * val), in(e / r) * r + e % r)
                      << a.name << " as " << vbits << "-bit, T" << t << " V" << val;
                }
            }
          }
  EXPECT_GT(atoms, 1000);
}

// Heights that are not powers of two are valid hardware parameters, but the round-robin composition
// then meets CuTe's divisibility conditions: either it fails (upstream does not compile) or it yields
// the layout the algebra gives, which need not be a bijection onto the tile (verify reports it).
TEST(XeBlock2D, OddHeightsFollowTheAlgebra) {
  EXPECT_THROW(make_xe_block2d(Block2D{Kind::Load, 8, 3, 16, 4}, 8), AtomError);
  CopyAtom a = make_xe_block2d(Block2D{Kind::Load, 8, 3, 32, 8}, 8);
  EXPECT_EQ(size(a.ref), 768);
  EXPECT_EQ(cosize(a.ref), 960);
}

// 4-bit values are owned per byte: byte b to T = b % 16, each byte holding two consecutive values.
TEST(XeBlock2D, FourBitValuesOwnedPerByte) {
  CopyAtom a = make_xe_block2d(Block2D{Kind::Load, 8, 8, 32, 32}, 4);
  Layout v = value_layouts(a, 4).ref;
  ASSERT_EQ(size(v), 512);
  for (int64_t t = 0; t < 16; ++t)
    for (int64_t val = 0; val < 32; ++val) {
      const int64_t byte = t + 16 * (val / 2);
      ASSERT_EQ(v(t + 16 * val), 2 * byte + val % 2) << "T" << t << " V" << val;
    }
}

}  // namespace
}  // namespace tvlab
