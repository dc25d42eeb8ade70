// Blackwell tensor memory: UMMA accumulators and make_tmem_copy (see tmem.hpp).
#include "tvlab/core/tiling/tmem.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "tvlab/core/coalesce.hpp"
#include "tvlab/core/complement.hpp"
#include "tvlab/core/composition.hpp"
#include "tvlab/core/divide.hpp"
#include "tvlab/core/inverse.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/product.hpp"
#include "tvlab/core/recast.hpp"

namespace tvlab {

namespace {

constexpr int64_t kDpBits = int64_t{1} << 21;  // TMEM::DP_b: one lane in a copy atom's ValID

Layout L(const IntTuple& shape, const IntTuple& stride) {
  return Layout(shape, stride);
}

}  // namespace

Layout TmemAccumulator::mn() const {
  // ((M_MMA, N_MMA), MMA_M, MMA_N) -> ((M_MMA, MMA_M), (N_MMA, MMA_N)).
  const Layout v = mode(layout, 0);
  const Layout l =
      make_layout({make_layout({mode(v, 0), mode(layout, 1)}), make_layout({mode(v, 1), mode(layout, 2)})});
  return coalesce(l, make_shape(1, 1));  // mode by mode: the same function, without size-1 modes
}

int tmem_offset_shift(int bits) {
  if (bits <= 0) throw std::invalid_argument("tmem_offset_shift: bits must be positive");
  int s = 0;
  while (bits < 32 && (32 >> s) > bits) ++s;
  if (bits < 32 && (32 >> s) != bits)
    throw std::invalid_argument("tmem_offset_shift: " + std::to_string(bits) +
                                "-bit values do not divide 32 bits");
  return s;
}

int64_t tmem_dp(int bits) {
  return int64_t{65536} << tmem_offset_shift(bits);
}

TmemAddress tmem_address(int64_t offset, int bits) {
  if (offset < 0) throw std::invalid_argument("tmem_address: negative offset " + std::to_string(offset));
  const int s = tmem_offset_shift(bits);
  const int64_t word = offset >> s;
  return {word >> 16, word & 0xFFFF, offset & ((int64_t{1} << s) - 1)};
}

std::string to_string(const TmemAddress& a) {
  std::string s = "lane " + std::to_string(a.lane) + ", column " + std::to_string(a.column);
  if (a.sub != 0) s += ", sub-word " + std::to_string(a.sub);
  return s;
}

bool is_umma(const MmaAtom& atom) {
  return atom.arch == "sm100" && atom.scope == "cta" && atom.name.rfind("SM100_MMA_", 0) == 0;
}

TmemAccumulator tmem_accumulator(const MmaAtom& atom, int64_t tile_m, int64_t tile_n) {
  const std::string rule = "UMMA::tmem_frg";
  if (!is_umma(atom))
    throw AtomError(rule, atom.name + " is not an SM100 UMMA atom: its accumulator is not in tensor memory");
  if (atom.name.find("INTERLEAVED_CF32") != std::string::npos)
    throw AtomError(
        rule, atom.name + ": tvlab does not model the tensor memory of complex interleaved accumulators");
  TmemAccumulator acc;
  acc.mma = atom.name;
  acc.ctas = static_cast<int>(size(atom.thr_id));
  acc.value_type = atom.c_type;
  acc.storage_bits = 32;
  if (acc.value_type.bits <= 0 || acc.value_type.bits > 32 || 32 % acc.value_type.bits != 0)
    throw AtomError(rule,
                    atom.name + ": accumulator type " + acc.value_type.name + " does not divide 32 bits");
  const bool ts = atom.name.find("_TS") != std::string::npos;
  acc.alloc = acc.ctas == 1 && ts ? TmemAllocMode::NonInterleaved : TmemAllocMode::Interleaved;
  if (tile_m <= 0 || tile_n <= 0 || tile_m % atom.m != 0 || tile_n % atom.n != 0)
    throw AtomError("partition_fragment_C", "the tile (" + std::to_string(tile_m) + "," +
                                                std::to_string(tile_n) +
                                                ") is not a multiple of the atom's (M,N) = (" +
                                                std::to_string(atom.m) + "," + std::to_string(atom.n) + ")");
  const int64_t mma_m = atom.m / acc.ctas, mma_n = atom.n;
  const int64_t rest_m = tile_m / atom.m, rest_n = tile_n / atom.n;
  acc.mma_m = mma_m;
  acc.mma_n = mma_n;
  acc.tile_m = mma_m * rest_m;
  acc.tile_n = mma_n * rest_n;
  const bool huge = acc.tile_m > kTmemLanes * kTmemColumns || acc.tile_n > kTmemLanes * kTmemColumns;
  if (huge || acc.tile_m * acc.tile_n * acc.storage_bits > kTmemLanes * kTmemColumns * 32)
    throw AtomError(rule, "requesting more TMEM than is available: the " + std::to_string(acc.tile_m) + "x" +
                              std::to_string(acc.tile_n) + " accumulator" +
                              (huge ? std::string()
                                    : " needs " + std::to_string(acc.tile_m * acc.tile_n / kTmemLanes) +
                                          " columns of 128 lanes") +
                              "; tensor memory has 512 columns");

  // CuTe's "virtual tensor memory addressing" (lane stride 1, column stride 128), restrided on return.
  const int64_t dp = tmem_dp(acc.value_type.bits), col = acc.storage_bits / acc.value_type.bits;
  const Layout restride = L(make_shape(128, 16384), make_shape(dp, col));
  const IntTuple rest = make_shape(rest_m, rest_n);
  Layout atom_layout;
  int64_t tile_stride = 1;
  const auto fail = [&](const std::string& why) { throw AtomError(rule, atom.name + ": " + why); };
  if (acc.ctas == 1) {
    if (mma_m == 64) {
      // Half subpartitions: lanes 0-15 of each subpartition.
      atom_layout = L(make_shape(make_shape(16, 4), mma_n), make_shape(make_shape(1, 32), 128));
      tile_stride = acc.alloc == TmemAllocMode::Interleaved ? 1 : 2;
    } else if (mma_m == 128) {
      atom_layout = L(make_shape(128, mma_n), make_shape(1, 128));
    } else {
      fail("UMMA_1SM M-mode size should be 64 or 128, not " + std::to_string(mma_m));
    }
  } else {
    if (mma_m == 32) {
      if (mma_n % 4 != 0) fail("N must be a multiple of 4");
      atom_layout = L(make_shape(32, make_shape(mma_n / 4, 4)), make_shape(1, make_shape(128, 32)));
    } else if (mma_m == 64) {
      if (mma_n % 2 != 0) fail("N must be a multiple of 2");
      atom_layout = L(make_shape(64, make_shape(mma_n / 2, 2)), make_shape(1, make_shape(128, 64)));
    } else if (mma_m == 128) {
      atom_layout = L(make_shape(128, mma_n), make_shape(1, 128));
    } else {
      fail("UMMA_2SM M-mode size should be 32, 64 or 128 per CTA, not " + std::to_string(mma_m));
    }
  }
  // compact_col_major(rest, tile_stride): CuTe gives a size-1 mode stride 0.
  const Layout rest_layout =
      L(rest, make_shape(rest_m == 1 ? 0 : tile_stride, rest_n == 1 ? 0 : tile_stride * rest_m));
  const Layout logical = tiled_product(atom_layout, Tiler(rest_layout));
  acc.layout = composition(restride, logical);
  // CuTe's static assertion counts elements only: a NonInterleaved M = 64 accumulator (its MMA tiles side by
  // side in columns, lanes 16-31 of each subpartition unused) can still run past column 511.
  const Layout mn = acc.mn();
  int64_t last = 0;
  for (int64_t i = 0; i < size(mn); ++i)
    last = std::max(last, tmem_address(mn(i), acc.value_type.bits).column);
  if (last >= kTmemColumns)
    throw AtomError(
        rule, "the " + std::to_string(acc.tile_m) + "x" + std::to_string(acc.tile_n) + " accumulator of " +
                  atom.name + " reaches column " + std::to_string(last) +
                  "; tensor memory has 512 (CuTe's capacity assertion counts elements and passes)");
  return acc;
}

std::vector<std::string> tmem_lane_runs(const TmemAccumulator& acc) {
  // Per lane: one row m, n0..n1 in columns c0..c0+(n1-n0) ("simple"), else empty or several.
  struct LaneInfo {
    int kind = 0;  // 0 empty, 1 simple, 2 several
    int64_t m = 0, n0 = 0, n1 = -1, c0 = 0, count = 0;
  };
  std::vector<LaneInfo> lanes(kTmemLanes);
  const Layout mn = acc.mn();
  for (int64_t n = 0; n < acc.tile_n; ++n)
    for (int64_t m = 0; m < acc.tile_m; ++m) {
      const TmemAddress a = tmem_address(mn(IntTuple::tuple({m, n})).ival(), acc.value_type.bits);
      LaneInfo& l = lanes[static_cast<std::size_t>(a.lane)];
      ++l.count;
      if (l.kind == 0) {
        l = {1, m, n, n, a.column, 1};
      } else if (l.kind == 1 && m == l.m && n == l.n1 + 1 && a.column == l.c0 + (n - l.n0) && a.sub == 0) {
        l.n1 = n;
      } else {
        l.kind = 2;
      }
    }
  const auto range = [](int64_t a, int64_t b) {
    return a == b ? std::to_string(a) : std::to_string(a) + ".." + std::to_string(b);
  };
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < lanes.size()) {
    std::size_t j = i + 1;
    const LaneInfo& a = lanes[i];
    while (j < lanes.size()) {
      const LaneInfo& b = lanes[j];
      const bool same = b.kind == a.kind && (a.kind != 1 || (b.m == a.m + static_cast<int64_t>(j - i) &&
                                                             b.n0 == a.n0 && b.n1 == a.n1 && b.c0 == a.c0));
      if (!same) break;
      ++j;
    }
    std::string line = "lanes " + range(static_cast<int64_t>(i), static_cast<int64_t>(j - 1)) + ": ";
    if (a.kind == 0)
      line += "empty";
    else if (a.kind == 1)
      line += "rows " + range(a.m, a.m + static_cast<int64_t>(j - i) - 1) + ", n " + range(a.n0, a.n1) +
              " in columns " + range(a.c0, a.c0 + a.n1 - a.n0);
    else
      line += "several rows each (" + std::to_string(a.count) + " elements a lane; see partition_fragment_C)";
    out.push_back(line);
    i = j;
  }
  return out;
}

namespace {

bool has_basis(const IntTuple& t) {
  for (const auto& n : t.nodes())
    if (n.rank < 0 && n.value.is_basis()) return true;
  return false;
}

// Whether layout l, with its complement up to `extent`, is a bijection onto [0, extent): the tiles of a
// logical_divide by l cover the mode once, nothing past it. Empty if so, else why not.
std::string tiling_problem(const Layout& l, int64_t extent) {
  if (has_basis(l.shape) || has_basis(l.stride)) return "its strides are not integers";
  const int64_t n = size(l);
  if (n <= 0 || n > extent || extent % n != 0)
    return "its size " + std::to_string(n) + " does not divide " + std::to_string(extent);
  std::vector<char> seen(static_cast<std::size_t>(extent), 0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t x = l(i);
    if (x < 0 || x >= extent) return "it reaches " + std::to_string(x) + ", past the mode";
    if (seen[static_cast<std::size_t>(x)]++) return "it reaches " + std::to_string(x) + " twice";
  }
  Layout rest;
  try {
    rest = complement(l, extent);
  } catch (const LayoutError& e) {
    return std::string("its complement is undefined (") + e.what() + ")";
  }
  // l's image is exact; the complement's shifts must then reach every other index once.
  const Layout whole = make_layout({l, rest});
  if (size(whole) != extent) return "it and its complement cover " + std::to_string(size(whole)) + " indices";
  std::fill(seen.begin(), seen.end(), 0);
  for (int64_t i = 0; i < extent; ++i) {
    const int64_t x = whole(i);
    if (x < 0 || x >= extent || seen[static_cast<std::size_t>(x)]++)
      return "its tiles, shifted by its complement " + to_string(rest) + ", do not cover the mode once";
  }
  return {};
}

}  // namespace

Layout tmem_epilogue_mode(const Tiler& tile, int i) {
  if (!tile.is_tuple() || i < 0 || i >= tile.rank())
    throw AtomError("EpilogueTile", "no mode " + std::to_string(i) + " in " + to_string(tile));
  const Tiler& t = tile.modes()[static_cast<std::size_t>(i)];
  if (t.is_integer()) return L(t.integer(), 1);
  if (t.is_layout()) return t.layout();
  throw AtomError("EpilogueTile", "mode " + std::to_string(i) + " of " + to_string(tile) +
                                      " is neither an integer nor a layout");
}

Layout tmem_epilogue_tiles(const Layout& acc, const Tiler& tile) {
  if (rank(acc) != 2)
    throw AtomError("flat_divide", "the accumulator tile " + to_string(acc) + " is not (M,N)");
  const std::string rule = "EpilogueTile";
  if (!tile.is_tuple() || tile.rank() != 2)
    throw AtomError(rule, "the epilogue tile " + to_string(tile) + " is not a tiler of 2 modes (M, N)");
  const int64_t extent[2] = {size(mode(acc, 0)), size(mode(acc, 1))};
  const char* names[2] = {"M", "N"};
  bool integers = true;
  for (const Tiler& t : tile.modes()) integers = integers && t.is_integer();
  if (integers) {
    const int64_t em = tile.modes()[0].integer(), en = tile.modes()[1].integer();
    if (em <= 0 || en <= 0 || extent[0] % em != 0 || extent[1] % en != 0)
      throw AtomError(rule, "the epilogue tile (" + std::to_string(em) + "," + std::to_string(en) +
                                ") does not divide the accumulator's (" + std::to_string(extent[0]) + "," +
                                std::to_string(extent[1]) + ")");
  } else {
    for (int i = 0; i < 2; ++i) {
      const Tiler& t = tile.modes()[static_cast<std::size_t>(i)];
      const std::string which = std::string("the epilogue tile's ") + names[i] + " mode " + to_string(t);
      if (t.is_underscore() || t.is_tuple())
        throw AtomError(rule, which + ": tvlab takes an integer or a layout for each mode" +
                                  (t.is_tuple() ? " (CuTe would divide the accumulator's " +
                                                      std::string(names[i]) + " mode sub-mode by sub-mode)"
                                                : std::string()));
      const std::string why = tiling_problem(tmem_epilogue_mode(tile, i), extent[i]);
      if (!why.empty())
        throw AtomError(rule, which + " does not tile the accumulator's " + names[i] + " = " +
                                  std::to_string(extent[i]) + " exactly: " + why);
    }
  }
  return flat_divide(acc, tile);
}

Layout tmem_epilogue_tiles(const Layout& acc, int64_t epi_m, int64_t epi_n) {
  return tmem_epilogue_tiles(acc, Tiler(Tiler::Modes{Tiler(epi_m), Tiler(epi_n)}));
}

TiledCopy make_tmem_copy(const CopyAtom& atom, const ValueType& vt, const Layout& tmem) {
  const std::string rule = "make_tmem_copy";
  if (!atom.val_id || atom.name.rfind("SM100_TMEM_", 0) != 0)
    throw AtomError(rule,
                    atom.name + " is not a TMEM load or store (SM100_TMEM_LOAD_* / SM100_TMEM_STORE_*)");
  const int bits = vt.bits;
  if (bits <= 0 || bits > 32 || 32 % bits != 0)
    throw AtomError(rule, vt.name + ": tensor memory holds values of 32 bits or a divisor of 32, not " +
                              std::to_string(bits));
  // A _16b atom packs the low 16 bits of two columns into one register: its values are 16-bit. CuTe would
  // recast its ValID to wider values across two columns; tvlab refuses that meaningless view.
  const bool packed16 = atom.name.size() > 4 && atom.name.compare(atom.name.size() - 4, 4, "_16b") == 0;
  if (packed16 && bits != 16)
    throw AtomError(rule + ": _16b atoms move 16-bit values",
                    atom.name + " packs 16-bit halves of two TMEM columns into one register; " + vt.name +
                        " is " + std::to_string(bits) + "-bit (use " +
                        atom.name.substr(0, atom.name.size() - 4) + ")");
  const int64_t dp = tmem_dp(bits);
  const Layout atom_t = L(make_shape(32, 4), make_shape(0, 32 * dp));
  const Layout atom_v = coalesce(upcast(*atom.val_id, bits));
  const Layout atom_tv = make_layout({atom_t, atom_v});
  // make_cotiled_copy(atom, atom_tv, tmem).
  const Layout inv_data = make_layout({left_inverse(tmem), L(1, 0)});
  const Layout tv_data = composition(inv_data, atom_tv);
  const Layout back = composition(make_layout({tmem, L(1, 0)}), mode(tv_data, 1));
  if (coalesce(back) != coalesce(mode(atom_tv, 1)))
    throw AtomError(rule + ": the memory pointed to by AtomTVLayout does not exist in the DataLayout",
                    atom.name + " with " + vt.name + " addresses " + to_string(atom_v) +
                        " from each warp's base, which the TMEM tensor " + to_string(tmem) +
                        " does not hold");
  const IntTuple flat_shape = product_each(tmem.shape);
  const int r = flat_shape.size();
  Tiler::Modes tiler;
  for (int i = 0; i < r; ++i) {
    std::vector<IntTuple> e(static_cast<size_t>(r), IntTuple(0));
    e[static_cast<size_t>(i)] = 1;
    tiler.emplace_back(filter(composition(Layout(flat_shape, IntTuple::tuple(e)), tv_data)));
  }
  const Tiler t(tiler);
  const Layout tile2data = composition(make_layout(flat_shape), t);
  const Layout layout_tv = composition(left_inverse(tile2data), tv_data);
  return make_tiled_copy_impl(atom, vt, layout_tv, t);
}

TmemEpilogue make_tmem_epilogue(const TmemAccumulator& acc, const CopyAtom& atom, const Tiler& tile,
                                int64_t threads, int64_t first_thread) {
  TmemEpilogue e;
  e.acc = acc;
  e.threads = threads;
  e.first_thread = first_thread;
  e.tiles = tmem_epilogue_tiles(acc.first_mma_tile(), tile);
  e.tile = tile;
  e.epi_m = size(tmem_epilogue_mode(tile, 0));
  e.epi_n = size(tmem_epilogue_mode(tile, 1));
  e.copy = make_tmem_copy(atom, acc.value_type, take(e.tiles, 0, 2));
  return e;
}

TmemEpilogue make_tmem_epilogue(const TmemAccumulator& acc, const CopyAtom& atom, int64_t epi_m,
                                int64_t epi_n, int64_t threads, int64_t first_thread) {
  return make_tmem_epilogue(
      acc, atom,
      Tiler(Tiler::Modes{Tiler(epi_m == 0 ? acc.mma_m : epi_m), Tiler(epi_n == 0 ? acc.mma_n : epi_n)}),
      threads, first_thread);
}

TmemAddress tmem_atom_offset(const CopyAtom& atom, int bits, int64_t lane, int64_t value) {
  if (!atom.val_id) throw AtomError("tmem_atom_offset", atom.name + " is not a TMEM copy");
  const bool store = atom.name.rfind("SM100_TMEM_STORE_", 0) == 0;
  const Layout& regs = store ? atom.src : atom.dst;
  const int64_t bit = regs(IntTuple::tuple({lane, value * bits})).ival();
  const int64_t off = (*atom.val_id)(bit);
  const int64_t col_bit = off % kDpBits;
  return {off / kDpBits, col_bit / 32, (col_bit % 32) / bits};
}

}  // namespace tvlab
