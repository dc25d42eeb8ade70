// Ownership maps (which thread and value holds each element, on the copy's register side and in the MMA):
// literal holders of a known mismatch, and over every cell of a refuted spec and of a proved one, the map
// against the TV layouts it comes from.
#include "tvlab/verify/checks/ownership.hpp"
#include "tvlab/verify/model/build_plan.hpp"
#include "tvlab/verify/readers/json_spec.hpp"

#include <gtest/gtest.h>

#include "../verify_test_support.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"

namespace tvlab {
namespace {

// sycl-tla #357's control (README's repl tour): element (4,7) of A is held by T7V8 T23V8 in the copy and
// expected in T3V9 T19V9 by the MMA.
TEST(Ownership, Sycl357HoldersOfOneElement) {
  const Plan plan = load_plan(test::read_data("specs/sycl_tla_357_u8_a_int8.json"));
  const OperandMap m = operand_map(plan, "A");
  EXPECT_EQ(m.rows, 64);
  EXPECT_EQ(m.cols, 32);
  const auto names = [](const std::vector<Holder>& hs) {
    std::string s;
    for (const Holder& h : hs) s += (s.empty() ? "" : " ") + holder_name(h);
    return s;
  };
  const int64_t i = 4 + 64 * 7;
  EXPECT_EQ(names(m.src[static_cast<size_t>(i)]), "T7V8 T23V8");
  EXPECT_EQ(names(m.dst[static_cast<size_t>(i)]), "T3V9 T19V9");
  EXPECT_EQ(m.mismatches.size(), 1920u);
}

// NVIDIA: the map is the copy's destination TV layout and the MMA's A TV layout, cell by cell; the CUTLASS
// mainloop's ldmatrix copy holds exactly what the MMA expects.
// Issue 33: a map beyond kMaxMapCells is refused at once, naming the size and the cap (explore ran 68 s into
// 3.9 GB on a 65536 tile); one within it is built.
TEST(Ownership, MapsBeyondTheCapAreRefused) {
  nlohmann::json spec = nlohmann::json::parse(test::read_data("../../gallery/specs/xe_bf16_256x256x32.json"));
  spec["mma"]["tile"] = {8192, 8192, 32};
  const Plan plan = build_plan(read_json_value(spec));
  try {
    want_map_fits(plan, "C");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(
        std::string(e.what()),
        "operand C's tile (8192,8192) has 67108864 elements, over tvlab's cap of 1048576 for an ownership "
        "map (each element lists its holders)");
  }
  EXPECT_NO_THROW(want_map_fits(plan, "A"));  // 8192 x 32
  const OperandMap a = operand_map(plan, "A");
  EXPECT_EQ(a.cells(), 8192 * 32);
  EXPECT_EQ(a.src.size(), static_cast<std::size_t>(8192 * 32));
}

TEST(Ownership, Sm80MapsAreTheTvLayouts) {
  const Plan plan = load_plan(test::read_data("cpp/cutlass_sm80_f16_tn.hpp"));
  EXPECT_EQ(mapped_operands(plan), (std::vector<std::string>{"A", "B"}));
  const OperandMap m = operand_map(plan, "A");
  EXPECT_TRUE(m.mismatches.empty());
  const Layout tv = plan.mma->get_layoutA_TV();
  std::vector<std::vector<Holder>> want(static_cast<size_t>(m.cells()));
  for (int64_t t = 0; t < size(mode(tv, 0)); ++t)
    for (int64_t v = 0; v < size(mode(tv, 1)); ++v)
      want[static_cast<size_t>(tv(IntTuple::tuple({t, v})).ival())].push_back({t, v});
  for (auto& hs : want) std::sort(hs.begin(), hs.end());
  EXPECT_EQ(m.dst, want);
  EXPECT_THROW(operand_map(plan, "C"), std::invalid_argument);
}

}  // namespace
}  // namespace tvlab
