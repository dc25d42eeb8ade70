#include "desc_command.hpp"

#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/core/atoms/smem_desc.hpp"
#include "tvlab/core/atoms/value_type.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/core/notation.hpp"
#include "tvlab/verify/report/desc_report.hpp"
#include "tvlab/viz/desc_builder.hpp"
#include "tvlab/viz/output.hpp"

namespace tvlab::cli {

namespace {
struct DescOptions {
  std::string layout, type, major, arch = "sm90";
  int64_t mn = 0;
  bool json = false, colorblind = false;
  std::string output;
};

}  // namespace

std::function<int()> setup_desc(CLI::App& app) {
  auto opt = std::make_shared<DescOptions>();
  auto* cmd = app.add_subcommand(
      "desc", "The GMMA (sm90) / UMMA (sm100) shared-memory descriptor of a canonical smem layout.");
  cmd->add_option(
         "LAYOUT", opt->layout,
         "(MN,K) smem layout in elements: `Sw<3,4,3> o smem_ptr[16b](unset) o L` (swizzle on bytes), "
         "`Sw<3,3,3> o L` (swizzle on elements), or a plain layout")
      ->required();
  cmd->add_option("--type", opt->type, "element type (half_t, bf16, float, tfloat32_t, int8_t, ...)")
      ->required();
  cmd->add_option("--major", opt->major, "K or MN: which mode of the operand is contiguous")
      ->required()
      ->check(CLI::IsMember({"K", "MN"}));
  cmd->add_option("--arch", opt->arch, "sm90 (make_gmma_desc) or sm100 (make_umma_desc)")
      ->check(CLI::IsMember({"sm90", "sm100"}));
  cmd->add_option("--mn", opt->mn, "MN extent of one instruction's block (default: the whole MN mode)");
  cmd->add_flag(
      "--json", opt->json,
      "one JSON object: arch, major, value, start_address, leading_byte_offset, stride_byte_offset, "
      "base_offset, layout_type, layout_type_name, [version, lbo_mode,] u128_layout, canonical, "
      "block, block_offsets");
  cmd->add_option("-o,--output", opt->output,
                  "also draw the tile with its descriptor fields annotated (.svg .tex .txt .png .pdf)");
  cmd->add_flag("--colorblind", opt->colorblind, "the colour-blind-safe palette for -o");
  cmd->footer(
      "The descriptor covers one instruction's block: MN x 256 bits of K; further K blocks (and MN blocks "
      "with\n"
      "--mn) add block_offsets (16-byte units) to the start address, as CuTe's DescriptorIterator does.\n"
      "Examples:\n"
      "  tvlab desc 'Sw<3,4,3> o smem_ptr[16b](unset) o ((8,8),64):((64,512),1)' --type half_t --major K\n"
      "  tvlab desc 'tile_to_shape(Sw<3,3,3> o (64,8):(1,64), (128,32))' --type half_t --major MN --mn 64\n"
      "Exit codes: 0 canonical, 2 bad input or not canonical (the error names CuTe's rule, e.g. "
      "GMMA_K.stride_00).");
  return [opt]() -> int {
    const auto vt = parse_value_type(opt->type);
    if (!vt) {
      report("unknown type", "--type",
             "'" + opt->type + "' is not a value type tvlab knows (see tvlab atoms)");
      return kBadInput;
    }
    const OperandMajor major = opt->major == "K" ? OperandMajor::K : OperandMajor::MN;
    const DescArch arch = opt->arch == "sm100" ? DescArch::SM100 : DescArch::SM90;
    DescriptorTiling dt;
    SmemTile tile;
    try {
      tile = parse_smem_tile(opt->layout, vt->bits);
      dt = make_desc_tiling(tile, major, arch, opt->mn);
    } catch (const ParseError& e) {
      report("invalid layout", "LAYOUT column " + std::to_string(e.column()), e.what());
      return kBadInput;
    } catch (const EvalError& e) {
      report("invalid layout", "LAYOUT column " + std::to_string(e.column()), e.what());
      return kBadInput;
    } catch (const LayoutError& e) {
      report(e.condition(), "LAYOUT", e.what());
      return kBadInput;
    }
    if (!opt->output.empty()) {
      try {
        viz::Options vo;
        vo.colorblind = opt->colorblind;
        viz::write_scene(viz::build_desc_scene(tile, dt, opt->layout, vo), opt->output);
      } catch (const viz::VizError& e) {
        report("cannot draw", opt->output, e.what());
        return kBadInput;
      }
    }
    if (opt->json) {
      std::cout << desc_json(dt, *vt, major, arch).dump(2) << '\n';
      return kOk;
    }
    std::cout << desc_text(dt, major, arch);
    return kOk;
  };
}

}  // namespace tvlab::cli
