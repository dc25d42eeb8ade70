// A check's result: a claim about a plan, the verdict, the algebra that decided it and, for a
// refutation, concrete witnesses. Failures in verify are data, never exceptions.
//
//   code     fragment.A                         stable, for CI filters and JSON consumers
//   claim    copy A's register fragment and MMA A's hold the same elements in every subgroup
//   verdict  proved | refuted | unknown         never `proved` without a proof
//   steps    right_inverse(mma_A) o copy_D = 1024:1   each algebraic step with its result
//   witness  copy D (T3,V5) -> (4,7) but MMA A expects (4,7) in (T7,V2)
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tvlab {

enum class Verdict { Proved, Refuted, Unknown };
const char* to_string(Verdict v);

// How much a refutation matters: an Error fails `tvlab verify` (exit 1); a Warning is reported (and
// fails only with --strict), e.g. a reorder the kernel has to perform; Info never fails.
enum class Severity { Error, Warning, Info };
const char* to_string(Severity s);

struct ProofStep {
  std::string text;    // what is computed, in words
  std::string expr;    // the expression in CuTe notation (may be empty)
  std::string result;  // its value in CuTe notation (may be empty)
};

struct CheckResult {
  std::string code;   // e.g. "coverage.A.copy", "fragment.B", "reorder.B", "width.C", "block2d.A.pitch"
  std::string claim;  // the statement checked, in words
  Verdict verdict = Verdict::Unknown;
  Severity severity = Severity::Error;  // of a refutation
  std::string method;                   // "algebra", "gf2", "enumeration"
  std::string summary;                  // one line for people
  std::vector<ProofStep> steps;
  std::vector<std::string> witnesses;
  nlohmann::ordered_json data = nlohmann::ordered_json::object();  // check-specific facts

  bool failed(bool strict) const {
    return verdict == Verdict::Refuted &&
           (severity == Severity::Error || (strict && severity == Severity::Warning));
  }
};

struct Report {
  std::string spec;  // the spec's file name (or "-")
  std::string name;  // the spec's "name"
  std::vector<CheckResult> checks;
  bool failed(bool strict) const;
};

}  // namespace tvlab
