#include "tvlab/core/atoms/tma.hpp"

#include <numeric>
#include <string>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

// a * b == c and a * b <= limit without a product that overflows (box sizes are any 64-bit values).
bool product_is(int64_t a, int64_t b, int64_t c) {
  int64_t p;
  return !__builtin_mul_overflow(a, b, &p) && p == c;
}
bool product_at_most(int64_t a, int64_t b, int64_t limit) {
  int64_t p;
  return !__builtin_mul_overflow(a, b, &p) && p <= limit;
}

std::string str(int64_t v) {
  return std::to_string(v);
}

std::string list(const std::vector<int64_t>& v) {
  std::string s = "{";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + str(v[i]);
  return s + "}";
}

// get_tma_swizzle_bits / get_tma_swizzle_base -> to_CUtensorMapSwizzle.
void set_swizzle(const Swizzle& sw, bool sm100, TmaFacts& f) {
  const int b = sw.bits, m = sw.base, s = sw.shift;
  if (b == 0) {
    f.swizzle = "none", f.cu_swizzle = "CU_TENSOR_MAP_SWIZZLE_NONE", f.swizzle_span_bytes = 0;
    return;
  }
  if (m == 4 && s == 3 && b >= 1 && b <= 3) {
    static const char* name[4] = {"", "32B", "64B", "128B"};
    f.swizzle = name[b];
    f.cu_swizzle = std::string("CU_TENSOR_MAP_SWIZZLE_") + name[b];
    f.swizzle_span_bytes = 16 << b;
    return;
  }
  if ((m == 5 && b == 2 && s == 2) || (m == 6 && b == 2)) {
    if (!sm100)
      throw LayoutError("tma.swizzle", "the smem swizzle " + to_string(sw) + " (128B with " +
                                           (m == 5 ? "32" : "64") +
                                           "-byte atoms) is an SM100 TMA mode; use --arch sm100");
    f.swizzle = m == 5 ? "128B_atom_32B" : "128B_atom_64B";
    f.cu_swizzle = m == 5 ? "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B" : "CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B";
    f.swizzle_span_bytes = 128;
    return;
  }
  throw LayoutError("tma.swizzle",
                    "the smem swizzle " + to_string(sw) +
                        " on byte addresses is not a TMA swizzle: Sw<B,4,3> with B in 1..3 (32B, 64B, "
                        "128B), or on sm100 Sw<2,5,2> / Sw<2,6,*> (128B with 32/64-byte atoms)");
}

int basis_mode(const Scalar& s) {
  return s.is_basis() && s.depth() == 1 ? s.path(0) : -1;
}

}  // namespace

TmaFacts make_tma_copy_facts(const SmemTile& smem, const std::vector<int64_t>& gshape,
                             const std::vector<int64_t>& gstride, int multicast, bool sm100) {
  TmaFacts f;
  f.bits = smem.bits;
  f.multicast = multicast;
  const int grank = static_cast<int>(gshape.size());
  if (grank < 1 || grank > 8 || gstride.size() != gshape.size())
    throw LayoutError("tma.gmem",
                      "the global tensor needs 1 to 8 modes, a shape and a stride of the same rank");
  for (int i = 0; i < grank; ++i)
    if (gshape[i] < 1 || gstride[i] < 0)
      throw LayoutError("tma.gmem", "global mode " + str(i) + " has shape " + str(gshape[i]) +
                                        " and stride " + str(gstride[i]) +
                                        " (positive shape, non-negative stride)");
  if (multicast < 1) throw LayoutError("tma.multicast", "the multicast count must be at least 1");
  set_swizzle(smem.byte_swizzle, sm100, f);

  const Layout& sl = smem.layout;
  const int srank = rank(sl);
  if (srank > grank)
    throw LayoutError("tma.tile", "the smem layout " + to_string(sl) +
                                      " has more modes than the global tensor (" + str(grank) + ")");
  // cta_v_map: tile coordinate -> global coordinate, (S0,...):(1@0,...) with S_i = size<i>(smem).
  std::vector<IntTuple> tile;
  for (int i = 0; i < srank; ++i) tile.push_back(IntTuple(size(mode(sl, i))));
  const Layout vmap = make_identity_layout(srank == 1 ? tile[0] : IntTuple::tuple(tile));
  const Layout inv = right_inverse(sl);
  if (size(inv) != size(sl))
    throw LayoutError("tma.tile", "the smem layout " + to_string(sl) + " is not a bijection onto [0," +
                                      str(size(sl)) + ") (right_inverse " + to_string(inv) +
                                      "): tvlab does not model TMA boxes into smem with holes");
  const Layout full = coalesce(composition(vmap, inv));
  f.sidx2gmode = to_string(full);

  // The leading modes whose stride is 1@i: smem-contiguous runs along global mode i.
  const Layout flat = flatten(full);
  struct Run {
    int64_t size;
    int gmode;
  };
  std::vector<Run> runs;
  for (int j = 0; j < rank(flat); ++j) {
    const IntTuple sh = flat.shape.is_leaf() ? flat.shape : flat.shape[j];
    const IntTuple sd = flat.stride.is_leaf() ? flat.stride : flat.stride[j];
    if (!sd.is_leaf() || !sh.is_leaf()) break;
    const Scalar st = sd.value();
    const int64_t sz = sh.ival();
    if (basis_mode(st) < 0 || st.value != 1) break;
    runs.push_back({sz, basis_mode(st)});
  }
  if (runs.empty())
    throw LayoutError("tma.vectorization",
                      "no smem-contiguous run maps to a unit step of a global mode (" + f.sidx2gmode +
                          "): could not find a common tile-gmem vectorization (does the tile "
                          "select out major GMEM modes?)");
  // coalesce_256 on (run size : global stride): merge while size*stride matches and the merge stays <= 256.
  std::vector<int64_t> box, bstride;
  for (const Run& r : runs) {
    const int64_t d = gstride[r.gmode];
    if (r.size == 1) continue;
    if (box.empty() || (box.size() == 1 && box[0] == 1)) {
      box = {r.size}, bstride = {d}, f.gmodes = {{r.gmode}};
    } else if (product_is(box.back(), bstride.back(), d) && product_at_most(box.back(), r.size, 256)) {
      box.back() *= r.size;
      f.gmodes.back().push_back(r.gmode);
    } else {
      box.push_back(r.size), bstride.push_back(d), f.gmodes.push_back({r.gmode});
    }
  }
  if (box.empty()) box = {1}, f.gmodes = {{runs[0].gmode}};
  // Global modes of size > 1 and stride != 0 the box does not read: size-1 box dimensions.
  for (int i = 0; i < grank; ++i) {
    if (gshape[i] == 1 || gstride[i] == 0) continue;
    bool found = false;
    for (const auto& g : f.gmodes)
      for (int m : g) found = found || m == i;
    if (!found) box.push_back(1), f.gmodes.push_back({i});
  }
  // Group trailing modes to rank 5.
  while (box.size() > 5) {
    box[4] = checked_mul(box[4], box.back());
    f.gmodes[4].insert(f.gmodes[4].end(), f.gmodes.back().begin(), f.gmodes.back().end());
    box.pop_back(), f.gmodes.pop_back();
  }
  f.rank = static_cast<int>(box.size());
  // fill_tma_gmem_shape_stride: one global mode per box dimension, or the gcd recurrence over several.
  for (const auto& g : f.gmodes) {
    int64_t shp = 1, std_ = 0;
    if (g.size() == 1) {
      shp = gshape[g[0]], std_ = gstride[g[0]];
    } else {
      for (int m : g) {
        const int64_t old = std_;
        std_ = std::gcd(std_, gstride[m]);
        shp = std_ != 0 ? checked_add(checked_add(checked_mul(shp - 1, old / std_),
                                                  checked_mul(gshape[m] - 1, gstride[m] / std_)),
                                      1)
                        : gshape[m];
      }
    }
    f.global_dim.push_back(shp);
    f.global_stride.push_back(std_);
  }
  for (std::size_t i = 1; i < f.global_stride.size(); ++i)
    f.global_stride_bytes.push_back(checked_mul(f.global_stride[i], smem.bits) / 8);
  // Multicast truncates the box from the outermost dimension in.
  int64_t mc = multicast;
  for (int i = f.rank - 1; mc > 1 && i >= 0; --i) {
    if (box[i] % mc != 0 && mc % box[i] != 0) f.multicast_divides = false;
    const int64_t nm = ceil_div(mc, box[i]);
    box[i] = ceil_div(box[i], mc);
    mc = nm;
  }
  f.box = box;
  f.element_strides.assign(box.size(), 1);
  int64_t elems = 1;
  for (int64_t b : box) elems = checked_mul(elems, b);
  f.box_bytes = checked_mul(elems, smem.bits) / 8;
  int64_t run_elems = 1;
  for (const Run& r : runs) run_elems = checked_mul(run_elems, r.size);
  f.calls = size(sl) / run_elems;
  return f;
}

std::vector<TmaRule> tma_restrictions(const TmaFacts& f, const SmemTile& smem, int64_t base_align_bytes) {
  std::vector<TmaRule> out;
  auto rule = [&](const std::string& code, const std::string& claim, bool ok, const std::string& why) {
    out.push_back({code, claim, ok, why});
  };
  rule("rank", "the tensor map has 1 to 5 dimensions", f.rank >= 1 && f.rank <= 5, "rank " + str(f.rank));
  bool box_ok = true;
  for (int64_t b : f.box) box_ok = box_ok && b >= 1 && b <= 256;
  rule("box", "every box dimension is 1..256 elements", box_ok, "boxDim " + list(f.box));
  // box[0] * bits <= every box dimension * bits, a product make_tma_copy_facts checked (box_bytes).
  const int64_t inner = f.box.empty() ? 0 : f.box[0] * f.bits / 8;
  rule("inner_box_bytes", "the inner box dimension is a multiple of 16 bytes", inner % 16 == 0,
       "boxDim[0] = " + str(f.box.empty() ? 0 : f.box[0]) + " elements = " + str(inner) + " bytes");
  rule("swizzle_span", "a swizzled box's inner dimension fits the swizzle span",
       f.swizzle_span_bytes == 0 || inner <= f.swizzle_span_bytes,
       "inner box " + str(inner) + " bytes, swizzle " + f.swizzle +
           (f.swizzle_span_bytes ? " spans " + str(f.swizzle_span_bytes) + " bytes" : ""));
  rule("majorness",
       "the first box dimension reads a unit-stride global mode (majorness of smem matches gmem)",
       !f.global_stride.empty() && f.global_stride[0] == 1,
       "global stride of box dimension 0 = " + str(f.global_stride.empty() ? 0 : f.global_stride[0]) +
           " elements");
  bool gs_ok = true;
  for (int64_t s : f.global_stride_bytes) gs_ok = gs_ok && s % 16 == 0 && s < (int64_t(1) << 40);
  rule("global_stride", "global strides are multiples of 16 bytes below 2^40", gs_ok,
       "globalStrides " + list(f.global_stride_bytes) + " bytes");
  bool gd_ok = true;
  for (int64_t d : f.global_dim) gd_ok = gd_ok && d >= 1 && d <= (int64_t(1) << 32);
  rule("global_dim", "global dimensions are 1..2^32", gd_ok, "globalDim " + list(f.global_dim));
  bool es_ok = true;
  for (int64_t e : f.element_strides) es_ok = es_ok && e >= 1 && e <= 8;
  rule("element_strides", "element strides are 1..8", es_ok, "elementStrides " + list(f.element_strides));
  rule("base_align", "the global address is 16-byte aligned", base_align_bytes % 16 == 0,
       "aligned to " + str(base_align_bytes) + " bytes");
  rule("multicast", "the multicast count divides the box (or the box divides it), outermost dimension first",
       f.multicast_divides, "multicast " + str(f.multicast));
  const int64_t pattern = smem.byte_swizzle.yyy_mask();
  rule("smem_align", "the smem start is 128-byte aligned and at row 0 of the swizzle pattern",
       smem.start_byte % 128 == 0 && (smem.start_byte & pattern) == 0,
       "smem start byte " + str(smem.start_byte));
  return out;
}

}  // namespace tvlab
