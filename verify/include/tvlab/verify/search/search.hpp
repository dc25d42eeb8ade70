// tvlab search: every configuration of a GEMM mainloop that the kernel model expresses for a CTA tile,
// each verified by the same checker as `tvlab verify`, ranked by what the kernel pays.
//
//   SearchRequest r;  r.arch = "sm80";  r.type_a = r.type_b = "tfloat32_t";  r.layout_a = "ColumnMajor";
//   r.layout_b = "RowMajor";  r.cta_tiles = {{128, 128, 32}};  r.threads = {128};
//   SearchResult res = search(r);   // res.space: the knobs and how many candidates; res.rows: the best
//
// A candidate is a kernel configuration (model/kernel_config.hpp, docs/spec.md's kernel model) the search
// builds typed, never through JSON; a row is one whose whole configuration `verify_plan` passes
// (no error). The search evaluates the parts a figure depends on once (the MMA; per operand the s2r copy
// over each smem layout atom and MMA operand layout; the g2s copy over each atom) and combines them; every
// reported row is then verified whole and its figures taken from that report (SearchError::Internal when
// they differ from the parts').
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/model/kernel_config.hpp"

namespace tvlab {

// A request that cannot be searched: an unknown type or architecture, a knob filter that names no knob, or a
// space beyond the bound (`knob` then names the knob to narrow).
class SearchError : public std::runtime_error {
 public:
  SearchError(std::string knob, const std::string& why) : std::runtime_error(why), knob_(std::move(knob)) {}
  const std::string& knob() const { return knob_; }

 private:
  std::string knob_;
};

struct SearchRequest {
  std::string arch = "sm80";          // sm80 (MainloopSm80CpAsync) or xe (MainloopXeL1Staged)
  std::string type_a, type_b;         // element types as CuTe names them: half_t, tfloat32_t, int8_t, ...
  std::string type_c;                 // accumulator; "" picks float (int32_t for integer inputs)
  std::string layout_a = "RowMajor";  // RowMajor / ColumnMajor (B is K x N, as CUTLASS's)
  std::string layout_b = "ColumnMajor";
  int64_t align_a = 0, align_b = 0;               // elements; 0: CUTLASS's default of 16 bytes
  std::vector<std::array<int64_t, 3>> cta_tiles;  // (BLK_M, BLK_N, BLK_K), one or several
  std::vector<int64_t> threads;  // NVIDIA: threads per CTA (multiples of 32); Xe: subgroups per work-group
  int64_t stages = 0;            // 0: 3 (sm80), 2 (xe)
  // Knob filters "knob=value" (value as the space lists it): only candidates with that value.
  std::vector<std::string> only;
  int top = 10;                     // 1..1000
  int64_t max_evaluations = 20000;  // the bound on partial specs verified (SearchError past it)
  int jobs = 1;
};

// One knob of the space: its name (mma.atom, mma.warps, A.smem.atom, ...) and its values.
struct SearchKnob {
  std::string name;
  std::string meaning;
  std::vector<std::string> values;
};

struct SearchSpace {
  std::vector<SearchKnob> knobs;   // per CTA tile and thread count, the union over them
  double candidates = 0;           // configurations the knobs form (their product, after the filters)
  int64_t evaluations = 0;         // partial specs the search verifies (what it costs)
  std::vector<std::string> fixed;  // what the space does not vary, in words
};

// What a configuration pays, each figure from the verify report of its whole spec.
struct SearchFigures {
  int64_t excess_wavefronts = 0;  // shared-memory wavefronts per k-tile over the ideal (all copies)
  int64_t wavefronts = 0, ideal_wavefronts = 0;
  bool wavefronts_exact = true;   // false: a cp.async's wavefronts are a lower bound (not modeled)
  int64_t smem_instructions = 0;  // g2s + s2r instructions per k-tile, CTA-wide (fewer: wider vectors)
  // The g2s copies' global side per k-tile, CTA-wide (gmem.X.g2s data.sectors, A + B): 32-byte sectors with
  // 32-byte-aligned rows, the most any row placement AlignmentX allows, and the bytes copied.
  int64_t gmem_sectors = 0, gmem_sectors_max = 0, gmem_bytes = 0;
  // Sectors per byte copied (0 when no g2s reports sectors): what the ranking compares.
  double gmem_sectors_per_byte() const { return gmem_bytes ? double(gmem_sectors) / double(gmem_bytes) : 0; }
  double gmem_sectors_max_per_byte() const {
    return gmem_bytes ? double(gmem_sectors_max) / double(gmem_bytes) : 0;
  }
  int64_t smem_bytes = 0;     // all stages of A and B
  int64_t registers = 0;      // A, B (one k-tile) and C values a thread holds
  int64_t reorder_movs = 0;   // Xe: register moves of the reorders per k-tile (all subgroups)
  int64_t block2d_loads = 0;  // Xe: block 2D loads a subgroup issues per k-tile
  int warnings = 0;           // refuted warnings (bank conflicts, reorders)
  // Per operand, the vector bytes a lane moves: {"A.g2s": 16, "A.s2r": 16, ...} (NVIDIA).
  std::vector<std::pair<std::string, int64_t>> vectors;
};

struct SearchRow {
  int rank = 0;
  KernelConfig config;  // the configuration (config_to_json: the spec `tvlab verify` reads)
  SearchFigures figures;
  Report report;                                           // verify_plan of the whole spec
  std::vector<std::pair<std::string, std::string>> knobs;  // knob -> value of this row
};

struct SearchResult {
  SearchSpace space;
  std::vector<SearchRow> rows;  // best first, at most `top`
  int64_t evaluated = 0;        // partial specs verified
  int64_t refuted = 0;          // of them, refuted with an error (never reported)
  // The refuting check's code, or the spec key that does not build (a CuTe static_assert) -> count.
  std::map<std::string, int64_t> refuted_by;
  // Combinations of parts that each pass verify (per MMA the product of each operand's passing options; the
  // reported rows are verified whole, these are not).
  int64_t valid = 0;
  // Xe: of those combinations, the ones whose A and B need no register moves (reorder movs 0); -1 on NVIDIA.
  int64_t reorder_free = -1;
  std::string ranking;  // how rows are ordered, in words
};

// The space a request spans, without evaluating it. SearchError when the request is malformed or the
// evaluations exceed max_evaluations.
SearchSpace search_space(const SearchRequest& req);

// progress(done, total) after each evaluation (from the calling thread).
SearchResult search(const SearchRequest& req,
                    const std::function<void(int64_t, int64_t)>& progress = nullptr);

// A configuration of the user's as a row: verify_plan and its figures. SpecError when it does not build. Its
// report may fail (errors): the caller says so.
SearchRow search_row_of(const KernelConfig& config);
// The same for a built plan (a C++ configuration's, say); the row's config stays empty.
struct Plan;
SearchRow search_row_of(const Plan& plan);
// Where figures f rank among res.rows: the rows with better figures (f is then #better+1) and those with
// equal.
struct SearchRank {
  int better = 0, ties = 0;
};
SearchRank search_rank_among(const SearchResult& res, const SearchFigures& f);

// The ranking key, term by term in the order compared (lower ranks first): what each term is, and its value
// for f. The key the search sorts by is exactly these values.
struct SearchRankTerm {
  const char* name;     // short: "bounded", "excess wavefronts", ...
  const char* meaning;  // in words
  double value;
};
std::vector<SearchRankTerm> search_rank_terms(const SearchFigures& f);
// Why a ranks where it does against b, in figures: the first term where they differ with both values and
// the terms before it they tie on ("ranks above on excess wavefronts: 0 against 256 (...)"); "has the same
// figures" when every term ties.
std::string search_explain(const SearchFigures& a, const SearchFigures& b);

}  // namespace tvlab
