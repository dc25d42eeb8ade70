#include "tvlab/core/atoms/registry.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "tvlab/core/error.hpp"

namespace tvlab {
namespace {

TEST(AtomName, ParsesTemplateArguments) {
  AtomName n = parse_atom_name(" cute::XE_LOAD_2D < 16 , 8 , 16 > ");
  EXPECT_EQ(n.base, "XE_LOAD_2D");
  EXPECT_EQ(n.args, (std::vector<std::string>{"16", "8", "16"}));
  EXPECT_TRUE(n.templated);
  n = parse_atom_name("SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, cute::GMMA::Major::MN>");
  EXPECT_EQ(n.args, (std::vector<std::string>{"GMMA::Major::K", "GMMA::Major::MN"}));
  n = parse_atom_name("UniversalCopy<cute::uint128_t>");
  EXPECT_EQ(n.args, (std::vector<std::string>{"uint128_t"}));
  n = parse_atom_name("Foo<Bar<int,float>,3>");
  EXPECT_EQ(n.args, (std::vector<std::string>{"Bar<int,float>", "3"}));
  n = parse_atom_name("SM75_U32x4_LDSM_N");
  EXPECT_FALSE(n.templated);
  EXPECT_TRUE(n.args.empty());
}

TEST(AtomName, MalformedNamesReportTheColumn) {
  auto column = [](const char* s) {
    try {
      parse_atom_name(s);
    } catch (const ParseError& e) {
      return static_cast<int>(e.column());
    }
    return 0;
  };
  EXPECT_EQ(column(""), 1);
  EXPECT_EQ(column("XE_LOAD_2D<16,8,16"), 19);
  EXPECT_EQ(column("XE_LOAD_2D<16,,16>"), 15);
  EXPECT_EQ(column("XE_LOAD_2D<16,8,16>>"), 20);
  EXPECT_EQ(column("XE LOAD"), 0);  // spaces are dropped: XELOAD, an unknown name but well-formed
  EXPECT_EQ(column("XE_LOAD_2D(16)"), 11);
  EXPECT_EQ(column("<16>"), 1);
  EXPECT_GT(column(std::string(5000, 'A').c_str()), 0);
}

// CuTe's wrappers as kernels write them name the same atoms.
TEST(Registry, AtomWrappers) {
  const AtomSpelling m =
      unwrap_atom_spelling("cute::MMA_Atom<cute::MMA_Traits<SM80_16x8x16_F32F16F16F32_TN>>");
  EXPECT_EQ(m.wrapper, "MMA_Atom");
  EXPECT_EQ(m.op, "SM80_16x8x16_F32F16F16F32_TN");
  EXPECT_EQ(m.value_type, "");
  const AtomSpelling c =
      unwrap_atom_spelling("Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<cute::uint128_t>, cutlass::half_t>");
  EXPECT_EQ(c.wrapper, "Copy_Atom");
  EXPECT_EQ(c.op, "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");
  EXPECT_EQ(c.value_type, "cutlass::half_t");
  EXPECT_EQ(unwrap_atom_spelling("SM75_U32x4_LDSM_N").wrapper, "");
  EXPECT_EQ(unwrap_atom_spelling("MMA_Atom<A, B>").wrapper, "");  // not CuTe's spelling
  EXPECT_EQ(std::get<MmaAtom>(find_atom("MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>")).name,
            std::get<MmaAtom>(find_atom("SM80_16x8x16_F32F16F16F32_TN")).name);
  EXPECT_EQ(std::get<CopyAtom>(find_atom("Copy_Atom<SM75_U32x4_LDSM_N, half_t>")).name, "SM75_U32x4_LDSM_N");
  EXPECT_THROW((void)find_atom("MMA_Atom<Nope>"), AtomError);
}

TEST(Registry, UnknownNamesSuggestCloseOnes) {
  try {
    find_atom("XE_LOAD_2DD<16,8,16>");
    FAIL();
  } catch (const AtomError& e) {
    EXPECT_EQ(e.rule(), "unknown atom");
    EXPECT_NE(std::string(e.what()).find("XE_LOAD_2D<Bits"), std::string::npos) << e.what();
  }
}

// The message of the AtomError find_atom(name) throws ("" when it builds; a ParseError fails the test).
std::string error_of(const std::string& name) {
  try {
    find_atom(name);
  } catch (const AtomError& e) {
    return e.what();
  }
  return "";
}

TEST(Registry, UnknownCopyNamesProposeTheCopyFamilies) {
  // Today's names of upstream copies that are near these: UniversalCopy and the auto-vectorizing ones.
  for (const char* name :
       {"DefaultCpy", "Default_Copy", "DefaultCopy128", "AutoVectorisingCopy", "AutoVectorizedCopy<128>",
        "UniversalCpy<half>", "UnivCopy<half_t>", "Copy<half_t>", "cute::AutoCopy", "memcpy"}) {
    const std::string w = error_of(name);
    EXPECT_EQ(w.rfind("unknown atom: no atom named '", 0), 0u) << name << ": " << w;
    EXPECT_NE(w.find("UniversalCopy<S, D = S>"), std::string::npos) << name << ": " << w;
    if (std::string(name).rfind("Univ", 0) != 0) {
      EXPECT_NE(w.find("DefaultCopy"), std::string::npos) << name << ": " << w;
    }
  }
  // The whole message: the families meant, then the nearest spellings not among them.
  EXPECT_EQ(error_of("DefaultCpy"),
            "unknown atom: no atom named 'DefaultCpy' (closest: UniversalCopy<S, D = S>, DefaultCopy, "
            "AutoVectorizingCopy, AutoVectorizingCopyWithAssumedAlignment<MaxVecBits = 128>; `tvlab atoms` "
            "lists them all)");
  EXPECT_EQ(
      error_of("UniversalCpy<half>"),
      "unknown atom: no atom named 'UniversalCpy' (closest: UniversalCopy<S, D = S>, UniversalFMA<D, A = "
      "D, B = A, C = D>; `tvlab atoms` lists them all)");
}

TEST(Registry, UnknownNamesProposeFamiliesByMeaning) {
  const std::pair<const char*, const char*> cases[] = {
      {"cp.async", "SM80_CP_ASYNC_{CACHEALWAYS,CACHEGLOBAL}{,_ZFILL}<S, D = S>"},
      {"CP_ASYNC<uint128_t>", "SM80_CP_ASYNC_{CACHEALWAYS,CACHEGLOBAL}{,_ZFILL}<S, D = S>"},
      {"ldmatrix", "SM75_U32x{1,2,4}_LDSM_N"},
      {"ldmatrix.x4.trans", "SM75_U16x{2,4,8}_LDSM_T"},
      {"LDSM", "SM75_U32x{1,2,4}_LDSM_N"},
      {"SM75_U32x3_LDSM_N", "SM75_U32x{1,2,4}_LDSM_N"},
      {"stmatrix", "SM90_U32x{1,2,4}_STSM_N"},
      {"STSM_x4", "SM90_U16x{2,4,8}_STSM_T"},
      {"TMA", "SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE"},
      {"cp.async.bulk.tensor", "SM90_TMA_LOAD"},
      {"SM90_TMA_LOAD_MCAST", "SM90_TMA_LOAD_MULTICAST"},
      {"block2d", "XE_LOAD_2D<Bits, Height, Width, BlockWidth = Width>, XE_LOAD_2D_VNNI<"},
      {"2d load", "XE_LOAD_2D<Bits, Height, Width, BlockWidth = Width>, XE_LOAD_2D_VNNI<"},
      {"2D-store", "XE_STORE_2D<Bits, Height, Width>"},
      {"XE_LOAD_2D_VNI<16,8,16>", "XE_LOAD_2D_VNNI<Bits, Height, Width, BlockWidth = Width>"},
      {"dpas", "XE_DPAS_TT<M, TD, TA, TB = TA, TC = TD>"},
      {"tcgen05.ld", "SM100_TMEM_LOAD_32dp32b{1,2,4,8,16,32,64,128}x"},
  };
  for (const auto& [name, needle] : cases) {
    const std::string w = error_of(name);
    EXPECT_EQ(w.rfind("unknown atom: no atom named '", 0), 0u) << name << ": " << w;
    EXPECT_NE(w.find(needle), std::string::npos) << name << ": " << w;
    EXPECT_NE(w.find("; `tvlab atoms` lists them all)"), std::string::npos) << name << ": " << w;
  }
  // A longer word hides the shorter ones inside it: stmatrix is no TMA, cp.async.bulk no cp.async.
  EXPECT_EQ(atoms_by_meaning("stmatrix"),
            (std::vector<std::string>{"SM90_U32x{1,2,4}_STSM_N", "SM90_U16x{2,4,8}_STSM_T"}));
  EXPECT_EQ(error_of("stmatrix").find("SM90_TMA_"), std::string::npos);
  EXPECT_EQ(atoms_by_meaning("cp.async.bulk").size(), 4u);
  EXPECT_EQ(error_of("cp.async.bulk").find("SM80_CP_ASYNC"), std::string::npos);
  EXPECT_TRUE(atoms_by_meaning("SM80_16x8x16_F32F16F16F32_NT").empty());
  // The exact message for a prose name.
  EXPECT_EQ(
      error_of("cp.async"),
      "unknown atom: no atom named 'cp.async' (closest: SM80_CP_ASYNC_{CACHEALWAYS,CACHEGLOBAL}{,_ZFILL}<S, "
      "D = S>; `tvlab atoms` lists them all)");
  // Without a meaning, the 3 nearest spellings however far (as before); after one, only typos.
  EXPECT_EQ(
      error_of("NOPE"),
      "unknown atom: no atom named 'NOPE' (closest: SM61_DP2A, SM61_DP4A, DefaultCopy; `tvlab atoms` lists "
      "them all)");
  // Prose is only letters, digits, spaces and . - / _: anything else stays a syntax error.
  EXPECT_THROW(find_atom("cp.async<16>"), ParseError);
  EXPECT_THROW(find_atom("XE_LOAD_2D<16,8,\a16>"), ParseError);
  EXPECT_THROW(find_atom("ld.matrix;"), ParseError);
  EXPECT_THROW(find_atom("."), ParseError);
  EXPECT_THROW(find_atom(std::string(100, 'a') + ".b"), ParseError);
}

// Every family the meaning table proposes exists, written as its signature.
TEST(Registry, MeaningTableNamesRegisteredFamilies) {
  std::size_t n = 0;
  for (const AtomMeaning& m : atom_meanings()) {
    EXPECT_FALSE(m.words.empty());
    for (const std::string& w : m.words)
      for (char c : w)
        EXPECT_TRUE(std::islower(static_cast<unsigned char>(c)) ||
                    std::isdigit(static_cast<unsigned char>(c)))
            << w;
    for (const std::string& pattern : m.families)
      for (const std::string& sig : expand_braces(pattern)) {
        ++n;
        const AtomFamily* f = registry().family(sig.substr(0, sig.find('<')));
        ASSERT_NE(f, nullptr) << pattern << " -> " << sig;
        EXPECT_EQ(f->signature, sig) << pattern;
      }
  }
  EXPECT_GT(n, 40u);
  EXPECT_EQ(expand_braces("A{1,2}B{,_Z}"), (std::vector<std::string>{"A1B", "A1B_Z", "A2B", "A2B_Z"}));
  EXPECT_EQ(expand_braces("plain<S, D = S>"), (std::vector<std::string>{"plain<S, D = S>"}));
}

TEST(Registry, FamiliesAreUniqueAndDescribed) {
  std::set<std::string> bases;
  for (const AtomFamily& f : registry().families()) {
    EXPECT_TRUE(bases.insert(f.base).second) << "duplicate family " << f.base;
    EXPECT_FALSE(f.signature.empty()) << f.base;
    EXPECT_FALSE(f.ranges.empty()) << f.base;
    EXPECT_TRUE(f.kind == "mma" || f.kind == "copy") << f.base;
    EXPECT_TRUE(f.make != nullptr && f.instances != nullptr) << f.base;
  }
  for (const char* arch : {"xe", "xe-legacy", "sm70", "sm75", "sm80", "sm90", "universal"}) {
    bool found = false;
    for (const AtomFamily& f : registry().families()) found = found || f.arch == arch;
    EXPECT_TRUE(found) << "no atom family for arch " << arch;
  }
}

// Every listed instance builds, under its own canonical name, except the legacy ops that exist
// upstream without usable traits, which say so.
TEST(Registry, InstancesBuildUnderTheirNames) {
  for (const AtomFamily& f : registry().families())
    for (const std::string& name : f.instances()) {
      Atom a;
      try {
        a = find_atom(name);
      } catch (const AtomError& e) {
        EXPECT_NE(e.rule().find("no usable Copy_Traits"), std::string::npos) << name << ": " << e.what();
        continue;
      }
      EXPECT_EQ(atom_name(a), name);
      EXPECT_EQ(std::holds_alternative<MmaAtom>(a), f.kind == "mma") << name;
    }
}

TEST(ValueTypes, NamesAndAliases) {
  EXPECT_EQ(value_type("cute::bfloat16_t").bits, 16);
  EXPECT_EQ(value_type("bf16").name, "bfloat16_t");
  EXPECT_EQ(value_type("half").name, "half_t");
  EXPECT_EQ(value_type("s4").bits, 4);
  EXPECT_EQ(value_type("e4m3").name, "float_e4m3_t");
  EXPECT_EQ(uint_type(128).name, "uint128_t");
  EXPECT_EQ(value_type("cutlass::uint128_t").name, "uint128_t");
  EXPECT_EQ(value_type("cute::uint_bit_t<128>").name, "uint128_t");
  EXPECT_EQ(value_type("uint_bit_t<1>").name, "uint1_t");
  EXPECT_EQ(value_type("int_bit_t<8>").name, "int8_t");
  EXPECT_EQ(value_type("uint_byte_t<4>").name, "uint32_t");
  EXPECT_THROW(value_type("float7"), AtomError);
}

}  // namespace
}  // namespace tvlab
