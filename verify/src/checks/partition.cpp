#include "tvlab/verify/checks/partition.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>

#include "tvlab/core/error.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tiling/subgroup_tensor.hpp"
#include "tvlab/verify/checks/gmma_fragment.hpp"
#include "tvlab/verify/checks/residue.hpp"

namespace tvlab {

namespace {

int64_t value(const AnyLayout& x, int64_t i) {
  if (const auto* c = std::get_if<ComposedLayout>(&x)) return (*c)(IntTuple(i));
  return std::get<Layout>(x)(IntTuple(i)).ival();
}

// A thread's slice of x: CuTe's Tensor slicing of the partitioned layout `frg` at the fixed coordinate,
// keeping `sliced` (the LayoutSlice the core computed on x's inner layout).
struct View {
  AnyLayout layout;
  IntTuple offset;
  IntTuple dynamic{0};  // the strides CuTe computes at run time (slice_and_offset's fold)
};
View slice_view(const AnyLayout& x, const Layout& frg, const IntTuple& coord, const LayoutSlice& s) {
  const auto* c = std::get_if<ComposedLayout>(&x);
  if (c == nullptr || c->is_smem_flagged()) return View{s.layout, s.offset};
  const ComposedSlice r = slice_and_offset(*c, mode(frg, 0), coord, s.layout);
  return View{r.layout, IntTuple(r.offset), r.dynamic};
}

// The thread-independent partitioned layouts (tidfrg_S/D, thrfrg_A/B/C of a tensor), computed once per
// query: key = which partition of which copy or MMA, and the tensor's layout.
using FrgCache = std::map<std::string, Layout>;

const Layout& cached(FrgCache& cache, const std::string& key, const std::function<Layout()>& make) {
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, make()).first;
  return it->second;
}

std::string key_of(const void* who, const char* which, const Layout& in) {
  return std::to_string(reinterpret_cast<std::uintptr_t>(who)) + which + to_string(in);
}

// (FrgV, Rest0, Rest1, ...) of a partitioned layout whose mode `at` holds (FrgV, (Rest...)) or
// (FrgV, Rest) and whose first mode is the thread's.
Layout kept_modes(const Layout& v, const Layout& rest) {
  std::vector<Layout> modes{v};
  if (rest.shape.is_tuple())
    for (int i = 0; i < rank(rest); ++i) modes.push_back(mode(rest, i));
  else
    modes.push_back(rest);
  return make_layout(std::span<const Layout>(modes));
}

View copy_view(FrgCache& cache, const TiledCopy& cp, bool src, const AnyLayout& x, int64_t t) {
  const Layout& in = inner_layout(x);
  // tidfrg: (Thr, FrgV, (RestM, RestN, ...)); CuTe slices it at (thread, _, repeat<R>(_)).
  const Layout& frg = cached(cache, key_of(&cp, src ? "S" : "D", in),
                             [&] { return src ? cp.tidfrg_S(in) : cp.tidfrg_D(in); });
  const LayoutSlice s{mode(frg, 0)(IntTuple(t)), kept_modes(mode(frg, 1), mode(frg, 2))};
  return slice_view(x, frg, IntTuple(t), s);
}

View mma_view(FrgCache& cache, const TiledMMA& m, char which, const AnyLayout& x, int64_t t) {
  const Layout& in = inner_layout(x);
  const auto v = m.thr_vmnk(t);
  const int i0 = which == 'B' ? 2 : 1, i1 = which == 'C' ? 2 : 3;
  const IntTuple coord = IntTuple::tuple({v[0], IntTuple::tuple({v[i0], v[i1]})});
  // thrfrg: ((ThrV,(ThrI0,ThrI1)),(FrgV,(RestI0,RestI1,...))), sliced at the thread's (v,(i0,i1)).
  const Layout& frg = cached(cache, key_of(&m, std::string(1, which).c_str(), in), [&] {
    return which == 'A' ? m.thrfrg_A(in) : which == 'B' ? m.thrfrg_B(in) : m.thrfrg_C(in);
  });
  const Layout vals = mode(frg, 1);
  const LayoutSlice s{mode(frg, 0)(coord), kept_modes(mode(vals, 0), mode(vals, 1))};
  return slice_view(x, frg, coord, s);
}

// A coordinate made of integers and scaled bases (1@0, (3,2), 8@1 ...) as one integer per axis. A zero
// integer where a coordinate stands is CuTe's _0, which adds nothing to an ArithTuple: the identity tensor's
// image under a stride-0 mode (the threads of a subgroup that issue one block 2D copy together, whose
// tv_src thread mode has stride 0) or under a layout whose every mode is of size 1.
void add_coord(const IntTuple& x, std::vector<int64_t>& c, int pos) {
  if (x.is_leaf()) {
    const Scalar& s = x.value();
    if (!s.is_basis()) {
      if (s.value == 0) return;  // CuTe's _0: nothing to add on any axis
      if (pos < 0 || pos >= static_cast<int>(c.size()))
        throw std::logic_error("partition: coordinate " + to_string(x) + " has no axis");
      c[static_cast<size_t>(pos)] += s.value;
      return;
    }
    if (s.depth() != 1 || s.path(0) >= static_cast<int64_t>(c.size()))
      throw std::logic_error("partition: coordinate " + to_string(x) + " outside the tensor's axes");
    c[static_cast<size_t>(s.path(0))] += s.value;
    return;
  }
  for (int i = 0; i < x.size(); ++i) add_coord(x[i], c, i);
}

IntTuple as_tuple(const std::vector<int64_t>& c) {
  std::vector<IntTuple> v(c.begin(), c.end());
  return IntTuple::tuple(std::span<const IntTuple>(v));
}

std::vector<int64_t> coord_at(const View& coords, int64_t i, size_t axes) {
  std::vector<int64_t> c(axes, 0);
  add_coord(coords.offset, c, -1);
  add_coord(std::get<Layout>(coords.layout)(IntTuple(i)), c, -1);
  return c;
}

// The tensor a thread's views partition: its layout (offset per coordinate) and coordinate axes.
struct Base {
  std::string name, memory;
  AnyLayout layout;
  IntTuple shape;
  std::vector<std::string> axes;
  int bits = 16;
  int64_t shift = 0;  // the pointer's offset from the tensor's origin (domain_offset), plain layouts only
};

int64_t base_offset(const Base& b, const std::vector<int64_t>& crd) {
  const IntTuple c = as_tuple(crd);
  if (const auto* cl = std::get_if<ComposedLayout>(&b.layout)) return element_offset(*cl, c, b.bits);
  return std::get<Layout>(b.layout)(c).ival() + b.shift;
}

// Refuses a view of more than kMaxThreadValues values before its coordinates are enumerated.
void want_fits(const std::string& name, int64_t values) {
  if (values > kMaxThreadValues)
    throw SpecError("thread", name + " holds " + std::to_string(values) +
                                  " values a thread, over tvlab's cap of " +
                                  std::to_string(kMaxThreadValues) +
                                  " for a thread view (its coordinates and table would not fit in memory); "
                                  "choose a smaller tile or another operand (--operand)");
}

ThreadTensor make_tensor_view(const Base& b, const View& v, const View& coords, std::string name,
                              std::string expr, std::string modes) {
  want_fits(name, size(inner_layout(v.layout)));
  ThreadTensor t;
  t.name = std::move(name);
  t.expr = std::move(expr);
  t.modes = std::move(modes);
  t.base = b.name;
  t.memory = b.memory;
  t.bits = b.bits;
  t.layout = v.layout;
  t.offset = v.offset;
  t.dynamic_strides = v.dynamic;
  t.axes = b.axes;
  for (int i = 0; i < b.shape.size(); ++i) t.extents.push_back(b.shape[i].ival());
  if (const auto* c = std::get_if<ComposedLayout>(&b.layout); c != nullptr && c->is_smem_flagged())
    t.ptr_swizzle = c->swizzle;
  for (int64_t i = 0; i < t.size(); ++i) t.coordinates.push_back(coord_at(coords, i, b.axes.size()));
  if (t.memory == "coord") {
    // A coordinate tensor's offset is a coordinate of the base: one entry per axis, as CuTe's ArithTuple
    // holds it (ArithTuple(64,_0), not the basis sum 64@0, which would print as (64)).
    std::vector<int64_t> origin(b.axes.size(), 0);
    add_coord(v.offset, origin, -1);
    t.offset = as_tuple(origin);
    return t;
  }
  if (b.shift != 0) t.offset = IntTuple(t.offset.ival() + b.shift);
  // Every value lands where the base tensor's own layout puts its coordinate.
  for (int64_t i = 0; i < t.size(); ++i) {
    const std::vector<int64_t>& crd = t.coordinates[static_cast<size_t>(i)];
    const int64_t want = base_offset(b, crd);
    if (t.element(i) != want)
      throw std::logic_error("partition: " + t.name + " puts value " + std::to_string(i) + " (" +
                             to_string(as_tuple(crd)) + ") at " + std::to_string(t.element(i)) + ", " +
                             b.name + " at " + std::to_string(want));
  }
  return t;
}

ThreadTensor copy_tensor(FrgCache& cache, const TiledCopy& cp, bool src, const Base& b, int64_t thread,
                         std::string name, std::string expr, std::string modes) {
  const AnyLayout id = make_identity_layout(b.shape);
  return make_tensor_view(b, copy_view(cache, cp, src, b.layout, thread),
                          copy_view(cache, cp, src, id, thread), std::move(name), std::move(expr),
                          std::move(modes));
}

ThreadTensor mma_tensor(FrgCache& cache, const TiledMMA& m, char which, const Base& b, int64_t thread,
                        std::string name, std::string expr, std::string modes) {
  const AnyLayout id = make_identity_layout(b.shape);
  return make_tensor_view(b, mma_view(cache, m, which, b.layout, thread),
                          mma_view(cache, m, which, id, thread), std::move(name), std::move(expr),
                          std::move(modes));
}

// A register fragment allocated for a partition_X view: `frag` (make_fragment_like of the view, or the
// view's shape for C), register frag(c) holding the value of the view's coordinate c.
ThreadTensor fragment(const ThreadTensor& of, const Layout& frag, std::string name, std::string expr,
                      std::string modes) {
  want_fits(name, size(frag));
  ThreadTensor t;
  t.name = name;
  t.expr = std::move(expr);
  t.modes = std::move(modes);
  t.memory = "rmem";
  t.base = std::move(name);
  t.bits = of.bits;
  t.layout = frag;
  t.offset = IntTuple(0);
  t.axes = of.axes;
  t.extents = of.extents;
  t.coordinates = of.coordinates;
  return t;
}

// retile_D(frag): (CPY,CPY_M,CPY_K) -> register of the fragment; each value's coordinate the one that
// register holds.
ThreadTensor retiled(FrgCache& cache, const TiledCopy& cp, const ThreadTensor& frag, std::string name,
                     std::string expr, std::string modes) {
  const Layout& fl = std::get<Layout>(frag.layout);
  const Layout& r = cached(cache, key_of(&cp, "R", fl), [&] { return cp.retile(fl); });
  want_fits(name, std::max(size(r), cosize(fl)));
  std::vector<int64_t> index_of(static_cast<size_t>(cosize(fl)), -1);
  for (int64_t i = 0; i < size(fl); ++i) index_of[static_cast<size_t>(fl(i))] = i;
  ThreadTensor t = frag;
  t.name = std::move(name);
  t.expr = std::move(expr);
  t.modes = std::move(modes);
  t.layout = r;
  t.coordinates.clear();
  for (int64_t i = 0; i < size(r); ++i) {
    const int64_t reg = r(i);
    if (reg < 0 || reg >= static_cast<int64_t>(index_of.size()) || index_of[static_cast<size_t>(reg)] < 0)
      throw std::logic_error("partition: " + t.name + " names register " + std::to_string(reg) + ", which " +
                             frag.name + " does not have");
    t.coordinates.push_back(frag.coordinates[static_cast<size_t>(index_of[static_cast<size_t>(reg)])]);
  }
  return t;
}

std::string pointer(const ThreadTensor& t) {
  const std::string bits = "[" + std::to_string(t.bits) + "b]";
  const std::string off = t.memory == "coord" ? to_string(t.offset) : t.base + "+" + to_string(t.offset);
  if (t.memory == "rmem") return "ptr" + bits + "(" + t.base + ")";
  if (t.memory == "desc") return "GMMA::DescriptorIterator";
  if (t.memory == "coord") return "ArithTuple" + off;
  std::string sw;
  if (t.ptr_swizzle) sw = to_string(*t.ptr_swizzle) + "_";
  return sw + (t.memory == "ptr" ? "ptr" : t.memory + "_ptr") + bits + "(" + off + ")";
}

IntTuple flat_shape(const AnyLayout& l) {
  return product_each(inner_layout(l).shape);
}

Base smem_base(const std::string& x, const AnyLayout& layout, int bits, bool staged) {
  std::vector<std::string> axes{x == "B" ? "n" : "m", x == "C" || x == "D" ? "n" : "k"};
  if (staged) axes.push_back("pipe");
  return Base{"s" + x, "smem", layout, flat_shape(layout), axes, bits};
}

// gX = local_tile(mX, (BLK_MN, BLK_K), (0, _)) of the problem's (MN, K) operand at batch 0, CTA (0,0):
// (BLK_MN, BLK_K, k) with GemmUniversal's packed strides (TagToStrideX: the contiguous mode stride 1),
// moved by the collective's domain_offset of the k residue (MainloopSm80CpAsync; residue.hpp).
Base gmem_base(const std::string& x, const OperandResidue& r, int bits) {
  const Layout g = make_layout(make_shape(r.blk_mn, r.blk_k, r.tiles),
                               make_stride(r.stride_mn, r.stride_k, r.blk_k * r.stride_k));
  Base b{"g" + x, "gmem", g, g.shape, {x == "A" ? "m" : "n", "k", "k_tile"}, bits};
  b.shift = r.shift();
  return b;
}

// tXgX = gmem_thr_copy_X.partition_S(gX) of an SM80 mainloop's g2s copy over the residue-shifted tile, each
// value masked as the collective's predicates mask it.
ThreadTensor global_tensor(FrgCache& cache, const std::string& x, const PlannedCopy& pc,
                           const OperandResidue& r, int64_t thread) {
  const std::string cpy = x + "CPY", mn = x == "B" ? "N" : "M";
  ThreadTensor t = copy_tensor(cache, *pc.smem->g2s, true, gmem_base(x, r, pc.copy.value_type.bits), thread,
                               "t" + x + "g" + x, "gmem_thr_copy_" + x + ".partition_S(g" + x + ")",
                               "(" + cpy + "," + cpy + "_" + mn + "," + cpy + "_K,k)");
  t.masked = residue_mask(t, r);
  if (r.predicated) t.predicate = residue_rule(x, r);
  return t;
}

// The SM90 TMA + GMMA collective's views of A or B, per warpgroup (sm90_mma_tma_gmma_ss_warpspecialized.hpp,
// CUTLASS 4.2.0, mma()): tCsX = thread_mma.partition_X(sX) over all stages, thread_mma sliced at the
// warpgroup's first thread (warp_group_thread_layout(warp_group_idx)); tCrX = make_fragment_X(tCsX), the
// descriptors (gmma_fragment.hpp). A block make_gmma_desc refuses, or whose descriptor reads other elements
// than the partition says, is a LayoutError naming the condition (CuTe's static_assert or verify's desc.X).
void add_gmma_views(ThreadPartitions& out, FrgCache& cache, const TiledMMA& mma, const PlannedSmem& s,
                    int64_t thread) {
  const std::string& x = s.name;
  const std::string mn = x == "B" ? "N" : "M", sx = "s" + x, modes = "(MMA,MMA_" + mn + ",MMA_K,PIPE)";
  const Base b = smem_base(x, *s.staged, s.bits, true);
  const int64_t wg = thread / 128 * 128;
  ThreadTensor tcs =
      mma_tensor(cache, mma, x[0], b, wg, "tC" + sx, "thread_mma.partition_" + x + "(" + sx + ")", modes);
  const Layout* l = std::get_if<Layout>(&tcs.layout);
  if (l == nullptr)
    throw LayoutError("gmma.view", "tC" + sx + " = " + tcs.to_string() +
                                       " keeps a swizzle in its layout: the GMMA views are modelled for "
                                       "smem_ptr-flagged layouts (GMMA::Layout_*_Atom)");
  // make_gmma_desc<Major>(tensor<0>(tCsX)): CuTe's static_asserts are make_gmma_desc's LayoutErrors.
  SmemTile tile;
  if (tcs.ptr_swizzle) tile.byte_swizzle = *tcs.ptr_swizzle;
  tile.start_byte = tcs.offset.ival() * s.bits / 8;
  tile.layout = mode(*l, 0);
  tile.bits = s.bits;
  const SmemDescriptor d = make_gmma_desc(tile, s.major);
  const std::string order = gmma_block_order_witness(gmma_block(mma, s), s);
  if (!order.empty())
    throw LayoutError("gmma.fragment_order", "make_fragment_" + x + "(tC" + sx +
                                                 ") compiles in CuTe, but its descriptors read other "
                                                 "elements than the partition says (verify: desc." +
                                                 x + "): " + order);
  ThreadTensor frag;
  frag.name = "tCr" + x;
  frag.expr = "thread_mma.make_fragment_" + x + "(tC" + sx + ")";
  frag.modes = modes;
  frag.memory = "desc";
  frag.base = "tC" + sx;
  frag.bits = 128;
  frag.layout = gmma_fragment_layout(*l, s.bits);
  frag.offset = IntTuple(0);
  frag.axes = tcs.axes;
  frag.extents = tcs.extents;
  frag.descriptor = d;
  // Descriptor i describes the block whose first element is tCsX's value (0, i...).
  const int64_t block = size(mode(*l, 0));
  for (int64_t i = 0; i < frag.size(); ++i) frag.coordinates.push_back(tcs.coordinates[size_t(i * block)]);
  out.tensors.push_back(std::move(tcs));
  out.tensors.push_back(std::move(frag));
}

}  // namespace

int64_t ThreadTensor::size() const {
  return tvlab::size(inner_layout(layout));
}

int64_t ThreadTensor::element(int64_t i) const {
  if (memory == "coord") throw std::logic_error("partition: a coordinate tensor has no element offsets");
  const int64_t v = value(layout, i) + (memory == "rmem" ? 0 : offset.ival());
  if (!ptr_swizzle) return v;
  // The swizzle acts on the byte address (CuTe's swizzle_ptr); bases are aligned to its period.
  const int64_t bit_addr = v * bits;
  return (8 * (*ptr_swizzle)(bit_addr / 8) + bit_addr % 8) / bits;
}

std::string ThreadTensor::to_string() const {
  return pointer(*this) + " o " + tvlab::to_string(layout);
}

std::vector<std::string> partition_operands(const Plan& plan) {
  std::vector<std::string> out;
  for (const PlannedCopy& pc : plan.copies) out.push_back(pc.name);
  // The SM90 GMMA operands: read from shared memory through descriptors, no copy of their own.
  for (const PlannedSmem& s : plan.smem)
    if (plan.mma && s.descriptor && s.staged && s.arch == DescArch::SM90 &&
        std::find(out.begin(), out.end(), s.name) == out.end())
      out.push_back(s.name);
  if (plan.mma && std::find(out.begin(), out.end(), "C") == out.end()) out.push_back("C");
  return out;
}

struct PartitionQuery::Cache {
  FrgCache frg;
};

PartitionQuery::PartitionQuery(const Plan& plan, std::string operand)
    : plan_(plan), operand_(std::move(operand)), cache_(std::make_shared<Cache>()) {
  threads_ = at_impl(0, true).threads;
}

ThreadPartitions PartitionQuery::at(int64_t thread) const {
  return at_impl(thread, false);
}

ThreadTensor PartitionQuery::global_view(int64_t thread) const {
  const PlannedCopy* pc = nullptr;
  for (const PlannedCopy& c : plan_.copies)
    if (c.name == operand_) pc = &c;
  const std::optional<OperandResidue> r = pc ? operand_residue(plan_, *pc) : std::nullopt;
  if (!r || !pc->smem || !pc->smem->g2s)
    throw SpecError("operand", operand_ +
                                   " has no global view (a g2s copy of an SM80 mainloop, \"problem\" "
                                   "and \"gmem\")");
  if (thread < 0 || thread >= threads_)
    throw SpecError("thread",
                    "thread " + std::to_string(thread) + " outside 0.." + std::to_string(threads_ - 1));
  const std::string& x = operand_;
  try {
    return global_tensor(cache_->frg, x, *pc, *r, thread);
  } catch (const LayoutError& e) {
    throw SpecError("operand", "thread " + std::to_string(thread) + "'s global view of " + x +
                                   " is not computed: " + e.what());
  }
}

ThreadPartitions thread_partitions(const Plan& plan, const std::string& x, int64_t thread) {
  return PartitionQuery(plan, x).at(thread);
}

ThreadPartitions PartitionQuery::at_impl(int64_t thread, bool count_only) const {
  try {
    return build(thread, count_only);
  } catch (const LayoutError& e) {
    // A condition of CuTe's (its partitioning would not compile) or a slice tvlab does not model.
    throw SpecError("operand", "thread " + std::to_string(thread) + "'s partitions of " + operand_ +
                                   " are not computed: " + e.what());
  } catch (const std::logic_error& e) {
    // The views' own cross-check (every value's offset against the tile's layout at its coordinate) failed,
    // e.g. over a TiledMMA whose warps overlap its tile: an answer tvlab cannot vouch for, not a crash.
    throw SpecError("unsupported", "thread " + std::to_string(thread) + "'s partitions of " + operand_ +
                                       " are not modelled: they fail tvlab's own cross-check (" + e.what() +
                                       ")");
  }
}

ThreadPartitions PartitionQuery::build(int64_t thread, bool count_only) const {
  const Plan& plan = plan_;
  const std::string& x = operand_;
  FrgCache& cache = cache_->frg;
  const auto ops = partition_operands(plan);
  if (std::find(ops.begin(), ops.end(), x) == ops.end()) {
    std::string have;
    for (const auto& o : ops) have += (have.empty() ? "" : ", ") + o;
    throw SpecError("operand", "the plan has no operand or copy " + x + " (it has " + have + ")");
  }
  const PlannedCopy* pc = nullptr;
  for (const PlannedCopy& c : plan.copies)
    if (c.name == x) pc = &c;
  const bool operand = plan.mma && (x == "A" || x == "B" || x == "C" || x == "D");
  ThreadPartitions out;
  out.thread = thread;
  out.operand = x;
  out.threads = operand ? plan.mma->num_threads() : pc->copy.num_threads();
  if (count_only) return out;
  if (thread < 0 || thread >= out.threads)
    throw SpecError("thread", "thread " + std::to_string(thread) + " outside the " +
                                  (operand ? std::string("TiledMMA's ") : "copy's ") +
                                  std::to_string(out.threads) + " threads (0.." +
                                  std::to_string(out.threads - 1) + ")");
  auto add = [&](ThreadTensor t) { out.tensors.push_back(std::move(t)); };
  if (plan.kernel && plan.kernel->swap_ab && (x == "A" || x == "B"))
    out.notes.push_back(
        std::string("SwapAB (MainloopSm90TmaGmmaRmemAWarpSpecialized, A K-major and B MN-major): ") +
        "the collective's " + x + " is " + (x == "A" ? "B" : "A") + " as given (operands." +
        (x == "A" ? "B" : "A") + "), over the problem (N, M)");
  const std::string cpy = x + "CPY";
  if (!operand) {  // a standalone copy: its "src" / "dst" tensors, else its tile's coordinates
    const IntTuple tile_shape = pc->copy.tile_shape();
    const int bits = pc->copy.value_type.bits;
    for (const bool src : {true, false}) {
      const auto& given = src ? pc->src_tensor : pc->dst_tensor;
      const std::string side = src ? "S" : "D", base = src ? "src" : "dst";
      Base b{base, "coord", make_identity_layout(tile_shape), tile_shape, {"m", "n"}, bits};
      if (given) {
        b.layout = given->layout;
        b.memory = given->memory;
        b.shape = flat_shape(given->layout);
        b.axes.clear();
        for (int i = 0; i < b.shape.size(); ++i)
          b.axes.push_back(i == 0 ? "m" : i == 1 ? "n" : "x" + std::to_string(i));
      }
      add(copy_tensor(cache, pc->copy, src, b, thread, "t" + side,
                      "thr_copy.partition_" + side + "(" + base + ")",
                      "(CPY,CPY_M,CPY_N" + std::string(b.shape.size() > 2 ? ",...)" : ")")));
    }
    return out;
  }
  const TiledMMA& mma = *plan.mma;
  const bool xe = mma.is_xe();
  const char which = x == "D" ? 'C' : x[0];
  if (xe) {
    if (pc != nullptr) {
      const IntTuple shape = pc->copy.tile_shape();
      const Base tile{"g" + x,
                      "coord",
                      make_identity_layout(shape),
                      shape,
                      {x == "B" ? "n" : "m", x == "A" || x == "B" ? "k" : "n"},
                      pc->copy.value_type.bits};
      add(copy_tensor(
          cache, pc->copy, x != "D", tile, thread, "t" + x + "g" + x,
          "thr_copy_" + x + (x == "D" ? ".partition_D(g" : ".partition_S(g") + x + ")",
          "(" + cpy + "," + cpy + (x == "B" ? "_N," : "_M,") + cpy + (x == "A" || x == "B" ? "_K)" : "_N)")));
    }
    out.notes.push_back(
        "Xe MMA fragments are subgroup-scoped: `tvlab repl` (owner, where) shows which "
        "work-item holds each element");
    return out;
  }
  const std::string mn = x == "B" ? "N" : "M";
  if (which == 'C') {
    const KernelShape* k = plan.kernel ? &*plan.kernel : nullptr;
    const IntTuple shape =
        k ? make_shape(k->cta_tile[0], k->cta_tile[1]) : make_shape(mma.tile_mnk[0], mma.tile_mnk[1]);
    const Base gc{"gC", "coord", make_identity_layout(shape), shape, {"m", "n"}, 32};
    const ThreadTensor part =
        mma_tensor(cache, mma, 'C', gc, thread, "tCgC", "thr_mma.partition_C(gC)", "(MMA,MMA_M,MMA_N)");
    add(fragment(part, make_layout(inner_layout(part.layout).shape), "tCrC",
                 "thr_mma.partition_fragment_C(gC)", "(MMA,MMA_M,MMA_N)"));
    out.notes.push_back(
        "the accumulator's coordinates are the CTA tile's (m,n); global addresses of C are the "
        "epilogue's");
    return out;
  }
  for (const PlannedSmem& s : plan.smem)
    if (s.name == x && pc == nullptr && s.descriptor && s.staged && s.arch == DescArch::SM90) {
      add_gmma_views(out, cache, mma, s, thread);
      out.notes.push_back(
          "tC" + std::string("s") + x + " and tCr" + x + " are warpgroup " + std::to_string(thread / 128) +
          "'s (every thread of a warpgroup has the same); the " + "TMA side (tma_partition's t" + x + "g" +
          x + "/t" + x + "s" + x + ") is not shown: verify's tma." + x + " checks its box and tensor map");
      return out;
    }
  if (pc == nullptr || !pc->smem) {
    const IntTuple shape = x == "A" ? make_shape(mma.tile_mnk[0], mma.tile_mnk[2])
                                    : make_shape(mma.tile_mnk[1], mma.tile_mnk[2]);
    const Base tile{"t" + x, "coord", make_identity_layout(shape), shape, {mn == "M" ? "m" : "n", "k"}, 16};
    const ThreadTensor part =
        mma_tensor(cache, mma, which, tile, thread, "tC" + x, "thr_mma.partition_" + x + "(" + x + ")",
                   "(MMA,MMA_" + mn + ",MMA_K)");
    add(part);
    if (pc != nullptr)
      add(copy_tensor(cache, pc->copy, true, tile, thread, "tCs" + x,
                      "thr_copy_" + x + ".partition_S(" + x + ")", "(CPY,CPY_" + mn + ",CPY_K)"));
    return out;
  }
  const SmemStage& sm = *pc->smem;
  const int bits = pc->copy.value_type.bits;
  const bool staged = sm.staged.has_value();
  const Base s = smem_base(x, staged ? *sm.staged : sm.layout, bits, staged);
  const Base s0 = smem_base(x, sm.layout, bits, false);
  const std::string sx = "s" + x, pipe = staged ? ",PIPE)" : ")";
  if (sm.g2s) {
    const KernelShape* k = plan.kernel ? &*plan.kernel : nullptr;
    const std::optional<OperandResidue> r = operand_residue(plan, *pc);
    const std::string tg = "t" + x + "g" + x, call = "gmem_thr_copy_" + x + ".partition_S(g" + x + ")";
    if (r) {
      add(global_tensor(cache, x, *pc, *r, thread));
      if (!r->predicated && (r->depth % r->blk_k != 0 || r->rows % r->blk_mn != 0))
        out.notes.push_back(tg + ": MainloopSm80CpAsyncUnpredicated ignores the residue (" +
                            residue_rule(x, *r) + "): its copies read past " + x + " (verify: residue." + x +
                            ")");
    } else if (k && k->problem && pc->gmem) {
      out.notes.push_back(tg + " (" + call + "): the mainloop " +
                          (k->mainloop.empty() ? std::string("is not given") : "is " + k->mainloop) +
                          "; the global views and their predicates are modelled for MainloopSm80CpAsync[" +
                          "Unpredicated] (\"mainloop\")");
    } else {
      out.notes.push_back(tg + " (" + call + "): global addresses need the problem shape (\"problem\", or " +
                          "--bind problem=...) and " + x + "'s global layout (\"gmem\")");
    }
    add(copy_tensor(cache, *sm.g2s, false, s, thread, "t" + x + "s" + x,
                    "gmem_thr_copy_" + x + ".partition_D(" + sx + ")",
                    "(" + cpy + "," + cpy + "_" + mn + "," + cpy + "_K" + pipe));
  }
  const ThreadTensor part =
      mma_tensor(cache, mma, which, s0, thread, "tC" + sx, "thr_mma.partition_" + x + "(" + sx + "(_,_,0))",
                 "(MMA,MMA_" + mn + ",MMA_K)");
  const ThreadTensor frag =
      fragment(part, make_fragment_like(inner_layout(part.layout), part.dynamic_strides), "tCr" + x,
               "thr_mma.partition_fragment_" + x + "(" + sx + "(_,_,0))", "(MMA,MMA_" + mn + ",MMA_K)");
  add(frag);
  const TiledCopy& s2r = sm.s2r ? *sm.s2r : pc->copy;
  add(copy_tensor(cache, s2r, true, s, thread, "tCs" + x, "smem_thr_copy_" + x + ".partition_S(" + sx + ")",
                  "(CPY,CPY_" + mn + ",CPY_K" + pipe));
  add(retiled(cache, s2r, frag, "tCr" + x + "_copy_view", "smem_thr_copy_" + x + ".retile_D(tCr" + x + ")",
              "(CPY,CPY_" + mn + ",CPY_K)"));
  return out;
}

}  // namespace tvlab
