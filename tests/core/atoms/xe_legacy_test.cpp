// Tests of the Intel Xe legacy atoms (arch "xe-legacy"): the 85 XE_2D_* copy atoms of
// xe-legacy-atoms.tsv (copied below as the oracle, so the test runs from a clean clone), the legacy
// ops without usable traits, and the 28 XE_MxNxK_*_TT MMA atoms.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "../test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab {
namespace {
using test::L;
using test::S;

struct Row {
  const char* name;
  const char* op;  // hardware op as a new atom; "[8b T: no new equiv]" where there is none
  const char* block_shape;
  const char* ref;
};

// xe-legacy-atoms.tsv: name, hardware op, BlockShape, reference layout in bits (K-contiguous strides).
const Row kTable[] = {
    {"XE_2D_Packed_U16x16x32_LD_N", "XE_LOAD_2D<32,16,16>", "(16,32)", "(16,(16,2,16)):(32,(1,16,512))"},
    {"XE_2D_Packed_U16x32x32_LD_N", "XE_LOAD_2D<32,32,16>", "(32,32)", "(16,(16,2,32)):(32,(1,16,512))"},
    {"XE_2D_Packed_U4x1x128_LD_N", "XE_LOAD_2D<32,1,16>", "(1,128)", "(16,(4,8)):(32,(1,4))"},
    {"XE_2D_Packed_U8x16x32_LD_N", "XE_LOAD_2D<8,16,32>", "(16,32)", "(16,(8,2,16)):(16,(1,8,256))"},
    {"XE_2D_Packed_U8x16x64_LD_N", "XE_LOAD_2D<8,16,64,32>", "(16,64)", "(16,(16,2,16)):(16,(1,256,512))"},
    {"XE_2D_Packed_U8x1x32_LD_N", "XE_LOAD_2D<8,1,32>", "(1,32)", "(16,16):(16,1)"},
    {"XE_2D_Packed_U8x1x64_LD_N", "XE_LOAD_2D<8,1,64,32>", "(1,64)", "(16,(16,2)):(16,(1,256))"},
    {"XE_2D_Packed_U8x2x32_LD_N", "XE_LOAD_2D<8,2,32>", "(2,32)", "(16,(8,2,2)):(16,(1,128,256))"},
    {"XE_2D_Packed_U8x2x64_LD_N", "XE_LOAD_2D<8,2,64,32>", "(2,64)", "(16,(16,2,2)):(16,(1,512,256))"},
    {"XE_2D_Packed_U8x32x32_LD_N", "XE_LOAD_2D<8,32,32>", "(32,32)", "(16,(8,2,32)):(16,(1,8,256))"},
    {"XE_2D_Packed_U8x32x64_LD_N", "XE_LOAD_2D<8,32,64,32>", "(32,64)", "(16,(16,32,2)):(16,(1,512,256))"},
    {"XE_2D_Packed_U8x4x32_LD_N", "XE_LOAD_2D<8,4,32>", "(4,32)", "(16,(8,2,4)):(16,(1,128,256))"},
    {"XE_2D_Packed_U8x4x64_LD_N", "XE_LOAD_2D<8,4,64,32>", "(4,64)", "(16,(16,4,2)):(16,(1,512,256))"},
    {"XE_2D_Packed_U8x8x32_LD_N", "XE_LOAD_2D<8,8,32>", "(8,32)", "(16,(8,2,8)):(16,(1,128,256))"},
    {"XE_2D_Packed_U8x8x64_LD_N", "XE_LOAD_2D<8,8,64,32>", "(8,64)", "(16,(16,2,8)):(16,(1,256,512))"},
    {"XE_2D_TF32x16x16_LD_N", "XE_LOAD_2D<32,16,16,8>", "(16,16)", "(16,(16,32)):(0,(512,1))"},
    {"XE_2D_TF32x16x8_LD_N", "XE_LOAD_2D<32,16,8>", "(16,8)", "((8,2),(32,8)):((32,256),(1,512))"},
    {"XE_2D_TF32x1x16_LD_N", "XE_LOAD_2D<32,1,16,8>", "(1,16)", "((8,2),(32,2)):((32,0),(1,256))"},
    {"XE_2D_TF32x1x8_LD_N", "XE_LOAD_2D<32,1,8>", "(32,16)", "((8,2),32):((32,0),1)"},
    {"XE_2D_TF32x2x16_LD_N", "XE_LOAD_2D<32,2,16,8>", "(2,16)", "((8,2),(32,2)):((32,512),(1,256))"},
    {"XE_2D_TF32x2x8_LD_N", "XE_LOAD_2D<32,2,8>", "(2,8)", "((8,2),32):((32,256),1)"},
    {"XE_2D_TF32x32x16_LD_N", "XE_LOAD_2D<32,32,16,8>", "(32,16)", "(16,(16,2,32)):(0,(512,8192,1))"},
    {"XE_2D_TF32x32x8_LD_N", "XE_LOAD_2D<32,32,8>", "(32,8)", "((8,2),(32,16)):((32,256),(1,512))"},
    {"XE_2D_TF32x4x16_LD_N", "XE_LOAD_2D<32,4,16,8>", "(4,16)", "((8,2),(32,2,2)):((32,512),(1,256,1024))"},
    {"XE_2D_TF32x4x8_LD_N", "XE_LOAD_2D<32,4,8>", "(4,8)", "((8,2),(32,2)):((32,256),(1,512))"},
    {"XE_2D_TF32x8x16_LD_N", "XE_LOAD_2D<32,8,16,8>", "(8,16)", "((8,2),(32,2,4)):((32,512),(1,256,1024))"},
    {"XE_2D_TF32x8x8_LD_N", "XE_LOAD_2D<32,8,8>", "(8,8)", "((8,2),(32,4)):((32,256),(1,512))"},
    {"XE_2D_TF32x8x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,8,8>", "(8,8)", "((8,2),(4,32)):((256,32),(256,1))"},
    {"XE_2D_U16x16x16_LD_N", "XE_LOAD_2D<16,16,16>", "(16,16)", "(16,(16,16)):(16,(1,256))"},
    {"XE_2D_U16x16x16_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,8>", "(16,16)", "(16,(16,16)):(16,(1,256))"},
    {"XE_2D_U16x16x16_LD_V", "XE_LOAD_2D_VNNI<16,16,16>", "(16,16)", "(16,(16,2,8)):(16,(1,256,512))"},
    {"XE_2D_U16x16x32_LD_N", "XE_LOAD_2D<16,16,32,16>", "(16,32)", "(16,(16,2,16)):(16,(1,256,512))"},
    {"XE_2D_U16x16x32_LD_V", "XE_LOAD_2D_VNNI<16,16,32,16>", "(16,32)",
     "(16,(16,2,2,8)):(16,(1,512,256,1024))"},
    {"XE_2D_U16x16x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,4>", "(8,16)", "((2,8),(16,8)):((1024,16),(1,128))"},
    {"XE_2D_U16x1x16_LD_N", "XE_LOAD_2D<16,1,16>", "(1,16)", "(16,(16,1)):(16,(1,256))"},
    {"XE_2D_U16x1x16_ST_N", "XE_STORE_2D<16,1,16>", "(1,16)", "(16,16):(16,1)"},
    {"XE_2D_U16x1x32_LD_N", "XE_LOAD_2D<16,1,32,16>", "(1,32)", "(16,(16,2)):(16,(1,256))"},
    {"XE_2D_U16x2x16_LD_N", "XE_LOAD_2D<16,2,16>", "(2,16)", "(16,(16,2)):(16,(1,256))"},
    {"XE_2D_U16x2x16_ST_N", "XE_STORE_2D<16,2,16>", "(2,16)", "(16,(16,2)):(16,(1,256))"},
    {"XE_2D_U16x2x32_LD_N", "XE_LOAD_2D<16,2,32,16>", "(2,32)", "(16,(16,2,2)):(16,(1,256,512))"},
    {"XE_2D_U16x32x16_LD_N", "XE_LOAD_2D<16,32,16>", "(32,16)", "(16,(16,32)):(16,(1,256))"},
    {"XE_2D_U16x32x16_LD_V", "XE_LOAD_2D_VNNI<16,32,16>", "(32,16)", "(16,(16,2,16)):(16,(1,256,512))"},
    {"XE_2D_U16x32x32_LD_N", "XE_LOAD_2D<16,32,32,16>", "(32,32)", "(16,(16,2,32)):(16,(1,256,512))"},
    {"XE_2D_U16x32x32_LD_V", "XE_LOAD_2D_VNNI<16,32,32,16>", "(32,32)",
     "(16,(16,2,2,16)):(16,(1,512,256,1024))"},
    {"XE_2D_U16x4x16_LD_N", "XE_LOAD_2D<16,4,16>", "(4,16)", "(16,(16,4)):(16,(1,256))"},
    {"XE_2D_U16x4x16_ST_N", "XE_STORE_2D<16,4,16>", "(4,16)", "(16,(16,4)):(16,(1,256))"},
    {"XE_2D_U16x4x32_LD_N", "XE_LOAD_2D<16,4,32,16>", "(4,32)", "(16,(16,2,4)):(16,(1,256,512))"},
    {"XE_2D_U16x8x16_LD_N", "XE_LOAD_2D<16,8,16>", "(8,16)", "(16,(16,8)):(16,(1,256))"},
    {"XE_2D_U16x8x16_ST_N", "XE_STORE_2D<16,8,16>", "(8,16)", "(16,(16,8)):(16,(1,256))"},
    {"XE_2D_U16x8x32_LD_N", "XE_LOAD_2D<16,8,32,16>", "(8,32)", "(16,(16,2,8)):(16,(1,256,512))"},
    {"XE_2D_U32x16x16_LD_N", "XE_LOAD_2D<32,16,16>", "(16,16)", "(16,(32,16)):(32,(1,512))"},
    {"XE_2D_U32x16x2_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,2>", "(2,16)", "((8,2),(32,2)):((128,32),(1,64))"},
    {"XE_2D_U32x16x4_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,4>", "(4,16)", "((8,2),(32,4)):((256,32),(1,128))"},
    {"XE_2D_U32x16x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,8>", "(8,16)", "((4,4),(32,8)):((1024,32),(1,256))"},
    {"XE_2D_U32x1x16_LD_N", "XE_LOAD_2D<32,1,16>", "(1,16)", "(16,32):(32,1)"},
    {"XE_2D_U32x1x16_ST_N", "XE_STORE_2D<32,1,16>", "(1,16)", "(16,32):(32,1)"},
    {"XE_2D_U32x2x16_LD_N", "XE_LOAD_2D<32,2,16>", "(2,16)", "(16,(32,2)):(32,(1,512))"},
    {"XE_2D_U32x2x16_ST_N", "XE_STORE_2D<32,2,16>", "(2,16)", "(16,(32,2)):(32,(1,512))"},
    {"XE_2D_U32x32x16_LD_N", "XE_LOAD_2D<32,32,16>", "(32,16)", "(16,(32,32)):(32,(1,512))"},
    {"XE_2D_U32x4x16_LD_N", "XE_LOAD_2D<32,4,16>", "(4,16)", "(16,(32,4)):(32,(1,512))"},
    {"XE_2D_U32x4x16_ST_N", "XE_STORE_2D<32,4,16>", "(4,16)", "(16,(32,4)):(32,(1,512))"},
    {"XE_2D_U32x8x16_LD_N", "XE_LOAD_2D<32,8,16>", "(8,16)", "(16,(32,8)):(32,(1,512))"},
    {"XE_2D_U32x8x16_ST_N", "XE_STORE_2D<32,8,16>", "(8,16)", "(16,(32,8)):(32,(1,512))"},
    {"XE_2D_U4x16x16_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,2>", "(16,16)", "((4,4),(4,16)):((256,4),(1,4))"},
    {"XE_2D_U4x16x64_LD_N", "XE_LOAD_2D<8,16,32>", "(16,64)", "(16,(4,4,16)):(16,(1,4,16))"},
    {"XE_2D_U4x16x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,1>", "(8,16)", "((2,8),(4,8)):((256,4),(1,32))"},
    {"XE_2D_U4x32x16_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,4>", "(32,16)", "((4,4),(4,32)):((512,4),(1,4))"},
    {"XE_2D_U4x32x64_LD_N", "XE_LOAD_2D<8,32,32>", "(32,64)", "(16,(4,4,32)):(16,(1,4,16))"},
    {"XE_2D_U8x16x16_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,4>", "(16,16)", "(16,(8,16)):(8,(1,128))"},
    {"XE_2D_U8x16x32_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,8>", "(32,16)", "(16,(8,(16,2))):(16,(1,(256,8)))"},
    {"XE_2D_U8x16x8_LD_T", "XE_LOAD_2D_TRANSPOSE<32,16,2>", "(8,16)", "((2,8),(8,8)):((512,8),(1,64))"},
    {"XE_2D_U8x1x16_LD_N", "XE_LOAD_2D<8,1,16>", "(1,16)", "(16,8):(8,1)"},
    {"XE_2D_U8x1x16_ST_N", "XE_STORE_2D<8,1,16>", "(1,16)", "(16,8):(8,1)"},
    {"XE_2D_U8x1x32_LD_N", "XE_LOAD_2D<8,1,32,16>", "(1,32)", "(16,(8,2,1)):(8,(1,128,256))"},
    {"XE_2D_U8x2x16_ST_N", "XE_STORE_2D<8,2,16>", "(2,16)", "(16,(8,2)):(8,(1,128))"},
    {"XE_2D_U8x2x32_ST_N", "XE_STORE_2D<16,2,16>", "(2,32)", "(16,(8,2,2)):(16,(1,128,256))"},
    {"XE_2D_U8x32x16_LD_V", "XE_LOAD_2D_VNNI<8,32,16>", "(32,16)", "(16,(8,32)):(8,(1,128))"},
    {"XE_2D_U8x32x32_LD_N", "XE_LOAD_2D<8,32,32,16>", "(32,32)", "(16,(8,2,32)):(8,(1,128,256))"},
    {"XE_2D_U8x32x32_LD_V", "XE_LOAD_2D_VNNI<8,32,32,16>", "(32,32)", "(16,(8,32,2)):(8,(1,256,128))"},
    {"XE_2D_U8x32x4_LD_T", "XE_LOAD_2D_TRANSPOSE<8,32,4> [8b T: no new equiv]", "(4,32)",
     "(16,(8,2,4)):(8,(1,32,64))"},
    {"XE_2D_U8x32x64_LD_V", "XE_LOAD_2D_VNNI<8,32,64,16>", "(32,64)", "(16,(8,32,2,2)):(8,(1,512,8,256))"},
    {"XE_2D_U8x32x8_LD_T", "XE_LOAD_2D_TRANSPOSE<8,32,8> [8b T: no new equiv]", "(8,32)",
     "(16,(8,2,8)):(8,(1,64,128))"},
    {"XE_2D_U8x4x16_ST_N", "XE_STORE_2D<8,4,16>", "(4,16)", "(16,(8,4)):(8,(1,128))"},
    {"XE_2D_U8x8x16_ST_N", "XE_STORE_2D<8,8,16>", "(8,16)", "(16,(8,8)):(8,(1,128))"},
    {"XE_2D_U8x8x32_LD_N", "XE_LOAD_2D<8,8,32,16>", "(8,32)", "(16,(8,2,8)):(8,(1,128,256))"},
};

CopyAtom copy(const std::string& name) {
  return find_copy_atom(name);
}
MmaAtom mma(const std::string& name) {
  return find_mma_atom(name);
}

// The width of the name's DataType and its Height x Width (in elements).
struct NameInfo {
  int bits = 0, height = 0, width = 0;
  bool store = false;
};
NameInfo info(const std::string& name) {
  std::string s = name.substr(6);
  if (s.rfind("Packed_", 0) == 0) s = s.substr(7);
  NameInfo r;
  const std::string type = s.substr(0, s.find('x'));
  r.bits = type == "U4" ? 4 : type == "U8" ? 8 : type == "U16" ? 16 : type == "U64" ? 64 : 32;
  s = s.substr(s.find('x') + 1);
  r.height = std::stoi(s.substr(0, s.find('x')));
  s = s.substr(s.find('x') + 1);
  r.width = std::stoi(s.substr(0, s.find('_')));
  r.store = s.find("_ST_") != std::string::npos;
  return r;
}

// How many times each bit offset is the image of a (thread, value) of l.
// l(i) for every i in its domain (integer strides), evaluated on the flattened modes.
std::vector<int64_t> values(const Layout& l) {
  const Layout f = flatten(l);
  std::vector<std::pair<int64_t, int64_t>> modes;
  for (int i = 0; i < rank(f); ++i) modes.emplace_back(mode(f, i).shape.ival(), mode(f, i).stride.ival());
  std::vector<int64_t> out;
  out.reserve(static_cast<std::size_t>(size(l)));
  for (int64_t i = 0; i < size(l); ++i) {
    int64_t r = i, x = 0;
    for (auto [shape, stride] : modes) x += (r % shape) * stride, r /= shape;
    out.push_back(x);
  }
  return out;
}
// How many times each bit offset is the image of a (thread, value) of l.
std::map<int64_t, int> image(const Layout& l) {
  std::map<int64_t, int> m;
  for (int64_t x : values(l)) ++m[x];
  return m;
}
std::set<int64_t> image_set(const Layout& l) {
  const std::vector<int64_t> v = values(l);
  return std::set<int64_t>(v.begin(), v.end());
}
// l is a bijection from its domain onto [0, n).
bool bijective_onto(const Layout& l, int64_t n) {
  const auto m = image(l);
  if (size(l) != n || static_cast<int64_t>(m.size()) != n) return false;
  return m.begin()->first == 0 && m.rbegin()->first == n - 1;
}

// The columns (of `bits`-bit elements, rows of row_bits bits) that thread t holds in a (T, bit) layout.
std::set<int64_t> columns(const Layout& ref, int t, int bits, int64_t row_bits) {
  std::set<int64_t> cols;
  for (int64_t v = 0; v < size(mode(ref, 1)); ++v) {
    const int64_t bit = ref(t + 16 * v);
    cols.insert((bit % row_bits) / bits);
  }
  return cols;
}

bool any_of_zero_thread_stride(const Layout& l) {
  const Layout thr = flatten(mode(l, 0));
  for (int i = 0; i < rank(thr); ++i)
    if (mode(thr, i).stride.ival() == 0) return true;
  return false;
}

bool contains(const std::string& s, const std::string& what) {
  return s.find(what) != std::string::npos;
}

TEST(XeLegacyCopy, EveryTsvRowIsReproduced) {
  EXPECT_EQ(std::size(kTable), 85u);
  for (const Row& row : kTable) {
    SCOPED_TRACE(row.name);
    const CopyAtom a = copy(row.name);
    const NameInfo n = info(row.name);
    EXPECT_EQ(a.name, row.name);
    EXPECT_EQ(a.arch, "xe-legacy");
    EXPECT_EQ(S(a.thr_id), "16:1");
    EXPECT_EQ(a.ref, L(row.ref));
    EXPECT_EQ(S(a.ref), row.ref);
    EXPECT_EQ(a.copy_bits, n.bits);
    // The hardware op of column 2, as Block2D and as its prefetch.
    const std::string op = row.op;
    ASSERT_TRUE(a.block2d.has_value());
    const Block2D& b = *a.block2d;
    std::string base = op.substr(0, op.find('<'));
    std::vector<int> args;
    for (std::size_t p = op.find('<') + 1; p < op.size() && op[p - 1] != '>';
         p = op.find_first_of(",>", p) + 1)
      args.push_back(std::stoi(op.substr(p)));
    ASSERT_GE(args.size(), 3u);
    const Block2D::Kind kind = base == "XE_LOAD_2D"             ? Block2D::Kind::Load
                               : base == "XE_LOAD_2D_VNNI"      ? Block2D::Kind::LoadVnni
                               : base == "XE_LOAD_2D_TRANSPOSE" ? Block2D::Kind::LoadTranspose
                                                                : Block2D::Kind::Store;
    EXPECT_EQ(b.kind, kind);
    EXPECT_EQ(b.bits, args[0]);
    EXPECT_EQ(b.height, args[1]);
    EXPECT_EQ(b.width, args[2]);
    EXPECT_EQ(b.block_width, args.size() > 3 ? args[3] : args[2]);
    EXPECT_EQ(n.store, kind == Block2D::Kind::Store);
    if (kind == Block2D::Kind::Store)
      EXPECT_EQ(a.prefetch, "");
    else
      EXPECT_EQ(a.prefetch, "XE_PREFETCH_2D<" + std::to_string(args[0]) + "," + std::to_string(args[1]) +
                                "," + std::to_string(args[2]) + ">");
    EXPECT_EQ(contains(op, "no new equiv"), contains(a.note, "no new-API equivalent"));
    // The family lists the BlockShape and the op.
    const AtomFamily* f = registry().family(row.name);
    ASSERT_NE(f, nullptr);
    EXPECT_TRUE(contains(f->ranges, std::string("BlockShape ") + row.block_shape)) << f->ranges;
    EXPECT_TRUE(contains(f->ranges, op.substr(0, op.find(' ')))) << f->ranges;
  }
}

TEST(XeLegacyCopy, SampleRowsLiterally) {
  EXPECT_EQ(S(copy("XE_2D_U16x8x16_LD_N").ref), "(16,(16,8)):(16,(1,256))");
  EXPECT_EQ(S(copy("XE_2D_U16x8x16_LD_N").src), "(16,(16,8)):(0,(1,256))");
  EXPECT_EQ(S(copy("XE_2D_U16x8x16_LD_N").dst), "(16,(16,8)):(16,(1,256))");
  EXPECT_EQ(S(copy("XE_2D_U16x8x16_ST_N").src), "(16,(16,8)):(16,(1,256))");
  EXPECT_EQ(S(copy("XE_2D_U16x8x16_ST_N").dst), "(16,(16,8)):(0,(1,256))");
  EXPECT_EQ(S(copy("XE_2D_TF32x1x8_LD_N").ref), "((8,2),32):((32,0),1)");
  EXPECT_EQ(S(copy("XE_2D_TF32x1x8_LD_N").src), "(16,32):(0,1)");
  EXPECT_EQ(S(copy("XE_2D_TF32x16x16_LD_N").dst), "(16,(16,32)):(0,(512,1))");
  EXPECT_EQ(S(copy("XE_2D_U8x16x32_LD_T").ref), "(16,(8,(16,2))):(16,(1,(256,8)))");
  EXPECT_EQ(S(copy("XE_2D_U8x32x64_LD_V").ref), "(16,(8,32,2,2)):(8,(1,512,8,256))");
  EXPECT_EQ(S(copy("XE_2D_U4x16x64_LD_N").ref), "(16,(4,4,16)):(16,(1,4,16))");

  const CopyAtom p = copy("XE_2D_Packed_U8x16x64_LD_N");
  ASSERT_TRUE(p.block2d.has_value());
  EXPECT_EQ(p.block2d->kind, Block2D::Kind::Load);
  EXPECT_EQ(p.block2d->bits, 8);
  EXPECT_EQ(p.block2d->height, 16);
  EXPECT_EQ(p.block2d->width, 64);
  EXPECT_EQ(p.block2d->block_width, 32);
  EXPECT_EQ(p.block2d->count(), 2);
  EXPECT_EQ(p.prefetch, "XE_PREFETCH_2D<8,16,64>");
  EXPECT_EQ(p.copy_bits, 8);

  const CopyAtom t = copy("XE_2D_U8x32x8_LD_T");
  EXPECT_EQ(t.block2d->kind, Block2D::Kind::LoadTranspose);
  EXPECT_EQ(t.block2d->bits, 8);
  EXPECT_EQ(t.block2d->height, 32);
  EXPECT_EQ(t.block2d->width, 8);
  EXPECT_EQ(t.prefetch, "XE_PREFETCH_2D<8,32,8>");
  EXPECT_TRUE(contains(t.note, "no new-API equivalent"));

  EXPECT_EQ(copy("XE_2D_U16x16x16_LD_T").block2d->bits, 32);
  EXPECT_EQ(copy("XE_2D_U16x16x16_LD_T").copy_bits, 16);
  EXPECT_EQ(copy("XE_2D_Packed_U16x16x32_LD_N").copy_bits, 16);
  EXPECT_EQ(copy("XE_2D_Packed_U4x1x128_LD_N").copy_bits, 4);
  EXPECT_EQ(copy("XE_2D_U4x32x16_LD_T").copy_bits, 4);
  // copy_bits is the name's element width: U4 atoms take 4-bit values (int4_t, uint4_t), not bytes,
  // although the hardware op moves bytes or 32-bit words. A byte view would not even keep the 16
  // work-items: the thread stride of XE_2D_U4x16x8_LD_T is 4 bits.
  EXPECT_EQ(S(value_layouts(copy("XE_2D_U4x16x8_LD_T"), 4).ref), "((2,8),(1,8)):((64,1),(1,8))");
  EXPECT_THROW(value_layouts(copy("XE_2D_U4x16x8_LD_T"), 8), AtomError);
  EXPECT_EQ(copy("XE_2D_TF32x8x8_LD_N").copy_bits, 32);
  EXPECT_EQ(copy("XE_2D_U8x2x32_ST_N").block2d->bits, 16);
  EXPECT_EQ(copy("XE_2D_U8x2x32_ST_N").prefetch, "");
}

// Whole-table postconditions, over every copy family the registry lists as xe-legacy.
TEST(XeLegacyCopy, Postconditions) {
  int built = 0;
  for (const AtomFamily& f : registry().families()) {
    if (f.arch != "xe-legacy" || f.kind != "copy") continue;
    if (contains(f.ranges, "no usable Copy_Traits")) continue;
    SCOPED_TRACE(f.base);
    const CopyAtom a = copy(f.base);
    ++built;
    const NameInfo n = info(a.name);
    const Layout thr = mode(a.ref, 0), val = mode(a.ref, 1);
    EXPECT_EQ(rank(a.ref), 2);
    EXPECT_EQ(size(thr), 16);
    EXPECT_EQ(size(a.ref), 16 * size(val));
    EXPECT_EQ(a.val_bits, a.copy_bits);
    // Src and Dst: the register side is Ref, the memory side Ref with thread mode 16:0.
    const Layout& reg = n.store ? a.src : a.dst;
    const Layout& mem = n.store ? a.dst : a.src;
    EXPECT_EQ(reg, a.ref);
    EXPECT_EQ(S(mode(mem, 0)), "16:0");
    EXPECT_EQ(mode(mem, 1), val);
    EXPECT_EQ(size(a.src), size(a.ref));
    EXPECT_EQ(size(a.dst), size(a.ref));
    // As sets of bits: the register side covers exactly Ref's bits; the memory side names the
    // coordinates of work-item 0's values, a subset of them; together they cover Ref's bits.
    const std::set<int64_t> ref_bits = image_set(a.ref), mem_bits = image_set(mem);
    EXPECT_EQ(image_set(reg), ref_bits);
    for (int64_t b : mem_bits) EXPECT_TRUE(ref_bits.count(b)) << b;
    std::set<int64_t> both = image_set(a.src);
    for (int64_t b : image_set(a.dst)) both.insert(b);
    EXPECT_EQ(both, ref_bits);
    // Values of the name's element type (and narrower divisors) view the bits; wider ones are refused.
    // Recast to the element type, every side keeps its 16 work-items (a sub-byte view of these layouts
    // is only meaningful at the element width: e.g. U4 layouts have 4-bit thread strides).
    ASSERT_NO_THROW(value_layouts(a, a.copy_bits));
    const ValueLayouts vl = value_layouts(a, a.copy_bits);
    EXPECT_EQ(size(mode(vl.ref, 0)), 16) << S(vl.ref);
    EXPECT_EQ(size(mode(vl.src, 0)), 16) << S(vl.src);
    EXPECT_EQ(size(mode(vl.dst, 0)), 16) << S(vl.dst);
    EXPECT_THROW(value_layouts(a, 2 * a.copy_bits), AtomError);
    // Either Ref is a bijection onto the name's Height x Width block, or the note says what is wrong.
    const int64_t tile = int64_t{n.height} * n.width * n.bits;
    const bool exact = bijective_onto(a.ref, tile);
    EXPECT_EQ(!exact, contains(a.note, "quirk")) << S(a.ref) << " tile " << tile << ": " << a.note;
  }
  EXPECT_EQ(built, 85);
}

TEST(XeLegacyCopy, NotesNameTheQuirks) {
  for (const Row& row : kTable) {
    const CopyAtom a = copy(row.name);
    SCOPED_TRACE(a.name);
    if (a.block2d->kind == Block2D::Kind::LoadVnni) {
      EXPECT_TRUE(contains(a.note, "no VNNI"));
    }
    if (any_of_zero_thread_stride(a.ref)) {
      EXPECT_TRUE(contains(a.note, "alias") || contains(a.note, "stride 0"));
    }
  }
  EXPECT_TRUE(contains(copy("XE_2D_TF32x1x8_LD_N").note, "(32,16)"));
  EXPECT_TRUE(contains(copy("XE_2D_U16x32x32_LD_N").note, "block-fastest"));
  EXPECT_TRUE(contains(copy("XE_2D_Packed_U8x8x64_LD_N").note, "block-fastest"));
  EXPECT_TRUE(contains(copy("XE_2D_Packed_U8x4x64_LD_N").note, "block-slowest"));
  EXPECT_EQ(copy("XE_2D_U16x8x16_LD_N").note, "");
}

// The data distributions of the legacy documentation (seed 001), read off the reference layouts:
// column = (bit % (Width*bits)) / bits with the name's Width (here equal to the TSV's row stride).
TEST(XeLegacyCopy, SeedDataDistributions) {
  {  // XE_2D_U16x32x16_LD_N: each work-item gets one column (32 elements): T i holds column i.
    const CopyAtom a = copy("XE_2D_U16x32x16_LD_N");
    EXPECT_EQ(size(mode(a.ref, 1)), 32 * 16);
    for (int t = 0; t < 16; ++t) EXPECT_EQ(columns(a.ref, t, 16, 16 * 16), (std::set<int64_t>{t})) << t;
  }
  {  // XE_2D_U16x32x32_LD_N: columns i and i+16.
    const CopyAtom a = copy("XE_2D_U16x32x32_LD_N");
    for (int t = 0; t < 16; ++t)
      EXPECT_EQ(columns(a.ref, t, 16, 32 * 16), (std::set<int64_t>{t, t + 16})) << t;
  }
  {  // XE_2D_Packed_U8x8x64_LD_N: columns 2i, 2i+1, 32+2i, 33+2i.
    const CopyAtom a = copy("XE_2D_Packed_U8x8x64_LD_N");
    for (int t = 0; t < 16; ++t)
      EXPECT_EQ(columns(a.ref, t, 8, 64 * 8), (std::set<int64_t>{2 * t, 2 * t + 1, 32 + 2 * t, 33 + 2 * t}))
          << t;
  }
  {  // XE_2D_Packed_U8x8x32_LD_N: the documentation says columns 2i, 2i+1, but the traits (the TSV
     // row (16,(8,2,8)):(16,(1,128,256))) give one byte at 16i and one 128 bits further: columns 2i and
     // 2i+16, wrapping into the next row for lanes 8..15. Reproduced as data; the note says so.
    const CopyAtom a = copy("XE_2D_Packed_U8x8x32_LD_N");
    for (int t = 0; t < 16; ++t) {
      EXPECT_EQ(columns(a.ref, t, 8, 32 * 8), (std::set<int64_t>{(2 * t) % 32, (2 * t + 16) % 32})) << t;
      EXPECT_NE(columns(a.ref, t, 8, 32 * 8), (std::set<int64_t>{2 * t, 2 * t + 1})) << t;
    }
    EXPECT_TRUE(contains(a.note, "2i and 2i+16"));
  }
  {  // The packed loads that do follow the documentation: columns 2i, 2i+1.
    for (const char* name :
         {"XE_2D_Packed_U8x1x32_LD_N", "XE_2D_Packed_U8x16x32_LD_N", "XE_2D_Packed_U8x32x32_LD_N"}) {
      const CopyAtom a = copy(name);
      for (int t = 0; t < 16; ++t)
        EXPECT_EQ(columns(a.ref, t, 8, 32 * 8), (std::set<int64_t>{2 * t, 2 * t + 1})) << name << " " << t;
    }
  }
}

TEST(XeLegacyCopy, OpsWithoutUsableTraitsAreListed) {
  const char* names[] = {"XE_2D_U32x16x1_LD_T", "XE_2D_U64x8x1_LD_T", "XE_2D_U64x8x2_LD_T",
                         "XE_2D_U64x8x4_LD_T", "XE_2D_U8x8x32_ST_N"};
  for (const char* name : names) {
    SCOPED_TRACE(name);
    const AtomFamily* f = registry().family(name);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->arch, "xe-legacy");
    EXPECT_EQ(f->kind, "copy");
    EXPECT_EQ(f->ranges.rfind("no usable Copy_Traits: ", 0), 0u) << f->ranges;
    EXPECT_GT(f->ranges.size(), 60u);
    EXPECT_EQ(f->instances(), std::vector<std::string>{name});
    try {
      find_atom(name);
      ADD_FAILURE() << "expected AtomError";
    } catch (const AtomError& e) {
      EXPECT_EQ(e.rule(), std::string(name) + ": no usable Copy_Traits");
      EXPECT_TRUE(contains(e.what(), "exists")) << e.what();
    }
  }
}

TEST(XeLegacy, RegistryFamilies) {
  int copies = 0, mmas = 0;
  std::set<std::string> bases;
  for (const AtomFamily& f : registry().families()) {
    EXPECT_TRUE(bases.insert(f.base).second) << "duplicate family " << f.base;
    if (f.arch != "xe-legacy") continue;
    (f.kind == "copy" ? copies : mmas) += 1;
    EXPECT_EQ(f.signature, f.base);
    EXPECT_EQ(f.instances(), std::vector<std::string>{f.base});
    EXPECT_FALSE(f.ranges.empty());
  }
  EXPECT_EQ(copies, 85 + 5);
  EXPECT_EQ(mmas, 28);
}

TEST(XeLegacy, NamesParseWithWhitespaceAndCute) {
  EXPECT_EQ(atom_name(find_atom(" cute::XE_2D_U16x8x16_LD_N ")), "XE_2D_U16x8x16_LD_N");
  EXPECT_EQ(atom_name(find_atom("cute :: XE_2D_Packed_U8x8x64_LD_N")), "XE_2D_Packed_U8x8x64_LD_N");
  EXPECT_EQ(copy("\tcute::XE_2D_TF32x8x8_LD_T\n").ref, copy("XE_2D_TF32x8x8_LD_T").ref);
  EXPECT_EQ(atom_name(find_atom(" cute::XE_8x16x16_F32BF16BF16F32_TT ")), "XE_8x16x16_F32BF16BF16F32_TT");
  EXPECT_EQ(mma("cute::XE_1x16x8_F32TF32TF32F32_TT").m, 1);
  EXPECT_THROW(find_atom("XE_2D_U16x8x16_LD_N<16>"), AtomError);
  EXPECT_THROW(find_atom("XE_8x16x16_F32BF16BF16F32_TT<8>"), AtomError);
  EXPECT_THROW(find_atom("XE_2D_U16x8x17_LD_N"), AtomError);  // unknown: closest names suggested
  EXPECT_THROW(find_copy_atom("XE_8x16x16_F32F16F16F32_TT"), AtomError);
  EXPECT_THROW(find_mma_atom("XE_2D_U16x8x16_LD_N"), AtomError);
}

// ---- MMA ----

struct MmaCase {
  const char* types;
  int k;
  const char *d, *a, *b, *c;
};
const MmaCase kMmaCases[] = {
    {"F32BF16BF16F32", 16, "float", "bfloat16_t", "bfloat16_t", "float"},
    {"F32F16F16F32", 16, "float", "half_t", "half_t", "float"},
    {"BF16BF16BF16BF16", 16, "bfloat16_t", "bfloat16_t", "bfloat16_t", "bfloat16_t"},
    {"F16F16F16F16", 16, "half_t", "half_t", "half_t", "half_t"},
    {"S32S8S8S32", 32, "int32_t", "int8_t", "int8_t", "int32_t"},
    {"S32U8U8S32", 32, "int32_t", "uint8_t", "uint8_t", "int32_t"},
    {"F32TF32TF32F32", 8, "float", "tfloat32_t", "tfloat32_t", "float"},
};

std::string mma_name(int m, const MmaCase& c) {
  return "XE_" + std::to_string(m) + "x16x" + std::to_string(c.k) + "_" + c.types + "_TT";
}

TEST(XeLegacyMma, ShapesAndTypes) {
  for (const MmaCase& c : kMmaCases)
    for (int m : {1, 2, 4, 8}) {
      const MmaAtom a = mma(mma_name(m, c));
      SCOPED_TRACE(a.name);
      EXPECT_EQ(a.name, mma_name(m, c));
      EXPECT_EQ(a.arch, "xe-legacy");
      EXPECT_EQ(a.m, m);
      EXPECT_EQ(a.n, 16);
      EXPECT_EQ(a.k, c.k);
      EXPECT_EQ(S(a.thr_id), "16:1");
      EXPECT_EQ(a.d_type.name, c.d);
      EXPECT_EQ(a.a_type.name, c.a);
      EXPECT_EQ(a.b_type.name, c.b);
      EXPECT_EQ(a.c_type.name, c.c);
      EXPECT_EQ(size(mode(a.a, 0)), 16);
      EXPECT_EQ(size(mode(a.b, 0)), 16);
      EXPECT_EQ(size(mode(a.c, 0)), 16);
    }
}

TEST(XeLegacyMma, LiteralLayouts) {
  // 16-bit: A (16,M):(M,1), B (16,16):(1,16) (no VNNI), C (16,M):(M,1).
  for (const char* t : {"F32BF16BF16F32", "F32F16F16F32", "BF16BF16BF16BF16", "F16F16F16F16"}) {
    const MmaAtom m8 = mma(std::string("XE_8x16x16_") + t + "_TT");
    EXPECT_EQ(S(m8.a), "(16,8):(8,1)");
    EXPECT_EQ(S(m8.b), "(16,16):(1,16)");
    EXPECT_EQ(S(m8.c), "(16,8):(8,1)");
    const MmaAtom m1 = mma(std::string("XE_1x16x16_") + t + "_TT");
    EXPECT_EQ(S(m1.a), "(16,1):(1,1)");
    EXPECT_EQ(S(m1.b), "(16,16):(1,16)");
    EXPECT_EQ(S(m1.c), "(16,1):(1,1)");
  }
  // 8-bit: A (16,(2,M)):(2M,(M,1)) (T holds k = 2T, 2T+1), B (16,32):(1,16).
  for (const char* t : {"S32S8S8S32", "S32U8U8S32"}) {
    const MmaAtom m8 = mma(std::string("XE_8x16x32_") + t + "_TT");
    EXPECT_EQ(S(m8.a), "(16,(2,8)):(16,(8,1))");
    EXPECT_EQ(S(m8.b), "(16,32):(1,16)");
    EXPECT_EQ(S(m8.c), "(16,8):(8,1)");
    const MmaAtom m1 = mma(std::string("XE_1x16x32_") + t + "_TT");
    EXPECT_EQ(S(m1.a), "(16,(2,1)):(2,(1,1))");
    EXPECT_EQ(S(m1.b), "(16,32):(1,16)");
    EXPECT_EQ(S(m1.c), "(16,1):(1,1)");
  }
  // tf32: A as XE_DPAS_TT<M,float,tfloat32_t>: wi_interleave((8,M):(M,1)); M = 8: T i holds k = i%8 of
  // rows i/8, i/8+2, i/8+4, i/8+6.
  const MmaAtom t8 = mma("XE_8x16x8_F32TF32TF32F32_TT");
  EXPECT_EQ(S(t8.a), "((8,2),4):((8,1),2)");
  EXPECT_EQ(S(t8.b), "(16,8):(1,16)");
  EXPECT_EQ(S(t8.c), "(16,8):(8,1)");
  const MmaAtom t1 = mma("XE_1x16x8_F32TF32TF32F32_TT");
  EXPECT_EQ(S(t1.a), "((8,2),1):((1,1),0)");
  EXPECT_EQ(S(t1.b), "(16,8):(1,16)");
  EXPECT_EQ(S(t1.c), "(16,1):(1,1)");
}

TEST(XeLegacyMma, OperandsCoverTheirTiles) {
  for (const MmaCase& c : kMmaCases)
    for (int m : {1, 2, 4, 8}) {
      const MmaAtom a = mma(mma_name(m, c));
      SCOPED_TRACE(a.name);
      // B (N x K) and C (M x N): bijections onto the tile.
      EXPECT_TRUE(bijective_onto(a.b, 16 * a.k)) << S(a.b);
      EXPECT_TRUE(bijective_onto(a.c, a.m * 16)) << S(a.c);
      // A (M x K): a bijection, except tf32 with odd M (the spec: padding lanes alias or fall outside).
      const bool tf32_odd = a.a_type.name == "tfloat32_t" && m % 2 == 1;
      EXPECT_EQ(bijective_onto(a.a, a.m * a.k), !tf32_odd) << S(a.a);
      // A(t, v) indexes m + M*k: check which k each thread holds.
      for (int t = 0; t < 16; ++t)
        for (int64_t v = 0; v < size(mode(a.a, 1)); ++v) {
          const int64_t idx = a.a(t + 16 * v);
          if (tf32_odd) continue;
          const int64_t k = idx / a.m;
          const int64_t want = a.a_type.bits == 16  ? t
                               : a.a_type.bits == 8 ? 2 * t + v % 2
                                                    : (t + 16 * v) % 8;
          EXPECT_EQ(k, want) << t << " " << v;
        }
    }
}

TEST(XeLegacyMma, Tf32OddMLanesAliasOrFallOutsideTheTile) {
  // M = 1, K = 8: 8 elements over 16 lanes. Computed as the new atom (composition extends the last
  // mode): A = ((8,2),1):((1,1),0), so lane 8+j holds element j+1: lanes 8..14 alias lanes 1..7 and
  // lane 15 indexes element 8, outside the 1x8 tile. Faithful, not injective: verify reports it.
  const MmaAtom a = mma("XE_1x16x8_F32TF32TF32F32_TT");
  for (int t = 0; t < 8; ++t) EXPECT_EQ(a.a(t), t);
  for (int t = 8; t < 15; ++t) EXPECT_EQ(a.a(t), t - 7);
  EXPECT_EQ(a.a(15), 8);
  EXPECT_GE(a.a(15), a.m * a.k);
}

TEST(XeLegacyMma, Tf32AMatchesTheNewAtom) {
  for (int m : {1, 2, 4, 8}) {
    const MmaAtom legacy = mma("XE_" + std::to_string(m) + "x16x8_F32TF32TF32F32_TT");
    const MmaAtom dpas = mma("XE_DPAS_TT<" + std::to_string(m) + ",float,tfloat32_t>");
    EXPECT_EQ(legacy.a, dpas.a) << m << ": " << S(legacy.a) << " vs " << S(dpas.a);
    EXPECT_EQ(legacy.c, dpas.c) << m;
    // tf32 packs one k per 32-bit word (BV = 1): "no VNNI" changes nothing, B is the same.
    EXPECT_EQ(legacy.b, dpas.b) << m;
  }
}

}  // namespace
}  // namespace tvlab
