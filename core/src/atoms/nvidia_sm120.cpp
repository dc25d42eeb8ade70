// NVIDIA SM120 (consumer Blackwell) warp-level `mma.sync` atoms, as CuTe defines them (CUTLASS
// 7107b05535f8, cute/arch/mma_sm120.hpp, mma_sm120_sparse.hpp, cute/atom/mma_traits_sm120.hpp,
// mma_traits_sm120_sparse.hpp):
//   SM120_16x8x32_TN<a_type, b_type, c_type>                          F8F6F4, 16x8x32
//   SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<a, b, c, sf_type, VS>     MXF8F6F4, VS = 32, ue8m0
//   SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<a, b, c, sf_type, VS>     MXF4/NVF4, e2m1, 16x8x64
//   SM120::SPARSE::SM120_SPARSE_16x8x64_TN<a, b, c>                    sparse F8F6F4
//   SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x64_TN_VS<...>        sparse MXF8F6F4, VS = 64
//   SM120::BLOCKSCALED::SPARSE::SM120_SPARSE_16x8x128_TN_VS<...>       sparse MXF4/NVF4
// CuTe's traits give the A/B value types as the register containers (uint8_t for F8F6F4, uint4_t for
// the 4-bit forms); the element types are the template arguments, shown as parameters. Block-scaled
// atoms carry SFA/SFB layouts (thr, val) -> m + M*k' / n + N*k' over the scale-factor tile (only the
// first value of each k group is distinct: a stride-0 mode), sparse atoms an E (metadata) layout.
#include <string>
#include <vector>

#include "nvidia_support.hpp"

namespace tvlab {

namespace {

using namespace nv;

const std::vector<std::string> kF8F6F4 = {"float_e2m1_t", "float_e3m2_t", "float_e2m3_t", "float_e4m3_t",
                                          "float_e5m2_t"};
constexpr const char* kC = "((4,8),(2,2)):((32,1),(16,8))";

bool in(const std::vector<std::string>& v, const std::string& x) {
  for (const std::string& s : v)
    if (s == x) return true;
  return false;
}

struct Sm120Op {
  std::string base;  // without namespace
  std::string ns;    // CuTe namespace, shown in the signature
  bool scaled, sparse;
  int64_t k;
  std::vector<std::string> ab, c;  // accepted element types
  std::string a_reg, b_reg;        // CuTe's ValTypeA/B
  std::string a, b, sfa, sfb, e;   // layouts
  std::string rule_words;
};

void check_vs(const Sm120Op& op, const AtomName& n, const std::string& sf, int64_t vs) {
  auto fail = [&](const std::string& rule) {
    throw AtomError(op.base + ": " + rule, "sf_type = " + sf + ", VS = " + std::to_string(vs));
  };
  if (op.base == "SM120_16x8x32_TN_VS") {
    if (sf != "float_ue8m0_t") fail("sf_type = float_ue8m0_t");
    if (vs != 32) fail("VS == 32");
  } else if (op.base == "SM120_SPARSE_16x8x64_TN_VS") {
    if (sf != "float_ue8m0_t") fail("sf_type = float_ue8m0_t");
    if (vs != 64) fail("VS == 64");
  } else if (op.base == "SM120_16x8x64_TN_VS") {
    if (sf != "float_ue8m0_t" && sf != "float_ue4m3_t") fail("sf_type in {float_ue8m0_t, float_ue4m3_t}");
    if (sf == "float_ue8m0_t" && vs != 16 && vs != 32) fail("float_ue8m0_t: VS in {16, 32}");
    // CuTe's static_assert also admits VS = 32 with ue4m3, but then issues the scale_vec::4X (VS = 16)
    // instruction: PTX's mxf4nvf4 with ue4m3 scales is 4X only.
    if (sf == "float_ue4m3_t" && vs != 16) fail("float_ue4m3_t: VS == 16");
  } else {  // SM120_SPARSE_16x8x128_TN_VS
    if (sf != "float_ue8m0_t" && sf != "float_ue4m3_t") fail("sf_type in {float_ue8m0_t, float_ue4m3_t}");
    if (sf == "float_ue8m0_t" && vs != 32 && vs != 64) fail("float_ue8m0_t: VS in {32, 64}");
    if (sf == "float_ue4m3_t" && vs != 32) fail("float_ue4m3_t: VS == 32");
  }
  (void)n;
}

Atom make_sm120(const Sm120Op& op, const AtomName& n) {
  const std::string sig =
      op.ns + op.base + (op.scaled ? "<a_type, b_type, c_type, sf_type, VS>" : "<a_type, b_type, c_type>");
  expect_arg_count(n, op.scaled ? 5 : 3, op.scaled ? 5 : 3, sig);
  const ValueType ta = type_arg(n, 0, "a_type"), tb = type_arg(n, 1, "b_type"), tc = type_arg(n, 2, "c_type");
  for (const auto& [what, t] : {std::pair<const char*, ValueType>{"a_type", ta}, {"b_type", tb}})
    if (!in(op.ab, t.name))
      throw AtomError(op.base + ": " + op.rule_words, std::string(what) + " = " + t.name + " has no MMA");
  if (!in(op.c, tc.name))
    throw AtomError(op.base + ": " + op.rule_words, "c_type = " + tc.name + " has no MMA");
  std::vector<std::string> canon = {ta.name, tb.name, tc.name};
  std::string sf;
  int64_t vs = 0;
  if (op.scaled) {
    sf = type_arg(n, 3, "sf_type").name;
    vs = atom_int_arg(n, 4, "VS");
    check_vs(op, n, sf, vs);
    canon.push_back(sf);
    canon.push_back(std::to_string(vs));
  }
  MmaSpec s{op.ns + op.base + "<" + join(canon) + ">",
            "sm120",
            16,
            8,
            op.k,
            "32:1",
            op.a,
            op.b,
            kC,
            tc.name,
            op.a_reg,
            op.b_reg,
            tc.name};
  MmaAtom atom = build_mma(s);
  atom.params.push_back({"elements", "a_type = " + ta.name + ", b_type = " + tb.name +
                                         " (CuTe's ValTypeA/B are the register containers " + op.a_reg + "/" +
                                         op.b_reg + ")"});
  if (op.scaled) {
    // The scale-factor tile is M x (K/VS) for A and N x (K/VS) for B; CuTe's SF layouts index a
    // column-major M x K (N x K) tile in which each group of VS k shares one factor.
    atom.params.push_back({"scale factors", "sf_type = " + sf + ", SFVecSize = " + std::to_string(vs) +
                                                " (one factor per " + std::to_string(vs) + " k)"});
    atom.extra.push_back({"sfa", parse_layout(op.sfa)});
    atom.extra.push_back({"sfb", parse_layout(op.sfb)});
  }
  if (op.sparse) {
    atom.params.push_back({"sparse", "A is 2:4 structured sparse (K = " + std::to_string(op.k) +
                                         " logical); E: metadata layout"});
    atom.extra.push_back({"e", parse_layout(op.e)});
  }
  return atom;
}

void add_sm120(Registry& r, const Sm120Op& op) {
  AtomFamily f;
  f.arch = "sm120";
  f.kind = "mma";
  f.base = op.base;
  f.signature =
      op.ns + op.base + (op.scaled ? "<a_type, b_type, c_type, sf_type, VS>" : "<a_type, b_type, c_type>");
  f.ranges = op.rule_words;
  f.make = [op](const AtomName& n) -> Atom { return make_sm120(op, n); };
  f.instances = [op] {
    std::vector<std::string> v;
    if (op.scaled) return v;
    for (const std::string& a : op.ab)
      for (const std::string& b : op.ab)
        for (const std::string& c : op.c) v.push_back(op.ns + op.base + "<" + a + "," + b + "," + c + ">");
    return v;
  };
  r.add(std::move(f));
}

}  // namespace

void register_nvidia_sm120(Registry& r) {
  const std::string a32 = "((4,8),(4,2,2)):((64,1),(16,8,256))", b32 = "((4,8),(4,2)):((32,1),(8,128))";
  const std::string a64 = "((4,8),(8,2,2)):((128,1),(16,8,512))";
  const std::string f8 =
      "a_type, b_type in {float_e2m1_t, float_e3m2_t, float_e2m3_t, float_e4m3_t, float_e5m2_t}";
  add_sm120(r, {"SM120_16x8x32_TN",
                "",
                false,
                false,
                32,
                kF8F6F4,
                {"float", "half_t"},
                "uint8_t",
                "uint8_t",
                a32,
                b32,
                "",
                "",
                "",
                f8 + "; c_type in {float, half_t}"});
  add_sm120(r, {"SM120_16x8x32_TN_VS",
                "SM120::BLOCKSCALED::",
                true,
                false,
                32,
                kF8F6F4,
                {"float"},
                "uint8_t",
                "uint8_t",
                a32,
                b32,
                "((2,2,8),32):((8,0,1),16)",
                "((4,8),32):((0,1),8)",
                "",
                f8 + "; c_type = float; sf_type = float_ue8m0_t; VS == 32"});
  add_sm120(r,
            {"SM120_16x8x64_TN_VS",
             "SM120::BLOCKSCALED::",
             true,
             false,
             64,
             {"float_e2m1_t"},
             {"float"},
             "uint4_t",
             "uint4_t",
             a64,
             "((4,8),(8,2)):((64,1),(8,256))",
             "((2,2,8),64):((8,0,1),16)",
             "((4,8),64):((0,1),8)",
             "",
             "a_type = b_type = float_e2m1_t; c_type = float; sf_type float_ue8m0_t with VS in {16, 32}, or "
             "float_ue4m3_t with VS == 16"});
  add_sm120(r, {"SM120_SPARSE_16x8x64_TN",
                "SM120::SPARSE::",
                false,
                true,
                64,
                kF8F6F4,
                {"float", "half_t"},
                "uint8_t",
                "uint8_t",
                a64,
                "((4,8),(4,4)):((32,1),(8,128))",
                "",
                "",
                "((2,2,8),32):((8,512,1),16)",
                f8 + "; c_type in {float, half_t}"});
  add_sm120(r, {"SM120_SPARSE_16x8x64_TN_VS",
                "SM120::BLOCKSCALED::SPARSE::",
                true,
                true,
                64,
                kF8F6F4,
                {"float"},
                "uint8_t",
                "uint8_t",
                a64,
                "((4,8),(4,4)):((32,1),(8,128))",
                "((2,2,8),64):((8,0,1),16)",
                "((4,8),64):((0,1),8)",
                "((2,2,8),32):((8,512,1),16)",
                f8 + "; c_type = float; sf_type = float_ue8m0_t; VS == 64"});
  add_sm120(r,
            {"SM120_SPARSE_16x8x128_TN_VS",
             "SM120::BLOCKSCALED::SPARSE::",
             true,
             true,
             128,
             {"float_e2m1_t"},
             {"float"},
             "uint8_t",
             "uint4_t",
             "((4,8),(16,2,2)):((256,1),(16,8,1024))",
             "((4,8),(8,4)):((64,1),(8,256))",
             "((2,2,8),128):((8,0,1),16)",
             "((4,8),128):((0,1),8)",
             "((2,2,8),(64)):((8,1024,1),(16))",
             "a_type = b_type = float_e2m1_t; c_type = float; sf_type float_ue8m0_t with VS in {32, 64}, or "
             "float_ue4m3_t with VS == 32"});
}

}  // namespace tvlab
