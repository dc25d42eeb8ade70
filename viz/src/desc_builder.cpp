#include "tvlab/viz/desc_builder.hpp"

#include <cstdio>

#include "tvlab/core/notation.hpp"

namespace tvlab::viz {

namespace {
std::string hex(uint64_t v) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%016llx", static_cast<unsigned long long>(v));
  return b;
}
std::string field(uint32_t v) {
  return std::to_string(v) + " (" + std::to_string(int64_t(v) * 16) + " B)";
}
}  // namespace

Scene build_desc_scene(const SmemTile& t, const DescriptorTiling& dt, const std::string& notation,
                       const Options& opt) {
  const SmemDescriptor& d = dt.desc;
  const int64_t rows = size(mode(t.layout, 0)), cols = size(mode(t.layout, 1));
  check_cells(rows * cols, opt.max_cells, "the smem tile " + notation);
  Scene s;
  s.colorblind = opt.colorblind;
  s.provenance.push_back("tvlab desc: " + notation + " (" + std::to_string(t.bits) + "-bit, " +
                         to_string(d.major) + "-major, " + to_string(d.arch) + ")");
  for (const std::string& p : opt.provenance) s.provenance.push_back(p);
  s.title.push_back(std::string(d.arch == DescArch::SM90 ? "GmmaDescriptor " : "UMMA SmemDescriptor ") +
                    hex(d.value()) + " of " + notation);
  s.title.push_back("start_address " + std::to_string(d.start_address) + ", LBO " +
                    field(d.leading_byte_offset) + ", SBO " + field(d.stride_byte_offset) + ", base_offset " +
                    std::to_string(d.base_offset) + ", layout_type " + std::to_string(d.layout_type) + " (" +
                    d.layout_type_name + ")");
  s.title.push_back("rows: MN (" + std::to_string(rows) + "), columns: K (" + std::to_string(cols) +
                    "); each cell: the 16-byte chunk (byte address / 16) of the element");
  const int x0 = 1, y0 = 2;
  s.texts.push_back({x0 - 1, y0 - 1, "mn\\k", TextKind::Axis, Anchor::Right, Axis::None, 0});
  for (int c = 0; c < cols; ++c)
    s.texts.push_back({x0 + c, y0 - 1, std::to_string(c), TextKind::Tick, Anchor::Center, Axis::Col, c});
  for (int r = 0; r < rows; ++r)
    s.texts.push_back({x0 - 1, y0 + r, std::to_string(r), TextKind::Tick, Anchor::Right, Axis::Row, r});
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      const int64_t byte = t.byte_address(IntTuple::tuple({r, c}));
      Cell cell;
      cell.x = x0 + static_cast<int>(c), cell.y = y0 + static_cast<int>(r);
      cell.colors.push_back(static_cast<int>((byte >> 4) % 8));
      cell.label.push_back(std::to_string(byte >> 4));
      cell.tooltip = "(" + std::to_string(r) + "," + std::to_string(c) + "): byte " + std::to_string(byte) +
                     ", 16-byte chunk " + std::to_string(byte >> 4) + " (chunk " +
                     std::to_string((byte >> 4) % 8) + " of its 128-byte row)";
      s.cells.push_back(std::move(cell));
    }
  s.width = x0 + static_cast<int>(cols);
  s.height = y0 + static_cast<int>(rows);
  // The described block, then 8-row groups and k-block boundaries.
  const int bx = x0 + static_cast<int>(dt.block_k), by = y0 + static_cast<int>(dt.block_mn);
  for (const Line& l : {Line{x0, y0, bx, y0, LineKind::Mark}, Line{x0, by, bx, by, LineKind::Mark},
                        Line{x0, y0, x0, by, LineKind::Mark}, Line{bx, y0, bx, by, LineKind::Mark}})
    s.lines.push_back(l);
  for (int64_t r = 8; r < rows; r += 8)
    s.lines.push_back({x0, y0 + static_cast<int>(r), s.width, y0 + static_cast<int>(r), LineKind::Boundary});
  for (int64_t c = dt.block_k; c < cols; c += dt.block_k)
    s.lines.push_back({x0 + static_cast<int>(c), y0, x0 + static_cast<int>(c), s.height, LineKind::Boundary});
  s.legend.push_back({Swatch::Marked, 0,
                      "the block one instruction reads (" + std::to_string(dt.block_mn) + " x " +
                          std::to_string(dt.block_k) + "): the descriptor's tile"});
  s.legend.push_back({Swatch::Boundary, 0, "8-row core-matrix groups and k-blocks"});
  const bool sw = d.layout_type_name != "INTERLEAVE" && d.layout_type_name != "SWIZZLE_NONE";
  const int64_t t_elems = 128 / t.bits;
  if (d.major == OperandMajor::K) {
    s.notes.push_back("SBO = " + field(d.stride_byte_offset) +
                      ": from MN rows 0-7 to rows 8-15 (the next 8-row group)");
    s.notes.push_back(
        sw ? "LBO = " + std::to_string(d.leading_byte_offset) +
                 ": unused by swizzled K-major layouts (the 32 bytes of K are contiguous in a swizzle row)"
           : "LBO = " + field(d.leading_byte_offset) + ": from K elements 0-" + std::to_string(t_elems - 1) +
                 " to the next 16 bytes of K (the next core matrix)");
  } else if (sw) {
    s.notes.push_back("LBO = " + field(d.leading_byte_offset) + ": from MN elements 0-" +
                      std::to_string(t_elems * d.swizzle_atom_mn - 1) + " (one swizzle row) to the next " +
                      std::to_string(t_elems * d.swizzle_atom_mn));
    s.notes.push_back("SBO = " + field(d.stride_byte_offset) + ": from K rows 0-7 to rows 8-15");
  } else {
    s.notes.push_back("SBO = " + field(d.stride_byte_offset) + ": from MN elements 0-" +
                      std::to_string(t_elems - 1) + " to the next " + std::to_string(t_elems) +
                      " (the next core matrix along MN)");
    s.notes.push_back("LBO = " + field(d.leading_byte_offset) + ": from K rows 0-7 to rows 8-15");
  }
  s.notes.push_back(
      "a field of 0 belongs to a mode with a single repeat in the block (CuTe's logical_divide gives 0)");
  std::string offs;
  for (int64_t o : dt.block_offsets) offs += (offs.empty() ? "" : " ") + std::to_string(o);
  s.notes.push_back("start-address increments of the " + std::to_string(dt.blocks_mn) + " x " +
                    std::to_string(dt.blocks_k) +
                    " instruction blocks (16-byte units, MN-block major): " + offs);
  s.notes.push_back("cell colour: the 16-byte chunk mod 8 (its position in a 128-byte row; palette " +
                    std::string(opt.colorblind ? "colorblind" : "default") + ")");
  return s;
}

}  // namespace tvlab::viz
