#include "tvlab/core/int_tuple.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/stride.hpp"
#include "tvlab/core/tuple_algorithms.hpp"

namespace tvlab {
namespace {
using test::S;
using test::T;

TEST(IntTuple, LeavesAndTuples) {
  IntTuple t = T("(2,(3,4),5)");
  EXPECT_TRUE(t.is_tuple());
  EXPECT_EQ(t.size(), 3);
  EXPECT_EQ(rank(t), 3);
  EXPECT_EQ(depth(t), 2);
  EXPECT_EQ(S(t[1]), "(3,4)");
  EXPECT_EQ(t[1][0].ival(), 3);
  EXPECT_EQ(product(t), 120);
  EXPECT_EQ(leaf_count(t), 4);
  EXPECT_EQ(rank(IntTuple(7)), 1);
  EXPECT_EQ(depth(IntTuple(7)), 0);
  EXPECT_EQ(IntTuple(7)[0], IntTuple(7));  // get<0>(int) is the int
  EXPECT_THROW(t[3], LayoutError);
  EXPECT_EQ(S(IntTuple::empty_tuple()), "()");
  EXPECT_EQ(product(IntTuple::empty_tuple()), 1);
}

TEST(IntTuple, BuilderMatchesNestedConstruction) {
  TupleBuilder b;
  b.push(IntTuple(2)).push(IntTuple::tuple({3, 4})).push(Scalar(5));
  EXPECT_EQ(b.build(), T("(2,(3,4),5)"));
  EXPECT_NE(b.build(), T("(2,(3,4),6)"));
  EXPECT_NE(T("(2,3)"), T("((2,3))"));
}

TEST(TupleAlgorithms, StructuralExamples) {
  EXPECT_EQ(S(flatten(T("(2,(3,(4,5)))"))), "(2,3,4,5)");
  EXPECT_EQ(S(flatten(T("4"))), "4");
  EXPECT_EQ(S(unwrap(T("((4))"))), "4");
  EXPECT_EQ(S(wrap(T("4"))), "(4)");
  EXPECT_EQ(S(append(T("(2,3)"), T("4"))), "(2,3,4)");
  EXPECT_EQ(S(append(T("4"), T("1"))), "(4,1)");
  EXPECT_EQ(S(prepend(T("(2,3)"), T("(4,5)"))), "((4,5),2,3)");
  EXPECT_EQ(S(append_n(T("(2,3)"), 4, T("1"))), "(2,3,1,1)");
  EXPECT_EQ(S(append_n(T("4"), 1, T("1"))), "4");
  EXPECT_EQ(S(append_n(T("4"), 3, T("1"))), "(4,1,1)");
  EXPECT_THROW(append_n(T("(2,3,4)"), 2, T("1")), LayoutError);
  EXPECT_EQ(S(take(T("(2,3,4,5)"), 1, 3)), "(3,4)");
  EXPECT_THROW(take(T("(2,3)"), 1, 1), LayoutError);
  EXPECT_THROW(take(T("(2,3)"), 0, 3), LayoutError);
  const int modes[] = {2, 0};
  EXPECT_EQ(S(select(T("(2,3,4)"), modes)), "(4,2)");
  EXPECT_EQ(S(group(T("(2,3,4,5)"), 1, 3)), "(2,(3,4),5)");
  EXPECT_EQ(S(group(T("(2,3,4,5)"), 1, 1)), "(2,3,4,5)");
  EXPECT_EQ(S(group(T("(2,3,4,5)"), 2, -1)), "(2,3,(4,5))");
  EXPECT_EQ(S(zip(T("((1,2),(3,4))"))), "((1,3),(2,4))");
  EXPECT_EQ(S(zip(T("((1,2,5),(3,4,6))"))), "((1,3),(2,4),(5,6))");
  EXPECT_EQ(S(zip(T("(1,2)"))), "((1,2))");
  EXPECT_EQ(S(zip2_by(T("((1,2),((3,4),(5,6)),7)"), T("(0,(0,0))"))), "((1,(3,5)),(2,(4,6),7))");
  EXPECT_EQ(S(product_each(T("((2,3),4)"))), "(6,4)");
  EXPECT_EQ(S(product_each(T("6"))), "(6)");
  EXPECT_TRUE(congruent(T("(1,(2,3))"), T("(4,(5,6))")));
  EXPECT_FALSE(congruent(T("(1,(2,3))"), T("(4,5)")));
}

TEST(Stride, DivisionExamples) {
  // The CuTe documentation's examples of "dividing out" and "modding out".
  EXPECT_EQ(S(shape_div(T("(4,5,6)"), T("40"))), "(1,1,3)");
  EXPECT_EQ(S(shape_div(T("(6,2)"), T("2"))), "(3,2)");
  EXPECT_EQ(S(shape_div(T("(3,6,2,8)"), T("72"))), "(1,1,1,4)");
  EXPECT_THROW(shape_div(T("(6,2)"), T("4")), LayoutError);
  EXPECT_EQ(S(ceil_div(T("(4,2,3)"), T("8"))), "(1,1,3)");
  EXPECT_EQ(S(ceil_div(T("(3,5)"), T("2"))), "(2,5)");
  EXPECT_EQ(S(ceil_div(T("(8,6)"), T("(3)"))), "(3,6)");
  EXPECT_EQ(S(elem_scale(T("(2,3)"), T("(4,(1,5))"))), "(8,15)");
}

TEST(Stride, CompactStrides) {
  EXPECT_EQ(S(compact_col_major(T("(2,1,3)"))), "(1,0,2)");
  EXPECT_EQ(S(compact_major(T("(2,(3,4))"), Major::Right)), "(12,(4,1))");
  EXPECT_EQ(S(compact_col_major(T("((2,3),4)"))), "((1,2),6)");
  EXPECT_EQ(S(compact_order(T("(2,2,2,2)"), T("(0,2,3,1)"))), "(1,4,8,2)");
  EXPECT_EQ(S(compact_order(T("(2,3,4)"), T("(1,0,2)"))), "(3,1,6)");
  EXPECT_THROW(compact_order(T("(2,3)"), T("(1,0,2)")), LayoutError);
}

// crd2idx and idx2crd are inverse on the whole domain of every compact shape.
TEST(Stride, CoordinateRoundTripOverDomain) {
  for (const IntTuple& shape : test::generated_shapes()) {
    const IntTuple stride = compact_col_major(shape);
    for (int64_t i = 0; i < product(shape); ++i) {
      IntTuple crd = idx2crd(IntTuple(i), shape);
      EXPECT_TRUE(shape.is_leaf() || congruent(crd, shape)) << S(shape);
      EXPECT_EQ(crd2idx(crd, shape, stride).ival(), i) << S(shape) << " " << S(crd);
      EXPECT_EQ(crd2idx(IntTuple(i), shape, stride).ival(), i);
    }
  }
}

TEST(Stride, CoordinateExamples) {
  EXPECT_EQ(S(crd2idx(T("(1,2)"), T("(4,8)"), T("(1,4)"))), "9");
  EXPECT_EQ(S(crd2idx(T("9"), T("(4,8)"), T("(8,1)"))), "10");
  EXPECT_EQ(S(crd2idx(T("(1,(1,2))"), T("(2,(3,4))"), T("(12,(1,3))"))), "19");
  EXPECT_EQ(S(idx2crd(T("9"), T("(4,8)"))), "(1,2)");
  EXPECT_EQ(S(idx2crd(T("11"), T("(2,(3,4))"))), "(1,(2,1))");
  // Scaled-basis strides make a coordinate.
  EXPECT_EQ(S(crd2idx(T("(1,2)"), T("(4,8)"), T("(1@0,1@1)"))), "(1,2)");
  EXPECT_EQ(S(crd2idx(T("5"), T("(4,8)"), T("(1@0,1@1)"))), "(1,1)");
}

TEST(Scalar, ScaledBasisArithmetic) {
  const int path[] = {0, 1};
  Scalar e = Scalar::basis(3, path, 2);
  EXPECT_EQ(to_string(e), "3@1@0");
  EXPECT_EQ(to_string(Scalar(2) * e), "6@1@0");
  EXPECT_THROW(e * e, LayoutError);
  EXPECT_FALSE(e.is(3));
  EXPECT_NE(e, Scalar(3));
  EXPECT_EQ(S(add_coords(IntTuple(e), T("((1,0),(0,0))"))), "((1,3),(0,0))");
}

TEST(Checked, OverflowIsAnErrorNotAWrap) {
  EXPECT_THROW(checked_mul(int64_t(1) << 40, int64_t(1) << 40), LayoutError);
  EXPECT_THROW(product(T("(1000000000,1000000000,1000000000)")), LayoutError);
  EXPECT_THROW(checked_div(5, 0), LayoutError);
  EXPECT_EQ(ceil_div(int64_t(7), int64_t(2)), 4);
  EXPECT_EQ(ceil_div(int64_t(1), int64_t(4)), 1);
}

}  // namespace
}  // namespace tvlab
