#include "tvlab/verify/banks/gmem_sectors.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <numeric>
#include <optional>
#include <set>

#include "tvlab/verify/banks/banks.hpp"

namespace tvlab {

namespace {

void check_bytes(int bytes, int sector_bytes) {
  if (bytes < 1 || bytes > 16) throw BankError("a lane accesses " + std::to_string(bytes) + " bytes (1..16)");
  if (sector_bytes < 1) throw BankError("sector of " + std::to_string(sector_bytes) + " bytes");
}

int64_t floor_div(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

// The distinct sectors of byte runs [o, o + bytes) shifted by phase: the offsets ascend, so each run's
// sectors ascend too and a sector is new unless it is the last one counted (no set: this runs for every
// instruction).
int64_t row_sectors(const std::set<int64_t>& offsets, int bytes, int64_t phase, int sector_bytes) {
  int64_t count = 0;
  std::optional<int64_t> last;
  for (int64_t o : offsets) {
    const int64_t first = floor_div(phase + o, sector_bytes),
                  end = floor_div(phase + o + bytes - 1, sector_bytes);
    count += end - first + 1 - (last && *last >= first ? *last - first + 1 : 0);
    last = last ? std::max(*last, end) : end;
  }
  return count;
}

// The bytes the runs [o, o + bytes) cover together (ascending offsets: each run adds what passes the last
// end).
int64_t used_bytes_of(const std::set<int64_t>& offsets, int bytes) {
  int64_t used = 0, end = INT64_MIN;
  for (int64_t o : offsets) {
    used += o + bytes - std::max(o, end);
    end = o + bytes;
  }
  return used;
}

}  // namespace

GmemOpKind parse_gmem_op(std::string_view text) {
  if (text == "cp.async.ca" || text == "cp.async") return GmemOpKind::CpAsyncCa;
  if (text == "cp.async.cg") return GmemOpKind::CpAsyncCg;
  if (text == "ld.global" || text == "ld") return GmemOpKind::Load;
  if (text == "st.global" || text == "st") return GmemOpKind::Store;
  throw BankError("unknown global-memory op '" + std::string(text) +
                  "' (cp.async.ca, cp.async.cg, ld.global, st.global)");
}

std::string to_string(GmemOpKind op) {
  switch (op) {
    case GmemOpKind::CpAsyncCa:
      return "cp.async.ca";
    case GmemOpKind::CpAsyncCg:
      return "cp.async.cg";
    case GmemOpKind::Load:
      return "ld.global";
    case GmemOpKind::Store:
      return "st.global";
  }
  return "?";
}

bool gmem_rule_measured(GmemOpKind op) {
  // cp.async.ca: tests/data/hw/banks_cpasync_h200_counters.tsv; ld.global / st.global of 1..16 bytes:
  // tests/data/hw/gmem_ldst_h200.tsv. cp.async.cg's bypass counters were not recorded.
  return op != GmemOpKind::CpAsyncCg;
}

std::string gmem_counters(GmemOpKind op) {
  switch (op) {
    case GmemOpKind::CpAsyncCa:
      return "l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_ldgsts_cache_access.sum";
    case GmemOpKind::CpAsyncCg:
      return "l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_ldgsts_cache_bypass.sum";
    case GmemOpKind::Load:
      return "l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_ld.sum";
    case GmemOpKind::Store:
      return "l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_st.sum";
  }
  return "";
}

GmemSectors count_gmem_sectors(const GmemInstruction& inst, int sector_bytes) {
  check_bytes(inst.bytes, sector_bytes);
  GmemSectors r;
  r.measured = gmem_rule_measured(inst.op);
  std::set<int64_t> offsets;
  for (std::size_t l = 0; l < inst.addresses.size(); ++l) {
    if (!inst.addresses[l]) continue;
    if (*inst.addresses[l] < 0) throw BankError("lane " + std::to_string(l) + ": negative global address");
    offsets.insert(*inst.addresses[l]);
    r.bytes += inst.bytes;
  }
  if (offsets.empty()) return r;
  r.requests = 1;
  r.sectors = row_sectors(offsets, inst.bytes, 0, sector_bytes);
  r.used_bytes = used_bytes_of(offsets, inst.bytes);
  // cp.async.cg reads through the L1 bypass: its cache_access counters stay 0 (recorded: 7 of 7).
  if (inst.op != GmemOpKind::CpAsyncCg) r.counter_requests = r.requests, r.counter_sectors = r.sectors;
  return r;
}

GmemSectorFigure& GmemSectorFigure::operator+=(const GmemSectorFigure& o) {
  requests += o.requests;
  sectors_aligned += o.sectors_aligned;
  sectors_min += o.sectors_min;
  sectors_max += o.sectors_max;
  bytes += o.bytes;
  used_bytes += o.used_bytes;
  return *this;
}

GmemSectorFigure gmem_row_sectors(const GmemRowInstruction& inst, int64_t row_align, int64_t min_pitch,
                                  int sector_bytes) {
  check_bytes(inst.bytes, sector_bytes);
  if (row_align <= 0) throw BankError("row alignment of " + std::to_string(row_align) + " bytes");
  GmemSectorFigure f;
  std::map<int64_t, std::set<int64_t>> rows;  // row -> the byte offsets of its lanes
  for (std::size_t l = 0; l < inst.lanes.size(); ++l) {
    if (!inst.lanes[l]) continue;
    const auto [row, off] = *inst.lanes[l];
    if (row < 0 || off < 0) throw BankError("lane " + std::to_string(l) + ": negative row or offset");
    if (off + inst.bytes > min_pitch)
      throw BankError("lane " + std::to_string(l) + ": bytes " + std::to_string(off) + ".." +
                      std::to_string(off + inst.bytes - 1) + " past the least row pitch " +
                      std::to_string(min_pitch));
    rows[row].insert(off);
    f.bytes += inst.bytes;
  }
  if (rows.empty()) return f;
  f.requests = 1;
  // Every admissible row start lies at a multiple of g within its sector.
  const int64_t g = std::gcd(row_align, static_cast<int64_t>(sector_bytes));
  int64_t sum_min = 0, shares = 0;
  std::optional<std::pair<int64_t, int64_t>> prev;  // the previous row and its end (last offset + bytes)
  for (const auto& [row, offs] : rows) {
    int64_t lo = -1, hi = 0;
    for (int64_t phase = 0; phase < sector_bytes; phase += g) {
      const int64_t s = row_sectors(offs, inst.bytes, phase, sector_bytes);
      if (phase == 0) f.sectors_aligned += s;
      lo = lo < 0 ? s : std::min(lo, s);
      hi = std::max(hi, s);
    }
    sum_min += lo;
    f.sectors_max += hi;
    f.used_bytes += used_bytes_of(offs, inst.bytes);
    // This row can share a sector with the previous one only if its first byte can come within the
    // previous row's last sector: with sector-aligned rows never (the pitch is a multiple of 32 covering the
    // row), else when the gap between the rows' bytes can be under a sector.
    const int64_t first = *offs.begin();
    if (prev) {
      const int64_t apart = (row - prev->first) * min_pitch;
      const bool never = (g % sector_bytes == 0 && apart >= prev->second) ||
                         apart + first - prev->second + 1 >= sector_bytes;
      if (!never) ++shares;
    }
    prev = std::make_pair(row, *offs.rbegin() + inst.bytes);
  }
  f.sectors_min = std::max(sum_min - shares, (f.used_bytes + sector_bytes - 1) / sector_bytes);
  return f;
}

}  // namespace tvlab
