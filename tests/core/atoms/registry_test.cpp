#include "tvlab/core/atoms/registry.hpp"

#include <gtest/gtest.h>

#include <set>

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

TEST(Registry, UnknownNamesSuggestCloseOnes) {
  try {
    find_atom("XE_LOAD_2DD<16,8,16>");
    FAIL();
  } catch (const AtomError& e) {
    EXPECT_EQ(e.rule(), "unknown atom");
    EXPECT_NE(std::string(e.what()).find("XE_LOAD_2D<Bits"), std::string::npos) << e.what();
  }
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
  EXPECT_THROW(value_type("float7"), AtomError);
}

}  // namespace
}  // namespace tvlab
