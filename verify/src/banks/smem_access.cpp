#include "tvlab/verify/banks/smem_access.hpp"

#include <functional>

#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {
// A flat integer layout evaluated by mixed radix: the hot path of smem_instruction (same result as
// Layout::operator()(int64_t), without building IntTuples).
struct FlatLayout {
  std::vector<int64_t> shape, stride;
  explicit FlatLayout(const Layout& l) {
    for (const Scalar& s : leaves(l.shape)) shape.push_back(s.value);
    for (const Scalar& d : leaves(l.stride)) stride.push_back(d.value);
  }
  int64_t operator()(int64_t i) const {
    int64_t r = 0;
    for (std::size_t k = 0; k < shape.size(); ++k) {
      r = checked_add(r, checked_mul(i % shape[k], stride[k]));
      i /= shape[k];
    }
    return r;
  }
};

void check_integer_valued(const Layout& l) {
  for (const Scalar& s : leaves(l.stride))
    if (s.is_basis())
      throw BankError("the shared-memory layout " + to_string(l) +
                      " is coordinate-valued; expected tile coordinate -> element offset");
}
}  // namespace

SmemLayout parse_smem_layout(std::string_view text) {
  Value v;
  try {
    v = evaluate(text);
  } catch (const EvalError& e) {
    throw BankError("column " + std::to_string(e.column()) + ": " + e.subject() + ": " + e.what());
  } catch (const LayoutError& e) {
    throw BankError(e.what());
  }
  SmemLayout out;
  if (auto* l = std::get_if<Layout>(&v)) {
    out = *l;
  } else if (auto* c = std::get_if<ComposedLayout>(&v)) {
    out = *c;
  } else if (std::holds_alternative<NestedLayout>(v)) {
    throw BankError(
        "'" + std::string(text) + "' is " + to_string(v) +
        ", a nested composed layout (a swizzle over a swizzled layout); a shared-memory layout has one "
        "swizzle: SHAPE:STRIDE or Sw<B,M,S> o [k o] SHAPE:STRIDE");
  } else {
    throw BankError("'" + std::string(text) + "' is " + to_string(v) +
                    ", not a layout (expected SHAPE:STRIDE or Sw<B,M,S> o SHAPE:STRIDE)");
  }
  const Layout& inner = inner_layout(out);
  check_integer_valued(inner);
  try {
    validate(inner);
  } catch (const LayoutError& e) {
    throw BankError(e.what());
  }
  if (auto* c = std::get_if<ComposedLayout>(&out);
      c && (!c->offset.is_leaf() || c->offset.value().is_basis()))
    throw BankError("the swizzled layout's offset " + to_string(c->offset) + " is not an integer");
  return out;
}

int64_t smem_tile_size(const SmemLayout& l) {
  return std::holds_alternative<Layout>(l) ? size(std::get<Layout>(l))
                                           : size(std::get<ComposedLayout>(l).layout);
}

namespace {
// THE layout -> element offset rule (smem_element_offset), over a pre-flattened inner layout: core's
// element_offset (pointer swizzles act on byte addresses) with the inner layout evaluated by mixed radix.
int64_t element_offset(const SmemLayout& l, const FlatLayout& inner, int64_t i, int value_bits) {
  if (std::holds_alternative<Layout>(l)) return inner(i);
  const ComposedLayout& c = std::get<ComposedLayout>(l);
  try {
    return swizzle_element_offset(c, checked_add(c.offset.value().value, inner(i)), value_bits);
  } catch (const LayoutError& e) {
    throw BankError(e.what());
  }
}
}  // namespace

int64_t smem_element_offset(const SmemLayout& l, int64_t i, int value_bits) {
  if (value_bits <= 0) throw BankError("element width must be positive");
  const Layout& inner = inner_layout(l);
  return element_offset(l, FlatLayout(inner), i, value_bits);
}

std::vector<int64_t> smem_element_offsets(const SmemLayout& l, int64_t n, int value_bits) {
  if (value_bits <= 0) throw BankError("element width must be positive");
  const FlatLayout inner(inner_layout(l));
  std::vector<int64_t> out(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i) out[static_cast<std::size_t>(i)] = element_offset(l, inner, i, value_bits);
  return out;
}

namespace {
// The common part: lanes x vals tile indices given by index(l, v) (nullopt lanes: no address).
// offset(t): tile index t's element offset (smem_element_offset, or a table of them).
template <class Index, class Offset>
SmemInstruction build_instruction(int64_t tile, int64_t lanes, int64_t vals, const ValueType& type,
                                  const SmemOp& op, const BankModel& model, const char* what,
                                  const Index& index, const Offset& offset) {
  const int bits = type.bits;
  int64_t used_lanes = lanes;
  if (op.is_matrix() && 8 * op.matrices > model.lanes)  // ldmatrix/stmatrix on a model of narrower subgroups
    throw BankError(to_string(op) + " exists only on NVIDIA GPUs (model " + model.name + ")");
  if (op.is_matrix()) {
    if (lanes != 8 * op.matrices && lanes != 32)
      throw BankError(std::string(what) + " has " + std::to_string(lanes) + " lanes; " + to_string(op) +
                      " takes " + std::to_string(8 * op.matrices) + " address lanes (or 32, of which lanes " +
                      std::to_string(8 * op.matrices) + ".. give no address)");
    used_lanes = 8 * op.matrices;
  } else if (lanes > model.lanes) {
    throw BankError(std::string(what) + " has " + std::to_string(lanes) + " lanes; one " + model.name +
                    " instruction has " + std::to_string(model.lanes));
  }
  const int64_t run_bits = checked_mul(vals, bits);
  if (run_bits % 8 != 0 || run_bits / 8 > 16 || ((run_bits / 8) & (run_bits / 8 - 1)) != 0)
    throw BankError("each lane accesses " + std::to_string(vals) + " x " + std::to_string(bits) +
                    " bits; one access is 1, 2, 4, 8 or 16 bytes (split the TV layout into instructions)");
  const int bytes = static_cast<int>(run_bits / 8);
  if (op.is_matrix() && bytes != 16)
    throw BankError(to_string(op) + " gives one 16-byte row a lane; " + std::string(what) + " gives " +
                    std::to_string(bytes) + " bytes (" + std::to_string(vals) + " x " + type.name + ")");
  SmemInstruction inst;
  inst.op = op;
  inst.bytes = bytes;
  inst.addresses.resize(model.lanes);
  for (int64_t l = 0; l < used_lanes; ++l) {
    int64_t first = 0;
    if (!index(l, 0)) continue;
    for (int64_t v = 0; v < vals; ++v) {
      const int64_t t = *index(l, v);
      if (t < 0 || t >= tile)
        throw BankError("lane " + std::to_string(l) + ", value " + std::to_string(v) + ": tile index " +
                        std::to_string(t) + " is outside the tile of " + std::to_string(tile) + " elements");
      const int64_t off = offset(t);
      if (v == 0) {
        first = off;
        if (off < 0)
          throw BankError("lane " + std::to_string(l) + ": element offset " + std::to_string(off) +
                          " is negative");
      } else if (off != first + v) {
        throw BankError("lane " + std::to_string(l) + ": value " + std::to_string(v) + " (tile index " +
                        std::to_string(t) + ") sits at element offset " + std::to_string(off) + ", not " +
                        std::to_string(first + v) + ": a lane's values must be contiguous in shared memory");
      }
    }
    const int64_t bit_addr = checked_mul(first, bits);
    if (bit_addr % 8 != 0)
      throw BankError("lane " + std::to_string(l) + ": element offset " + std::to_string(first) +
                      " is not at a byte boundary");
    const int64_t addr = bit_addr / 8;
    if (addr % bytes != 0)
      throw BankError("lane " + std::to_string(l) + ": byte address " + std::to_string(addr) +
                      " is not aligned to its " + std::to_string(bytes) + "-byte access");
    inst.addresses[l] = addr;
  }
  return inst;
}
}  // namespace

SmemInstruction smem_instruction(const SmemLayout& smem, const Layout& tv, const ValueType& type,
                                 const SmemOp& op, const BankModel& model, int64_t base) {
  if (rank(tv) != 2)
    throw BankError("the TV layout " + to_string(tv) + " has rank " + std::to_string(rank(tv)) +
                    "; expected (lanes, values)");
  check_integer_valued(tv);
  const int64_t lanes = size(mode(tv, 0)), vals = size(mode(tv, 1));
  const FlatLayout flat_tv(tv);
  const FlatLayout inner(inner_layout(smem));
  const std::string what = "the TV layout " + to_string(tv);
  return build_instruction(
      smem_tile_size(smem), lanes, vals, type, op, model, what.c_str(),
      [&](int64_t l, int64_t v) -> std::optional<int64_t> {
        return checked_add(base, flat_tv(checked_add(l, checked_mul(v, lanes))));
      },
      [&](int64_t t) { return element_offset(smem, inner, t, type.bits); });
}

namespace {
int64_t lane_values(const LaneIndices& lanes) {
  int64_t vals = 0;
  for (const auto& l : lanes)
    if (!l.empty()) {
      if (vals != 0 && static_cast<int64_t>(l.size()) != vals)
        throw BankError("lanes access different numbers of values (" + std::to_string(vals) + " and " +
                        std::to_string(l.size()) + ")");
      vals = static_cast<int64_t>(l.size());
    }
  if (vals == 0) throw BankError("no lane accesses anything");
  return vals;
}

template <class Offset>
SmemInstruction lane_instruction(int64_t tile, const LaneIndices& lanes, const ValueType& type,
                                 const SmemOp& op, const BankModel& model, const Offset& offset) {
  return build_instruction(
      tile, static_cast<int64_t>(lanes.size()), lane_values(lanes), type, op, model, "the instruction",
      [&](int64_t l, int64_t v) -> std::optional<int64_t> {
        if (lanes[l].empty()) return std::nullopt;
        return lanes[l][v];
      },
      offset);
}
}  // namespace

SmemInstruction smem_instruction(const SmemLayout& smem, const LaneIndices& lanes, const ValueType& type,
                                 const SmemOp& op, const BankModel& model) {
  const FlatLayout inner(inner_layout(smem));
  return lane_instruction(smem_tile_size(smem), lanes, type, op, model,
                          [&](int64_t t) { return element_offset(smem, inner, t, type.bits); });
}

SmemInstruction smem_instruction(const std::vector<int64_t>& offsets, const LaneIndices& lanes,
                                 const ValueType& type, const SmemOp& op, const BankModel& model) {
  return lane_instruction(static_cast<int64_t>(offsets.size()), lanes, type, op, model,
                          [&](int64_t t) { return offsets[static_cast<std::size_t>(t)]; });
}

void set_cp_async_sources(SmemInstruction& in, const SmemLayout& gmem, const Layout& tv,
                          const ValueType& type) {
  if (in.op.kind != SmemOpKind::CpAsync) throw BankError("only cp.async reads global memory");
  if (type.bits % 8 != 0) throw BankError(type.name + " is not a whole number of bytes");
  const int64_t n = smem_tile_size(gmem), bytes = type.bits / 8;
  const int64_t lanes = size(mode(tv, 0)), vals = size(mode(tv, 1));
  const FlatLayout flat_tv(tv);
  in.sources.assign(in.addresses.size(), std::nullopt);
  for (int64_t l = 0; l < lanes && l < static_cast<int64_t>(in.addresses.size()); ++l) {
    if (!in.addresses[l]) continue;
    std::optional<int64_t> first;
    for (int64_t v = 0; v < vals; ++v) {
      const int64_t i = flat_tv(checked_add(l, checked_mul(v, lanes)));
      if (i < 0 || i >= n)
        throw BankError("lane " + std::to_string(l) + ": tile index " + std::to_string(i) +
                        " is outside the global layout's " + std::to_string(n) + " elements");
      const int64_t off = smem_element_offset(gmem, i, type.bits);
      if (!first) first = off;
      if (off != checked_add(*first, v))
        throw BankError("lane " + std::to_string(l) + ": value " + std::to_string(v) +
                        " is not contiguous in global memory (one cp.async reads one vector)");
    }
    if (*first < 0) throw BankError("lane " + std::to_string(l) + ": negative global offset");
    in.sources[l] = checked_mul(*first, bytes);
  }
}

int64_t alignment_for_swizzle(const SmemLayout& l) {
  if (const ComposedLayout* c = std::get_if<ComposedLayout>(&l))
    return int64_t(1) << (c->swizzle.bits + c->swizzle.base + std::abs(c->swizzle.shift));
  return int64_t(1) << (0 + 4 + 3);
}

}  // namespace tvlab
