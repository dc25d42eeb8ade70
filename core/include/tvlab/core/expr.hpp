// The expression evaluator behind `tvlab eval`: CuTe's function names over notation literals.
//
//   composition((10,2):(16,4),(5,4):(1,5))   -> (5,(2,2)):(16,(80,4))
//   size(logical_divide((4,2,3):(2,1,8),4:2)) -> 24
//   tile_to_shape(Sw<3,3,3> o (8,64):(64,1), (128,64)) -> a composed layout
//
// Arguments are coerced the way CuTe's overloads take them: a bare shape where a layout is expected is
// the compact column-major layout; where a tiler is expected (composition, divides, products) a tuple is
// a tiler mode by mode. Swizzled (composed) layouts pass through the operations that act on their inner
// layout; composing two composed layouts gives CuTe's nested composed layout (nested_layout.hpp), a value of
// its own kind. Every failure is an EvalError with the column of the call that failed.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tvlab/core/nested_layout.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/core/product.hpp"

namespace tvlab {

// A value of the notation: an integer or tuple, a layout, a tiler (a tuple holding layouts or _), the
// placeholder _, a swizzle, a composed layout, a nested composed layout, or a major-order tag (LayoutLeft /
// LayoutRight).
using Value = std::variant<IntTuple, Layout, Tiler, Underscore, Swizzle, ComposedLayout, Major, NestedLayout>;

std::string to_string(const Value& v, Style style = Style::Plain);

class EvalError : public std::runtime_error {
 public:
  EvalError(std::size_t column, std::string what, const std::string& why, std::string condition = {})
      : std::runtime_error(why), column_(column), what_(std::move(what)), condition_(std::move(condition)) {}
  std::size_t column() const { return column_; }
  // What failed: the function's name, or "syntax" for malformed notation.
  const std::string& subject() const { return what_; }
  // CuTe's name for the violated precondition when a LayoutError caused it ("Stride Divisibility
  // Condition", "Mismatched ranks", ...); empty for arity, argument-kind and syntax errors.
  const std::string& condition() const { return condition_; }

 private:
  std::size_t column_;
  std::string what_;
  std::string condition_;
};

Value evaluate(const Expr& e);
// Parse and evaluate; a lone literal shape prints as its compact layout (interface.md section 1).
Value evaluate(std::string_view text);

// What evaluation says besides its value: a composition, logical_divide or logical_product whose result
// (CuTe's, and the value returned) is not the function its definition names, with the witness
// (divergence.hpp).
struct EvalNotice {
  std::size_t column = 0;
  std::string subject;  // the function, e.g. composition
  std::string text;
  // A divergence check that decided nothing: CuTe's result was compared with its definition only at a
  // bounded sample of indices (no difference found), so it is not known to be the function. Not a warning:
  // `tvlab eval` prints it as a note, Python does not warn.
  bool undecided = false;
};
// The divergence checks of composition, logical_divide and logical_product (divergence.hpp) run while
// notices are collected, unless turned off here (process-wide; `tvlab eval --no-divergence-check`,
// Python tvlab.options(divergence_check=False)). Other notices are not affected.
void set_divergence_checks(bool on);
bool divergence_checks();
// evaluate(text), appending the notices of every call in it to `notices`.
Value evaluate(std::string_view text, std::vector<EvalNotice>& notices);

// The text as one argument of a call (a tuple stays a tuple, no literal-shape rule), e.g. a tiler "(4,8)"
// given apart from its call; notices as evaluate(text, notices) (nullptr: none).
Value evaluate_argument(std::string_view text, std::vector<EvalNotice>* notices = nullptr);

namespace detail {
// evaluate(text)'s two paths, for the tests that hold them to the same answers: the plain-notation fast
// path (nullopt when the text leaves plain notation; see expr.cpp) and the full parse.
std::optional<Value> evaluate_plain(std::string_view text);
Value evaluate_parsed(std::string_view text);
}  // namespace detail

// The function `name` applied to evaluated arguments, exactly as evaluate("name(a1,...,an)") applies it to
// the values a1..an: the same coercions (a tuple where a layout is expected is its compact layout), checks,
// results and errors. For callers that hold values already (the Python module): no text is printed or
// parsed. An EvalError's column() is 0 for the call itself and i (1-based) for argument i. With `notices`,
// CuTe results that are not the function their definition names are appended there (as evaluate(text,
// notices) does); without, those checks do not run.
// Example: call("composition", {parse_layout("(4,8):(8,1)"), parse_layout("(2,2):(1,4)")}) -> (2,2):(8,2)
Value call(std::string_view name, std::vector<Value> args, std::vector<EvalNotice>* notices = nullptr);

// The names evaluate() understands, with a one-line signature each, for --help.
const std::vector<std::pair<std::string, std::string>>& eval_functions();

}  // namespace tvlab
