// GMMA/UMMA shared-memory descriptors: fields against the canonical forms of
// cute/atom/mma_traits_sm90_gmma.hpp solved by brute force on the byte-address function (not through
// upcast/logical_divide), literal values, and the canonical-layout rules by name.
#include "tvlab/core/atoms/smem_desc.hpp"

#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/product.hpp"

namespace tvlab {
namespace {

using test::L;

// The smem atoms as CuTe defines them in bits (Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom_Bits), in elements.
Layout atom_layout(OperandMajor major, int b, int bits) {
  const int64_t row = 128 * (int64_t(1) << b) / bits;  // elements in one swizzle row (16 bytes x W)
  return major == OperandMajor::K ? make_layout(IntTuple::tuple({8, row}), IntTuple::tuple({row, 1}))
                                  : make_layout(IntTuple::tuple({row, 8}), IntTuple::tuple({1, row}));
}

SmemTile tiled(OperandMajor major, int b, int bits, int64_t mn, int64_t k) {
  SmemTile t;
  t.byte_swizzle = Swizzle(b, 4, 3);
  t.bits = bits;
  t.layout = tile_to_shape(atom_layout(major, b, bits), IntTuple::tuple({mn, k}));
  return t;
}

// Byte offset (before the swizzle) of element (mn,k) of one instruction block in the canonical form of the
// header comment, written in bytes: core matrices of 8 rows x 16 bytes.
int64_t canonical_bytes(OperandMajor major, int w, int bits, int64_t lbo, int64_t sbo, int64_t mn,
                        int64_t k) {
  const int64_t bytes = bits / 8;
  if (major == OperandMajor::K) {
    const int64_t kb = k * bytes;  // byte along K within the 32-byte K of one instruction
    const int64_t row = mn % 8, grp = mn / 8, chunk = kb / 16;
    if (w == 1) return row * 16 + grp * sbo * 16 + chunk * lbo * 16 + kb % 16;
    return row * 16 * w + grp * sbo * 16 + chunk * 16 + kb % 16;
  }
  const int64_t mb = mn * bytes;  // byte along MN
  const int64_t chunk = mb / 16, krow = k % 8, kgrp = k / 8;
  if (w == 1) return chunk * sbo * 16 + mb % 16 + krow * 16 + kgrp * lbo * 16;
  return (chunk % w) * 16 + (chunk / w) * lbo * 16 + mb % 16 + krow * 16 * w + kgrp * sbo * 16;
}

struct Solved {
  bool lbo_free = true, sbo_free = true;  // not determined by the block (a single repeat)
  int64_t lbo = 0, sbo = 0;
};

// Solve LBO/SBO from the byte-address function f of the block at the origin, then check every element.
Solved brute_force(const SmemTile& t, OperandMajor major, int w, int64_t bmn, int64_t bk) {
  auto f = [&](int64_t mn, int64_t k) { return t.byte_swizzle(t.byte_address(IntTuple::tuple({mn, k}))); };
  // f is Sw(address): Sw is an involution, so Sw(f) is the unswizzled byte offset.
  const int64_t bytes = t.bits / 8, elems16 = 16 / bytes;
  Solved s;
  if (major == OperandMajor::K) {
    if (bmn > 8) s.sbo = f(8, 0) / 16, s.sbo_free = false;
    if (w == 1 && bk > elems16) s.lbo = f(0, elems16) / 16, s.lbo_free = false;
    if (w != 1) s.lbo = 1, s.lbo_free = false;  // CuTe: stride<1,0> == 1, checked, written as LBO
  } else {
    if (w == 1) {
      if (bmn > elems16) s.sbo = f(elems16, 0) / 16, s.sbo_free = false;
      if (bk > 8) s.lbo = f(0, 8) / 16, s.lbo_free = false;
    } else {
      if (bmn > w * elems16) s.lbo = f(w * elems16, 0) / 16, s.lbo_free = false;
      if (bk > 8) s.sbo = f(0, 8) / 16, s.sbo_free = false;
    }
  }
  for (int64_t mn = 0; mn < bmn; ++mn)
    for (int64_t k = 0; k < bk; ++k) {
      const int64_t want = canonical_bytes(major, w, t.bits, s.lbo, s.sbo, mn, k);
      EXPECT_EQ(t.byte_address(IntTuple::tuple({mn, k})), t.byte_swizzle(want)) << mn << "," << k;
    }
  return s;
}

TEST(SmemDesc, CanonicalAtomsTiledMatchBruteForce) {
  int checked = 0;
  for (DescArch arch : {DescArch::SM90, DescArch::SM100})
    for (OperandMajor major : {OperandMajor::K, OperandMajor::MN})
      for (int bits : {8, 16, 32})
        for (int b = 0; b <= 3; ++b) {
          const int w = 1 << b;
          const int64_t row = 128 * w / bits;
          const int64_t kinstr = 256 / bits;
          for (int64_t mn_mul : {1, 2, 4})
            for (int64_t k_mul : {1, 2, 4}) {
              const int64_t mn = major == OperandMajor::K ? 64 * mn_mul : row * mn_mul;
              const int64_t k = major == OperandMajor::K ? std::max(row, kinstr) * k_mul
                                                         : std::max<int64_t>(8, kinstr) * k_mul;
              SmemTile t = tiled(major, b, bits, mn, k);
              SCOPED_TRACE(to_string(arch) + " " + to_string(major) + " bits " + std::to_string(bits) +
                           " B " + std::to_string(b) + " tile " + to_string(t.layout));
              const DescriptorTiling dt = make_desc_tiling(t, major, arch);
              const SmemDescriptor& d = dt.desc;
              EXPECT_EQ(d.swizzle_atom_mn, w);
              if (arch == DescArch::SM90) {
                EXPECT_EQ(d.layout_type, (4 - b) % 4);  // INTERLEAVE 0, B128 1, B64 2, B32 3
              } else {
                EXPECT_EQ(d.layout_type, b == 0 ? 0 : 8 - 2 * b);  // NONE 0, 128B 2, 64B 4, 32B 6
                EXPECT_EQ(d.version, 1);
              }
              const Solved s = brute_force(t, major, w, mn, kinstr);
              if (!s.lbo_free) {
                EXPECT_EQ(d.leading_byte_offset, s.lbo);
              }
              if (!s.sbo_free) {
                EXPECT_EQ(d.stride_byte_offset, s.sbo);
              }
              // A single repeat: CuTe's complement coalesces the rest mode to 1:0, so the field is 0.
              if (s.sbo_free) {
                EXPECT_EQ(d.stride_byte_offset, 0u);
              }
              if (s.lbo_free) {
                EXPECT_EQ(d.leading_byte_offset, 0u);
              }
              // Block offsets are the unswizzled byte offsets of each block's origin.
              for (int64_t j = 0; j < dt.blocks_k; ++j)
                EXPECT_EQ(dt.block_offsets[j] * 16,
                          t.layout(IntTuple::tuple({0, j * kinstr})).ival() * bits / 8);
              ++checked;
            }
        }
  EXPECT_EQ(checked, 2 * 2 * 3 * 4 * 9);
}

TEST(SmemDesc, LiteralFields) {
  // GMMA::Layout_K_SW128_Atom<half_t> tiled to 64x64: SBO 1024 B, LBO 1, B128.
  const SmemTile t = parse_smem_tile("Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),64):((64,512),1)", 16);
  const DescriptorTiling dt = make_desc_tiling(t, OperandMajor::K, DescArch::SM90);
  EXPECT_EQ(dt.desc.value(), 0x4000004000010000ull);
  EXPECT_EQ(dt.desc.layout_type_name, "B128");
  EXPECT_EQ(dt.block_offsets, (std::vector<int64_t>{0, 2, 4, 6}));
  // The same in the element-swizzle spelling.
  const SmemTile e = parse_smem_tile("Sw<3,3,3> o ((8,8),64):((64,512),1)", 16);
  EXPECT_EQ(e.byte_swizzle, Swizzle(3, 4, 3));
  EXPECT_EQ(make_desc_tiling(e, OperandMajor::K, DescArch::SM90).desc.value(), 0x4000004000010000ull);
  // UMMA: SWIZZLE_128B = 2 at bits [61,64), version 1 at bit 46.
  EXPECT_EQ(make_desc_tiling(t, OperandMajor::K, DescArch::SM100).desc.value(), 0x4000404000010000ull);
  // MN-major SW128 half 128x16 (A of M=64 split in two): LBO = 64 elements * 8 rows * 2 B / 16 = 64... per
  // atom
  const SmemTile mn = parse_smem_tile("Sw<3,4,3> o smem_ptr[16b](unset) o (64,8):(1,64)", 16);
  const SmemTile mnt{mn.byte_swizzle, 0, tile_to_shape(mn.layout, IntTuple::tuple({128, 16})), 16};
  const SmemDescriptor d = make_desc_tiling(mnt, OperandMajor::MN, DescArch::SM90).desc;
  EXPECT_EQ(d.leading_byte_offset, 64u);  // next 64 columns of M: 64 x 8 x 2 bytes / 16
  EXPECT_EQ(d.stride_byte_offset, 128u);  // next 8 rows of K: after both M atoms, 2 x 1024 bytes / 16
  // SM100's 32-byte-atom 128B mode (UMMA::Layout_MN_SW128_32B_Atom<half_t> = (512,4):(1,512) in elements).
  const SmemTile b32 = parse_smem_tile("Sw<2,5,2> o smem_ptr[16b](unset) o (64,16):(1,64)", 16);
  const SmemDescriptor u = make_umma_desc(b32, OperandMajor::MN);
  EXPECT_EQ(u.layout_type_name, "SWIZZLE_128B_BASE32B");
  EXPECT_EQ(u.layout_type, 1);
}

void expect_rule(const std::function<void()>& f, const std::string& rule, const std::string& words) {
  try {
    f();
    ADD_FAILURE() << "no error, expected " << rule;
  } catch (const LayoutError& e) {
    EXPECT_EQ(e.condition(), rule) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(SmemDesc, NonCanonicalNamesTheRule) {
  auto gmma = [](const std::string& text, OperandMajor m, int bits = 16) {
    return [=] { make_gmma_desc(parse_smem_tile(text, bits), m); };
  };
  // K-size of one dense wgmma is 256 bits.
  expect_rule(gmma("Sw<3,3,3> o (64,64):(64,1)", OperandMajor::K), "GMMA_K.K-size", "expected K-size 2");
  expect_rule(gmma("(64,24):(1,64)", OperandMajor::MN, 16), "GMMA_MN.K-size", "256/sizeof_bits<T> = 16");
  expect_rule(gmma("Sw<3,3,3> o (60,16):(64,1)", OperandMajor::K), "GMMA_K.MN-size", "multiple of 8");
  // Rows of a SW128 K-major core matrix must be 128 bytes apart (stride 8 in 16-byte units).
  expect_rule(gmma("Sw<3,3,3> o (64,16):(32,1)", OperandMajor::K), "GMMA_K.stride_00", "must be W = 8");
  // K-major, swizzled: the 32 bytes of K contiguous.
  expect_rule(gmma("Sw<3,3,3> o (64,(8,2)):(64,(1,4096))", OperandMajor::K), "GMMA_K.stride_10", "must be 1");
  // Swizzles other than Sw<B,4,3> on bytes.
  expect_rule(gmma("Sw<3,4,3> o (64,16):(64,1)", OperandMajor::K), "GMMA_K.swizzle", "Sw<3,5,3>");
  expect_rule(gmma("Sw<2,5,2> o smem_ptr[16b](unset) o (64,16):(1,64)", OperandMajor::MN), "GMMA_MN.swizzle",
              "Sw<B,4,3>");
  expect_rule(
      [] {
        make_umma_desc(parse_smem_tile("Sw<2,5,2> o smem_ptr[16b](unset) o (64,16):(16,1)", 16),
                       OperandMajor::K);
      },
      "UMMA_K.swizzle", "invalid for Major-K");
  // MN-major SW128: M contiguous in swizzle rows of 64 half.
  expect_rule(gmma("Sw<3,3,3> o (64,16):(16,1024)", OperandMajor::MN), "GMMA_MN.stride_00", "must be 1");
  expect_rule(gmma("Sw<3,3,3> o (64,16):(1,128)", OperandMajor::MN), "GMMA_MN.stride_10", "must be W = 8");
  // Profile: the 8 K-rows not one mode.
  expect_rule(gmma("Sw<3,3,3> o (64,(2,8)):(1,(512,64))", OperandMajor::MN), "GMMA_MN.profile",
              "expected the profile");
  // Fields are 14 bits.
  expect_rule(gmma("(64,(8,2)):(8,(1,131072))", OperandMajor::K), "GMMA_K.LBO-range", "14-bit");
  // Start address and base offset.
  expect_rule(gmma("Sw<3,3,3> o 4 o (64,16):(64,1)", OperandMajor::K), "GMMA_K.start_address", "16-byte");
  expect_rule(gmma("Sw<3,3,3> o 64 o (64,16):(64,1)", OperandMajor::K), "GMMA_K.base_offset",
              "base_offset = 0");
  expect_rule(gmma("(8,8,2):(1,8,64)", OperandMajor::K), "GMMA_K.rank", "rank 3");
  expect_rule([] { parse_smem_tile("Sw<3,4,3> o smem_ptr[8b](unset) o (64,16):(64,1)", 16); },
              "smem_ptr width", "16 bits");
}

TEST(SmemDesc, ValueEncodesTheFieldsAtCuTesBits) {
  for (DescArch arch : {DescArch::SM90, DescArch::SM100})
    for (uint32_t v : {1u, 0x155u, 0x3fffu}) {
      SmemDescriptor d;
      d.arch = arch;
      d.start_address = v, d.leading_byte_offset = v ^ 0x2aaa, d.stride_byte_offset = v ^ 0x1555;
      d.layout_type = arch == DescArch::SM90 ? 3 : 6, d.base_offset = 5,
      d.version = arch == DescArch::SM90 ? 0 : 1;
      const uint64_t x = d.value();
      EXPECT_EQ(x & 0x3fff, v);
      EXPECT_EQ((x >> 16) & 0x3fff, v ^ 0x2aaa);
      EXPECT_EQ((x >> 32) & 0x3fff, v ^ 0x1555);
      EXPECT_EQ((x >> 49) & 7, 5u);
      if (arch == DescArch::SM90) {
        EXPECT_EQ(x >> 62, 3u);
      } else {
        EXPECT_EQ(x >> 61, 6u);
        EXPECT_EQ((x >> 46) & 3, 1u);
      }
    }
}

}  // namespace
}  // namespace tvlab
