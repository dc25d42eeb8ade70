// Scene selection: "draw this WHAT with these options", the one place `tvlab render` and the Python module
// ask. WHAT is a layout expression (CuTe notation or C++ spelling), an atom name, a TiledMMA in C++, or a
// spec (a file, or its text in spec_text); the view and the other fields pick the picture as `tvlab render`'s
// options do (`tvlab render --help`).
//
//   build_scene({.what = "(4,8):(8,1)"}, {})                                   the layout over its domain
//   build_scene({.what = "(16,2):(1,16)", .tile = "(8,4)"}, {})                a TV layout over its tile
//   build_scene({.what = "SM80_16x8x16_F32F16F16F32_TN"}, {})                  an MMA atom
//   build_scene({.what = "gemm.json", .spec_text = json, .view = "copy", .operand = "A"}, {})
//
// Bad requests throw RenderError (what, where, why: `tvlab render` reports "error: WHAT at WHERE: WHY", exit
// 2). Problems that do not stop the picture (CuTe results that are not the function they name, unknown spec
// keys, a UMMA accumulator drawn as its MMA picture instead) are appended to `warnings`, in order.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "tvlab/viz/options.hpp"
#include "tvlab/viz/scene.hpp"

namespace tvlab::viz {

// What to draw (the CLI's output path, palette and --force are Options' or the caller's business). Every
// field has a default, so a designated initializer names only the few it needs.
struct RenderRequest {
  // A layout expression, an atom name, a C++ TiledMMA, or a spec file's path (.json, or any existing file:
  // JSON, a C++ configuration or CuTe's print() output). With spec_text, only the spec's name in messages.
  std::string what{};
  // The spec itself instead of a file (anything load_plan reads); `what` names it, and a name ending in
  // .json reads the text as JSON only, as for a file.
  std::optional<std::string> spec_text{};
  std::string view{};     // layout, tv, mma, copy, subgroup, slm, reorder, banks, partition, tmem, tmem-copy;
                          // empty: the default of WHAT's kind
  std::string operand{};  // A, B, C or D: a spec's copy or fragment, an atom's operand
  std::string tile{};     // "(ROWS,COLS)" or "ROWS,COLS": the tile a TV layout maps into
  std::string value_type{};            // a copy atom's value type (default: the atom's width)
  std::vector<std::string> reorder{};  // {SRC_TV, DST_TV}: the reorder between two TV layouts (WHAT empty)
  // View banks without a spec: one instruction, as `tvlab banks` takes it (smem may also be WHAT).
  std::string smem{}, tv{}, type{}, op{};
  // View banks of a spec operand: which stage copy's worst instruction, "s2r", "g2s" or "r2s" (empty: s2r,
  // else r2s, else g2s).
  std::string copy{};
  std::string config{};             // the C++ configuration of a spec holding several
  std::vector<std::string> bind{};  // KEY=EXPR: what a C++ configuration leaves to run time (docs/spec.md)
  std::optional<int64_t> thread{};  // view partition: the thread (default 0)
  std::string tensor{};             // view partition: which of the thread's tensors (default the first)
};

// A bad request: subject() failed at where() because why() (e.g. "view", "--view tmem", "the spec x.json has
// no SM100 UMMA accumulator ..."). what() is "SUBJECT at WHERE: WHY".
class RenderError : public std::runtime_error {
 public:
  RenderError(std::string subject, std::string where, std::string why);
  const std::string& subject() const { return subject_; }
  const std::string& where() const { return where_; }
  const std::string& why() const { return why_; }

 private:
  std::string subject_, where_, why_;
};

// A problem that does not stop the picture: what, at where, why (`tvlab render` prints "warning: WHAT at
// WHERE: WHY").
struct RenderWarning {
  std::string what, where, why;
};

// The options `tvlab render` draws with: the colour-blind palette or not, --force's larger cell limit, and
// the palette named in the provenance.
Options render_options(bool colorblind, bool force);

// The picture of a request. Throws RenderError for a bad or unrenderable request (a picture over
// opt.max_cells included); appends the request's warnings to *warnings (in the order they arise, also
// when it throws afterwards), or drops them when warnings is null.
Scene build_scene(const RenderRequest& request, const Options& opt = {},
                  std::vector<RenderWarning>* warnings = nullptr);

}  // namespace tvlab::viz
