// CuTe's printed results for tvlab eval expressions that the older vectors (tests/data/cute_eval_cases.tsv)
// do not cover: nested composed layouts (composition of two composed layouts, issue 22), and CuTe's functions
// applied to them. Each line is `expression<TAB>CuTe's print` with CuTe's static-integer underscores dropped,
// the format core's CuteVectors test reads. Compiled on the host by eval_cases.sh; the C++ expression next to
// each text is written by hand to mean the same thing.
#include <cute/tensor.hpp>

#include <iostream>
#include <sstream>
#include <string>

using namespace cute;

namespace {
// CuTe prints static integers as _8; tvlab's plain style prints 8.
std::string plain(std::string s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool lead = s[i] == '_' && i + 1 < s.size() && (std::isdigit(s[i + 1]) || s[i + 1] == '-') &&
                      (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1])));
    if (!lead) out += s[i];
  }
  return out;
}
template <class T>
void emit(const char* text, T const& value) {
  std::ostringstream os;
  os << value;
  std::cout << text << '\t' << plain(os.str()) << '\n';
}
}  // namespace

#define CASE(TEXT, ...) emit(TEXT, __VA_ARGS__)

int main() {
  using L88 = Layout<Shape<_8, _8>, Stride<_8, _1>>;
  using L1616 = Layout<Shape<_16, _16>, Stride<_16, _1>>;
  using L864 = Layout<Shape<_8, _64>, Stride<_64, _1>>;
  auto a = composition(Swizzle<2, 0, 3>{}, L88{});
  auto b = composition(Swizzle<2, 0, -3>{}, L88{});
  auto r = composition(a, b);
  auto a4 = composition(Swizzle<2, 0, 3>{}, Int<4>{}, L88{});
  auto r4 = composition(a4, b);
  auto e = composition(Swizzle<1, 0, 4>{}, L1616{});
  auto f = composition(Swizzle<1, 0, -4>{}, L1616{});
  auto ef = composition(e, f);
  auto eff = composition(ef, f);
  auto s128 = composition(Swizzle<3, 3, 3>{}, L864{});
  auto s128_inv = right_inverse(s128);
  std::cout << "# CuTe's printed results (static integers printed without the leading underscores): nested\n"
               "# composed layouts. Recorded by tests/cute_oracle/eval_cases.sh record (eval_cases.cpp)\n";
#define R "composition(Sw<2,0,3> o (8,8):(8,1),Sw<2,0,-3> o (8,8):(8,1))"
#define R4 "composition(Sw<2,0,3> o 4 o (8,8):(8,1),Sw<2,0,-3> o (8,8):(8,1))"
#define EF "composition(Sw<1,0,4> o (16,16):(16,1),Sw<1,0,-4> o (16,16):(16,1))"
#define EFF "composition(" EF ",Sw<1,0,-4> o (16,16):(16,1))"
  CASE(R, r);
  CASE("composition((8,8):(8,1),Sw<2,0,-3> o (8,8):(8,1))", composition(L88{}, b));
  CASE(R4, r4);
  CASE(EF, ef);
  CASE(EFF, eff);
  CASE("composition((16,16):(16,1)," EFF ")", composition(L1616{}, eff));
  CASE("composition(" EF "," EF ")", composition(ef, ef));
  CASE("composition(Sw<3,3,3> o (8,64):(64,1),right_inverse(Sw<3,3,3> o (8,64):(64,1)))",
       composition(s128, s128_inv));
  CASE("Sw<2,0,3> o 0 o Sw<2,0,3> o 0 o (8,8):(1,8)", r);
  CASE(
      "ComposedLayout<Swizzle<2,0,3>,_0,ComposedLayout<Swizzle<2,0,3>,_0,Layout<Shape<_8,_8>,Stride<_1,_8>>>>"
      "{}",
      r);
  // Functions that act on the innermost layout and keep every stage.
  CASE("coalesce(" R ")", coalesce(r));
  CASE("coalesce(" EFF ")", coalesce(eff));
  CASE("logical_divide(" R ",(4,2))", logical_divide(r, Shape<_4, _2>{}));
  CASE("zipped_divide(" R ",(4,2))", zipped_divide(r, Shape<_4, _2>{}));
  CASE("tiled_divide(" R ",(4,2))", tiled_divide(r, Shape<_4, _2>{}));
  CASE("flat_divide(" R ",(4,2))", flat_divide(r, Shape<_4, _2>{}));
  CASE("logical_product(" R ",2:1)", logical_product(r, Layout<_2, _1>{}));
  CASE("blocked_product(" R ",(2,2))", blocked_product(r, Layout<Shape<_2, _2>>{}));
  CASE("raked_product(" R ",(2,2))", raked_product(r, Layout<Shape<_2, _2>>{}));
  CASE("zipped_product(" R ",(2,2))", zipped_product(r, Shape<_2, _2>{}));
  CASE("tile_to_shape(" R ",(16,16))", tile_to_shape(r, Shape<_16, _16>{}));
  CASE("composition(" R ",(4:2,2:1))", composition(r, make_tile(Layout<_4, _2>{}, Layout<_2, _1>{})));
  CASE("with_shape(" R ",(4,16))", r.with_shape(Shape<_4, _16>{}));
  CASE("flatten(" EFF ")", flatten(eff));
  CASE("get(" R ",0)", get<0>(r));
  CASE("take(" R ",1,2)", take<1, 2>(r));
  CASE("group(logical_divide(" R ",(4,2)),0,2)", group<0, 2>(logical_divide(r, Shape<_4, _2>{})));
  CASE("zip(logical_divide(" R ",(4,2)))", zip(logical_divide(r, Shape<_4, _2>{})));
  // Functions that look at the innermost layout.
  CASE("size(" EFF ")", size(eff));
  CASE("cosize(" EFF ")", cosize(eff));
  CASE("rank(" EFF ")", rank(eff));
  CASE("depth(logical_divide(" R ",(4,2)))", depth(logical_divide(r, Shape<_4, _2>{})));
  CASE("shape(" EFF ")", shape(eff));
  CASE("complement(composition(" R ",(4:2,2:1)))",
       complement(composition(r, make_tile(Layout<_4, _2>{}, Layout<_2, _1>{}))));
  // Functions that change every stage.
  CASE("upcast(" R ",2)", upcast<2>(r));
  CASE("downcast(" R ",2)", downcast<2>(r));
  CASE("upcast(" R4 ",2)", upcast<2>(r4));
  CASE("downcast(" EFF ",4)", downcast<4>(eff));
  CASE("recast_layout(" R ",16,32)", recast_layout<uint16_t, uint32_t>(r));
  CASE("recast_layout(" R ",32,8)", recast_layout<uint32_t, uint8_t>(r));
  CASE("max_common_vector(" R ",(8,8):(8,1))", max_common_vector(r, L88{}));
  CASE("max_common_vector(" R ",(8,8):(1,8))", max_common_vector(r, Layout<Shape<_8, _8>, Stride<_1, _8>>{}));
  CASE("max_common_vector((8,8):(1,8)," R ")", max_common_vector(Layout<Shape<_8, _8>, Stride<_1, _8>>{}, r));
  CASE("max_common_vector(" R "," R ")", max_common_vector(r, r));
  CASE("max_common_vector(" R ",Sw<2,0,3> o (8,8):(1,8))",
       max_common_vector(r, composition(Swizzle<2, 0, 3>{}, Layout<Shape<_8, _8>, Stride<_1, _8>>{})));
  CASE("max_common_vector(downcast(" R ",8),(64,8):(1,64))",
       max_common_vector(downcast<8>(r), Layout<Shape<_64, _8>, Stride<_1, _64>>{}));
  CASE("max_common_layout(downcast(" R ",8),(64,8):(1,64))",
       max_common_layout(downcast<8>(r), Layout<Shape<_64, _8>, Stride<_1, _64>>{}));
  CASE("max_common_layout((64,8):(1,64),downcast(" R ",8))",
       max_common_layout(Layout<Shape<_64, _8>, Stride<_1, _64>>{}, downcast<8>(r)));
  // Values.
  CASE("crd2idx(5," R ")", r(5));
  CASE("crd2idx(9," R ")", r(9));
  CASE("crd2idx(13," R4 ")", r4(13));
  CASE("crd2idx(17," EFF ")", eff(17));
  CASE("crd2idx(200," EFF ")", eff(200));
  CASE("crd2idx(100,composition(Sw<3,3,3> o (8,64):(64,1),right_inverse(Sw<3,3,3> o (8,64):(64,1))))",
       composition(s128, s128_inv)(100));
}
