#include "tvlab/verify/readers/load.hpp"

#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

namespace tvlab {

Plan build_plan_from_text(const std::string& text) {
  return build_plan(read_json_spec(text));
}

}  // namespace tvlab
