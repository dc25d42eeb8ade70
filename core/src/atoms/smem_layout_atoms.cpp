#include "tvlab/core/atoms/smem_layout_atoms.hpp"

#include <cctype>

#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/composed_layout.hpp"
#include "tvlab/core/error.hpp"

namespace tvlab {

namespace {

struct AtomBits {
  const char* stem;  // e.g. "Layout_K_SW128_Atom"
  bool umma_only;    // Layout_MN_SW128_32B_Atom
  int b, m, s;       // the swizzle on byte addresses
  int64_t rows, cols, row_stride, col_stride;
};

// The _Bits atoms in bit units (smem_ptr[1b]).
const AtomBits kAtoms[] = {
    {"Layout_MN_INTER_Atom", false, 0, 4, 3, 128, 8, 1, 128},
    {"Layout_MN_SW32_Atom", false, 1, 4, 3, 256, 8, 1, 256},
    {"Layout_MN_SW64_Atom", false, 2, 4, 3, 512, 8, 1, 512},
    {"Layout_MN_SW128_Atom", false, 3, 4, 3, 1024, 8, 1, 1024},
    {"Layout_K_INTER_Atom", false, 0, 4, 3, 8, 128, 128, 1},
    {"Layout_K_SW32_Atom", false, 1, 4, 3, 8, 256, 256, 1},
    {"Layout_K_SW64_Atom", false, 2, 4, 3, 8, 512, 512, 1},
    {"Layout_K_SW128_Atom", false, 3, 4, 3, 8, 1024, 1024, 1},
    {"Layout_MN_SW128_32B_Atom", true, 2, 5, 2, 1024, 4, 1, 1024},
};

ComposedLayout bits_atom(const AtomBits& a) {
  return ComposedLayout::smem(Swizzle(a.b, a.m, a.s), 1,
                              Layout(make_shape(a.rows, a.cols), make_stride(a.row_stride, a.col_stride)));
}

bool consume(std::string_view& s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix) return false;
  s.remove_prefix(prefix.size());
  return true;
}

}  // namespace

std::string canonical_atom_name(std::string_view text) {
  std::string out;
  for (char ch : text)
    if (!std::isspace(static_cast<unsigned char>(ch))) out += ch;
  for (std::size_t p; (p = out.find("cute::")) != std::string::npos;) out.erase(p, 6);
  return out;
}

std::optional<ComposedLayout> smem_layout_atom(std::string_view name) {
  std::string_view s = name;
  bool umma = false;
  if (consume(s, "SM90::GMMA::") || consume(s, "GMMA::"))
    umma = false;
  else if (consume(s, "UMMA::"))
    umma = true;
  else
    return std::nullopt;
  for (const AtomBits& a : kAtoms) {
    std::string_view rest = s;
    if (!consume(rest, a.stem)) continue;
    if (a.umma_only && !umma) continue;
    if (rest == "_Bits") {
      // UMMA re-exports only the <T> templates of GMMA; its own _Bits atom is the 32B one.
      if (umma && !a.umma_only) return std::nullopt;
      return bits_atom(a);
    }
    if (rest.size() < 2 || rest.front() != '<' || rest.back() != '>') continue;
    std::string_view t = rest.substr(1, rest.size() - 2);
    consume(t, "cutlass::");
    const auto vt = parse_value_type(t);
    if (!vt)
      throw LayoutError("Unknown value type",
                        "'" + std::string(t) + "' in " + std::string(name) +
                            " (expected a value type such as half_t, bfloat16_t, float, int8_t)");
    AnyLayout up = upcast(bits_atom(a), vt->bits);
    return std::get<ComposedLayout>(up);  // a flagged layout never decays
  }
  return std::nullopt;
}

const std::vector<std::string>& smem_layout_atom_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const char* ns : {"GMMA::", "UMMA::"})
      for (const AtomBits& a : kAtoms) {
        const bool umma = std::string(ns) == "UMMA::";
        if (a.umma_only && !umma) continue;
        out.push_back(std::string(ns) + a.stem + "<T>");
        if (!umma || a.umma_only) out.push_back(std::string(ns) + a.stem + "_Bits");
      }
    return out;
  }();
  return names;
}

}  // namespace tvlab
