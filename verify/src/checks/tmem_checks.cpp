// tmem.C.coverage and tmem.C.subpartition (see tmem_checks.hpp).
#include "tvlab/verify/checks/tmem_checks.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "tvlab/core/notation.hpp"

namespace tvlab {

namespace {

using Key = std::tuple<int64_t, int64_t, int64_t>;

Key key(const TmemAddress& a) {
  return {a.lane, a.column, a.sub};
}

std::string mn_text(int64_t m, int64_t n) {
  return "(" + std::to_string(m) + "," + std::to_string(n) + ")";
}

std::string access_text(const TmemAccess& a) {
  return "thread " + std::to_string(a.thread) + " call " + std::to_string(a.call) + " register " +
         std::to_string(a.value);
}

const char* verb(const TmemEpilogue& e) {
  return e.store() ? "stored" : "loaded";
}

}  // namespace

std::vector<TmemAccess> tmem_epilogue_accesses(const TmemEpilogue& e) {
  const TiledCopy& c = e.copy;
  const int bits = e.acc.value_type.bits;
  const ValueLayouts vl = c.atom_values();
  const int64_t nv = size(mode(e.store() ? vl.src : vl.dst, 1));
  const int64_t nthr = c.num_threads();
  // What lane l's register value v addresses from its warp's base: the same for every warp and call.
  std::vector<TmemAddress> offset(static_cast<std::size_t>(32 * nv));
  for (int64_t l = 0; l < 32; ++l)
    for (int64_t v = 0; v < nv; ++v)
      offset[static_cast<std::size_t>(l * nv + v)] = tmem_atom_offset(c.atom, bits, l, v);
  std::vector<TmemAccess> out;
  for (int64_t tid = e.first_thread; tid < e.first_thread + e.threads; ++tid) {
    const int64_t slice = (tid - e.first_thread) % nthr;
    const LayoutSlice p = e.store() ? c.partition_D(e.tiles, slice) : c.partition_S(e.tiles, slice);
    const Layout rest = take(p.layout, 1, rank(p.layout));
    const int64_t base0 = p.offset.ival();
    for (int64_t call = 0; call < size(rest); ++call) {
      const TmemAddress base = tmem_address(base0 + rest(call), bits);
      for (int64_t v = 0; v < nv; ++v) {
        const TmemAddress& o = offset[static_cast<std::size_t>((tid % 32) * nv + v)];
        out.push_back({tid, call, v, {base.lane + o.lane, base.column + o.column, base.sub + o.sub}});
      }
    }
  }
  return out;
}

CheckResult check_tmem_coverage(const TmemEpilogue& e) {
  CheckResult r;
  r.code = "tmem.C.coverage";
  const std::string op = e.store() ? "stores" : "loads";
  r.claim = "the epilogue's TMEM " + op + " (" + e.copy.atom.name + ") reach every accumulator element once";
  r.method = "enumeration";
  const TmemAccumulator& acc = e.acc;
  // Where each element of the CTA's accumulator lives.
  std::map<Key, std::pair<int64_t, int64_t>> at;
  const Layout mn = acc.mn();
  for (int64_t n = 0; n < acc.tile_n; ++n)
    for (int64_t m = 0; m < acc.tile_m; ++m)
      at[key(tmem_address(mn(IntTuple::tuple({m, n})).ival(), acc.value_type.bits))] = {m, n};
  const std::vector<TmemAccess> accesses = tmem_epilogue_accesses(e);
  std::map<std::pair<int64_t, int64_t>, std::vector<const TmemAccess*>> hits;
  const TmemAccess* outside = nullptr;
  for (const TmemAccess& a : accesses) {
    const auto it = at.find(key(a.addr));
    if (it == at.end()) {
      if (!outside) outside = &a;
      continue;
    }
    hits[it->second].push_back(&a);
  }
  int64_t missing = 0, twice = 0;
  std::string first_missing, first_twice;
  for (int64_t n = 0; n < acc.tile_n; ++n)
    for (int64_t m = 0; m < acc.tile_m; ++m) {
      const auto it = hits.find({m, n});
      const size_t k = it == hits.end() ? 0 : it->second.size();
      if (k == 0 && missing++ == 0) {
        first_missing = "element " + mn_text(m, n) + " (" +
                        to_string(tmem_address(mn(IntTuple::tuple({m, n})).ival(), acc.value_type.bits)) +
                        ") is never " + verb(e);
        if (size(mode(acc.layout, 1)) * size(mode(acc.layout, 2)) > 1)
          first_missing += ": the epilogue copies accumulators(_,_,0,0), the first of " +
                           std::to_string(size(mode(acc.layout, 1))) + "x" +
                           std::to_string(size(mode(acc.layout, 2))) + " MMA tiles";
      }
      if (k > 1 && twice++ == 0)
        first_twice = "element " + mn_text(m, n) + " is " + verb(e) + " " + std::to_string(k) +
                      " times: by " + access_text(*it->second[0]) + " and " + access_text(*it->second[1]);
    }
  const int64_t total = acc.tile_m * acc.tile_n;
  r.steps.push_back(
      {"the CTA's accumulator in tensor memory", "partition_fragment_C", to_string(acc.layout)});
  r.steps.push_back({"the copy over one epilogue tile",
                     "make_tmem_copy(" + e.copy.atom.name + ", tAcc_epi(_,_,0,0))", to_string(e.copy.tv)});
  r.steps.push_back(
      {"register values of " + std::to_string(e.threads) + " threads", "", std::to_string(accesses.size())});
  r.data["elements"] = total;
  r.data["accesses"] = accesses.size();
  r.data["missing"] = missing;
  r.data["repeated"] = twice;
  r.data["outside"] = outside != nullptr;
  if (outside)
    r.witnesses.push_back(access_text(*outside) + " addresses " + to_string(outside->addr) +
                          ", which holds no accumulator element");
  if (missing) r.witnesses.push_back(first_missing);
  if (twice) r.witnesses.push_back(first_twice);
  if (!outside && missing == 0 && twice == 0) {
    r.verdict = Verdict::Proved;
    r.summary = "every one of the " + std::to_string(total) + " accumulator elements is " + verb(e) +
                " exactly once (" + std::to_string(e.threads) + " threads)";
  } else {
    r.verdict = Verdict::Refuted;
    std::vector<std::string> parts;
    if (missing)
      parts.push_back(std::to_string(missing) + " of " + std::to_string(total) + " elements never " +
                      verb(e));
    if (twice) parts.push_back(std::to_string(twice) + " " + verb(e) + " more than once");
    if (outside) parts.push_back("addresses outside the accumulator");
    std::string s;
    for (const std::string& p : parts) s += (s.empty() ? "" : "; ") + p;
    r.summary = s;
  }
  return r;
}

CheckResult check_tmem_subpartition(const TmemEpilogue& e) {
  CheckResult r;
  r.code = "tmem.C.subpartition";
  r.claim = "every warp's tcgen05." + std::string(e.store() ? "st" : "ld") +
            " stays in its TMEM subpartition (warp w: lanes 32*(w%4) .. 32*(w%4)+31)";
  r.method = "enumeration";
  // Per warp: the lowest and highest lane it reaches.
  std::map<int64_t, std::pair<int64_t, int64_t>> lanes;
  for (const TmemAccess& a : tmem_epilogue_accesses(e)) {
    const int64_t w = a.thread / 32;
    auto [it, fresh] = lanes.try_emplace(w, a.addr.lane, a.addr.lane);
    if (!fresh) {
      it->second.first = std::min(it->second.first, a.addr.lane);
      it->second.second = std::max(it->second.second, a.addr.lane);
    }
  }
  int64_t bad = 0;
  for (const auto& [w, range] : lanes) {
    const int64_t lo = 32 * (w % 4), hi = lo + 31;
    if (range.first >= lo && range.second <= hi) continue;
    if (bad++ == 0)
      r.witnesses.push_back("warp " + std::to_string(w) + " (threads " + std::to_string(32 * w) + ".." +
                            std::to_string(32 * w + 31) + ", TiledCopy slices " +
                            std::to_string((32 * w - e.first_thread) % e.copy.num_threads()) +
                            "..) reaches lanes " + std::to_string(range.first) + ".." +
                            std::to_string(range.second) + "; warp " + std::to_string(w) +
                            " may access only lanes " + std::to_string(lo) + ".." + std::to_string(hi) +
                            " (subpartition " + std::to_string(w % 4) + ")");
  }
  r.data["warps"] = lanes.size();
  r.data["violating_warps"] = bad;
  r.steps.push_back({"warps of the epilogue",
                     "threadIdx.x in [" + std::to_string(e.first_thread) + ", " +
                         std::to_string(e.first_thread + e.threads) + ")",
                     std::to_string(lanes.size())});
  if (bad == 0) {
    r.verdict = Verdict::Proved;
    r.summary = "each of the " + std::to_string(lanes.size()) + " warps stays in its own 32 lanes";
  } else {
    r.verdict = Verdict::Refuted;
    r.summary = std::to_string(bad) + " of " + std::to_string(lanes.size()) +
                " warps reach lanes outside their subpartition, which tcgen05.ld/st do not allow (CuTe "
                "asserts it in debug builds)";
  }
  return r;
}

}  // namespace tvlab
