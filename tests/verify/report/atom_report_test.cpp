#include "tvlab/verify/report/atom_report.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "../verify_test_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab {
namespace {

using ojson = nlohmann::ordered_json;

// The README's `tvlab show 'XE_LOAD_2D_VNNI<16,4,16>'`.
const char* kVnniText = R"(XE_LOAD_2D_VNNI<16,4,16>: copy atom (xe)
  value type  uint16_t (16 bits; the atom copies 16-bit elements)
  block 2D    VNNI load, Bits = 16, Height = 4, Width = 16, BlockWidth = 16
  thr_id      16:1
  bits src    (16,(16,2,2)):(0,(1,128,512))   (thr,bit) -> bit
  bits dst    ((2,8),(16,2,2)):((256,16),(1,128,512))
  bits ref    ((2,8),(16,2,2)):((256,16),(1,128,512))
  values src  (16,(1,2,2)):(0,(1,8,32))   (thr,val) -> uint16_t offset
  values dst  ((2,8),(1,2,2)):((16,1),(1,8,32))
  values ref  ((2,8),(1,2,2)):((16,1),(1,8,32))
  prefetch    XE_PREFETCH_2D<16,4,16>

Ref tile (Height x Width = 4 x 16 uint16_t values, offset x + 16*y): rows y, columns x;
each cell lists the (thread, value) pairs TtVv holding it ('.' none, '/' several, '+n' n more)
  y\x     0     1     2     3     4     5     6     7     8     9    10    11    12    13    14    15
    0  T0V0  T2V0  T4V0  T6V0  T8V0 T10V0 T12V0 T14V0  T0V1  T2V1  T4V1  T6V1  T8V1 T10V1 T12V1 T14V1
    1  T1V0  T3V0  T5V0  T7V0  T9V0 T11V0 T13V0 T15V0  T1V1  T3V1  T5V1  T7V1  T9V1 T11V1 T13V1 T15V1
    2  T0V2  T2V2  T4V2  T6V2  T8V2 T10V2 T12V2 T14V2  T0V3  T2V3  T4V3  T6V3  T8V3 T10V3 T12V3 T14V3
    3  T1V2  T3V2  T5V2  T7V2  T9V2 T11V2 T13V2 T15V2  T1V3  T3V3  T5V3  T7V3  T9V3 T11V3 T13V3 T15V3
)";

// CuTe's print(copy_atom) of SM75_U32x4_LDSM_N over half_t
// (tests/data/cute/prints/cpp/atom_copy_ldsm_n_f16.txt).
const char* kLdsmPrint = R"(Copy_Atom
  ThrID:        _32:_1
  ValLayoutSrc: (_32,_8):(_8,_1)
  ValLayoutDst: (_32,(_2,_4)):(_2,(_1,_64))
  ValLayoutRef: (_32,(_2,_4)):(_2,(_1,_64))
  ValueType:    16b
)";

const char* kMmaPrint = R"(MMA_Atom
  ThrID:      _32:_1
  Shape_MNK:  (_16,_8,_16)
  LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))
  LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))
  LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))
)";

// `tvlab show --json` of some atoms.
// clang-format off
const char* kVnniJson = R"j({"kind":"copy","name":"XE_LOAD_2D_VNNI<16,4,16>","thr_id":"16:1","bits":{"src":"(16,(16,2,2)):(0,(1,128,512))","dst":"((2,8),(16,2,2)):((256,16),(1,128,512))","ref":"((2,8),(16,2,2)):((256,16),(1,128,512))"},"value_type":"uint16_t","values":{"src":"(16,(1,2,2)):(0,(1,8,32))","dst":"((2,8),(1,2,2)):((16,1),(1,8,32))","ref":"((2,8),(1,2,2)):((16,1),(1,8,32))"}})j";
const char* kDpasJson = R"j({"kind":"mma","name":"XE_DPAS_TT<8,float,bfloat16_t>","shape_mnk":[8,16,16],"thr_id":"16:1","a":"(16,8):(8,1)","b":"((2,8),(2,8)):((16,1),(8,32))","c":"(16,8):(8,1)","types":{"d":"float","a":"bfloat16_t","b":"bfloat16_t","c":"float"}})j";
const char* kLdsmHalfJson = R"j({"kind":"copy","name":"SM75_U32x4_LDSM_N","thr_id":"32:1","bits":{"src":"(32,128):(128,1)","dst":"(32,(32,4)):(32,(1,1024))","ref":"(32,(32,4)):(32,(1,1024))"},"value_type":"half_t","values":{"src":"(32,8):(8,1)","dst":"(32,(2,4)):(2,(1,64))","ref":"(32,(2,4)):(2,(1,64))"}})j";
const char* kLdsmPrintJson = R"j({"kind":"copy","name":"Copy_Atom (printed)","thr_id":"32:1","bits":{"src":"(32,128):(128,1)","dst":"(32,(32,4)):(32,(1,1024))","ref":"(32,(32,4)):(32,(1,1024))"},"value_type":"uint16_t","values":{"src":"(32,8):(8,1)","dst":"(32,(2,4)):(2,(1,64))","ref":"(32,(2,4)):(2,(1,64))"},"printed":true})j";
// clang-format on

// The ShowInputError a call throws (a failure when it throws none).
ShowInputError show_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const ShowInputError& e) {
    return e;
  }
  ADD_FAILURE() << "no ShowInputError";
  return ShowInputError("", "", "", "");
}

TEST(AtomReport, ReadmeVnniText) {
  EXPECT_EQ(atom_text(show_atom("XE_LOAD_2D_VNNI<16,4,16>")), kVnniText);
  // The atom held already (find_atom), in its own width: the same.
  EXPECT_EQ(atom_text(find_atom("XE_LOAD_2D_VNNI<16,4,16>")), kVnniText);
}

TEST(AtomReport, JsonLiterals) {
  EXPECT_EQ(atom_json(show_atom("XE_LOAD_2D_VNNI<16,4,16>")).dump(), kVnniJson);
  EXPECT_EQ(atom_json(show_atom("XE_DPAS_TT<8,float,bfloat16_t>")).dump(), kDpasJson);
  // Copy_Atom<Op, T> names the value type; a given one (or its alias) is the same.
  EXPECT_EQ(atom_json(show_atom("SM75_U32x4_LDSM_N", "half_t")).dump(), kLdsmHalfJson);
  EXPECT_EQ(atom_json(show_atom("Copy_Atom<SM75_U32x4_LDSM_N, half_t>")).dump(), kLdsmHalfJson);
  EXPECT_EQ(atom_json(show_atom("SM75_U32x4_LDSM_N", "f16")).dump(), kLdsmHalfJson);
  EXPECT_EQ(atom_json(find_atom("SM75_U32x4_LDSM_N"), value_type("half_t")).dump(), kLdsmHalfJson);
  EXPECT_EQ(show_atom("SM75_U32x4_LDSM_N").value_type->name, "uint32_t");
}

TEST(AtomReport, TextLiterals) {
  const std::string dpas = atom_text(show_atom("XE_DPAS_TT<8,float,bfloat16_t>"));
  EXPECT_EQ(dpas.substr(0, dpas.find("\nA (M x K")),
            R"(XE_DPAS_TT<8,float,bfloat16_t>: MMA atom (xe)
  shape_mnk   (8,16,16)  M = 8, N = 16, K = 16
  types       D = float, A = bfloat16_t, B = bfloat16_t, C = float
  thr_id      16:1
  a           (16,8):(8,1)   (thr,val) -> m + 8*k
  b           ((2,8),(2,8)):((16,1),(8,32))   (thr,val) -> n + 16*k
  c           (16,8):(8,1)   (thr,val) -> m + 8*n

Each cell lists the (thread, value) pairs TtVv that hold the element ('.' none, '/' several, '+n' n more).
)");
  const std::string ldsm = atom_text(show_atom("SM75_U32x4_LDSM_N", "half_t"));
  EXPECT_NE(ldsm.find("  values src  (32,8):(8,1)   (thr,val) -> half_t offset\n"), std::string::npos);
  EXPECT_NE(ldsm.find("Ref value offsets (in half_t elements) held by each thread, V0 first:\n"
                      "  T0:    0   1  64  65 128 129 192 193\n"),
            std::string::npos);
  // SM100 UMMA: the accumulator in tensor memory; a TMEM load: each register's lane:column.
  EXPECT_NE(atom_text(show_atom("SM100_MMA_F16BF16_SS<half_t,half_t,float,64,8,K,K>"))
                .find("  lanes 32..47: rows 16..31, n 0..7 in columns 0..7\n"),
            std::string::npos);
  EXPECT_NE(atom_text(show_atom("SM100_TMEM_LOAD_16dp64b1x")).find("  T1:      8:0\n"), std::string::npos);
  // A GMMA's C tile is cut to 64 columns.
  EXPECT_NE(atom_text(show_atom("SM90_64x256x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>"))
                .find("showing 64 of 64 rows and 64 of 256 columns"),
            std::string::npos);
}

TEST(AtomReport, Printed) {
  const ShownAtom copy = show_printed_atom(kLdsmPrint, std::nullopt, PrintedRef::Given, "atom.txt");
  EXPECT_EQ(atom_json(copy).dump(), kLdsmPrintJson);
  // In half_t, the named atom's layouts (all but the first line, which names the atom).
  const std::string printed = atom_text(show_printed_atom(kLdsmPrint, "half_t"));
  const std::string named = atom_text(show_atom("SM75_U32x4_LDSM_N", "half_t"));
  EXPECT_EQ(printed.substr(0, printed.find('\n')), "Copy_Atom (printed): copy atom (from CuTe's print)");
  const std::string printed_values = printed.substr(printed.find("  values src")),
                    named_values = named.substr(named.find("  values src"));
  EXPECT_EQ(printed_values, named_values);
  // An MMA print: the layouts of the atom, no value types.
  const std::string mma = atom_text(show_printed_atom(kMmaPrint));
  const std::string sm80 = atom_text(show_atom("SM80_16x8x16_F32F16F16F32_TN"));
  EXPECT_NE(mma.find("  types       unknown: a print carries no value types\n"), std::string::npos);
  EXPECT_EQ(mma.substr(mma.find("  thr_id")), sm80.substr(sm80.find("  thr_id")));
  const ojson j = atom_json(show_printed_atom(kMmaPrint));
  EXPECT_TRUE(j["types"].is_null());
  EXPECT_EQ(j["printed"], true);
}

TEST(AtomReport, BadNames) {
  ShowInputError e = show_error([] { show_atom("XE_LOAD_2D<16,x"); });
  EXPECT_EQ(e.kind(), "atom name");
  EXPECT_EQ(e.where(), "XE_LOAD_2D<16,x");
  EXPECT_EQ(e.option(), "ATOM");
  EXPECT_EQ(e.column(), std::optional<std::size_t>(16));
  EXPECT_STREQ(e.what(), "missing '>' at the end of the atom name");

  e = show_error([] { show_atom("XE_LOAD_2D<16,64,16>"); });
  EXPECT_EQ(e.kind(), "invalid atom");
  EXPECT_EQ(e.where(), "XE_LOAD_2D<16,64,16>");
  EXPECT_EQ(e.option(), "ATOM");
  EXPECT_FALSE(e.column());
  EXPECT_STREQ(e.what(), "XE_LOAD_2D: 1 <= Height <= 32: XE_LOAD_2D<16,64,16>: Height = 64");

  e = show_error([] { show_atom("DefaultCpy"); });
  EXPECT_EQ(e.kind(), "invalid atom");
  EXPECT_NE(std::string(e.what()).find("closest: UniversalCopy<S, D = S>, DefaultCopy"), std::string::npos);
}

TEST(AtomReport, BadValueTypes) {
  ShowInputError e = show_error([] { show_atom("XE_DPAS_TT<8,float,bfloat16_t>", "half_t"); });
  EXPECT_EQ(e.kind(), "value type");
  EXPECT_EQ(e.where(), "--value-type half_t");
  EXPECT_EQ(e.option(), "--value-type");
  EXPECT_STREQ(
      e.what(),
      "--value-type applies to copy atoms; XE_DPAS_TT<8,float,bfloat16_t> is an MMA atom with types D = "
      "float, A = bfloat16_t, B = bfloat16_t, C = float");
  e = show_error([] { shown_atom(find_atom("XE_DPAS_TT<8,float,bfloat16_t>"), value_type("f16")); });
  EXPECT_EQ(e.kind(), "value type");
  EXPECT_EQ(e.where(), "--value-type half_t");

  e = show_error([] { show_atom("SM75_U32x4_LDSM_N", "halfish"); });
  EXPECT_EQ(e.kind(), "value type");
  EXPECT_EQ(e.where(), "--value-type halfish");
  EXPECT_EQ(e.option(), "--value-type");
  EXPECT_EQ(
      std::string(e.what()).rfind("unknown value type: 'halfish' is not one of: float double half_t", 0), 0u);

  // Copy_Atom<Op, T>'s T is the atom's input.
  e = show_error([] { show_atom("Copy_Atom<SM75_U32x4_LDSM_N,halfish>"); });
  EXPECT_EQ(e.kind(), "value type");
  EXPECT_EQ(e.where(), "SM75_U32x4_LDSM_N");
  EXPECT_EQ(e.option(), "ATOM");

  e = show_error([] { show_atom("SM75_U32x4_LDSM_N", "double"); });
  EXPECT_EQ(e.kind(), "invalid value type");
  EXPECT_EQ(e.where(), "SM75_U32x4_LDSM_N with double");
  EXPECT_EQ(e.option(), "--value-type");
  EXPECT_STREQ(
      e.what(),
      "SM75_U32x4_LDSM_N: CopyBits % ValBits == 0: a 64-bit value type does not divide the copy width of "
      "32 bits");
  e = show_error([] { show_atom("Copy_Atom<SM75_U32x4_LDSM_N,double>"); });
  EXPECT_EQ(e.kind(), "invalid value type");
  EXPECT_EQ(e.option(), "ATOM");
  e = show_error([] { show_atom("XE_LOAD_2D<16,8,16>", "float"); });
  EXPECT_EQ(e.where(), "XE_LOAD_2D<16,8,16> with float");
  EXPECT_STREQ(
      e.what(),
      "XE_LOAD_2D: CopyBits % ValBits == 0: XE_LOAD_2D<16,8,16>: a 32-bit value type does not divide the "
      "16-bit copy element");
  e = show_error([] { atom_text(find_atom("XE_LOAD_2D<16,8,16>"), value_type("float")); });
  EXPECT_EQ(e.kind(), "invalid value type");
}

TEST(AtomReport, BadPrints) {
  ShowInputError e =
      show_error([] { show_printed_atom(kLdsmPrint, "float", PrintedRef::Given, "atom.txt"); });
  EXPECT_EQ(e.kind(), "invalid print");
  EXPECT_EQ(e.where(), "atom.txt");
  EXPECT_EQ(e.option(), "--value-type");
  EXPECT_STREQ(e.what(), "line 1: the print's values are 16-bit, float is 32-bit");

  e = show_error([] { show_printed_atom(kMmaPrint, "half_t", PrintedRef::Given, "mma.txt"); });
  EXPECT_EQ(e.kind(), "invalid print");
  EXPECT_EQ(e.where(), "mma.txt");
  EXPECT_EQ(e.option(), "--value-type");
  EXPECT_STREQ(e.what(), "--value-type applies to copy atoms; this is an MMA atom's print");

  e = show_error([] {
    show_printed_atom(std::string(kLdsmPrint) + kLdsmPrint, std::nullopt, PrintedRef::Given, "two");
  });
  EXPECT_EQ(e.kind(), "invalid print");
  EXPECT_EQ(e.option(), "ATOM");
  EXPECT_STREQ(e.what(), "holds 2 prints; show takes one atom's");

  e = show_error(
      [] { show_printed_atom("MMA_Atom\n  garbage\n", std::nullopt, PrintedRef::Given, "bad.txt"); });
  EXPECT_EQ(e.kind(), "invalid print");
  EXPECT_EQ(e.where(), "bad.txt");
  EXPECT_STREQ(e.what(), "line 2: expected 'Key: value' in a MMA_Atom print, got 'garbage'");

  e = show_error([] { show_printed_atom(kLdsmPrint, "halfish", PrintedRef::Given, "atom.txt"); });
  EXPECT_EQ(e.kind(), "value type");
  EXPECT_EQ(e.where(), "--value-type halfish");
  EXPECT_EQ(e.option(), "--value-type");

  // A CuTe DSL print whose Src and Dst differ needs the reference side.
  const std::string dsl = test::read_data("cute/prints/dsl/copy_ldsm_t_b_sm80.txt");
  e = show_error([&] { show_printed_atom(dsl, std::nullopt, PrintedRef::Given, "dsl.txt"); });
  EXPECT_EQ(e.kind(), "invalid print");
  EXPECT_EQ(std::string(e.what()).rfind(
                "line 1: CuTe DSL prints no Ref layout and this atom's Src and Dst differ", 0),
            0u);
  const std::string dst = atom_text(show_printed_atom(dsl, std::nullopt, PrintedRef::Dst, "dsl.txt"));
  const std::string named = atom_text(show_atom("SM75_U16x8_LDSM_T", "half_t"));
  EXPECT_EQ(dst.substr(dst.find("  values src"), dst.find("\n\n") - dst.find("  values src")),
            named.substr(named.find("  values src"), named.find("\n\n") - named.find("  values src")));
}

// The text states what the JSON holds: every layout and type in the object is on its line of the text.
TEST(AtomReport, JsonAndTextAgree) {
  const std::vector<std::pair<std::string, std::optional<std::string>>> atoms = {
      {"XE_LOAD_2D_VNNI<16,4,16>", std::nullopt},
      {"XE_LOAD_2D<8,8,32>", "u4"},
      {"SM75_U32x4_LDSM_N", "half_t"},
      {"SM75_U16x8_LDSM_T", std::nullopt},
      {"UniversalCopy<uint128_t>", "half_t"},
      {"AutoVectorizingCopy", "float"},
      {"SM100_TMEM_LOAD_16dp256b1x", std::nullopt},
      {"XE_2D_U16x32x32_LD_N", std::nullopt},
      {"XE_DPAS_TT<8,float,bfloat16_t>", std::nullopt},
      {"SM80_16x8x16_F32F16F16F32_TN", std::nullopt},
      {"SM89_16x8x32_F32E4M3E5M2F32_TN", std::nullopt},
      {"SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,128,UMMA::Major::K,UMMA::Major::MN>",
       std::nullopt},
      {"SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue8m0_t,32>",
       std::nullopt},
  };
  // "  name        value" on a line of its own (exact: the value ends there or an explanation follows).
  auto has_line = [](const std::string& text, const std::string& name, const std::string& value,
                     bool exact = true) {
    const std::string key = "\n  " + name + std::string(name.size() < 12 ? 12 - name.size() : 1, ' ') + value;
    const std::size_t at = text.find(key);
    return at != std::string::npos &&
           (!exact || text[at + key.size()] == '\n' || text[at + key.size()] == ' ');
  };
  for (const auto& [name, type] : atoms) {
    SCOPED_TRACE(name);
    const ShownAtom shown = show_atom(name, type);
    const std::string text = atom_text(shown);
    const ojson j = atom_json(shown);
    EXPECT_EQ(text.rfind(
                  j["name"].get<std::string>() + ": " + (j["kind"] == "mma" ? "MMA" : "copy") + " atom (", 0),
              0u);
    EXPECT_TRUE(has_line(text, "thr_id", j["thr_id"].get<std::string>()));
    if (j["kind"] == "mma") {
      const auto& s = j["shape_mnk"];
      const std::string m = s[0].dump(), n = s[1].dump(), k = s[2].dump();
      EXPECT_TRUE(has_line(text, "shape_mnk",
                           "(" + m + "," + n + "," + k + ")  M = " + m + ", N = " + n + ", K = " + k));
      const auto& t = j["types"];
      EXPECT_TRUE(has_line(text, "types",
                           "D = " + t["d"].get<std::string>() + ", A = " + t["a"].get<std::string>() +
                               ", B = " + t["b"].get<std::string>() + ", C = " + t["c"].get<std::string>()));
      for (const char* x : {"a", "b", "c"}) EXPECT_TRUE(has_line(text, x, j[x].get<std::string>())) << x;
      for (const char* group : {"params", "layouts"}) {
        if (!j.contains(group)) continue;
        for (const auto& [key, value] : j[group].items()) {
          EXPECT_TRUE(has_line(text, key, value.get<std::string>())) << key;
        }
      }
      EXPECT_EQ(j.contains("scope"), text.find("CTA-scoped") != std::string::npos);
    } else {
      const std::string vt = j["value_type"].get<std::string>();
      EXPECT_TRUE(has_line(text, "value type", vt + " (", false));
      for (const char* side : {"src", "dst", "ref"}) {
        EXPECT_TRUE(has_line(text, std::string("bits ") + side, j["bits"][side].get<std::string>())) << side;
        EXPECT_TRUE(has_line(text, std::string("values ") + side, j["values"][side].get<std::string>()))
            << side;
      }
      if (j.contains("val_id")) {
        EXPECT_TRUE(has_line(text, "val_id", j["val_id"].get<std::string>()));
      }
      if (j.contains("max_vec_bits")) {
        EXPECT_TRUE(has_line(text, "vectorize", "up to " + j["max_vec_bits"].dump() + " bits", false));
      }
    }
  }
}

}  // namespace
}  // namespace tvlab
