// Reports for people and machines: text (a glance), JSON (stable codes), JUnit XML (one test case per
// check, for CI dashboards) and proof documents (Markdown, LaTeX) that state each claim, the layouts
// involved, each algebraic step with its result, and the conclusion or the witnesses.
#pragma once

#include <string>
#include <vector>

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/layout/reorder_plan.hpp"

namespace tvlab {

// &, <, >, " as XML/HTML entities (attribute values and text).
std::string xml_escape(const std::string& s);
// [{text, expr, result}, ...]
nlohmann::ordered_json steps_json(const std::vector<ProofStep>& steps);
std::string report_text(const std::vector<Report>& reports, bool strict);
nlohmann::ordered_json report_json(const std::vector<Report>& reports, bool strict);
std::string report_junit(const std::vector<Report>& reports, bool strict);
std::string proof_markdown(const std::vector<Report>& reports);
std::string proof_latex(const std::vector<Report>& reports);
// What `tvlab plan` prints after the plan: the reorders of reorders_json(), a line each, under
// a heading ("" when there are none).
std::string reorders_text(const nlohmann::ordered_json& reorders);
// `tvlab reorder`'s output for one reorder from s to d: {kind, rlayout, noop, converts, movs, moved_values,
// route, steps} (--json), and the text.
nlohmann::ordered_json reorder_json(const ReorderPlan& p);
std::string reorder_text(const ReorderPlan& p, const ValueType& s, const ValueType& d);

// The reorders of a verified plan, as `tvlab plan` prints them: <X> -> {kind, rlayout, noop, movs, converts,
// route} for each operand whose copy feeds the MMA through a subgroup reorder (Xe).
nlohmann::ordered_json reorders_json(const Report& report);

}  // namespace tvlab
