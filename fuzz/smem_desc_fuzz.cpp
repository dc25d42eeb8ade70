// libFuzzer target: smem tiles (parse_smem_tile, both swizzle spellings), the GMMA/UMMA descriptors and the
// TMA facts built from them. The first byte picks width, major, arch and the global tensor; the rest is the
// layout text. Bad input must end in ParseError / EvalError / LayoutError; anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tvlab/core/atoms/smem_desc.hpp"
#include "tvlab/core/atoms/tma.hpp"
#include "tvlab/core/error.hpp"
#include "tvlab/core/expr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const uint8_t sel = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const int bits = 8 << (sel & 3);
  const auto major = (sel & 4) ? tvlab::OperandMajor::MN : tvlab::OperandMajor::K;
  const auto arch = (sel & 8) ? tvlab::DescArch::SM100 : tvlab::DescArch::SM90;
  try {
    const tvlab::SmemTile t = tvlab::parse_smem_tile(text, bits);
    try {
      const tvlab::DescriptorTiling dt = tvlab::make_desc_tiling(t, major, arch, (sel & 16) ? 64 : 0);
      if (dt.block_offsets.size() != static_cast<std::size_t>(dt.blocks_mn * dt.blocks_k)) __builtin_trap();
    } catch (const tvlab::LayoutError&) {
    }
    try {
      const int64_t g = (sel & 32) ? 4096 : 256;
      const tvlab::TmaFacts f = tvlab::make_tma_copy_facts(
          t, {g, g}, (sel & 64) ? std::vector<int64_t>{1, g} : std::vector<int64_t>{g, 1}, 1 + (sel >> 7),
          (sel & 8) != 0);
      (void)tvlab::tma_restrictions(f, t);
    } catch (const tvlab::LayoutError&) {
    }
  } catch (const tvlab::ParseError&) {
  } catch (const tvlab::EvalError&) {
  } catch (const tvlab::LayoutError&) {
  }
  return 0;
}
