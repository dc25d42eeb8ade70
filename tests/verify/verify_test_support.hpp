// Helpers of the verify tests: the test data and a report's checks by code.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tvlab/verify/check/check.hpp"
#include "tvlab/verify/checks/partition.hpp"

namespace tvlab::test {

// The text of tests/data/<path>, e.g. "specs/sm80_ldsm_x4_rm64.json".
inline std::string read_data(const std::string& path) {
  std::ifstream in(std::string(TVLAB_TEST_DATA) + "/" + path);
  if (!in) throw std::runtime_error("cannot read tests/data/" + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The check `code` of a report; throws when the report has none.
inline const CheckResult& check(const Report& r, const std::string& code) {
  for (const CheckResult& c : r.checks)
    if (c.code == code) return c;
  throw std::runtime_error("no check " + code);
}

// The view `name` (tAsA, tCrA, ...) of a thread's partitions; throws when they have none.
inline const ThreadTensor& named(const ThreadPartitions& p, const std::string& name) {
  for (const ThreadTensor& t : p.tensors)
    if (t.name == name) return t;
  throw std::runtime_error("no tensor " + name);
}

}  // namespace tvlab::test
