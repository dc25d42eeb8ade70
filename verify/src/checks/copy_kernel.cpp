// A copy kernel's checks (checks/copy_kernel.hpp): what CuTe's tiled_copy.cu assumes of its shapes, and the
// vector each atom call moves. Upstream: CUTLASS 4.2.0 examples/cute/tutorial/tiled_copy.cu
// (copy_kernel_vectorized; main's "The tensor shape must be divisible by the block shape." guard),
// include/cute/atom/copy_traits.hpp copy_unpack ("Copy_Traits: src failed to vectorize into registers").
#include "tvlab/verify/checks/copy_kernel.hpp"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "tvlab/core/layout.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab {

namespace {

std::string pair_text(int64_t a, int64_t b) {
  return "(" + std::to_string(a) + "," + std::to_string(b) + ")";
}

int64_t ceil_div(int64_t a, int64_t b) {
  return a / b + (a % b != 0);
}

// Two colexicographic indices of l that hold one element (a destination written twice by different threads or
// values), or nullopt; `decided` false where l is too large to walk and no stride order proves it one-to-one.
std::optional<std::pair<int64_t, int64_t>> aliased(const Layout& l, bool& decided) {
  decided = true;
  const auto sh = leaves(l.shape);
  const auto st = leaves(l.stride);
  struct Leaf {
    int64_t shape, stride, step;
  };
  std::vector<Leaf> ls;
  int64_t step = 1;
  for (std::size_t i = 0; i < sh.size(); ++i) {
    if (sh[i].value > 1 && st[i].value == 0) return std::pair<int64_t, int64_t>{0, step};
    if (sh[i].value > 1) ls.push_back({sh[i].value, st[i].value, step});
    step *= sh[i].value;
  }
  // Sorted by |stride|, each stride at least the span of those before it: one-to-one.
  std::sort(ls.begin(), ls.end(),
            [](const Leaf& a, const Leaf& b) { return std::abs(a.stride) < std::abs(b.stride); });
  bool ordered = true;
  __int128 span = 1;
  for (const Leaf& x : ls) {
    if (std::abs(x.stride) < span) ordered = false;
    span = static_cast<__int128>(std::abs(x.stride)) * x.shape;
  }
  if (ordered) return std::nullopt;
  constexpr int64_t kMaxWalk = int64_t{1} << 22;
  if (size(l) > kMaxWalk) {
    decided = false;
    return std::nullopt;
  }
  std::unordered_map<int64_t, int64_t> seen;
  for (int64_t i = 0; i < size(l); ++i) {
    const auto [it, fresh] = seen.emplace(l(i), i);
    if (!fresh) return std::pair<int64_t, int64_t>{it->second, i};
  }
  return std::nullopt;
}

// The thread and value of the copy holding coordinate (m, n) of its tile (by the source side), or {-1, -1}.
std::pair<int64_t, int64_t> holder(const TiledCopy& c, int64_t m, int64_t n, int64_t tile_m) {
  const Layout tv = c.get_layoutS_TV();
  const int64_t want = m + n * tile_m, threads = size(mode(tv, 0)), values = size(mode(tv, 1));
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v)
      if (tv(t + threads * v) == want) return {t, v};
  return {-1, -1};
}

CheckResult block_check(const PlannedCopy& p) {
  const PlannedCopy::CopyKernel& k = *p.kernel;
  const IntTuple shape = product_each(k.src.shape);
  const int64_t sm = shape[0].ival(), sn = shape[1].ival(), bm = k.block[0], bn = k.block[1];
  const IntTuple tile = p.copy.tile_shape();
  const int64_t tm = product(tile[0]), tn = product(tile[1]);
  CheckResult r;
  r.code = "block." + p.name;
  r.method = "algebra";
  r.claim = "the " + pair_text(sm, sn) + " tensor is a whole number of " + pair_text(bm, bn) +
            " blocks and each block a whole number of the copy's " + pair_text(tm, tn) +
            " tiles, and dst holds each coordinate at its own element: the kernel, which has no predicate, "
            "copies every element of the tensor once and none outside it";
  const int64_t gm = ceil_div(sm, bm), gn = ceil_div(sn, bn), rm = ceil_div(bm, tm), rn = ceil_div(bn, tn);
  r.data["tensor"] = to_string(shape);
  r.data["block"] = k.block;
  r.data["copy_tile"] = to_string(tile);
  r.data["grid"] = std::vector<int64_t>{gm, gn};
  r.data["copy_repeats"] = std::vector<int64_t>{rm, rn};
  r.steps.push_back({"the grid: tiled_divide(tensor, block) rounds the block count up",
                     "(ceil(" + std::to_string(sm) + "/" + std::to_string(bm) + "), ceil(" +
                         std::to_string(sn) + "/" + std::to_string(bn) + "))",
                     pair_text(gm, gn)});
  r.steps.push_back(
      {"partition_S / partition_D repeat the copy's tile over the block (zipped_divide, rounded up)",
       "(ceil(" + std::to_string(bm) + "/" + std::to_string(tm) + "), ceil(" + std::to_string(bn) + "/" +
           std::to_string(tn) + "))",
       pair_text(rm, rn)});
  for (int i = 0; i < 2; ++i) {
    const int64_t s = i ? sn : sm, b = i ? bn : bm;
    if (s % b == 0) continue;
    const int64_t last = ceil_div(s, b) - 1;
    r.witnesses.push_back(std::string("blockIdx.") + "xy"[i] + " = " + std::to_string(last) + " copies " +
                          (i ? "columns " : "rows ") + std::to_string(last * b) + ".." +
                          std::to_string(last * b + b - 1) + " of a tensor with " + std::to_string(s) + ": " +
                          (i ? "column " : "row ") + std::to_string(s) + " and on lie outside it (" +
                          std::to_string(s) + " % " + std::to_string(b) + " = " + std::to_string(s % b) +
                          "; no predicate stops those reads and writes)");
  }
  for (int i = 0; i < 2; ++i) {
    const int64_t b = i ? bn : bm, t = i ? tn : tm;
    if (b % t == 0) continue;
    // The first coordinate past the block along mode i, in the copy's last repeat: its thread and value.
    const int64_t reps = ceil_div(b, t), in_tile = b - (reps - 1) * t;
    const auto [th, v] = i ? holder(p.copy, 0, in_tile, tm) : holder(p.copy, in_tile, 0, tm);
    const std::string crd = i ? pair_text(0, b) : pair_text(b, 0);
    r.witnesses.push_back(
        "the copy's tile repeats " + std::to_string(reps) + (reps == 1 ? " time" : " times") + " along " +
        (i ? "n" : "m") + " over the block's " + std::to_string(b) + " (" + std::to_string(b) + " % " +
        std::to_string(t) + " = " + std::to_string(b % t) + "): thread " + std::to_string(th) + ", value " +
        std::to_string(v) + " of repeat " + std::to_string(reps - 1) + " copies block coordinate " + crd +
        ", outside the block (the next block's element, or past the tensor)");
  }
  // dst one-to-one: distinct coordinates are distinct elements (else two threads or values write one).
  bool decided = true, aliasing = false;
  if (const auto two = aliased(k.dst, decided)) {
    aliasing = true;
    const auto crd = [&](int64_t i) { return pair_text(i % sm, i / sm); };
    r.witnesses.push_back("dst " + to_string(k.dst) + " maps coordinates " + crd(two->first) + " and " +
                          crd(two->second) + " to one element (offset " + std::to_string(k.dst(two->first)) +
                          "): the kernel writes it twice, from different source elements");
  }
  r.steps.push_back({"dst is one-to-one", decided ? "its modes by stride, or every element" : "not walked",
                     decided ? "checked" : "too large to walk"});
  if (r.witnesses.empty() && !decided) {
    r.verdict = Verdict::Unknown;
    r.summary = "the shapes divide; whether dst " + to_string(k.dst) +
                " maps distinct coordinates to distinct elements is not decided (too large to walk)";
  } else if (r.witnesses.empty()) {
    r.verdict = Verdict::Proved;
    r.summary = std::to_string(gm) + " x " + std::to_string(gn) + " blocks, each the copy's tile " +
                std::to_string(rm) + " x " + std::to_string(rn) + " times (" +
                std::to_string(rm * rn * size(mode(p.copy.tv, 1))) + " values a thread)";
  } else {
    r.verdict = Verdict::Refuted;
    r.summary = aliasing && r.witnesses.size() == 1
                    ? "dst writes one element from two coordinates"
                    : std::string("the kernel copies elements outside its tile") +
                          (aliasing ? ", and dst writes one element from two coordinates" : "");
  }
  return r;
}

// The vector rule on one side: every atom call's n values at consecutive element offsets o, o+1, ...,
// o+n-1 of the tensor, o a multiple of n, in every block.
CheckResult vector_check(const PlannedCopy& p, bool src) {
  const PlannedCopy::CopyKernel& k = *p.kernel;
  const Layout& g = src ? k.src : k.dst;
  const std::string side = src ? "src" : "dst";
  const ValueLayouts vl = p.copy.atom_values();
  const int64_t n = size(mode(src ? vl.src : vl.dst, 1));
  const int bits = p.copy.value_type.bits;
  const int64_t bytes = n * bits / 8;
  CheckResult r;
  r.code = "vector." + p.name + "." + side;
  r.method = "enumeration";
  r.claim = "each atom call of " + p.copy.atom.name + " " + (src ? "reads" : "writes") + " " +
            std::to_string(n) + " " + p.copy.value_type.name + " as one vector of " + side + ": " +
            std::to_string(n) + " consecutive elements starting on a multiple of " + std::to_string(n) +
            " (" + std::to_string(bytes) + " bytes), in every block, where " + side + "'s base pointer is " +
            std::to_string(bytes) + "-byte aligned";
  r.data["values_per_call"] = n;
  r.data["vector_bytes"] = bytes;
  r.data["assumes_base_align_bytes"] = bytes;
  r.data["tensor"] = to_string(g);
  if (!(p.src_tensor && p.dst_tensor)) {
    r.summary = "not decided: the block is not a whole number of the copy's tiles (block." + p.name + ")";
    return r;
  }
  const Layout& tile = src ? std::get<Layout>(p.src_tensor->layout) : std::get<Layout>(p.dst_tensor->layout);
  r.steps.push_back({"block (0,0)'s tile of " + side,
                     "tiled_divide(" + side + ", block)(make_coord(_,_),0,0)", to_string(tile)});
  // Block (0,0): every thread's calls.
  const int64_t threads = p.copy.num_threads();
  // An auto-vectorizing atom (DefaultCopy, AutoVectorizingCopy[WithAssumedAlignment<N>]): copy(tiled_copy, S,
  // fragment) recasts the thread's whole partition to vectors of up to N bits (cute/algorithm/copy.hpp,
  // CUTLASS v4.2.0: gcd(max_common_vector(src, dst) * bits, alignments, N)), not one atom call at a time. One
  // element an access is CuTe's access where N <= bits or no thread holds two values at adjacent offsets
  // (max_common_vector 1); otherwise the access width, and the base alignment it needs, are not modelled.
  if (p.copy.atom.max_vec_bits > bits) {
    for (int64_t t = 0; t < threads; ++t) {
      const LayoutSlice s = src ? p.copy.partition_S(tile, t) : p.copy.partition_D(tile, t);
      std::vector<std::pair<int64_t, int64_t>> off;  // (offset, value)
      const int64_t base = s.offset.ival(), total = size(s.layout);
      for (int64_t i = 0; i < total; ++i) off.push_back({base + s.layout(i), i});
      std::sort(off.begin(), off.end());
      for (std::size_t j = 1; j < off.size(); ++j)
        if (off[j].first == off[j - 1].first + 1) {
          r.summary = "not computed: copy() of " + p.copy.atom.name +
                      " vectorizes over the thread's whole partition (cute/algorithm/copy.hpp: up to " +
                      std::to_string(p.copy.atom.max_vec_bits) +
                      "-bit accesses where max_common_vector of the partition and the fragment and their "
                      "alignment allow), and thread " +
                      std::to_string(t) + " holds values " + std::to_string(off[j - 1].second) + " and " +
                      std::to_string(off[j].second) + " at adjacent element offsets " +
                      std::to_string(off[j - 1].first) + " and " + std::to_string(off[j].first) + " of " +
                      side +
                      ": the access width CuTe picks, and the base alignment it assumes, are not modelled";
          return r;
        }
    }
  }
  std::string witness;
  for (int64_t t = 0; t < threads && witness.empty(); ++t) {
    const LayoutSlice s = src ? p.copy.partition_S(tile, t) : p.copy.partition_D(tile, t);
    if (t == 0)
      r.steps.push_back({"thread 0's partition",
                         std::string("thr_copy.partition_") + (src ? "S" : "D") + "(tile) (offset " +
                             to_string(s.offset) + ")",
                         to_string(s.layout)});
    const int64_t base = s.offset.ival(), total = size(s.layout);
    for (int64_t c = 0; c * n < total && witness.empty(); ++c) {
      std::vector<int64_t> off;
      for (int64_t j = 0; j < n && c * n + j < total; ++j) off.push_back(base + s.layout(c * n + j));
      bool consecutive = static_cast<int64_t>(off.size()) == n;
      for (std::size_t j = 1; consecutive && j < off.size(); ++j) consecutive = off[j] == off[0] + int64_t(j);
      std::string list;
      for (std::size_t j = 0; j < off.size(); ++j) list += (j ? ", " : "") + std::to_string(off[j]);
      if (!consecutive)
        witness = "thread " + std::to_string(t) + ", call " + std::to_string(c) + " of block (0,0): its " +
                  std::to_string(n) + " values sit at element offsets " + list + ", not " +
                  std::to_string(n) + " consecutive elements (CuTe's copy_unpack: \"Copy_Traits: " + side +
                  " failed to vectorize into registers\", or the wrong elements where the strides are "
                  "run-time values)";
      else if (off[0] % n != 0)
        witness = "thread " + std::to_string(t) + ", call " + std::to_string(c) + " of block (0,0): its " +
                  std::to_string(n) + " values start at element offset " + std::to_string(off[0]) +
                  " (byte " + std::to_string(off[0] * bits / 8) + "), not a multiple of " +
                  std::to_string(n) + ": a misaligned " + std::to_string(bytes) + "-byte access";
    }
  }
  // Every other block: its tile's offset (the same tile layout moved) a multiple of n.
  const IntTuple shape = product_each(g.shape);
  const int64_t gm = shape[0].ival() / k.block[0], gn = shape[1].ival() / k.block[1];
  int64_t step_gcd = 0;
  // A tensor of flat modes places block (bx, by) at bx * M * d0 + by * N * d1: the blocks (1,0) and (0,1) are
  // the steps, and every block is aligned when they are. Otherwise every block is walked (up to kMaxBlocks).
  constexpr int64_t kMaxBlocks = int64_t{1} << 20;
  const bool flat = g.shape[0].is_leaf() && g.shape[1].is_leaf();
  if (!flat && gm * gn > kMaxBlocks) {
    r.summary = "not decided: " + std::to_string(gm) + " x " + std::to_string(gn) +
                " blocks of a hierarchical tensor layout, more than tvlab walks (" +
                std::to_string(kMaxBlocks) + ")";
    return r;
  }
  const auto block_at = [&](int64_t bx, int64_t by) {
    const int64_t o = g(make_shape(bx * k.block[0], by * k.block[1])).ival();
    step_gcd = std::gcd(step_gcd, o);
    if (o % n != 0 && witness.empty())
      witness = "block " + pair_text(bx, by) + " starts at element offset " + std::to_string(o) + " (byte " +
                std::to_string(o * bits / 8) + "), not a multiple of " + std::to_string(n) +
                ": every thread's call there starts misaligned (thread 0, call 0 at element " +
                std::to_string(o + p.copy.partition_S(tile, 0).offset.ival()) + ")";
  };
  if (flat) {
    if (gm > 1) block_at(1, 0);
    if (gn > 1) block_at(0, 1);
  } else {
    for (int64_t by = 0; by < gn && witness.empty(); ++by)
      for (int64_t bx = 0; bx < gm && witness.empty(); ++bx) block_at(bx, by);
  }
  r.data["block_offsets_gcd"] = step_gcd;
  r.steps.push_back({"blocks' element offsets (whole blocks: " + pair_text(gm, gn) + ")",
                     flat ? "gcd of the steps to blocks (1,0) and (0,1)" : "gcd over the grid",
                     std::to_string(step_gcd)});
  if (witness.empty()) {
    r.verdict = Verdict::Proved;
    const int64_t calls = size(mode(p.copy.tv, 1)) / n;
    r.summary = std::to_string(threads) + " threads x " + std::to_string(calls) +
                (calls == 1 ? " call" : " calls") + " a copy tile, each " + std::to_string(n) +
                " consecutive " + p.copy.value_type.name + " (" + std::to_string(bytes) + " bytes) on a " +
                std::to_string(bytes) + "-byte boundary in all " + std::to_string(gm * gn) +
                " blocks, where " + side + "'s base is " + std::to_string(bytes) + "-byte aligned";
  } else {
    r.verdict = Verdict::Refuted;
    r.summary = "not one aligned " + std::to_string(bytes) + "-byte vector per call";
    r.witnesses.push_back(witness);
  }
  return r;
}

}  // namespace

void add_copy_kernel_checks(Report& rep, const PlannedCopy& p) {
  if (!p.kernel) return;
  rep.checks.push_back(block_check(p));
  rep.checks.push_back(vector_check(p, true));
  rep.checks.push_back(vector_check(p, false));
}

}  // namespace tvlab
