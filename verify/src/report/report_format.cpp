#include "tvlab/verify/report/report_format.hpp"

#include "tvlab/core/notation.hpp"

#include <sstream>

namespace tvlab {

namespace {
const char* mark(const CheckResult& c, bool strict) {
  if (c.verdict == Verdict::Proved) return "ok  ";
  if (c.verdict == Verdict::Unknown) return "??  ";
  if (c.failed(strict)) return "FAIL";
  return c.severity == Severity::Warning ? "warn" : "note";
}

std::string tex_escape(const std::string& s) {
  std::string o;
  for (char c : s) switch (c) {
      case '_':
        o += "\\_";
        break;
      case '&':
        o += "\\&";
        break;
      case '%':
        o += "\\%";
        break;
      case '#':
        o += "\\#";
        break;
      case '$':
        o += "\\$";
        break;
      case '{':
        o += "\\{";
        break;
      case '}':
        o += "\\}";
        break;
      case '^':
        o += "\\^{}";
        break;
      case '~':
        o += "\\~{}";
        break;
      case '\\':
        o += "\\textbackslash{}";
        break;
      case '<':
        o += "\\textless{}";
        break;
      case '>':
        o += "\\textgreater{}";
        break;
      case '|':
        o += "\\textbar{}";
        break;
      default:
        o += c;
    }
  return o;
}

// Long layouts break only at commas inside \texttt: allow breaks there.
std::string tex_code(const std::string& s) {
  std::string o = "\\texttt{";
  for (char c : tex_escape(s)) {
    o += c;
    if (c == ',' || c == ':') o += "\\allowbreak{}";
  }
  return o + "}";
}

struct Counts {
  int proved = 0, refuted = 0, unknown = 0, failed = 0;
};
Counts count(const std::vector<Report>& reports, bool strict) {
  Counts c;
  for (const Report& r : reports)
    for (const CheckResult& k : r.checks) {
      (k.verdict == Verdict::Proved ? c.proved : k.verdict == Verdict::Refuted ? c.refuted : c.unknown)++;
      c.failed += k.failed(strict);
    }
  return c;
}
}  // namespace

std::string xml_escape(const std::string& s) {
  std::string o;
  for (char c : s) switch (c) {
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '&':
        o += "&amp;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  return o;
}

nlohmann::ordered_json steps_json(const std::vector<ProofStep>& steps) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ProofStep& p : steps) out.push_back({{"text", p.text}, {"expr", p.expr}, {"result", p.result}});
  return out;
}

std::string report_text(const std::vector<Report>& reports, bool strict) {
  std::ostringstream s;
  for (const Report& r : reports) {
    s << r.spec << (r.name.empty() ? "" : ": " + r.name) << "\n";
    for (const CheckResult& c : r.checks) {
      s << "  " << mark(c, strict) << " " << c.code << "  " << c.summary << "\n";
      if (c.verdict == Verdict::Refuted)
        for (const std::string& w : c.witnesses) s << "         witness: " << w << "\n";
    }
  }
  const Counts n = count(reports, strict);
  int errors = 0, warnings = 0, notes = 0;
  for (const Report& r : reports)
    for (const CheckResult& c : r.checks)
      if (c.verdict == Verdict::Refuted)
        (c.severity == Severity::Error ? errors : c.severity == Severity::Warning ? warnings : notes)++;
  std::string kinds;
  for (auto [k, what] : {std::pair{errors, "error"}, {warnings, "warning"}, {notes, "note"}})
    if (k) kinds += (kinds.empty() ? "" : ", ") + std::to_string(k) + " " + what + (k > 1 ? "s" : "");
  s << n.proved << " proved, " << n.refuted << " refuted" << (kinds.empty() ? "" : " (" + kinds + ")") << ", "
    << n.unknown << " unknown: " << (n.failed ? "FAILED (" + std::to_string(n.failed) + ")" : "passed")
    << "\n";
  return s.str();
}

nlohmann::ordered_json report_json(const std::vector<Report>& reports, bool strict) {
  nlohmann::ordered_json out;
  const Counts n = count(reports, strict);
  out["result"] = n.failed ? "failed" : "passed";
  out["summary"] = {
      {"proved", n.proved}, {"refuted", n.refuted}, {"unknown", n.unknown}, {"failed", n.failed}};
  nlohmann::ordered_json specs = nlohmann::ordered_json::array();
  for (const Report& r : reports) {
    nlohmann::ordered_json j;
    j["spec"] = r.spec;
    j["name"] = r.name;
    nlohmann::ordered_json checks = nlohmann::ordered_json::array();
    for (const CheckResult& c : r.checks) {
      nlohmann::ordered_json k;
      k["code"] = c.code;
      k["verdict"] = to_string(c.verdict);
      k["severity"] = to_string(c.severity);
      k["failed"] = c.failed(strict);
      k["claim"] = c.claim;
      k["summary"] = c.summary;
      k["method"] = c.method;
      k["witnesses"] = c.witnesses;
      nlohmann::ordered_json steps = nlohmann::ordered_json::array();
      for (const ProofStep& p : c.steps)
        steps.push_back({{"text", p.text}, {"expr", p.expr}, {"result", p.result}});
      k["steps"] = steps;
      k["data"] = c.data;
      checks.push_back(k);
    }
    j["checks"] = checks;
    specs.push_back(j);
  }
  out["specs"] = specs;
  return out;
}

std::string report_junit(const std::vector<Report>& reports, bool strict) {
  std::ostringstream s;
  const Counts n = count(reports, strict);
  int total = 0;
  for (const Report& r : reports) total += int(r.checks.size());
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<testsuites name=\"tvlab verify\" tests=\"" << total << "\" failures=\"" << n.failed << "\">\n";
  for (const Report& r : reports) {
    int failures = 0, skipped = 0;
    for (const CheckResult& c : r.checks)
      failures += c.failed(strict), skipped += c.verdict == Verdict::Unknown;
    s << "  <testsuite name=\"" << xml_escape(r.spec) << "\" tests=\"" << r.checks.size() << "\" failures=\""
      << failures << "\" skipped=\"" << skipped << "\">\n";
    for (const CheckResult& c : r.checks) {
      s << "    <testcase classname=\"" << xml_escape(r.name.empty() ? r.spec : r.name) << "\" name=\""
        << xml_escape(c.code) << "\">\n";
      if (c.failed(strict)) {
        s << "      <failure message=\"" << xml_escape(c.summary) << "\" type=\"" << to_string(c.verdict)
          << "\">";
        for (const std::string& w : c.witnesses) s << xml_escape("witness: " + w) << "\n";
        s << "</failure>\n";
      } else if (c.verdict == Verdict::Unknown) {
        s << "      <skipped message=\"" << xml_escape(c.summary) << "\"/>\n";
      }
      s << "      <system-out>" << xml_escape(std::string(to_string(c.verdict)) + ": " + c.summary)
        << "</system-out>\n"
        << "    </testcase>\n";
    }
    s << "  </testsuite>\n";
  }
  s << "</testsuites>\n";
  return s.str();
}

std::string proof_markdown(const std::vector<Report>& reports) {
  std::ostringstream s;
  s << "<!-- tvlab verify: proof document; inputs:";
  for (const Report& r : reports) s << " " << r.spec;
  s << " -->\n# tvlab verification\n\n";
  for (const Report& r : reports) {
    s << "## " << (r.name.empty() ? r.spec : r.name) << "\n\nSpec: `" << r.spec << "`\n\n";
    int k = 1;
    for (const CheckResult& c : r.checks) {
      s << "### Claim " << k++ << " (`" << c.code << "`): " << c.claim << "\n\n";
      for (std::size_t i = 0; i < c.steps.size(); ++i) {
        const ProofStep& p = c.steps[i];
        s << i + 1 << ". " << p.text;
        if (!p.expr.empty()) s << ": `" << p.expr << "`";
        if (!p.result.empty()) s << " = `" << p.result << "`";
        s << "\n";
      }
      s << "\n**"
        << (c.verdict == Verdict::Proved    ? "Proved"
            : c.verdict == Verdict::Refuted ? "Refuted"
                                            : "Undecided")
        << "**" << (c.method.empty() ? "" : " (" + c.method + ")") << ": " << c.summary << "\n\n";
      for (const std::string& w : c.witnesses) s << "- witness: `" << w << "`\n";
      if (!c.witnesses.empty()) s << "\n";
    }
  }
  return s.str();
}

std::string proof_latex(const std::vector<Report>& reports) {
  std::ostringstream s;
  s << "% tvlab verify: proof document; inputs:";
  for (const Report& r : reports) s << " " << r.spec;
  s << "\n\\documentclass[10pt]{article}\n\\usepackage[margin=2cm]{geometry}\n"
    << "\\usepackage{amsthm}\n\\newtheorem*{claim}{Claim}\n\\sloppy\n"
    << "\\title{tvlab verification}\n\\date{}\n\\begin{document}\n\\maketitle\n";
  for (const Report& r : reports) {
    s << "\\section{" << tex_escape(r.name.empty() ? r.spec : r.name) << "}\nSpec: " << tex_code(r.spec)
      << ".\n";
    for (const CheckResult& c : r.checks) {
      s << "\\begin{claim}[" << tex_code(c.code) << "] " << tex_escape(c.claim) << ".\\end{claim}\n";
      if (!c.steps.empty()) {
        s << "\\begin{proof}[" << (c.verdict == Verdict::Refuted ? "Refutation" : "Proof")
          << "]\n\\begin{enumerate}\n";
        for (const ProofStep& p : c.steps) {
          s << "\\item " << tex_escape(p.text);
          if (!p.expr.empty()) s << ": " << tex_code(p.expr);
          if (!p.result.empty()) s << " $=$ " << tex_code(p.result);
          s << "\n";
        }
        s << "\\end{enumerate}\n";
      } else {
        s << "\\begin{proof}[" << (c.verdict == Verdict::Refuted ? "Refutation" : "Proof") << "]\n";
      }
      s << "\\textbf{" << to_string(c.verdict) << "}"
        << (c.method.empty() ? "" : " (" + tex_escape(c.method) + ")") << ": " << tex_escape(c.summary)
        << ".\n";
      if (!c.witnesses.empty()) {
        s << "\\begin{itemize}\n";
        for (const std::string& w : c.witnesses) s << "\\item witness: " << tex_code(w) << "\n";
        s << "\\end{itemize}\n";
      }
      s << "\\end{proof}\n";
    }
  }
  s << "\\end{document}\n";
  return s.str();
}

std::string reorders_text(const nlohmann::ordered_json& reorders) {
  if (reorders.empty()) return "";
  std::string out = "\nReorders (copy fragment -> MMA fragment, per subgroup)\n";
  for (const auto& [name, r] : reorders.items())
    out += "  " + name + "  " + (r["noop"].get<bool>() ? "no-op" : r["kind"].get<std::string>()) +
           "  rlayout " + r["rlayout"].get<std::string>() + "  movs " +
           std::to_string(r["movs"].get<int64_t>()) + (r["converts"].get<bool>() ? "  (converts)" : "") +
           "\n";
  return out;
}

nlohmann::ordered_json reorder_json(const ReorderPlan& p) {
  nlohmann::ordered_json j;
  j["kind"] = p.kind;
  j["rlayout"] = to_string(p.rlayout);
  j["noop"] = p.noop;
  j["converts"] = p.converts;
  j["movs"] = p.movs;
  j["moved_values"] = p.moved_values;
  j["route"] = p.route;
  j["steps"] = steps_json(p.steps);
  return j;
}

std::string reorder_text(const ReorderPlan& p, const ValueType& s, const ValueType& d) {
  std::string out = "reorder " + s.name + " -> " + d.name + ": " + (p.noop ? "no-op" : p.kind) +
                    "\n  rlayout " + to_string(p.rlayout) + "\n  route   " + p.route + "\n  cost    " +
                    std::to_string(p.movs) + " movs, " + std::to_string(p.moved_values) + " of " +
                    std::to_string(size(p.rlayout)) + " values move\n";
  for (const ProofStep& st : p.steps)
    out += "  - " + st.text + (st.expr.empty() ? "" : ": " + st.expr) +
           (st.result.empty() ? "" : " = " + st.result) + "\n";
  if (p.witness_src)
    out += "  first moved value: src (T" + std::to_string(*p.witness_src % 16) + ",V" +
           std::to_string(*p.witness_src / 16) + ") -> dst (T" + std::to_string(*p.witness_dst % 16) + ",V" +
           std::to_string(*p.witness_dst / 16) + ")\n";
  return out;
}

nlohmann::ordered_json reorders_json(const Report& report) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const CheckResult& c : report.checks) {
    if (c.code.rfind("reorder.", 0) != 0 || !c.data.contains("kind")) continue;
    nlohmann::ordered_json r;
    for (const char* key : {"kind", "rlayout", "noop", "movs", "converts", "route"}) r[key] = c.data[key];
    out[c.code.substr(8)] = r;
  }
  return out;
}

}  // namespace tvlab
