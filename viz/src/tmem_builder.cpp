#include "tvlab/viz/tmem_builder.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/tmem_checks.hpp"

namespace tvlab::viz {

namespace {

std::string mn_label(int64_t m, int64_t n) {
  return std::to_string(m) + "," + std::to_string(n);
}

// Where the first epilogue tile's coordinates land in the MMA tile, one mode: "n = (16,2):(1,64)(j): 0..15,
// 64..79" (runs of consecutive values).
std::string mode_note(const char* coord, const char* index, const Layout& l) {
  std::string runs;
  for (int64_t i = 0; i < size(l);) {
    int64_t j = i + 1;
    while (j < size(l) && l(j) == l(j - 1) + 1) ++j;
    runs += (runs.empty() ? "" : ", ") + std::to_string(l(i)) +
            (j - i > 1 ? ".." + std::to_string(l(j - 1)) : std::string());
    i = j;
  }
  return std::string(coord) + " = " + to_string(l) + "(" + index + "): " + runs;
}

}  // namespace

Scene build_tmem_acc_scene(const TmemAccumulator& acc, const Options& opt) {
  const Layout mn = acc.mn();
  const int bits = acc.value_type.bits;
  // Every element's address; the picture spans the lanes and columns they reach.
  std::map<std::pair<int64_t, int64_t>, std::vector<std::pair<int64_t, int64_t>>> at;
  int64_t last_col = 0;
  for (int64_t n = 0; n < acc.tile_n; ++n)
    for (int64_t m = 0; m < acc.tile_m; ++m) {
      const TmemAddress a = tmem_address(mn(IntTuple::tuple({m, n})).ival(), bits);
      at[{a.lane, a.column}].push_back({m, n});
      last_col = std::max(last_col, a.column);
    }
  const int64_t rows = kTmemLanes, cols = last_col + 1;
  check_cells(cells_mul(rows, cols), opt.max_cells, "the TMEM accumulator picture");
  Scene s;
  s.colorblind = opt.colorblind;
  s.provenance.push_back("tvlab render: TMEM accumulator of " + acc.mma + " over (" +
                         std::to_string(acc.tile_m * acc.ctas) + "," + std::to_string(acc.tile_n) + ")");
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back("Tensor memory: the accumulator of " + acc.mma);
  s.title.push_back(acc.value_type.name + " (" + std::to_string(acc.tile_m) + "," +
                    std::to_string(acc.tile_n) + ") per CTA: partition_fragment_C " + to_string(acc.layout));
  const int x0 = 1, y0 = 2;
  s.texts.push_back({x0 - 1, y0 - 2, "TMEM lanes (rows) x columns; each cell: the element (m,n) it holds",
                     TextKind::Heading, Anchor::Left, Axis::None, 0});
  s.texts.push_back({x0 - 1, y0 - 1, "lane\\col", TextKind::Axis, Anchor::Right, Axis::None, 0});
  for (int64_t c = 0; c < cols; ++c)
    s.texts.push_back(
        {x0 + static_cast<int>(c), y0 - 1, std::to_string(c), TextKind::Tick, Anchor::Center, Axis::Col, c});
  for (int64_t r = 0; r < rows; ++r)
    s.texts.push_back(
        {x0 - 1, y0 + static_cast<int>(r), std::to_string(r), TextKind::Tick, Anchor::Right, Axis::Row, r});
  // Colour: which quarter of one MMA's rows, and which MMA tile (column-major over MMA_M x MMA_N).
  const int64_t quarter = std::max<int64_t>(1, acc.mma_m / 4), tiles_m = acc.tile_m / acc.mma_m;
  const int64_t tiles = tiles_m * (acc.tile_n / acc.mma_n);
  const auto color_of = [&](int64_t m, int64_t n) {
    const int64_t k = m / acc.mma_m + tiles_m * (n / acc.mma_n);
    return static_cast<int>((m % acc.mma_m) / quarter + 4 * k);
  };
  bool holes = false;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      Cell cell;
      cell.x = x0 + static_cast<int>(c), cell.y = y0 + static_cast<int>(r);
      std::string tip = "lane " + std::to_string(r) + ", column " + std::to_string(c) + ":";
      const auto it = at.find({r, c});
      if (it == at.end()) {
        cell.hole = true;
        holes = true;
        tip += " no accumulator element";
      } else {
        for (const auto& [m, n] : it->second) {
          cell.label.push_back(mn_label(m, n));
          cell.colors.push_back(color_of(m, n));
          tip += " (" + mn_label(m, n) + ")";
        }
      }
      cell.tooltip = std::move(tip);
      s.cells.push_back(std::move(cell));
    }
  for (int64_t r = 32; r < rows; r += 32)
    s.lines.push_back({x0, y0 + static_cast<int>(r), x0 + static_cast<int>(cols), y0 + static_cast<int>(r),
                       LineKind::Boundary});
  s.width = x0 + static_cast<int>(cols);
  s.height = y0 + static_cast<int>(rows);
  for (int64_t k = 0; k < std::min<int64_t>(tiles, 4); ++k)
    for (int64_t q = 0; q < 4 && q * quarter < acc.mma_m; ++q) {
      std::string t = "rows " + std::to_string(q * quarter) + ".." + std::to_string((q + 1) * quarter - 1);
      if (tiles > 1) t += " of MMA tile " + std::to_string(k);
      s.legend.push_back({Swatch::Color, static_cast<int>(q + 4 * k), t});
    }
  if (holes) s.legend.push_back({Swatch::Hole, 0, "no accumulator element"});
  s.legend.push_back(
      {Swatch::Boundary, 0, "TMEM subpartition (32 lanes; warp w of a warpgroup: lanes 32*(w%4)..)"});
  const int shift = tmem_offset_shift(bits);
  s.notes.push_back(
      "TMEM address = lane << 16 | column (32-bit columns); offset o of the tmem_ptr<" + acc.value_type.name +
      "> tensor: lane = o >> " + std::to_string(16 + shift) + ", column = " +
      (shift == 0 ? std::string("o & 0xFFFF") : "(o >> " + std::to_string(shift) + ") & 0xFFFF"));
  if (acc.ctas == 2)
    s.notes.push_back("a 2-CTA UMMA: each CTA of the pair holds " + std::to_string(acc.mma_m) +
                      " of each MMA's " + std::to_string(2 * acc.mma_m) +
                      " rows; shown is one CTA's tensor memory, (m,n) in its rows");
  if (acc.alloc == TmemAllocMode::NonInterleaved)
    s.notes.push_back("TmemAllocMode::NonInterleaved (a TS atom): MMA tiles side by side in columns");
  if (tiles > 4)
    s.notes.push_back(std::to_string(tiles) + " MMA tiles; colours repeat after the 4th in the legend");
  return s;
}

Scene build_tmem_copy_scene(const TmemEpilogue& e, const Options& opt) {
  const TmemAccumulator& acc = e.acc;
  const int64_t rows = e.epi_m, cols = e.epi_n;
  check_cells(cells_mul(rows, cols), opt.max_cells, "the TMEM copy picture");
  const Layout mn = acc.mn();
  const int bits = acc.value_type.bits;
  // The first epilogue tile, tAcc_epi(_,_,0,0): its row i is m = tile_m(i), its column j is n = tile_n(j)
  // (the identity for an integer EpilogueTile, CUTLASS's strided N of a 2-CTA M = 128 MMA otherwise).
  const Layout tile_m = tmem_epilogue_mode(e.tile, 0), tile_n = tmem_epilogue_mode(e.tile, 1);
  std::map<int64_t, int64_t> row_of, col_of;
  for (int64_t i = 0; i < rows; ++i) row_of[tile_m(i)] = i;
  for (int64_t j = 0; j < cols; ++j) col_of[tile_n(j)] = j;
  std::map<std::tuple<int64_t, int64_t, int64_t>, std::pair<int64_t, int64_t>> element;
  for (int64_t n = 0; n < acc.tile_n; ++n)
    for (int64_t m = 0; m < acc.tile_m; ++m) {
      const TmemAddress a = tmem_address(mn(IntTuple::tuple({m, n})).ival(), bits);
      element[{a.lane, a.column, a.sub}] = {m, n};
    }
  const ValueLayouts vl = e.copy.atom_values();
  const int64_t nv = size(mode(e.store() ? vl.src : vl.dst, 1));
  OwnerGrid g;
  g.rows = rows, g.cols = cols;
  g.threads = e.threads;
  g.cells.assign(static_cast<std::size_t>(rows * cols), {});
  int64_t calls = 0, outside = 0;
  for (const TmemAccess& a : tmem_epilogue_accesses(e)) {
    calls = std::max(calls, a.call + 1);
    const auto it = element.find({a.addr.lane, a.addr.column, a.addr.sub});
    if (it == element.end()) {
      ++outside;
      continue;
    }
    const auto [m, n] = it->second;
    const auto r = row_of.find(m), col = col_of.find(n);
    if (m >= acc.mma_m || n >= acc.mma_n || r == row_of.end() || col == col_of.end())
      continue;  // another epilogue tile (or MMA tile)
    g.cells[static_cast<std::size_t>(r->second * cols + col->second)].push_back(
        {a.thread - e.first_thread, a.value + nv * a.call});
  }
  Scene s;
  s.colorblind = opt.colorblind;
  const std::string op = e.store() ? "tcgen05.st" : "tcgen05.ld";
  s.provenance.push_back("tvlab render: make_tmem_copy(" + e.copy.atom.name + ", tAcc_epi(_,_,0,0)) of " +
                         acc.value_type.name + " over " + acc.mma);
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back("Epilogue TMEM " + std::string(e.store() ? "store" : "load") + " " + e.copy.atom.name +
                    " (" + op + ") of " + acc.value_type.name);
  s.title.push_back("make_tmem_copy over tAcc_epi(_,_,0,0) " + to_string(take(e.tiles, 0, 2)) +
                    ": TiledLayout_TV " + to_string(e.copy.tv) + ", Tiler " + to_string(e.copy.tiler));
  PanelStyle st;
  st.group_size = 32;
  // A mode other than 0..size-1 (CUTLASS's strided N): the axis is the tile's own coordinate, noted below.
  const bool plain_m = tile_m == Layout(rows, 1), plain_n = tile_n == Layout(cols, 1);
  st.heading = "epilogue tile " + to_string(e.tile) + " of the accumulator: T = thread (threadIdx.x - " +
               std::to_string(e.first_thread) + "), V = register of its fragment tTR_rAcc";
  st.corner = std::string(plain_m ? "m" : "i") + "\\" + (plain_n ? "n" : "j");
  add_tv_panel(s, g, 1, 2, st);
  add_color_legend(s, e.threads, ColorBy::Thread, 32);
  const int64_t per_tile = size(take(e.tiles, 2, 4));
  s.notes.push_back(std::to_string(calls / std::max<int64_t>(1, per_tile)) + " " + op +
                    " per thread for this epilogue tile, " + std::to_string(per_tile) +
                    " epilogue tile(s) (EPI_M x EPI_N); warp w reaches only lanes 32*(w%4)..32*(w%4)+31");
  if (!plain_m) s.notes.push_back("the tile's row i is accumulator row " + mode_note("m", "i", tile_m));
  if (!plain_n) s.notes.push_back("the tile's column j is accumulator column " + mode_note("n", "j", tile_n));
  if (outside > 0)
    s.notes.push_back(std::to_string(outside) +
                      " register values address TMEM holding no accumulator element");
  return s;
}

}  // namespace tvlab::viz
