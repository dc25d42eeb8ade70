// Internal to the C++ configuration reader (cpp_config.cpp): the values its declarations evaluate to.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "cpp_integers.hpp"
#include "tvlab/core/expr.hpp"
#include "tvlab/verify/model/kernel_config.hpp"
#include "tvlab/verify/readers/cpp_config.hpp"

namespace tvlab::detail {

struct CCore {
  Value v;
};
struct CType {
  std::string name;  // tvlab's value type name (half_t) or an integer type (int64_t)
  int bits = 0;
  bool integer_type = false;  // int, int64_t, long ... (strides' dynamic modes)
  // sycl-tla's mixed-input collectives: ElementX as cute::tuple<T[, ElementScale, StrideScale[, ElementZero,
  // StrideZero]]>; `mixed` says the tuple form, `tuple_extra` counts what follows T.
  bool mixed = false;
  std::size_t tuple_extra = 0;
};
struct CMmaAtom {
  std::string op;
};
struct CCopyAtom {
  std::string op;
  std::string type;  // Copy_Atom's value type ("" for a bare op)
};
struct CTiledMma {
  MmaConfig mma;
};
struct CTiledCopy {
  CopyConfig copy;   // make_tiled_copy: atom, thr_layout[, val_layout]; make_tiled_copy_X: atom, from_mma
  std::string type;  // Copy_Atom's value type
  char operand = 0;  // make_tiled_copy_X's X (A, B or C); 0 for make_tiled_copy
};
struct CTag {
  bool row_major;
};
struct CStride {
  std::string tag;  // RowMajor / ColumnMajor (TagToStride), or "" for explicit strides
  char operand = 0;
  int unit_mode = -1;  // explicit: which of the first two modes is static 1
};
struct CPolicy {
  std::string name;
  int64_t stages;
  std::vector<int64_t> cluster = {};  // SM90: the policy's ClusterShape
  std::string schedule = {};          // SM90 warp-specialized: the KernelSchedule named ("" when not read)
};
struct CIdentity {};
struct CVoid {};
struct CRuntime {
  std::string owner;  // the function whose parameter it is
};                    // `void`: the collective picks (sycl-tla's GmemTiledCopy), or no such stage
struct CCollective;
struct CTemplateParam {
  std::string owner;
};
using CVal = std::variant<CInt, CCore, CType, CMmaAtom, CCopyAtom, CTiledMma, CTiledCopy, CTag, CStride,
                          CPolicy, CIdentity, std::shared_ptr<CCollective>, CTemplateParam, CVoid, CRuntime>;
struct CCollective {
  KernelConfig config;
  std::vector<CppOrigin> origins;
  std::vector<std::pair<std::string, CVal>> members;
};

inline const char* kind_of(const CVal& v) {
  static const char* const names[] = {"an integer",           "a layout value", "a type",
                                      "an MMA atom",          "a copy atom",    "a TiledMMA",
                                      "a TiledCopy",          "a layout tag",   "a stride",
                                      "a dispatch policy",    "cute::identity", "a CollectiveMma",
                                      "a template parameter", "void",           "a run-time value"};
  return names[v.index()];
}

}  // namespace tvlab::detail
