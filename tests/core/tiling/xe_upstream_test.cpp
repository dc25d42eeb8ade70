// Which sycl-tla commit each Xe helper mirrors. sycl-tla main was read at 6601377d (2026-06-26); the
// commit named for a helper is the last one there that changed its layouts
// (git log -L on include/cute/atom/copy_traits_xe_2d.hpp and mma_atom.hpp). When upstream changes a
// helper, its row here and the doc comment it checks change together: the diff shows what moved.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace {

struct Mirror {
  const char* helper;  // upstream name
  const char* header;  // tvlab header (under core/include/tvlab/core/) whose comment names the commit
  const char* commit;  // upstream commit it mirrors
  const char* what;    // the upstream change
};

// clang-format off
const Mirror kMirrors[] = {
  {"TiledMMAHelper",                 "tiling/xe_copy.hpp",         "0b2ef2989", "#212: permutation coalesce(make_ordered_layout((atom,sg,iters),(0,2,1)))"},
  {"make_block_2d_copy",             "tiling/xe_copy.hpp",         "35e80e1bb", "#549: batched tensors (x/y modes, rank > 2)"},
  {"block_2d_selector",              "tiling/xe_copy.hpp",         "3ef685153", "native int4: byte ownership re-interleaved before the VNNI test"},
  {"make_block_2d_copy_X",           "tiling/xe_copy.hpp",         "dec36a9eb", "copy fixes: make_block_2d_copy_X takes no TiledMMA"},
  {"make_block_2d_copy_{A,B}",       "tiling/xe_copy.hpp",         "dec36a9eb", "copy fixes: B's drop_m stride"},
  {"make_block_2d_copy_{C,D}",       "tiling/xe_copy.hpp",         "33cae048b", "#572: separate C (load) and D (store) helpers"},
  {"make_block_2d_prefetch",         "tiling/xe_copy.hpp",         "6df6dd153", "#613: width = gcd(shape_x, 512/bits) (dec36a9eb: sv_layout)"},
  {"make_coop_block_2d_copy_{A,B}",  "tiling/xe_slm.hpp",          "d7fb2518a", "#673: SLM copy helper functions"},
  {"make_{A,B}_slm_layout",          "tiling/xe_slm.hpp",          "d7fb2518a", "#673: SLM copy helper functions"},
  {"make_slm_copy",                  "tiling/xe_slm.hpp",          "25ace5946", "#772: r2s copies the SLM element type"},
  {"make_{A,B}_slm_copies",          "tiling/xe_slm.hpp",          "e45955935", "#776: UniversalCopy<uint_bit_t<bits>>, TVs from the coop copy and thrfrg"},
  {"make_block_2d_copy_CD_subtiled", "tiling/xe_subtiled.hpp",     "27bb6550c", "#799: the ThrK static_assert (48d82e87a: the helpers)"},
  {"make_block_2d_copy_{C,D}_subtiled", "tiling/xe_subtiled.hpp",  "48d82e87a", "make_block_2d_copy_{C,D} variants with subtiling"},
  {"partition_sg_fragment_{S,D}",    "tiling/subgroup_tensor.hpp", "e45955935", "#776: subgroups of 16 from tidfrg, not the atom's threads"},
};
// clang-format on

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(XeUpstream, EveryHelperNamesTheCommitItMirrors) {
  const std::string root = std::string(TVLAB_TEST_DATA) + "/../../core/include/tvlab/core/";
  for (const Mirror& m : kMirrors) {
    const std::string text = read(root + m.header);
    ASSERT_FALSE(text.empty()) << root + m.header;
    // The header names the helper and the commit on one comment line.
    bool found = false;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
      if (line.rfind("//", 0) == 0 && line.find(m.commit) != std::string::npos &&
          line.find(m.helper) != std::string::npos)
        found = true;
    EXPECT_TRUE(found) << m.header << " has no comment line naming " << m.helper << " and upstream commit "
                       << m.commit << " (" << m.what << ")";
  }
}

}  // namespace
