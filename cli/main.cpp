// tvlab: compute, verify and draw GPU tensor layouts in the CuTe style.
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "atoms_command.hpp"
#include "banks_command.hpp"
#include "command.hpp"
#include "desc_command.hpp"
#include "eval_command.hpp"
#include "explore_command.hpp"
#include "plan_command.hpp"
#include "render_command.hpp"
#include "repl_command.hpp"
#include "search_command.hpp"
#include "verify_command.hpp"

#ifndef TVLAB_VERSION
#define TVLAB_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
  using namespace tvlab::cli;
  CLI::App app{"tvlab " TVLAB_VERSION " -- compute, verify and draw GPU tensor layouts in the CuTe style.",
               "tvlab"};
  app.set_version_flag("--version", "tvlab " TVLAB_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Examples:\n"
      "  tvlab eval 'composition((10,2):(16,4),(5,4):(1,5))'      CuTe's layout algebra: "
      "(5,(2,2)):(16,(80,4))\n"
      "  tvlab atoms --arch xe                                    every Xe atom and its valid parameters\n"
      "  tvlab show 'XE_LOAD_2D_VNNI<16,4,16>'                    which work-item holds which element\n"
      "  tvlab plan gallery/specs/xe_bf16_256x256x32.json         the TiledMMA and copies a kernel builds\n"
      "  tvlab verify --format junit -o report.xml gallery/specs/*.json   prove copies feed the MMA (CI "
      "report)\n"
      "  tvlab reorder --src '(16,16):(1@0,1@1)' --dst '((2,8),(2,8)):((1@1,1@0),(8@0,2@1))' --types "
      "bf16,bf16\n"
      "                                                           an Xe register reorder (exit 1: data "
      "moves)\n"
      "  tvlab desc 'Sw<3,3,3> o ((8,8),64):((64,512),1)' --type half_t --major K   a wgmma smem descriptor\n"
      "  tvlab render 'XE_DPAS_TT<8,float,bfloat16_t>' -o dpas.svg  a picture (.svg .tex .txt .png .pdf)\n"
      "  tvlab banks --smem '(64,64):(64,1)' --tv '((8,4),8):((1,512),64)' --type half_t --op ldmatrix.x4\n"
      "                                                           shared-memory bank conflicts, and a fix "
      "(exit 1)\n"
      "  tvlab search xe --types bfloat16_t,int8_t --layout TT --tile 256x256x32 --threads 32\n"
      "                                                           every verified mainloop configuration, "
      "ranked\n"
      "Run 'tvlab COMMAND --help' for a command's options and examples (each runs from the repository root;\n"
      "exit 0 unless it says otherwise; ctest cli.help_examples runs them all).\n"
      "Exit codes: 0 success, 1 a check failed, 2 bad input, 3 internal error.");
  auto run_eval = setup_eval(app);
  auto run_atoms = setup_atoms(app);
  auto run_show = setup_show(app);
  auto run_plan = setup_plan(app);
  auto run_verify = setup_verify(app);
  auto run_reorder = setup_reorder(app);
  auto run_render = setup_render(app);
  auto run_explore = setup_explore(app);
  auto run_repl = setup_repl(app);
  auto run_desc = setup_desc(app);
  auto run_banks = setup_banks(app);
  auto run_search = setup_search(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kBadInput;
  }
  try {
    if (app.got_subcommand("eval")) return run_eval();
    if (app.got_subcommand("atoms")) return run_atoms();
    if (app.got_subcommand("show")) return run_show();
    if (app.got_subcommand("plan")) return run_plan();
    if (app.got_subcommand("verify")) return run_verify();
    if (app.got_subcommand("reorder")) return run_reorder();
    if (app.got_subcommand("render")) return run_render();
    if (app.got_subcommand("explore")) return run_explore();
    if (app.got_subcommand("repl")) return run_repl();
    if (app.got_subcommand("desc")) return run_desc();
    if (app.got_subcommand("banks")) return run_banks();
    if (app.got_subcommand("search")) return run_search();
  } catch (const std::exception& e) {
    report("tvlab", "run time", std::string("internal error: ") + e.what());
    return kInternal;
  }
  return kBadInput;
}
