#include "explore_page.hpp"

#include <nlohmann/json.hpp>

#include "explore_assets.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/report/report_format.hpp"
#include "tvlab/viz/palette.hpp"

namespace tvlab::cli {

namespace {

nlohmann::ordered_json side_json(const std::vector<std::vector<Holder>>& cells) {
  std::vector<int64_t> n, t, v;
  n.reserve(cells.size());
  for (const auto& hs : cells) {
    n.push_back(static_cast<int64_t>(hs.size()));
    for (const Holder& h : hs) t.push_back(h.t), v.push_back(h.v);
  }
  nlohmann::ordered_json j;
  j["n"] = n;
  j["t"] = t;
  j["v"] = v;
  return j;
}

nlohmann::ordered_json operand_json(const OperandMap& m) {
  nlohmann::ordered_json j;
  j["rows"] = m.rows;
  j["cols"] = m.cols;
  j["row_axis"] = m.row_axis;
  j["col_axis"] = m.col_axis;
  j["threads"] = m.threads;
  j["group"] = m.group;
  j["xe"] = m.xe;
  j["src_name"] = m.src_name;
  j["dst_name"] = m.dst_name;
  j["src"] = side_json(m.src);
  j["dst"] = side_json(m.dst);
  j["mismatches"] = m.mismatches;
  j["outside"] = m.outside;
  return j;
}

// An operand's banks panel; its own "rows" and "cols" only where its tile (the smem stage's) is not the
// operand map's `m`, so pages of specs whose two tiles agree keep their bytes.
nlohmann::ordered_json banks_json(const OperandBanks& b, const OperandMap& m) {
  using J = nlohmann::ordered_json;
  J j;
  j["staged"] = b.staged;
  if (!b.staged) {
    j["why"] = b.why;
    return j;
  }
  if (b.rows != m.rows || b.cols != m.cols) {
    j["rows"] = b.rows;
    j["cols"] = b.cols;
  }
  j["layout"] = b.layout;
  j["type"] = b.type;
  j["model"] = b.model;
  j["validated"] = b.validated;
  j["banks"] = b.banks;
  j["bank_bytes"] = b.bank_bytes;
  J pal = J::array();
  for (int k = 0; k < viz::Palette::kColors; ++k) pal.push_back(viz::Palette::get(false).thread(k).hex());
  j["palette"] = pal;
  j["address"] = b.address;
  j["bank"] = b.bank;
  J copies = J::array();
  for (const BankCopyView& c : b.copies) {
    J cj;
    cj["name"] = c.name;
    cj["atom"] = c.atom;
    cj["op"] = to_string(c.op);
    cj["bytes_per_lane"] = c.bytes;
    cj["error"] = c.error.empty() ? J(nullptr) : J(c.error);
    cj["wavefronts"] = c.wavefronts;
    cj["ideal_wavefronts"] = c.ideal_wavefronts;
    cj["bank_conflicts"] = c.wavefronts - c.ideal_wavefronts;
    if (!c.not_modeled.empty()) cj["not_modeled"] = c.not_modeled;  // wavefronts: a lower bound
    cj["order"] = c.order;
    if (!c.gmem_op.empty()) cj["gmem_op"] = c.gmem_op;     // g2s: each instruction's "gmem" sentence
    if (!c.gmem_why.empty()) cj["gmem_why"] = c.gmem_why;  // g2s without a global count: why
    if (c.suggest)
      cj["suggest"] = {{"layout", to_string(c.suggest->layout)},
                       {"kind", c.suggest->kind},
                       {"wavefronts", c.suggest->wavefronts},
                       {"ideal_wavefronts", c.suggest->ideal_wavefronts},
                       {"vector", c.suggest->vector},
                       {"padding", c.suggest->padding},
                       {"text", c.suggest->text()}};
    else
      cj["suggest"] = nullptr;
    J insts = J::array();
    for (const BankInstructionView& in : c.insts) {
      J ij;
      ij["warp"] = in.warp;
      ij["instruction"] = in.block;
      ij["repeat"] = in.repeat;
      ij["wavefronts"] = in.analysis.wavefronts;
      ij["ideal_wavefronts"] = in.analysis.ideal_wavefronts;
      ij["bank_conflicts"] = in.analysis.bank_conflicts;
      if (!in.analysis.exact) {  // wavefronts a lower bound; ideal and bank conflicts unknown
        ij["exact"] = false;
        ij["not_modeled"] = in.analysis.not_modeled;
      }
      // cp.async from relative sources: the count holds where rows start 128-byte aligned (banks.X.g2s says
      // so)
      if (in.analysis.assumes_aligned_rows) ij["assumes_aligned_rows"] = true;
      if (!in.gmem.empty()) ij["gmem"] = in.gmem;
      J phases = J::array();
      for (const BankPhase& ph : in.analysis.phases) {
        J cols = J::array();
        for (const BankCollision& col : ph.collisions)
          cols.push_back(
              {{"bank", col.bank}, {"ways", col.ways}, {"lanes", col.lanes}, {"words", col.words}});
        J pj = {{"lanes", ph.lanes}, {"wavefronts", ph.wavefronts}, {"collisions", cols}};
        if (!ph.exact()) pj["bound"] = ph.bound;  // cp.async: wavefronts a lower bound, and why
        phases.push_back(std::move(pj));
      }
      ij["phases"] = phases;
      J lanes = J::array();
      for (const BankLaneView& l : in.lanes)
        lanes.push_back({{"lane", l.lane},
                         {"cells", l.cells},
                         {"address", l.address},
                         {"bank", l.bank},
                         {"phase", l.phase},
                         {"clash", l.clash}});
      ij["lanes"] = lanes;
      insts.push_back(ij);
    }
    cj["insts"] = insts;
    copies.push_back(cj);
  }
  j["copies"] = copies;
  return j;
}

// JSON inside <script>: "</" would end the element; "<\/" is the same JSON string.
std::string script_safe(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (std::size_t i = 0; i < json.size(); ++i) {
    if (json[i] == '<' && i + 1 < json.size() && (json[i + 1] == '/' || json[i + 1] == '!'))
      out += "\\u003c";
    else
      out += json[i];
  }
  return out;
}

// Replaces the first `key` at or after `from`; returns where the inserted text ends, so text inserted
// earlier is never scanned for placeholders again.
std::size_t replace_from(std::string& page, std::size_t from, const std::string& key,
                         const std::string& text) {
  const std::size_t at = page.find(key, from);
  if (at == std::string::npos) return from;
  page.replace(at, key.size(), text);
  return at + text.size();
}

}  // namespace

std::string explore_page(const ExploreInput& in) {
  nlohmann::ordered_json data;
  data["tool"] = in.tool;
  data["spec"] = in.spec;
  data["name"] = in.name;
  data["mma"] = in.mma;
  data["operands"] = nlohmann::ordered_json::object();
  for (std::size_t k = 0; k < in.operands.size(); ++k) {
    nlohmann::ordered_json o = operand_json(in.operands[k]);
    if (k < in.banks.size()) o["banks"] = banks_json(in.banks[k], in.operands[k]);
    if (k < in.partitions.size()) o["partition"] = in.partitions[k];
    data["operands"][in.operands[k].operand] = o;
  }
  data["report"] = report_json({in.report}, false);
  const std::string title = "tvlab explore: " + (in.name.empty() ? in.spec : in.name);
  std::string page = kExploreHtml;
  // The placeholders in page order; each is replaced once, so inserted text is never scanned again.
  const std::size_t head = page.find("<html");
  page.insert(head == std::string::npos ? 0 : page.find('\n', head) + 1,
              "<!-- generated by " + xml_escape(in.tool) + " explore from " + xml_escape(in.spec) +
                  "; self-contained (no network); the same spec gives the same page -->\n");
  std::size_t at = replace_from(page, 0, "@TITLE@", xml_escape(title));
  at = replace_from(page, at, "@CSS@", kExploreCss);
  at = replace_from(page, at, "@TITLE@", xml_escape(title));
  at = replace_from(page, at, "@DATA@", script_safe(data.dump()));
  replace_from(page, at, "@JS@", kExploreJs);
  return page;
}

}  // namespace tvlab::cli
