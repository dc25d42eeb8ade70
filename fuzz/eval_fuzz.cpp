// libFuzzer target: `tvlab eval` expressions (parse + evaluate + print). Bad input must end in an
// EvalError, as the command reports it; anything else escaping is a finding. Differential too: when the
// plain-notation fast path takes a text, its value or error must be the full parser's (else abort).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tvlab/core/expr.hpp"

namespace {
template <class F>
std::string outcome(F f) {
  try {
    return "value " + tvlab::to_string(f(), tvlab::Style::Cute);
  } catch (const tvlab::EvalError& e) {
    return "error " + std::to_string(e.column()) + " " + e.subject() + ": " + e.what();
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // The fast path first: when it takes the text, the parser must agree; when it declines, evaluate()
  // is the parser (so the slow inputs, e.g. brute-force inverses of swizzles, run once).
  bool took = true;
  const std::string fast = outcome([&]() -> tvlab::Value {
    std::optional<tvlab::Value> plain = tvlab::detail::evaluate_plain(text);
    took = plain.has_value();
    return took ? std::move(*plain) : tvlab::Value(tvlab::Underscore{});
  });
  // What `tvlab eval` runs: evaluate with the notices (the divergence checks of composition, divide,
  // product), whose value or error must be the plain evaluation's.
  std::vector<tvlab::EvalNotice> notices;
  const std::string noticed = outcome([&] { return tvlab::evaluate(text, notices); });
  if (took && (noticed != fast || fast != outcome([&] { return tvlab::detail::evaluate_parsed(text); })))
    std::abort();
  // The Python module's paths: a text as one argument (a tuple stays a tuple) ends in a value or an
  // EvalError; and a top-level call applied to its evaluated arguments with call() gives evaluate()'s value
  // or error (the column aside: call() numbers arguments).
  outcome([&] { return tvlab::evaluate_argument(text, &notices); });
  tvlab::Expr e;
  try {
    e = tvlab::parse_expr(text);
  } catch (const tvlab::ParseError&) {
    return 0;
  }
  if (e.kind != tvlab::Expr::Kind::Call || text.find("MMA") != std::string_view::npos) return 0;
  std::vector<tvlab::Value> args;
  try {
    for (const tvlab::Expr& c : e.children) args.push_back(tvlab::evaluate(c));
  } catch (const tvlab::EvalError&) {
    return 0;
  }
  const auto strip = [](const std::string& o) {  // "error COLUMN subject: why" -> "error subject: why"
    if (o.rfind("error ", 0) != 0) return o;
    return "error" + o.substr(o.find(' ', 6));
  };
  std::vector<tvlab::EvalNotice> by_value;
  if (strip(outcome([&] { return tvlab::call(e.name, std::move(args), &by_value); })) != strip(noticed))
    std::abort();
  return 0;
}
