#include "tvlab/verify/check/check.hpp"

namespace tvlab {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Proved:
      return "proved";
    case Verdict::Refuted:
      return "refuted";
    default:
      return "unknown";
  }
}

const char* to_string(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    default:
      return "info";
  }
}

bool Report::failed(bool strict) const {
  for (const CheckResult& c : checks)
    if (c.failed(strict)) return true;
  return false;
}

}  // namespace tvlab
