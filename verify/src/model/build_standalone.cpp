// A named TiledCopy ("copies.NAME"): make_tiled_copy(atom, thr_layout, val_layout), make_tiled_copy_X against
// the MMA, or CuTe's print() of one; with the tensors partition_S / partition_D partition.
#include "build_support.hpp"
#include "tvlab/core/atoms/registry.hpp"

namespace tvlab::model {

namespace {
// "src" / "dst" of a standalone copy: {"layout": LAYOUT, "memory": "gmem" | "smem" | "ptr"} (or the layout
// alone); each mode of the tile a multiple of the copy's tile, as partition_S / partition_D require.
void copy_tensors(PlannedCopy& p, const StandaloneCopyConfig& c, const std::string& path) {
  for (auto [side, given] : {std::pair{"src", &c.src}, {"dst", &c.dst}}) {
    if (!*given) continue;
    const CopyTensorConfig& v = **given;
    const std::string sp = spec_path(path, side);
    const std::string lp = v.layout_only ? sp : spec_path(sp, "layout");
    PlannedCopy::Tensor t{smem_layout_at(v.layout, lp)};
    if (v.memory) {
      t.memory = *v.memory;
      if (t.memory != "gmem" && t.memory != "smem" && t.memory != "ptr")
        throw SpecError(spec_path(sp, "memory"), "expected gmem, smem or ptr, not \"" + t.memory + "\"");
    }
    const Layout& in = inner_layout(t.layout);
    const IntTuple tile = p.copy.tile_shape();
    const IntTuple shape = product_each(in.shape);
    bool fits = shape.size() >= tile.size();
    for (int i = 0; fits && i < tile.size(); ++i) fits = shape[i].ival() % product(tile[i]) == 0;
    if (!fits)
      throw SpecError(lp, "the tensor " + to_string(t.layout) + " (shape " + to_string(shape) +
                              ") is no multiple of the copy's tile " + to_string(tile) + " mode by mode");
    (std::string(side) == "src" ? p.src_tensor : p.dst_tensor) = std::move(t);
  }
}
}  // namespace

PlannedCopy build_standalone(const StandaloneCopyConfig& s, const std::string& path,
                             const std::optional<TiledMMA>& mma) {
  const CopyConfig& c = s.copy;
  PlannedCopy p;
  p.name = s.name;
  if (c.print) {
    if (s.operand) throw SpecError(spec_path(path, "operand"), "a printed copy is not tiled against the MMA");
    std::optional<ValueType> vt;
    if (c.value_type) vt = value_type_at(*c.value_type, spec_path(path, "value_type"));
    p.how = "print";
    p.copy = printed_copy(c, path, vt);
    // The values the copy moves: the given type, else the print's.
    p.mem_type = vt ? *vt : at_print(spec_path(path, "print"), [&] { return printed_value_type(*c.print); });
    return p;
  }
  if (!c.atom) throw SpecError(spec_path(path, "atom"), "missing: the copy atom's name");
  const CopyAtom atom = copy_atom_at(*c.atom, spec_path(path, "atom"));
  const ValueType vt =
      c.value_type ? value_type_at(*c.value_type, spec_path(path, "value_type")) : uint_type(atom.copy_bits);
  if (c.from_mma.value_or(false)) {
    if (!mma) throw SpecError(spec_path(path, "from_mma"), "needs an \"mma\"");
    const std::string operand = s.operand.value_or("C");
    if (operand != "A" && operand != "B" && operand != "C" && operand != "D")
      throw SpecError(spec_path(path, "operand"), "expected A, B, C or D");
    p.how = "from_mma";
    p.copy = at(path, [&] { return from_mma(atom, vt, *mma, operand); });
    copy_tensors(p, s, path);
    return p;
  }
  p.how = "thr_val";
  p.copy = thr_val_copy(atom, vt, c, path);
  copy_tensors(p, s, path);
  return p;
}

}  // namespace tvlab::model
