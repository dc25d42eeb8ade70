// CuTe's text notation: printing and parsing.
//
// Printing follows CuTe's print(): shape:stride, tuples in parentheses, no spaces:
//   Style::Plain  (4,8):(8,1)      1@0     Sw<3,3,3> o 0 o (8,64):(64,1)
//   Style::Cute   (_4,_8):(_8,_1)  _1@0    Sw<3,3,3> o _0 o (_8,_64):(_64,_1)
//
// Parsing accepts what CuTe prints and what a user types:
//   integers 4 / _4 / -1 / _-1, tuples (a,b,...) nested, rank-1 (4), the placeholder _,
//   layouts SHAPE:STRIDE (a bare shape is the compact column-major layout), scaled bases 1@0, 1@0@1,
//   swizzles Sw<B,M,S>, composed layouts Sw<3,3,3> o (8,64):(64,1) and Sw<3,3,3> o 32 o L,
//   tilers: tuples of layouts, integers and _, e.g. (3:3,(2,4):(1,8)),
//   calls f(arg, ...) with CuTe's function names (see expr.hpp).
// and CuTe's C++ spellings, since users paste from code (`cute::` prefixes, blanks and newlines anywhere,
// values constructed with {} or (), a trailing ';'), desugared into the kinds above:
//   Layout<Shape<_4,_8>,Stride<_8,_1>>{}     -> Layout (4,8):(8,1)
//   Layout<Shape<_4,_8>>{}                   -> Layout (4,8):(1,4)  (default stride: LayoutLeft)
//   Shape<_2,_4>{}, Stride<..>, Step<..>, Coord<..>, Tile<..>, tuple<..>, make_shape(4,8), make_stride,
//   make_step, make_coord, make_tile, make_tuple  -> Tuple (name: the spelling)
//   Int<8>{}, C<8>{}, _8{}, _m1, constant<int,8>, integral_constant<int,8>  -> Integer (name "Int")
//   E<0>{} -> 1@0, E<0,1>{} -> 1@1@0, ScaledBasis<Int<2>,1>{} -> 2@1  (Integer holding a scaled basis)
//   Swizzle<3,3,3>{}, Swizzle<3,3> (S defaults to B)             -> Swizzle
//   ComposedLayout<Swizzle<3,3,3>,_0,Layout<..>>{}, make_composed_layout(Swizzle<..>{}, 0, L) -> Composed
//   LayoutLeft{}, LayoutRight{}, GenColMajor{}, GenRowMajor{}   -> Name;  Underscore{} -> Underscore
//   get<1>(L) -> get(L,1), take<0,2>(L) -> take(L,0,2), size<0>(L) -> size(get(L,0)) (also select, cosize,
//   rank, depth, shape, stride)
//   GMMA::Layout_K_SW128_Atom<half_t>, any qualified or unknown template name -> Name whose text is
//   canonical: no blanks, no cute:: (cutlass:: also dropped inside <...>), SM90::GMMA:: read as GMMA::.
//   make_layout(make_shape(4,8), make_stride(8,1)), composition(Swizzle<3,3,3>{}, L) stay Calls.
// A C++ spelling in the wrong place is a ParseError naming it: `Stride<...> given where a Shape was
// expected`, `Int<...> takes an integer`, `expected '>' to close Layout< at column 1`; `int` in a
// template is a run-time type and has no value here.
// Tuples and integers spelled in C++ carry their spelling in Expr::name, so they stay tuples where a bare
// notation tuple (4,8) is read as a layout (evaluate()'s literal-shape rule).
// Errors are ParseErrors with the 1-based column. Nesting is limited to kMaxNesting levels and a text
// to kMaxNodes syntax nodes, so hostile input cannot exhaust the stack or memory.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tvlab/core/layout.hpp"
#include "tvlab/core/swizzle.hpp"
#include "tvlab/core/tiler.hpp"

namespace tvlab {

enum class Style { Plain, Cute };

std::string to_string(const Scalar& s, Style style = Style::Plain);
std::string to_string(const IntTuple& t, Style style = Style::Plain);
std::string to_string(const Layout& l, Style style = Style::Plain);
std::string to_string(const Tiler& t, Style style = Style::Plain);
std::string to_string(const Swizzle& s);
std::string to_string(const ComposedLayout& c, Style style = Style::Plain);

inline constexpr int kMaxNesting = 64;
inline constexpr std::size_t kMaxNodes = 100000;

// Syntax tree of the notation.
struct Expr {
  enum class Kind { Integer, Underscore, Tuple, Layout, Swizzle, Composed, Call, Name };
  Kind kind = Kind::Integer;
  std::size_t column = 1;      // 1-based column where the node starts
  Scalar value;                // Integer (a plain integer or a scaled basis)
  std::string name;            // Call, Name; for a Tuple, Integer, Layout or Swizzle spelled in C++, the
                               // spelling (Shape, make_shape, Int, ...): empty for notation literals
  std::vector<Expr> children;  // Tuple elements; Call arguments; Layout {shape, stride};
                               // Composed {swizzle, offset, layout} (offset may be absent: 2 children)
  int swizzle[3] = {0, 0, 0};  // Swizzle B, M, S
};

// Parse one expression spanning the whole text.
Expr parse_expr(std::string_view text);

namespace detail {
// Plain notation's integer tuples read straight into nodes, without a parse tree: the fast paths of
// parse_layout / parse_int_tuple and of evaluate() (expr.cpp). Decimal integers (optionally negative, no
// leading zeros, below 2^63 - 9, no scaled basis), parentheses, commas and blanks; anything else makes a
// reader return false, and its caller hands the text to the full parser, which words the error.
class PlainReader {
 public:
  explicit PlainReader(std::string_view s) : s_(s) {}
  // shape:stride as the parser accepts a layout literal (congruent, validated) into `out`; false otherwise.
  static bool checked_layout(IntTuple&& shape, IntTuple&& stride, Layout& out);

 protected:
  static constexpr int kMaxDepth = 16;
  static constexpr std::size_t kMaxLeaves = 4096;
  std::string_view s_;
  std::size_t pos_ = 0, leaves_ = 0;

  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
  std::size_t ws_after(std::size_t p) const {
    while (p < s_.size() && (s_[p] == ' ' || s_[p] == '\t' || s_[p] == '\r' || s_[p] == '\n')) ++p;
    return p;
  }
  // Whether c is next after blanks (pos_ moves past the blanks).
  bool at(char c) {
    pos_ = ws_after(pos_);
    return pos_ < s_.size() && s_[pos_] == c;
  }
  // tree := integer | '(' tree (',' tree)* ')' at pos_, appended to `out` in pre-order.
  bool tree(IntTuple::Nodes& out, int depth);
  // A decimal integer at pos_ (which is in the text).
  bool integer(int64_t& v);
  // ':' stride at pos_ (after blanks; `::` is not one), the stride tree appended to `out`.
  bool colon_stride(IntTuple::Nodes& out, int depth) {
    if (!at(':') || (pos_ + 1 < s_.size() && s_[pos_ + 1] == ':')) return false;
    ++pos_;
    return tree(out, depth);
  }
};

// The whole text as a plain layout SHAPE:STRIDE or a bare shape (compact), validated; nullopt otherwise.
std::optional<Layout> read_plain_layout(std::string_view text);
// The whole text as a plain integer tuple; nullopt otherwise.
std::optional<IntTuple> read_plain_tuple(std::string_view text);
// parse_int_tuple / parse_layout through the full parser only, for the tests that compare the two paths.
IntTuple parse_int_tuple_parsed(std::string_view text);
Layout parse_layout_parsed(std::string_view text);
}  // namespace detail

// Literals, for callers that need exactly one kind of value (throw ParseError otherwise).
IntTuple parse_int_tuple(std::string_view text);
// A layout literal SHAPE:STRIDE, or a bare shape (compact column-major). Validated (see validate()).
Layout parse_layout(std::string_view text);

}  // namespace tvlab
