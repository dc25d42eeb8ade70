#include "tvlab/core/atoms/smem_desc.hpp"

#include <string>

#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/recast.hpp"

namespace tvlab {

namespace {

std::string str(int64_t v) {
  return std::to_string(v);
}

struct Ctx {
  DescArch arch;
  OperandMajor major;
  std::string prefix() const {
    return std::string(arch == DescArch::SM90 ? "GMMA_" : "UMMA_") + (major == OperandMajor::K ? "K" : "MN");
  }
  [[noreturn]] void fail(const std::string& rule, const std::string& why) const {
    throw LayoutError(prefix() + "." + rule, "Not a canonical " + prefix() + " layout: " + why);
  }
};

std::string sw_str(const Swizzle& s) {
  return to_string(s);
}

// The layout type from the swizzle on byte addresses, as CuTe's layout_type(u128_tensor).
void set_layout_type(const Ctx& ctx, const Swizzle& sw, SmemDescriptor& d) {
  const int b = sw.bits, m = sw.base, s = sw.shift;
  if (m == 4 && s == 3 && b >= 0 && b <= 3) {
    d.swizzle_atom_mn = 1 << b;
    if (ctx.arch == DescArch::SM90) {
      static const int code[4] = {0, 3, 2, 1};
      static const char* name[4] = {"INTERLEAVE", "B32", "B64", "B128"};
      d.layout_type = code[b], d.layout_type_name = name[b];
    } else {
      static const int code[4] = {0, 6, 4, 2};
      static const char* name[4] = {"SWIZZLE_NONE", "SWIZZLE_32B", "SWIZZLE_64B", "SWIZZLE_128B"};
      d.layout_type = code[b], d.layout_type_name = name[b];
    }
    return;
  }
  if (ctx.arch == DescArch::SM100 && m == 5 && b == 2 && s == 2) {
    if (ctx.major == OperandMajor::K)
      ctx.fail("swizzle", "SWIZZLE_128B_BASE32B (Sw<2,5,2> on byte addresses) is invalid for Major-K");
    d.swizzle_atom_mn = 8;
    d.layout_type = 1, d.layout_type_name = "SWIZZLE_128B_BASE32B";
    return;
  }
  ctx.fail("swizzle",
           "the swizzle on byte addresses is " + sw_str(sw) + "; " +
               (ctx.arch == DescArch::SM90
                    ? "GMMA takes Sw<B,4,3> with B in 0..3 (none, 32B, 64B, 128B)"
                    : "UMMA takes Sw<B,4,3> with B in 0..3, or Sw<2,5,2> (128B with 32-byte atoms, "
                      "MN-major)") +
               " (an element swizzle Sw<B,M,S> on T is Sw<B,M+log2(sizeof(T)),S> on bytes)");
}

bool is_flat_pair(const IntTuple& shape) {
  return shape.is_tuple() && shape.size() == 2 && shape[0].is_leaf() && shape[1].is_leaf();
}

int64_t stride_at(const Layout& l, int i, int j) {
  return l.stride[i][j].ival();
}

// Fields in 16-byte units are 14 bits wide: CuTe truncates silently; tvlab refuses.
void require_field(const Ctx& ctx, const char* field, int64_t v, const std::string& where) {
  if (v < 0 || v >= (int64_t(1) << 14))
    ctx.fail(std::string(field) + "-range", std::string(field) + " = " + str(v) + " (16-byte units, from " +
                                                where +
                                                ") does not fit the descriptor's 14-bit field [0, 16384)");
}

SmemDescriptor make_desc(const SmemTile& tile, Ctx ctx) {
  SmemDescriptor d;
  d.arch = ctx.arch;
  d.major = ctx.major;
  if (tile.bits != 8 && tile.bits != 16 && tile.bits != 32 && tile.bits != 64)
    ctx.fail("type", "element width " + str(tile.bits) + " bits (8, 16, 32 or 64)");
  if (rank(tile.layout) != 2)
    ctx.fail("rank", "descriptors are built on rank-2 (MN,K) tiles; " + to_string(tile.layout) +
                         " has rank " + str(rank(tile.layout)));
  set_layout_type(ctx, tile.byte_swizzle, d);
  if (ctx.arch == DescArch::SM100) d.version = 1, d.lbo_mode = 0;

  // Start address: 16-byte aligned, 14 bits after >> 4, and (as CuTe writes base_offset 0) the swizzle's
  // row bits of the start address are 0.
  if (tile.start_byte < 0 || tile.start_byte % 16 != 0)
    ctx.fail("start_address", "the start byte " + str(tile.start_byte) + " is not 16-byte aligned");
  if (tile.start_byte >= (int64_t(1) << 18))
    ctx.fail("start_address",
             "the start byte " + str(tile.start_byte) + " is beyond the 18-bit address field");
  if ((tile.start_byte & tile.byte_swizzle.yyy_mask()) != 0)
    ctx.fail("base_offset", "the start byte " + str(tile.start_byte) + " has swizzle row bits (mask " +
                                str(tile.byte_swizzle.yyy_mask()) +
                                ") set; CuTe writes base_offset = 0, which assumes a start at a row 0 of the "
                                "swizzle pattern");
  d.start_address = static_cast<uint32_t>(tile.start_byte >> 4);

  // recast<uint128_t>: T elements per 16 bytes.
  const int64_t t = 128 / tile.bits;
  try {
    d.u128_layout = upcast(tile.layout, t);
  } catch (const LayoutError& e) {
    ctx.fail("upcast", "the layout " + to_string(tile.layout) + " cannot be read in 16-byte units (" +
                           str(t) + " elements of " + str(tile.bits) + " bits): " + e.what());
  }
  const Layout& u = d.u128_layout;
  const int64_t size0 = size(mode(u, 0)), size1 = size(mode(u, 1));
  const int w = d.swizzle_atom_mn;
  const bool interleave = w == 1 && d.layout_type == 0;
  const std::string in_u128 = " in " + to_string(u) + " (uint128_t units)";

  Tiler tiler(int64_t(1));
  if (ctx.major == OperandMajor::MN) {
    if (ctx.arch == DescArch::SM90) {
      const int64_t dense = 256 / tile.bits, sp_a = 128 / tile.bits, sp_b = 512 / tile.bits;
      if (size1 != dense && size1 != sp_a && size1 != sp_b)
        ctx.fail("K-size", "expected K-size 256/sizeof_bits<T> = " + str(dense) + " for dense (or " +
                               str(sp_a) + "|" + str(sp_b) + " for sparse); mode 1 has size " + str(size1) +
                               in_u128);
    }
    const int64_t katom = d.layout_type == 1 && ctx.arch == DescArch::SM100 ? 4 : 8;
    tiler = Tiler(Tiler::Modes{Tiler(Layout(IntTuple(int64_t(w)), IntTuple(int64_t(1)))),
                               Tiler(Layout(IntTuple(katom), IntTuple(int64_t(1))))});
  } else {
    if (size0 % 8 != 0)
      ctx.fail("MN-size", "expected an MN-size multiple of 8 (rows of a core matrix); mode 0 has size " +
                              str(size0) + in_u128);
    if (ctx.arch == DescArch::SM90 && size1 != 2 && size1 != 4)
      ctx.fail("K-size",
               "expected K-size 2 for dense or 4 for sparse (in units of uint128_t, 32 or 64 bytes of K); "
               "mode 1 has size " +
                   str(size1) + in_u128);
    tiler = Tiler(Tiler::Modes{Tiler(Layout(IntTuple(int64_t(8)), IntTuple(int64_t(1)))),
                               Tiler(Layout(IntTuple(int64_t(2)), IntTuple(int64_t(1))))});
  }
  const std::string shape_words = ctx.major == OperandMajor::MN ? "((W,n),(8,k))" : "((8,n),(2,1))";
  try {
    d.canonical = logical_divide(u, tiler);
  } catch (const LayoutError& e) {
    ctx.fail("profile",
             "dividing " + to_string(u) + " into the canonical " + shape_words + " fails: " + e.what());
  }
  const Layout& c = d.canonical;
  if (rank(c) != 2 || !is_flat_pair(c.shape[0]) || !is_flat_pair(c.shape[1]))
    ctx.fail("profile", "expected the profile " + shape_words +
                            " (each mode one block and one repeat), got " + to_string(c) + " (mode " +
                            (is_flat_pair(c.shape[0]) ? "1" : "0") +
                            " is not a single (block,repeat) pair; uint128_t units)");
  const int64_t s00 = stride_at(c, 0, 0), s01 = stride_at(c, 0, 1), s10 = stride_at(c, 1, 0),
                s11 = stride_at(c, 1, 1);
  const std::string in_c = " in the canonical form " + to_string(c) + " (uint128_t units)";
  if (ctx.major == OperandMajor::MN) {
    if (!interleave && s00 != 1)
      ctx.fail("stride_00", "stride<0,0> must be 1 (the " + str(w) +
                                " x 16 bytes of a swizzle row contiguous in MN), is " + str(s00) + in_c);
    if (s10 != w)
      ctx.fail("stride_10", "stride<1,0> must be W = " + str(w) + " (the 8 K-rows of a core matrix " +
                                str(16 * w) + " bytes apart), is " + str(s10) + in_c);
    d.stride_byte_offset = static_cast<uint32_t>(interleave ? s01 : s11);
    d.leading_byte_offset = static_cast<uint32_t>(interleave ? s11 : s01);
    require_field(ctx, "SBO", interleave ? s01 : s11, interleave ? "stride<0,1>" : "stride<1,1>");
    require_field(ctx, "LBO", interleave ? s11 : s01, interleave ? "stride<1,1>" : "stride<0,1>");
  } else {
    if (s00 != w)
      ctx.fail("stride_00", "stride<0,0> must be W = " + str(w) + " (the 8 MN-rows of a core matrix " +
                                str(16 * w) + " bytes apart), is " + str(s00) + in_c);
    if (!interleave && s10 != 1)
      ctx.fail("stride_10",
               "stride<1,0> must be 1 (the 2 x 16 bytes of K of one instruction contiguous), is " + str(s10) +
                   in_c);
    require_field(ctx, "SBO", s01, "stride<0,1>");
    require_field(ctx, "LBO", s10, "stride<1,0>");
    d.stride_byte_offset = static_cast<uint32_t>(s01);
    d.leading_byte_offset = static_cast<uint32_t>(s10);
  }
  return d;
}

}  // namespace

uint64_t SmemDescriptor::value() const {
  uint64_t v = uint64_t(start_address & 0x3fff) | uint64_t(leading_byte_offset & 0x3fff) << 16 |
               uint64_t(stride_byte_offset & 0x3fff) << 32 | uint64_t(base_offset & 7) << 49;
  if (arch == DescArch::SM90) return v | uint64_t(layout_type & 3) << 62;
  return v | uint64_t(version & 3) << 46 | uint64_t(lbo_mode & 1) << 52 | uint64_t(layout_type & 7) << 61;
}

SmemDescriptor make_gmma_desc(const SmemTile& tile, OperandMajor major) {
  return make_desc(tile, Ctx{DescArch::SM90, major});
}

SmemDescriptor make_umma_desc(const SmemTile& tile, OperandMajor major) {
  return make_desc(tile, Ctx{DescArch::SM100, major});
}

DescriptorTiling make_desc_tiling(const SmemTile& tile, OperandMajor major, DescArch arch, int64_t block_mn) {
  const Ctx ctx{arch, major};
  if (rank(tile.layout) != 2)
    ctx.fail("rank", "descriptors are built on rank-2 (MN,K) tiles; " + to_string(tile.layout) +
                         " has rank " + str(rank(tile.layout)));
  DescriptorTiling r;
  const int64_t mn = size(mode(tile.layout, 0)), k = size(mode(tile.layout, 1));
  r.block_k = 256 / tile.bits;
  r.block_mn = block_mn > 0 ? block_mn : mn;
  if (mn % r.block_mn != 0)
    ctx.fail("MN-block",
             "the tile's MN-size " + str(mn) + " is not a multiple of the instruction's " + str(r.block_mn));
  if (k % r.block_k != 0)
    ctx.fail("K-block", "the tile's K-size " + str(k) +
                            " is not a multiple of one instruction's K = 256 bits = " + str(r.block_k) +
                            " elements");
  r.blocks_mn = mn / r.block_mn;
  r.blocks_k = k / r.block_k;
  // Shared memory is at most 256 KiB (18 address bits): a tile of more blocks cannot be real.
  int64_t nblocks = 0;
  if (__builtin_mul_overflow(r.blocks_mn, r.blocks_k, &nblocks) || nblocks > (int64_t(1) << 16))
    ctx.fail("blocks", str(r.blocks_mn) + " x " + str(r.blocks_k) +
                           " instruction blocks: more than 65536 cannot fit in shared memory");
  SmemTile block = tile;
  block.layout =
      composition(tile.layout, Tiler(Tiler::Modes{Tiler(Layout(IntTuple(r.block_mn), IntTuple(int64_t(1)))),
                                                  Tiler(Layout(IntTuple(r.block_k), IntTuple(int64_t(1))))}));
  r.desc = arch == DescArch::SM90 ? make_gmma_desc(block, major) : make_umma_desc(block, major);
  const int64_t bytes = tile.bits / 8;
  for (int64_t i = 0; i < r.blocks_mn; ++i)
    for (int64_t j = 0; j < r.blocks_k; ++j) {
      const int64_t off =
          checked_mul(tile.layout(IntTuple::tuple({i * r.block_mn, j * r.block_k})).ival(), bytes);
      if (tile.start_byte + off >= (int64_t(1) << 18) || tile.start_byte + off < 0)
        ctx.fail("start_address", "the block at (" + str(i * r.block_mn) + "," + str(j * r.block_k) +
                                      ") starts at byte " + str(tile.start_byte + off) +
                                      ", outside the 18-bit shared-memory address field");
      if (off % 16 != 0 || ((tile.start_byte + off) & tile.byte_swizzle.yyy_mask()) != 0)
        ctx.fail("block-offset", "the block at (" + str(i * r.block_mn) + "," + str(j * r.block_k) +
                                     ") starts " + str(off) +
                                     " bytes in: not a 16-byte step with the swizzle row bits 0");
      r.block_offsets.push_back(off / 16);
    }
  return r;
}

std::string to_string(OperandMajor m) {
  return m == OperandMajor::K ? "K" : "MN";
}
std::string to_string(DescArch a) {
  return a == DescArch::SM90 ? "sm90" : "sm100";
}

}  // namespace tvlab
