// The TiledMMA of a configuration's "mma": the Xe work-group form (TiledMMAHelper: tile + sg_layout), CuTe's
// (make_tiled_mma: atom_layout + permutation) or CuTe's print() of one.
#include "build_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab::model {

namespace {
// The TV layouts are computed on use; computing them here makes a thread layout CuTe rejects (a
// non-injective sg_layout or atom_layout) a SpecError at its path instead of an error out of plan_to_json
// (fuzz finding: tvlab plan exited 3 on "sg_layout": "(2,2,1):(2,2,0)").
TiledMMA with_tv_layouts(TiledMMA m) {
  (void)m.get_layoutA_TV();
  (void)m.get_layoutB_TV();
  (void)m.get_layoutC_TV();
  return m;
}

// mma.print: the TiledMMA CuTe printed; with "atom", the atom it was printed from (cross-checked).
TiledMMA build_printed_mma(const MmaConfig& m, const std::string& path) {
  for (auto [key, given] : {std::pair{"tile", m.tile.has_value()},
                            {"sg_layout", m.sg_layout.has_value()},
                            {"atom_layout", m.atom_layout.has_value()},
                            {"permutation", m.permutation.has_value()}})
    if (given)
      throw SpecError(spec_path(path, key),
                      "the print gives the TiledMMA's thread layout and permutation; give "
                      "\"print\" alone (and \"atom\" to name the atom it was printed from)");
  std::optional<MmaAtom> atom;
  if (m.atom) atom = at(spec_path(path, "atom"), [&] { return find_mma_atom(*m.atom); });
  return at_print(spec_path(path, "print"), [&] { return printed_tiled_mma(*m.print, atom); });
}
}  // namespace

TiledMMA build_mma(const MmaConfig& m, const std::string& path) {
  if (m.print) return build_printed_mma(m, path);
  if (!m.atom)
    throw SpecError(spec_path(path, "atom"),
                    "missing: the MMA atom's name, e.g. XE_DPAS_TT<8,float,bfloat16_t>");
  const MmaAtom atom = at(spec_path(path, "atom"), [&] { return find_mma_atom(*m.atom); });
  if (m.tile || m.sg_layout) {
    if (m.atom_layout || m.permutation)
      throw SpecError(
          path, "give either tile + sg_layout (Xe work-group form) or atom_layout + permutation, not both");
    if (!m.tile) throw SpecError(spec_path(path, "tile"), "missing: [M, N, K] of the work-group tile");
    for (std::size_t i = 0; i < 3; ++i)
      if ((*m.tile)[i] <= 0 || (*m.tile)[i] > (int64_t(1) << 24))
        throw SpecError(spec_index(spec_path(path, "tile"), i), "expected a positive integer up to 2^24");
    const Layout sg_layout = m.sg_layout ? parse_layout(*m.sg_layout, spec_path(path, "sg_layout"))
                                         : make_layout(make_shape(1, 1, 1), make_stride(0, 0, 0));
    return at(m.sg_layout ? spec_path(path, "sg_layout") : spec_path(path, "tile"),
              [&] { return with_tv_layouts(make_xe_tiled_mma(atom, *m.tile, sg_layout)); });
  }
  const Layout atom_layout =
      m.atom_layout ? parse_layout(*m.atom_layout, spec_path(path, "atom_layout")) : Layout();
  const Tiler perm =
      m.permutation ? parse_permutation(*m.permutation, spec_path(path, "permutation")) : Tiler(Underscore{});
  return at(m.atom_layout ? spec_path(path, "atom_layout") : path,
            [&] { return with_tv_layouts(make_tiled_mma(atom, atom_layout, perm)); });
}

// What plan says of a printed MMA: the print's format and its atom (named and checked, or the registry's
// atoms with its layouts).
std::string mma_origin(const TiledMMA& m, PrintFormat format) {
  const std::string from = std::string(to_string(format)) + " print";
  if (!m.atom.printed) return from + "; its layouts are " + m.atom.name + "'s (checked)";
  const std::vector<std::string> names = mma_atoms_with_layouts(m.atom);
  if (names.empty())
    return from +
           "; the atom is not named, and its layouts are none of the atoms tvlab lists by name (families "
           "listed by their parameters, such as UniversalFMA and SM100 UMMA, are not searched)";
  std::string list;
  for (std::size_t i = 0; i < names.size() && i < 4; ++i) list += (i ? ", " : "") + names[i];
  if (names.size() > 4) list += ", ... (" + std::to_string(names.size()) + " atoms)";
  return from + "; the atom is not named: its layouts are those of " + list;
}

}  // namespace tvlab::model
