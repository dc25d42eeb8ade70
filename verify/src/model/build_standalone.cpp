// A named TiledCopy ("copies.NAME"): make_tiled_copy(atom, thr_layout, val_layout), make_tiled_copy_X against
// the MMA, or CuTe's print() of one; with the tensors partition_S / partition_D partition.
#include "build_support.hpp"
#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/composition.hpp"

namespace tvlab::model {

namespace {
// A copy kernel ("block": [M, N], CuTe's tiled_copy.cu): src and dst are the whole global tensors, plain
// layouts of rank 2 and one shape; CTA (bx, by) copies tile (bx, by) of tiled_divide(tensor, block). Whether
// the tensor is a whole number of blocks and the block a whole number of the copy's tiles is verify's
// (block.NAME: the kernel has no predicate, a shape that breaks either is a run-time out-of-tile access); the
// block (0,0) tiles are src_tensor / dst_tensor (for plan --thread) where the block tiles evenly.
void copy_kernel(PlannedCopy& p, const StandaloneCopyConfig& c, const std::string& path) {
  const std::string bp = spec_path(path, "block");
  const std::vector<int64_t>& block = *c.block;
  if (block.size() != 2)
    throw SpecError(bp,
                    "expected [M, N]: the (M, N) block tile one CTA copies (blockIdx.x along M, "
                    "blockIdx.y along N), not " +
                        std::to_string(block.size()) + " modes");
  for (int64_t b : block)
    if (b <= 0) throw SpecError(bp, "expected positive extents, not " + std::to_string(b));
  PlannedCopy::CopyKernel k;
  k.block = block;
  IntTuple shape0;
  for (auto [side, given] : {std::pair{"src", &c.src}, {"dst", &c.dst}}) {
    const std::string sp = spec_path(path, side);
    if (!*given)
      throw SpecError(sp, std::string("missing: a copy kernel (\"block\") copies the global tensor \"src\" "
                                      "into \"dst\"; give both layouts"));
    const CopyTensorConfig& v = **given;
    const std::string lp = v.layout_only ? sp : spec_path(sp, "layout");
    if (v.memory && *v.memory != "gmem")
      throw SpecError(
          spec_path(sp, "memory"),
          "a copy kernel's tensors are global memory (make_gmem_ptr): \"gmem\", not \"" + *v.memory + "\"");
    const SmemLayout any = smem_layout_at(v.layout, lp);
    if (!std::holds_alternative<Layout>(any))
      throw SpecError(lp, "a copy kernel's global tensor is a plain layout (no swizzle): " + to_string(any));
    const Layout& l = std::get<Layout>(any);
    if (rank(l.shape) != 2)
      throw SpecError(lp, "expected a rank-2 (m,n) tensor, tiled by the (M, N) block: " + to_string(l) +
                              " has rank " + std::to_string(rank(l.shape)));
    const IntTuple shape = product_each(l.shape);
    if (std::string(side) == "src")
      shape0 = shape;
    else if (!(shape == shape0))
      throw SpecError(lp, "src has shape " + to_string(shape0) + " and dst " + to_string(shape) +
                              ": the kernel copies tile (bx, by) of each, so they must have one shape");
    (std::string(side) == "src" ? k.src : k.dst) = l;
  }
  // Block (0,0)'s tiles, where the block is a whole number of the copy's tiles and lies in the tensor.
  const IntTuple tile = p.copy.tile_shape();
  bool even = tile.size() == 2;
  for (int i = 0; even && i < 2; ++i)
    even = block[static_cast<std::size_t>(i)] % product(tile[i]) == 0 &&
           block[static_cast<std::size_t>(i)] <= shape0[i].ival();
  if (even) {
    // Block (0,0) of tiled_divide: the tensor's modes cut to the block's extents (by mode: a mode's first
    // B elements in its colexicographic order).
    for (const bool src : {true, false}) {
      const Layout& l = src ? k.src : k.dst;
      PlannedCopy::Tensor t{at(bp, [&] {
        return make_layout({composition(mode(l, 0), make_layout(IntTuple(block[0]))),
                            composition(mode(l, 1), make_layout(IntTuple(block[1])))});
      })};
      t.memory = "gmem";
      (src ? p.src_tensor : p.dst_tensor) = std::move(t);
    }
  }
  p.kernel = std::move(k);
}

// "src" / "dst" of a standalone copy: {"layout": LAYOUT, "memory": "gmem" | "smem" | "ptr"} (or the layout
// alone); each mode of the tile a multiple of the copy's tile, as partition_S / partition_D require.
void copy_tensors(PlannedCopy& p, const StandaloneCopyConfig& c, const std::string& path) {
  if (c.block) return copy_kernel(p, c, path);
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
