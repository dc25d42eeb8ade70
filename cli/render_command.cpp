#include "render_command.hpp"

#include <filesystem>
#include <memory>
#include <vector>

#include "command.hpp"
#include "io.hpp"
#include "reader_options.hpp"
#include "tvlab/core/atoms/atom.hpp"
#include "tvlab/verify/banks/banks.hpp"
#include "tvlab/viz/output.hpp"
#include "tvlab/viz/render_request.hpp"

namespace tvlab::cli {

namespace {

struct RenderOptions {
  viz::RenderRequest request;  // what is drawn (the library's scene selection)
  std::string output;
  std::string palette = "default";
  bool force = false;
  ReaderChoice reader;  // --reader, --include
};

int run_render(const RenderOptions& opts) {
  const viz::RenderRequest& o = opts.request;
  if ((o.thread || !o.tensor.empty()) && o.view != "partition") {
    report("arguments", o.thread ? "--thread" : "--tensor", "--thread and --tensor go with --view partition");
    return kBadInput;
  }
  viz::Format fmt;
  try {
    fmt = viz::format_of(opts.output);
  } catch (const viz::VizError& e) {
    report("output", opts.output, e.what());
    return kBadInput;
  }
  const viz::Options vo = viz::render_options(opts.palette == "colorblind", opts.force);
  const std::string input = o.what.empty() ? "--reorder" : o.what;
  std::vector<viz::RenderWarning> warnings;
  const auto print_warnings = [&warnings] {
    for (const viz::RenderWarning& w : warnings) warn(w.what, w.where, w.why);
    warnings.clear();
  };
  try {
    viz::Scene scene;
    try {
      scene = viz::build_scene(o, vo, &warnings);
    } catch (...) {
      print_warnings();  // before the error, as they arose
      throw;
    }
    print_warnings();
    viz::write_file_atomic(opts.output, viz::render(scene, fmt));
    return kOk;
  } catch (const viz::RenderError& e) {
    report(e.subject(), e.where(), e.why());
  } catch (const viz::VizError& e) {  // render / write (build_scene turns its own into RenderError)
    report("output", opts.output, e.what());
  } catch (const LayoutError& e) {
    report("layout", input, e.what());
  } catch (const AtomError& e) {
    report("atom", o.what, e.what());
  } catch (const BankError& e) {
    report("banks", input, e.what());
  }
  return kBadInput;
}

}  // namespace

std::function<int()> setup_render(CLI::App& app) {
  auto opt = std::make_shared<RenderOptions>();
  auto* cmd = app.add_subcommand("render",
                                 "Draw a layout, TV layout, atom, TiledMMA/TiledCopy of a spec, Xe subgroup "
                                 "view, reorder or SLM layout.");
  cmd->add_option("WHAT", opt->request.what,
                  "a layout expression in CuTe notation, an atom name, or a spec file (JSON, a C++ "
                  "configuration or CuTe's print() output, docs/spec.md)");
  cmd->add_option("--config", opt->request.config,
                  "the C++ configuration to draw when the file holds several");
  cmd->add_option("--bind", opt->request.bind, kBindHelp);
  add_reader_options(cmd, opt->reader);
  cmd->add_option("-o,--output", opt->output,
                  "output file; the format follows the extension: .svg .tex .txt .png .pdf")
      ->required();
  cmd->add_option(
         "--view", opt->request.view,
         "layout (a layout over its domain), tv (a TV layout over --tile), mma, copy, subgroup (Xe "
         "subgroup view beside the thread view), slm (TV layout with (16 lanes, subgroups) threads), "
         "reorder (with --reorder), banks (a spec operand's worst s2r instruction, --copy g2s its worst "
         "cp.async and its global sectors; or --smem --tv --type --op), partition (what --thread T touches: "
         "a tensor of `tvlab plan --thread`, numbered in issue "
         "order), tmem (an SM100 UMMA's accumulator in tensor memory: lanes x columns, each cell its (m,n); "
         "the default for UMMA atoms and specs), tmem-copy (a spec's epilogue TMEM copy: thread and register "
         "of each element)")
      ->check(CLI::IsMember({"layout", "tv", "mma", "copy", "subgroup", "slm", "reorder", "banks",
                             "partition", "tmem", "tmem-copy"}));
  cmd->add_option("--thread", opt->request.thread, "--view partition: the thread (default 0)");
  cmd->add_option(
      "--tensor", opt->request.tensor,
      "--view partition: which of the thread's tensors (tAsA, tCsA, tCrA, ... as `tvlab plan --thread` "
      "names them; default the first)");
  cmd->add_option("--operand", opt->request.operand,
                  "A, B, C or D (a spec's copy or subgroup fragment; an atom's operand)");
  cmd->add_option("--palette", opt->palette,
                  "thread colours: default, or colorblind (Okabe-Ito, colour-blind safe)")
      ->check(CLI::IsMember({"default", "colorblind"}));
  cmd->add_option("--tile", opt->request.tile,
                  "the tile a TV layout maps into, e.g. (8,16): indices are column-major in it");
  cmd->add_option("--value-type", opt->request.value_type,
                  "a copy atom's value type (default: the atom's width); a layout's element type: its "
                  "cells coloured by the shared-memory bank of their offset");
  cmd->add_option("--reorder", opt->request.reorder,
                  "SRC_TV DST_TV: draw the reorder between two subgroup TV layouts over the same --tile")
      ->expected(2);
  cmd->add_option("--copy", opt->request.copy,
                  "--view banks of a spec operand: which stage copy's worst instruction, s2r (the default; "
                  "else r2s, else g2s), g2s (cp.async: its phases, exact or a lower bound, and the global "
                  "32-byte sectors it reads) or r2s")
      ->check(CLI::IsMember({"s2r", "g2s", "r2s"}));
  cmd->add_option("--smem", opt->request.smem,
                  "--view banks: LAYOUT, tile coordinate -> element offset (as tvlab banks)");
  cmd->add_option("--tv", opt->request.tv, "--view banks: TV, (lane, v) -> tile index of ONE instruction");
  cmd->add_option("--type", opt->request.type, "--view banks: the element type (half_t, float, ...)");
  cmd->add_option("--op", opt->request.op,
                  "--view banks: ld, st, cp.async, ldmatrix.x1|x2|x4[.trans], stmatrix...");
  cmd->add_flag("--force", opt->force, "draw pictures of more than 1000000 cells (up to 4194304)");
  cmd->footer(
      "Examples:\n"
      "  tvlab render '(4,8):(8,1)' -o layout.svg                   a layout over its domain\n"
      "  tvlab render 'Sw<3,3,3> o (8,64):(64,1)' -o sw.png         drawn with the swizzle applied\n"
      "  tvlab render '(16,2):(1,16)' --tile '(8,4)' -o tv.svg       a TV layout over its tile\n"
      "  tvlab render 'SM100_MMA_F16BF16_SS<half_t,half_t,float,64,64,UMMA::Major::K,UMMA::Major::K>' -o "
      "acc.svg\n"
      "                                                 where a UMMA accumulator lives in tensor memory\n"
      "  tvlab render 'XE_DPAS_TT<8,float,bfloat16_t>' -o dpas.pdf   A, B above C, C\n"
      "  tvlab render 'XE_LOAD_2D<16,8,4>' --view subgroup -o sg.txt  Xe subgroup view + thread view\n"
      "  tvlab render 'SM75_U32x4_LDSM_N' --value-type half_t -o ldsm.svg   source and destination\n"
      "  tvlab render tests/data/specs/sm80_ldsm_x4_rm64.json -o mma.png   (--view mma|copy|subgroup, "
      "--operand "
      "A|B|C|D)\n"
      "  tvlab render --reorder '(16,2):(1,16)' '(16,2):(2,1)' --tile '(8,4)' -o reorder.svg\n"
      "  tvlab render '((16,2),4):((4,64),1)' --view slm --tile '(16,8)' -o slm.svg\n"
      "  tvlab render --view banks --smem '(64,64):(64,1)' --tv '((8,4),8):((1,512),64)' --type half_t \\\n"
      "      --op ldmatrix.x4 -o banks.svg     cells coloured by bank, lanes outlined, collisions in red\n"
      "  tvlab render tests/data/specs/sm80_ldsm_x4_rm64.json --view banks --operand A -o banks.png   the "
      "worst "
      "s2r\n"
      "      instruction of A\n"
      "  tvlab render tests/data/specs/cutlass_sm80_f16_tn_128x128x32.json --view banks --operand A --copy "
      "g2s "
      "-o g2s.png\n"
      "      its worst cp.async: phases exact or a lower bound, and the 32-byte global sectors it reads\n"
      "Cells list every (T,V) holding them; holes are hatched; (T,V) outside the tile are listed below.\n"
      "Exit codes: 0 written, 2 bad input or unrenderable request (nothing is written), 3 internal error.");
  return [opt]() -> int {
    // A C++ file's configuration read through the compiler: drawn from the JSON spec it made.
    viz::RenderRequest& r = opt->request;
    std::error_code ec;
    if (!r.spec_text && std::filesystem::is_regular_file(r.what, ec) && !r.what.ends_with(".json")) {
      std::string text;
      if (!read_input(r.what, text, "unreadable spec")) return kBadInput;
      try {
        std::string config = r.config, file_name = r.what;
        apply_reader(opt->reader, r.what, text, config, file_name, r.bind);
        if (file_name.empty()) {  // compiled: a JSON spec, named after the file
          r.spec_text = text;
          r.config.clear();
          r.what += " (compiled).json";
        }
      } catch (const SpecError& e) {
        report("invalid spec", r.what + (e.path().empty() ? "" : ": " + e.path()), e.what());
        return kBadInput;
      }
    }
    return run_render(*opt);
  };
}

}  // namespace tvlab::cli
