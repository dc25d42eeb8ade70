// Uses each installed library once: tvlab::core (algebra), tvlab::verify (a plan and its checks),
// tvlab::viz (an SVG of a layout).
#include <iostream>

#include "tvlab/core/composition.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/checks/verifier.hpp"
#include "tvlab/verify/readers/load.hpp"
#include "tvlab/viz/backends.hpp"
#include "tvlab/viz/layout_builder.hpp"

int main() {
  const tvlab::Layout a = tvlab::parse_layout("(10,2):(16,4)");
  const tvlab::Layout b = tvlab::parse_layout("(5,4):(1,5)");
  const std::string c = tvlab::to_string(tvlab::composition(a, b));
  std::cout << "composition = " << c << "\n";
  if (c != "(5,(2,2)):(16,(80,4))") return 1;

  const tvlab::Plan plan = tvlab::build_plan_from_text(R"json({
    "mma": {"atom": "XE_DPAS_TT<8,float,bfloat16_t>", "tile": [64, 64, 32], "sg_layout": "(2,2,1):(2,1,0)"},
    "operands": {"A": {"type": "bfloat16_t", "contiguous": "K"}}})json");
  const tvlab::Report report = tvlab::verify_plan(plan, "inline");
  std::cout << "checks = " << report.checks.size() << ", failed = " << report.failed(false) << "\n";

  const std::string svg =
      tvlab::viz::to_svg(tvlab::viz::build_layout_scene(tvlab::parse_layout("(4,8):(8,1)")));
  std::cout << "svg bytes = " << svg.size() << "\n";
  return report.failed(false) || svg.find("<svg") == std::string::npos ? 1 : 0;
}
