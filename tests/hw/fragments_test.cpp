// tvlab's CURRENT mma.sync / ldmatrix / stmatrix tables against the ones an H100 validated
// (tests/data/hw/fragments_h100.json, recorded by hw/run.sh: see hw/README.md). CI has no GPU: the
// recording is the oracle. Tables are compared as functions, (thread, value) -> element, over their
// whole domain, so a re-written but equal layout still matches.
//
// Mutation control: with TVLAB_HW_MUTATE=1 every recorded table is permuted (thread t takes thread
// t+1's elements) before the comparison, which must then fail (ctest hw.fragments.mutated, WILL_FAIL).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tvlab/core/atoms/registry.hpp"
#include "tvlab/core/layout.hpp"
#include "tvlab/core/notation.hpp"

namespace tvlab {
namespace {

const nlohmann::json& recording() {
  static const nlohmann::json doc = [] {
    std::ifstream in(std::string(TVLAB_TEST_DATA) + "/hw/fragments_h100.json");
    return nlohmann::json::parse(in);
  }();
  return doc;
}

bool mutate() {
  const char* m = std::getenv("TVLAB_HW_MUTATE");
  return m && std::string(m) == "1";
}

// L(i) for every i in [0, size(L)).
std::vector<int64_t> table(const Layout& l) {
  std::vector<int64_t> out(static_cast<std::size_t>(size(l)));
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = l(static_cast<int64_t>(i));
  return out;
}

// Thread t takes thread t+1's entries (T threads: mode 0's size); one-thread tables rotate values.
std::vector<int64_t> permuted(const std::vector<int64_t>& t, int64_t threads) {
  std::vector<int64_t> out(t.size());
  const auto n = static_cast<int64_t>(t.size());
  for (int64_t i = 0; i < n; ++i) {
    const int64_t th = i % threads, v = i / threads, vals = n / threads;
    out[i] = threads == 1 ? t[(v + 1) % vals] : t[(th + 1) % threads + threads * v];
  }
  return out;
}

// "" when the recorded layout (permuted under TVLAB_HW_MUTATE) equals tvlab's as a function.
std::string compare(const std::string& what, const std::string& recorded, const Layout& current,
                    bool permute) {
  const Layout rec = parse_layout(recorded);
  std::vector<int64_t> r = table(rec);
  if (permute) r = permuted(r, size(mode(rec, 0)));
  const std::vector<int64_t> c = table(current);
  if (size(mode(rec, 0)) != size(mode(current, 0)))
    return what + ": " + std::to_string(size(mode(current, 0))) +
           " threads, the hardware-validated table has " + std::to_string(size(mode(rec, 0)));
  if (r.size() != c.size())
    return what + ": size " + std::to_string(c.size()) + ", the hardware-validated table has " +
           std::to_string(r.size());
  for (std::size_t i = 0; i < r.size(); ++i)
    if (r[i] != c[i])
      return what + " at index " + std::to_string(i) + ": tvlab says " + std::to_string(c[i]) +
             ", the hardware-validated table " + to_string(rec) + " says " + std::to_string(r[i]);
  return "";
}

// Every difference between tvlab's atom and the recorded one; "unknown" when tvlab lacks the atom.
std::vector<std::string> differences(const nlohmann::json& rec, bool permute) {
  const std::string name = rec.at("name");
  Atom atom;
  try {
    atom = find_atom(name);
  } catch (const AtomError&) {
    return {"unknown"};
  }
  std::vector<std::string> out;
  auto add = [&](std::string d) {
    if (!d.empty()) out.push_back(name + " " + d);
  };
  const auto& l = rec.at("layouts");
  if (const auto* m = std::get_if<MmaAtom>(&atom)) {
    const auto& s = rec.at("shape_mnk");
    if (s.at(0) != m->m || s.at(1) != m->n || s.at(2) != m->k) out.push_back(name + " Shape_MNK differs");
    const auto& t = rec.at("types");
    if (t.at("d") != m->d_type.name || t.at("a") != m->a_type.name || t.at("b") != m->b_type.name ||
        t.at("c") != m->c_type.name)
      out.push_back(name + " value types differ");
    add(compare("thr_id", l.at("thr_id"), m->thr_id, false));
    add(compare("A", l.at("a"), m->a, permute));
    add(compare("B", l.at("b"), m->b, permute));
    add(compare("C", l.at("c"), m->c, permute));
  } else {
    const ValueLayouts v = value_layouts(std::get<CopyAtom>(atom), 16);
    add(compare("src", l.at("src"), v.src, permute));
    add(compare("dst", l.at("dst"), v.dst, permute));
  }
  return out;
}

TEST(HwFragments, RecordingIsAHardwarePassWithFailingControls) {
  const auto& doc = recording();
  EXPECT_NE(doc.at("gpu").get<std::string>().find("H100"), std::string::npos);
  for (const char* k : {"driver", "cuda", "date", "command"})
    EXPECT_FALSE(doc.at(k).get<std::string>().empty()) << k;
  ASSERT_GE(doc.at("atoms").size(), 90u);
  int copies = 0;
  for (const auto& a : doc.at("atoms")) {
    EXPECT_EQ(a.at("result"), "pass") << a.at("name");
    EXPECT_GE(a.at("mutants").size(), 1u) << a.at("name");
    for (const auto& [which, r] : a.at("mutants").items())
      EXPECT_EQ(r, "failed as it must") << a.at("name") << which;
    copies += a.contains("op");
  }
  EXPECT_EQ(copies, 12);  // ldmatrix and stmatrix, x1/x2/x4, with and without .trans
}

// The check proper: tvlab's current tables are the hardware-validated ones.
TEST(HwFragments, TvlabTablesAreTheHardwareValidatedOnes) {
  const bool permute = mutate();
  int compared = 0, pending = 0;
  for (const auto& a : recording().at("atoms")) {
    const std::vector<std::string> d = differences(a, permute);
    if (d == std::vector<std::string>{"unknown"}) {
      // Only atoms measured from CuTe's traits before tvlab had them may be absent.
      EXPECT_EQ(a.at("source"), "cute-traits")
          << a.at("name") << " was recorded from tvlab but tvlab lost it";
      ++pending;
      continue;
    }
    ++compared;
    for (const std::string& s : d) ADD_FAILURE() << s;
  }
  std::printf("compared %d hardware-validated atoms with tvlab; %d recorded atoms tvlab does not have yet\n",
              compared, pending);
  EXPECT_GE(compared, 80);
}

// Mutation control, in-process: every recorded table, permuted, differs from tvlab's.
TEST(HwFragments, APermutedTableIsCaught) {
  for (const auto& a : recording().at("atoms")) {
    const std::vector<std::string> d = differences(a, true);
    if (d == std::vector<std::string>{"unknown"}) continue;
    EXPECT_FALSE(d.empty()) << a.at("name") << ": a permuted table still compares equal";
  }
}

}  // namespace
}  // namespace tvlab
