// The verdict vocabulary: what fails a report, with and without --strict, over every verdict and severity.
#include "tvlab/verify/check/check.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tvlab {
namespace {

TEST(Check, WhatFailsAReport) {
  for (Verdict v : {Verdict::Proved, Verdict::Refuted, Verdict::Unknown})
    for (Severity s : {Severity::Error, Severity::Warning, Severity::Info})
      for (bool strict : {false, true}) {
        CheckResult c;
        c.verdict = v;
        c.severity = s;
        // Only a refutation fails: an error always, a warning under --strict, information never.
        const bool want =
            v == Verdict::Refuted && (s == Severity::Error || (strict && s == Severity::Warning));
        EXPECT_EQ(c.failed(strict), want) << to_string(v) << " " << to_string(s) << " " << strict;
        Report r;
        r.checks = {CheckResult{}, c};  // an unknown error beside it never fails
        EXPECT_EQ(r.failed(strict), want);
      }
  EXPECT_FALSE(Report{}.failed(true));
}

TEST(Check, Names) {
  EXPECT_EQ(std::string(to_string(Verdict::Proved)), "proved");
  EXPECT_EQ(std::string(to_string(Verdict::Refuted)), "refuted");
  EXPECT_EQ(std::string(to_string(Verdict::Unknown)), "unknown");
  EXPECT_EQ(std::string(to_string(Severity::Error)), "error");
  EXPECT_EQ(std::string(to_string(Severity::Warning)), "warning");
  EXPECT_EQ(std::string(to_string(Severity::Info)), "info");
}

}  // namespace
}  // namespace tvlab
