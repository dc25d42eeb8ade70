// Tiler: the right operand of composition, logical_divide and logical_product, as CuTe accepts it:
// a Layout, an integer n (meaning n:1), the placeholder `_` (keep the mode), or a tuple of tilers
// applied mode by mode. CuTe prints a tiler as a tuple: (3:3,(2,4):(1,8)) or (4,_).
//
// A shape used as a tiler is a tuple of integers: (4,8) tiles mode 0 by 4 and mode 1 by 8, which is
// not the same as the layout (4,8):(1,4).
#pragma once

#include <variant>
#include <vector>

#include "tvlab/core/layout.hpp"

namespace tvlab {

struct Underscore {
  friend bool operator==(Underscore, Underscore) { return true; }
};

class Tiler {
 public:
  using Modes = std::vector<Tiler>;

  Tiler(const Layout& l) : v_(l) {}  // NOLINT: a layout is a tiler
  Tiler(Underscore u) : v_(u) {}     // NOLINT
  explicit Tiler(int64_t n) : v_(n) {}
  explicit Tiler(Modes modes) : v_(std::move(modes)) {}
  // An IntTuple as a tiler: an integer, or a tuple of tilers mode by mode.
  static Tiler from_shape(const IntTuple& shape);

  bool is_layout() const { return std::holds_alternative<Layout>(v_); }
  bool is_integer() const { return std::holds_alternative<int64_t>(v_); }
  bool is_underscore() const { return std::holds_alternative<Underscore>(v_); }
  bool is_tuple() const { return std::holds_alternative<Modes>(v_); }
  const Layout& layout() const { return std::get<Layout>(v_); }
  int64_t integer() const { return std::get<int64_t>(v_); }
  const Modes& modes() const { return std::get<Modes>(v_); }
  int rank() const { return is_tuple() ? static_cast<int>(modes().size()) : 1; }

  // The tiler's profile as a guide for zip2_by: a tuple where the tiler is a tuple, 0 elsewhere.
  IntTuple profile() const;
  friend bool operator==(const Tiler& a, const Tiler& b) { return a.v_ == b.v_; }

 private:
  std::variant<Layout, int64_t, Underscore, Modes> v_;
};

}  // namespace tvlab
