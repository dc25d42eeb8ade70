#include "tvlab/verify/banks/gmem_sectors.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>
#include <set>
#include <sstream>

#include "tvlab/verify/banks/banks.hpp"

namespace tvlab {
namespace {

GmemInstruction lanes_at(const std::function<int64_t(int)>& addr, int bytes, int lanes = 32,
                         GmemOpKind op = GmemOpKind::CpAsyncCa) {
  GmemInstruction in;
  in.op = op;
  in.bytes = bytes;
  for (int l = 0; l < lanes; ++l) in.addresses.push_back(addr(l));
  in.addresses.resize(32);
  return in;
}

// Literal cases (the figures the recordings hold for the same patterns, name in the comment).
TEST(GmemSectors, Literals) {
  // glob_w4_stride1_contig: 32 x 4 bytes contiguous -> 1 request, 4 sectors, all used.
  GmemSectors s = count_gmem_sectors(lanes_at([](int l) { return 4 * l; }, 4));
  EXPECT_EQ(s.requests, 1);
  EXPECT_EQ(s.sectors, 4);
  EXPECT_EQ(s.bytes, 128);
  EXPECT_EQ(s.used_bytes, 128);
  // glob_w4_stride1_g16: lane l at 16*l -> 16 sectors, 4 of each 32 bytes used.
  s = count_gmem_sectors(lanes_at([](int l) { return 16 * l; }, 4));
  EXPECT_EQ(s.sectors, 16);
  EXPECT_EQ(s.used_bytes, 128);
  // glob_w4_stride1_line: a 128-byte line per lane -> 32 sectors, still 1 request.
  s = count_gmem_sectors(lanes_at([](int l) { return 128 * l; }, 4));
  EXPECT_EQ(s.requests, 1);
  EXPECT_EQ(s.sectors, 32);
  // glob_w8_stride1_same: every lane the same 8 bytes -> 1 sector, 8 of 256 requested bytes distinct.
  s = count_gmem_sectors(lanes_at([](int) { return 0; }, 8));
  EXPECT_EQ(s.sectors, 1);
  EXPECT_EQ(s.bytes, 256);
  EXPECT_EQ(s.used_bytes, 8);
  // 16 bytes a lane contiguous: 512 bytes, 16 sectors.
  EXPECT_EQ(count_gmem_sectors(lanes_at([](int l) { return 16 * l; }, 16)).sectors, 16);
  // No active lane: no request.
  GmemInstruction none;
  none.addresses.resize(32);
  EXPECT_EQ(count_gmem_sectors(none).requests, 0);
  // cp.async.cg: the same sectors, read through the L1 bypass (cache_access counters 0), not measured.
  s = count_gmem_sectors(lanes_at([](int l) { return 16 * l; }, 16, 32, GmemOpKind::CpAsyncCg));
  EXPECT_EQ(s.sectors, 16);
  EXPECT_EQ(s.counter_sectors, 0);
  EXPECT_EQ(s.counter_requests, 0);
  EXPECT_FALSE(s.measured);
  EXPECT_TRUE(count_gmem_sectors(lanes_at([](int l) { return 4 * l; }, 4)).measured);
  EXPECT_TRUE(count_gmem_sectors(lanes_at([](int l) { return 4 * l; }, 4, 32, GmemOpKind::Store)).measured);
  EXPECT_THROW(count_gmem_sectors(lanes_at([](int l) { return 4 * l; }, 32)), BankError);
  EXPECT_THROW(count_gmem_sectors(lanes_at([](int l) { return l == 3 ? -4 : 4 * l; }, 4)), BankError);
  EXPECT_EQ(to_string(parse_gmem_op("cp.async.cg")), "cp.async.cg");
  EXPECT_THROW(parse_gmem_op("ldg"), BankError);
}

// The row figure: 8 lanes x 16 bytes along one row.
TEST(GmemSectors, RowFigureLiterals) {
  GmemRowInstruction in;
  in.bytes = 16;
  for (int l = 0; l < 8; ++l) in.lanes.push_back(std::make_pair(int64_t(0), int64_t(16 * l)));
  GmemSectorFigure f = gmem_row_sectors(in, 16, 128);
  EXPECT_EQ(f.requests, 1);
  EXPECT_EQ(f.sectors_aligned, 4);
  EXPECT_EQ(f.sectors_min, 4);
  EXPECT_EQ(f.sectors_max, 5);
  EXPECT_FALSE(f.exact());
  f = gmem_row_sectors(in, 32, 128);  // rows 32-byte aligned: exact
  EXPECT_TRUE(f.exact());
  EXPECT_EQ(f.sectors_max, 4);
  // (32,4) threads over a 64-byte row, 8 rows an instruction (f16 TN, 16-byte vectors), rows 16-byte aligned
  // and at least 64 bytes apart: 16 sectors aligned, 24 when every row starts mid-sector, and rows may touch.
  GmemRowInstruction t;
  t.bytes = 16;
  for (int l = 0; l < 32; ++l) t.lanes.push_back(std::make_pair(int64_t(l / 4), int64_t(16 * (l % 4))));
  f = gmem_row_sectors(t, 16, 64);
  EXPECT_EQ(f.sectors_aligned, 16);
  EXPECT_EQ(f.sectors_max, 24);
  EXPECT_EQ(f.sectors_min, 16);       // 8 rows x 2 - 7 possible shares = 9 < 512 / 32 = 16
  f = gmem_row_sectors(t, 16, 8192);  // a 4096-half leading dimension: rows far apart
  EXPECT_EQ(f.sectors_min, 16);
  EXPECT_EQ(f.sectors_max, 24);
  EXPECT_THROW(gmem_row_sectors(t, 16, 32), BankError);  // a row's bytes past the pitch
  EXPECT_THROW(gmem_row_sectors(t, 0, 64), BankError);
}

// Brute force: the sectors [32k, 32k+32) any lane's bytes intersect, found by scanning sector indices.
int64_t brute_sectors(const std::vector<std::pair<int64_t, int>>& runs, int sector) {
  int64_t hi = 0;
  for (const auto& [a, w] : runs) hi = std::max(hi, a + w);
  int64_t n = 0;
  for (int64_t k = 0; k * sector < hi; ++k) {
    bool hit = false;
    for (const auto& [a, w] : runs) hit = hit || (a < (k + 1) * sector && a + w > k * sector);
    n += hit;
  }
  return n;
}

// Generated instructions against brute force: count_gmem_sectors equals the scan; gmem_row_sectors bounds
// every placement of the rows the alignment and pitch allow, equals the sector-aligned placement's count in
// sectors_aligned, and every placement's count when exact.
TEST(GmemSectors, PropertyAgainstBruteForce) {
  std::mt19937_64 rng(7);
  auto pick = [&](std::initializer_list<int64_t> v) { return *(v.begin() + rng() % v.size()); };
  int inexact = 0, exact = 0;
  for (int it = 0; it < 3000; ++it) {
    const int bytes = static_cast<int>(pick({1, 2, 4, 8, 16}));
    // Flat instructions.
    GmemInstruction in;
    in.bytes = bytes;
    std::vector<std::pair<int64_t, int>> runs;
    for (int l = 0; l < 32; ++l) {
      if (rng() % 5 == 0) {
        in.addresses.push_back(std::nullopt);
        continue;
      }
      const int64_t a = static_cast<int64_t>(rng() % 64) * bytes + static_cast<int64_t>(rng() % 3) * 1024;
      in.addresses.push_back(a);
      runs.push_back({a, bytes});
    }
    const GmemSectors s = count_gmem_sectors(in);
    ASSERT_EQ(s.sectors, brute_sectors(runs, 32));
    ASSERT_EQ(s.requests, runs.empty() ? 0 : 1);
    ASSERT_EQ(s.bytes, static_cast<int64_t>(runs.size()) * bytes);
    // Row instructions: a thread arrangement over rows (lanes along the row first or across rows).
    const int64_t per_row = pick({1, 2, 4, 8, 16, 32}), stride = pick({1, 1, 2});
    const int64_t row_align = pick({4, 8, 16, 32, 64}) * (bytes > 4 ? bytes / 4 : 1);
    const int64_t extent = per_row * stride * bytes + static_cast<int64_t>(rng() % 3) * bytes;
    const int64_t min_pitch = extent + static_cast<int64_t>(rng() % 3) * row_align;
    const int64_t col0 = static_cast<int64_t>(rng() % 2);
    GmemRowInstruction ri;
    ri.bytes = bytes;
    for (int l = 0; l < 32; ++l) {
      if (rng() % 8 == 0) {
        ri.lanes.push_back(std::nullopt);
        continue;
      }
      const int64_t row = l / per_row * pick({1, 1, 2}), col = (col0 + l % per_row * stride) * bytes;
      if (col + bytes > min_pitch) {
        ri.lanes.push_back(std::nullopt);
        continue;
      }
      ri.lanes.push_back(std::make_pair(row, col));
    }
    const GmemSectorFigure f = gmem_row_sectors(ri, row_align, min_pitch);
    ASSERT_LE(f.sectors_min, f.sectors_aligned);
    ASSERT_LE(f.sectors_aligned, f.sectors_max);
    (f.exact() ? exact : inexact)++;
    const int64_t unit = std::lcm(row_align, int64_t(32));
    std::set<int64_t> rows;
    for (const auto& x : ri.lanes)
      if (x) rows.insert(x->first);
    for (int placement = 0; placement < 24; ++placement) {
      // Row starts: multiples of row_align (and of 32 for placement 0), at least min_pitch a row apart.
      const int64_t align = placement == 0 ? unit : row_align;
      std::map<int64_t, int64_t> start;
      std::optional<std::pair<int64_t, int64_t>> prev;  // row, start
      for (int64_t r : rows) {
        int64_t s = prev ? prev->second + (r - prev->first) * min_pitch
                         : static_cast<int64_t>(rng() % 8) * row_align * (placement != 0);
        if (placement != 0) s += static_cast<int64_t>(rng() % 3 == 0) * row_align;
        s = (s + align - 1) / align * align;
        start[r] = s;
        prev = std::make_pair(r, s);
      }
      std::vector<std::pair<int64_t, int>> abs;
      for (const auto& x : ri.lanes)
        if (x) abs.push_back({start[x->first] + x->second, bytes});
      const int64_t n = brute_sectors(abs, 32);
      ASSERT_GE(n, f.sectors_min) << "iteration " << it << " placement " << placement;
      ASSERT_LE(n, f.sectors_max) << "iteration " << it << " placement " << placement;
      if (placement == 0) {
        ASSERT_EQ(n, f.sectors_aligned) << "iteration " << it;
      }
      if (f.exact()) {
        ASSERT_EQ(n, f.sectors_aligned);
      }
    }
  }
  EXPECT_GT(exact, 100);
  EXPECT_GT(inexact, 100);
}

// ---- The H200 recordings (hw/banks/run_cpasync.sh; tests/data/hw/banks_cpasync_h200*.{json,tsv}) ----
//
// The probe (hw/banks/banks_probe.cu) launches one warp per pattern whose kernel holds exactly ONE cp.async
// (the .warm variant an ld.global.ca before it, an LDG, not an LDGSTS), so Nsight Compute's per-launch
// LDGSTS counters count that one instruction: no normalisation. Its other global traffic (the address
// tables, the output) is LDG / STG, outside the ldgsts counters.

struct Counted {
  std::string name, op;
  int bytes = 0;
  int64_t requests = 0, sectors = 0, hit = 0, miss = 0;
};

std::vector<Counted> counters() {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/hw/banks_cpasync_h200_counters.tsv");
  EXPECT_TRUE(in.good());
  std::string line;
  std::getline(in, line);
  std::vector<std::string> head;
  {
    std::istringstream ls(line);
    for (std::string c; std::getline(ls, c, '\t');) head.push_back(c);
  }
  auto col = [&](const std::string& h) {
    for (std::size_t i = 0; i < head.size(); ++i)
      if (head[i] == h) return i;
    ADD_FAILURE() << "no column " << h;
    return std::size_t(0);
  };
  const std::string t = "l1tex__t_", g = "_pipe_lsu_mem_global_op_ldgsts_cache_access";
  const std::size_t rq = col(t + "requests" + g + ".sum"), sc = col(t + "sectors" + g + ".sum"),
                    hi = col(t + "sectors" + g + "_lookup_hit.sum"),
                    mi = col(t + "sectors" + g + "_lookup_miss.sum");
  std::vector<Counted> out;
  while (std::getline(in, line)) {
    std::vector<std::string> c;
    std::istringstream ls(line);
    for (std::string x; std::getline(ls, x, '\t');) c.push_back(x);
    Counted k;
    k.name = c.at(0);
    k.op = c.at(1);
    k.bytes = std::stoi(c.at(2));
    k.requests = std::stoll(c.at(rq));
    k.sectors = std::stoll(c.at(sc));
    k.hit = std::stoll(c.at(hi));
    k.miss = std::stoll(c.at(mi));
    out.push_back(k);
  }
  return out;
}

// The patterns' global sources and active lanes (banks_cpasync_h200.json; merge.py leaves cp.async.cg out).
std::map<std::string, GmemInstruction> recorded_sources() {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/hw/banks_cpasync_h200.json");
  EXPECT_TRUE(in.good());
  const nlohmann::json doc = nlohmann::json::parse(in);
  EXPECT_NE(doc.at("gpu").get<std::string>().find("H200"), std::string::npos);
  std::map<std::string, GmemInstruction> out;
  for (const auto& p : doc.at("patterns")) {
    if (p.at("op") != "cp.async") continue;
    GmemInstruction g;
    g.bytes = p.at("bytes");
    std::vector<bool> on(32, true);
    if (p.contains("active")) {
      on.assign(32, false);
      for (int l : p["active"]) on.at(l) = true;
    }
    for (int l = 0; l < 32; ++l)
      g.addresses.push_back(
          on[l] ? std::optional<int64_t>(p.contains("global") ? p["global"].at(l).get<int64_t>() : 16 * l)
                : std::nullopt);
    out[p.at("name")] = g;
  }
  return out;
}

// A model: the instruction -> (requests, sectors) on the cache_access counters.
using Model = std::function<std::pair<int64_t, int64_t>(const GmemInstruction&)>;

std::pair<int64_t, int64_t> tvlab_model(const GmemInstruction& in) {
  const GmemSectors s = count_gmem_sectors(in);
  return {s.counter_requests, s.counter_sectors};
}

// Compares a model with every recorded row; the disagreements, named. Every row is compared: cp.async.ca
// (and .warm) with its recorded sources; cp.async.cg (7 rows, no sources in the JSON: the probe's default
// 16 * lane, all lanes) on the cache_access pair, which it bypasses; every other op (ld/st/ldmatrix/stmatrix
// of shared memory) issues no LDGSTS: 0 and 0. `compared` counts the rows per op family.
std::vector<std::string> disagreements(const Model& model, std::map<std::string, int>* compared = nullptr) {
  const auto src = recorded_sources();
  std::vector<std::string> bad;
  for (const Counted& c : counters()) {
    std::pair<int64_t, int64_t> want{0, 0};
    std::string family = "other";
    if (c.op.starts_with("cp.async")) {
      GmemInstruction in;
      if (c.op == "cp.async.cg") {
        in = lanes_at([](int l) { return 16 * l; }, c.bytes, 32, GmemOpKind::CpAsyncCg);
        family = "cp.async.cg";
      } else {
        auto it = src.find(c.name);
        if (it == src.end()) {
          bad.push_back(c.name + ": in the counters but not in the JSON");
          continue;
        }
        in = it->second;
        family = "cp.async.ca";
      }
      want = model(in);
    }
    if (compared) ++(*compared)[family];
    if (want != std::make_pair(c.requests, c.sectors))
      bad.push_back(c.name + " (" + c.op + "): model " + std::to_string(want.first) + " requests / " +
                    std::to_string(want.second) + " sectors, measured " + std::to_string(c.requests) + " / " +
                    std::to_string(c.sectors));
  }
  return bad;
}

TEST(GmemSectorsH200, EveryRecordedPatternEqual) {
  std::map<std::string, int> n;
  const std::vector<std::string> bad = disagreements(tvlab_model, &n);
  std::string listed;
  for (const std::string& b : bad) listed += b + "\n";
  EXPECT_TRUE(bad.empty()) << bad.size() << " disagreements:\n" << listed;
  // 1412 cp.async.ca (1376 cold, 36 warm), 7 cp.async.cg, 495 other ops: 1914 rows, none skipped.
  EXPECT_EQ(n["cp.async.ca"], 1412);
  EXPECT_EQ(n["cp.async.cg"], 7);
  EXPECT_EQ(n["other"], 495);
  // Every sector is one lookup: hit + miss = sectors. (The 36 warm patterns, an ld.global.ca of the same
  // bytes first, record 0 hits: the rule counts sectors, not where they come from.)
  for (const Counted& c : counters()) EXPECT_EQ(c.hit + c.miss, c.sectors) << c.name;
}

// The recordings span what the rule must tell apart: 1..32 sectors a request.
TEST(GmemSectorsH200, RecordingsSpanTheRule) {
  std::set<int64_t> sectors;
  for (const Counted& c : counters())
    if (c.op.starts_with("cp.async.ca")) sectors.insert(c.sectors);
  for (int64_t s : {1, 2, 4, 8, 16, 32}) EXPECT_TRUE(sectors.count(s)) << s;
}

// Mutation controls: perturbed models must fail the comparison.
TEST(GmemSectorsH200, MutatedModelsFail) {
  // 64-byte sectors.
  EXPECT_GT(disagreements([](const GmemInstruction& in) {
              const GmemSectors s = count_gmem_sectors(in, 64);
              return std::make_pair(s.counter_requests, s.counter_sectors);
            }).size(),
            300u);
  // Ignoring alignment and placement: the bytes used, packed into sectors.
  EXPECT_GT(disagreements([](const GmemInstruction& in) {
              const GmemSectors s = count_gmem_sectors(in);
              return std::make_pair(s.counter_requests, (s.used_bytes + 31) / 32 * (s.counter_sectors > 0));
            }).size(),
            300u);
  // Ignoring lanes that share bytes (requested bytes, not distinct ones).
  EXPECT_GT(disagreements([](const GmemInstruction& in) {
              const GmemSectors s = count_gmem_sectors(in);
              return std::make_pair(s.counter_requests, (s.bytes + 31) / 32 * (s.counter_sectors > 0));
            }).size(),
            300u);
  // One request per 128-byte line touched.
  EXPECT_GT(disagreements([](const GmemInstruction& in) {
              const GmemSectors s = count_gmem_sectors(in), lines = count_gmem_sectors(in, 128);
              return std::make_pair(lines.counter_sectors, s.counter_sectors);
            }).size(),
            300u);
  // cp.async.cg counted like .ca on the cache_access pair.
  EXPECT_EQ(disagreements([](const GmemInstruction& in) {
              GmemInstruction ca = in;
              ca.op = GmemOpKind::CpAsyncCa;
              const GmemSectors s = count_gmem_sectors(ca);
              return std::make_pair(s.counter_requests, s.counter_sectors);
            }).size(),
            7u);
}

// ---- LDG / STG (hw/gmem/run.sh; tests/data/hw/gmem_ldst_h200.tsv) ----
//
// gmem_probe.cu: one warp, ONE ld.global or st.global of 1, 2, 4, 8 or 16 bytes per launch (SASS:
// tests/data/hw/gmem_ldst_h200_sass.txt), offsets and mask from __constant__ memory; the recording holds
// smsp__inst_executed_op_global_{ld,st} to show the one instruction.
struct LdSt {
  std::string name;
  GmemInstruction inst;
  int64_t requests = 0, sectors = 0, other_requests = 0, other_sectors = 0, inst_ld = 0, inst_st = 0;
};

std::vector<LdSt> ldst_recordings(std::map<std::string, std::string>* header = nullptr) {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/hw/gmem_ldst_h200.tsv");
  EXPECT_TRUE(in.good());
  std::vector<LdSt> out;
  bool columns = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("# ")) {
      const auto colon = line.find(": ");
      if (header && colon != std::string::npos) (*header)[line.substr(2, colon - 2)] = line.substr(colon + 2);
      continue;
    }
    if (!columns) {  // the header line
      columns = true;
      EXPECT_TRUE(line.starts_with("name\top\tbytes\tactive\trequests\tsectors")) << line;
      continue;
    }
    std::vector<std::string> c;
    std::istringstream ls(line);
    for (std::string x; std::getline(ls, x, '\t');) c.push_back(x);
    EXPECT_EQ(c.size(), 42u) << line;
    if (c.size() != 42u) continue;
    LdSt r;
    r.name = c[0];
    r.inst.op = parse_gmem_op(c[1]);
    r.inst.bytes = std::stoi(c[2]);
    const uint32_t active = static_cast<uint32_t>(std::stoul(c[3], nullptr, 16));
    r.requests = std::stoll(c[4]);
    r.sectors = std::stoll(c[5]);
    r.other_requests = std::stoll(c[6]);
    r.other_sectors = std::stoll(c[7]);
    r.inst_ld = std::stoll(c[8]);
    r.inst_st = std::stoll(c[9]);
    for (int l = 0; l < 32; ++l)
      r.inst.addresses.push_back((active >> l) & 1u ? std::optional<int64_t>(std::stoll(c[10 + l]))
                                                    : std::nullopt);
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::string> ldst_disagreements(const Model& model) {
  std::vector<std::string> bad;
  for (const LdSt& r : ldst_recordings()) {
    const auto want = model(r.inst);
    if (want != std::make_pair(r.requests, r.sectors))
      bad.push_back(r.name + ": model " + std::to_string(want.first) + " / " + std::to_string(want.second) +
                    ", measured " + std::to_string(r.requests) + " / " + std::to_string(r.sectors));
  }
  return bad;
}

TEST(GmemSectorsH200, LdgStgEveryRecordedPatternEqual) {
  std::map<std::string, std::string> h;
  const auto recs = ldst_recordings(&h);
  EXPECT_NE(h["gpu"].find("H200"), std::string::npos);
  for (const char* k : {"driver", "cuda", "date", "command"}) EXPECT_FALSE(h[k].empty()) << k;
  std::map<std::pair<std::string, int>, int> per;
  for (const LdSt& r : recs) {
    ++per[{to_string(r.inst.op), r.inst.bytes}];
    // One instruction of the op per launch, nothing on the other op's counters.
    const bool ld = r.inst.op == GmemOpKind::Load;
    EXPECT_EQ(ld ? r.inst_ld : r.inst_st, 1) << r.name;
    EXPECT_EQ(ld ? r.inst_st : r.inst_ld, 0) << r.name;
    EXPECT_EQ(r.other_requests, 0) << r.name;
    EXPECT_EQ(r.other_sectors, 0) << r.name;
  }
  for (const char* op : {"ld.global", "st.global"})
    for (int b : {1, 2, 4, 8, 16}) EXPECT_GE((per[{op, b}]), 25) << op << " " << b;
  EXPECT_EQ(recs.size(), 259u);
  const auto bad = ldst_disagreements(tvlab_model);
  std::string listed;
  for (const std::string& b : bad) listed += b + "\n";
  EXPECT_TRUE(bad.empty()) << bad.size() << " disagreements:\n" << listed;
  // Mutation controls.
  EXPECT_GT(ldst_disagreements([](const GmemInstruction& in) {
              const GmemSectors s = count_gmem_sectors(in, 64);
              return std::make_pair(s.counter_requests, s.counter_sectors);
            }).size(),
            80u);
  EXPECT_GT(ldst_disagreements([](const GmemInstruction& in) {  // a 16-byte access as two requests
              const GmemSectors s = count_gmem_sectors(in);
              return std::make_pair(s.counter_requests * (in.bytes == 16 ? 2 : 1), s.counter_sectors);
            })
                .size(),
            20u);
  EXPECT_GT(ldst_disagreements([](const GmemInstruction& in) {
              const GmemSectors s = count_gmem_sectors(in);
              return std::make_pair(s.counter_requests, (s.used_bytes + 31) / 32);
            }).size(),
            80u);
}

}  // namespace
}  // namespace tvlab
