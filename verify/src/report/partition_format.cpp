// The per-thread views as `tvlab plan --thread` shows them: touches (one row per value), iteration lines,
// the text table and the JSON (report/partition_format.hpp).
#include <algorithm>
#include <cstdio>
#include <map>

#include "tvlab/core/notation.hpp"
#include "tvlab/verify/report/partition_format.hpp"

namespace tvlab {

namespace {
// The top-level modes' sizes of a view's layout.
IntTuple flat_shape(const AnyLayout& l) {
  if (const auto* c = std::get_if<ComposedLayout>(&l)) return product_each(c->layout.shape);
  return product_each(std::get<Layout>(l).shape);
}
}  // namespace

std::vector<Touch> touches(const ThreadTensor& t) {
  const IntTuple shape = flat_shape(t.layout);
  std::vector<Touch> out;
  for (int64_t i = 0; i < t.size(); ++i) {
    Touch r;
    r.index = i;
    const IntTuple c = idx2crd(IntTuple(i), shape);
    if (c.is_leaf())
      r.mode_coord.push_back(c.ival());
    else
      for (int m = 0; m < c.size(); ++m) r.mode_coord.push_back(c[m].ival());
    r.coord = t.coordinates[static_cast<size_t>(i)];
    r.masked = !t.masked.empty() && t.masked[static_cast<size_t>(i)];
    if (t.memory != "coord") {
      r.element = t.element(i);
      r.byte = r.element * t.bits / 8;
    }
    out.push_back(std::move(r));
  }
  return out;
}

namespace {
std::string pad(std::string s, size_t n) {
  if (s.size() < n) s.append(n - s.size(), ' ');
  return s;
}
}  // namespace

std::string coord_text(const std::vector<int64_t>& c) {
  std::string s = "(";
  for (std::size_t i = 0; i < c.size(); ++i) s += (i ? "," : "") + std::to_string(c[i]);
  return s + ")";
}

std::vector<std::string> iteration_lines(const ThreadTensor& t) {
  std::vector<std::string> out;
  const std::vector<Touch> rows = touches(t);
  std::map<std::vector<int64_t>, std::vector<const Touch*>> by_iter;
  for (const Touch& r : rows)
    by_iter[std::vector<int64_t>(r.mode_coord.begin() + 1, r.mode_coord.end())].push_back(&r);
  // Issue order: the first iteration mode fastest.
  std::vector<std::pair<std::vector<int64_t>, std::vector<const Touch*>>> order(by_iter.begin(),
                                                                                by_iter.end());
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
    return a.second.front()->index < b.second.front()->index;
  });
  const bool mem = t.memory != "coord";
  for (const auto& [iter, vals] : order) {
    std::string line = coord_text(iter) + ":";
    // Runs of values whose coordinate steps by one along one axis and whose offset steps by one.
    for (std::size_t i = 0; i < vals.size();) {
      std::size_t j = i;
      int axis = -1;
      while (j + 1 < vals.size()) {
        const Touch &a = *vals[j], &b = *vals[j + 1];
        int diff = -1, n = 0;
        for (std::size_t k = 0; k < a.coord.size(); ++k)
          if (a.coord[k] != b.coord[k]) diff = int(k), ++n;
        if (n != 1 || b.coord[size_t(diff)] != a.coord[size_t(diff)] + 1 || (axis >= 0 && diff != axis) ||
            (mem && b.element != a.element + 1))
          break;
        axis = diff;
        ++j;
      }
      const Touch &a = *vals[i], &b = *vals[j];
      std::string c = "(";
      for (std::size_t k = 0; k < a.coord.size(); ++k)
        c += (k ? "," : "") + std::to_string(a.coord[k]) +
             (int(k) == axis ? ".." + std::to_string(b.coord[k]) : "");
      c += ")";
      if (mem)
        c += (t.memory == "rmem" ? " r" : " @") + std::to_string(a.element) +
             (j > i ? ".." + std::to_string(b.element) : "");
      line += " " + c;
      i = j + 1;
    }
    out.push_back(line);
  }
  return out;
}

std::string partitions_to_text(const ThreadPartitions& p, bool table) {
  std::string out = "Thread " + std::to_string(p.thread) + " of " + std::to_string(p.threads) + ", " +
                    (p.operand.size() == 1 ? "operand " : "copy ") + p.operand + "\n";
  for (const ThreadTensor& t : p.tensors) {
    out += "  " + t.name + " = " + t.expr + "   " + t.modes + "\n    " + t.to_string() + "\n";
    if (!table) continue;
    std::string axes = "(";
    for (size_t i = 0; i < t.axes.size(); ++i) axes += (i ? "," : "") + t.axes[i];
    axes += ")";
    const bool mem = t.memory != "coord", pred = !t.masked.empty();
    if (pred) out += "    predicate: " + t.predicate + "\n";
    if (t.descriptor) {
      const SmemDescriptor& d = *t.descriptor;
      char hex[24];
      std::snprintf(hex, sizeof hex, "0x%016llx", static_cast<unsigned long long>(d.value()));
      out += "    descriptor (" + t.name + "(0)): " + hex + ": start_addr " +
             std::to_string(d.start_address) + " (16-byte units from s" + t.name.substr(3) + "), LBO " +
             std::to_string(d.leading_byte_offset) + ", SBO " + std::to_string(d.stride_byte_offset) +
             ", base_offset " + std::to_string(d.base_offset) + ", layout_type " + d.layout_type_name +
             "; value i adds element(i) to start_addr\n";
    }
    out += "    " + pad("value", 7) + pad("iteration", 14) + pad(axes, 16) +
           (mem ? pad(t.memory == "rmem" ? "register" : "element", 10) + (t.memory == "rmem" ? ""
                                                                          : pred ? pad("byte", 10) + "masked"
                                                                                 : "byte")
                : "") +
           "\n";
    for (const Touch& r : touches(t)) {
      const std::vector<int64_t> iter(r.mode_coord.begin() + 1, r.mode_coord.end());
      std::string line = "    " + pad(std::to_string(r.mode_coord[0]), 7) + pad(coord_text(iter), 14) +
                         pad(coord_text(r.coord), 16);
      if (mem)
        line += pad(std::to_string(r.element), 10) +
                (t.memory == "rmem" ? ""
                 : pred             ? pad(std::to_string(r.byte), 10) + (r.masked ? "masked" : "")
                                    : std::to_string(r.byte));
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
  }
  for (const std::string& n : p.notes) out += "  note: " + n + "\n";
  return out;
}

nlohmann::ordered_json partitions_to_json(const ThreadPartitions& p) {
  nlohmann::ordered_json j;
  j["thread"] = p.thread;
  j["threads"] = p.threads;
  j["operand"] = p.operand;
  j["tensors"] = nlohmann::ordered_json::array();
  for (const ThreadTensor& t : p.tensors) {
    nlohmann::ordered_json v;
    v["name"] = t.name;
    v["expr"] = t.expr;
    v["modes"] = t.modes;
    v["memory"] = t.memory;
    v["base"] = t.base;
    v["bits"] = t.bits;
    v["tensor"] = t.to_string();
    v["layout"] = tvlab::to_string(t.layout);
    v["offset"] = tvlab::to_string(t.offset);
    if (t.ptr_swizzle) v["ptr_swizzle"] = to_string(*t.ptr_swizzle);
    if (!t.masked.empty()) v["predicate"] = t.predicate;
    if (t.descriptor) {
      const SmemDescriptor& d = *t.descriptor;
      char hex[24];
      std::snprintf(hex, sizeof hex, "0x%016llx", static_cast<unsigned long long>(d.value()));
      v["descriptor"] = {{"value", hex},
                         {"start_address", d.start_address},
                         {"leading_byte_offset", d.leading_byte_offset},
                         {"stride_byte_offset", d.stride_byte_offset},
                         {"base_offset", d.base_offset},
                         {"layout_type", d.layout_type_name}};
    }
    v["axes"] = t.axes;
    v["values"] = nlohmann::ordered_json::array();
    for (const Touch& r : touches(t)) {
      nlohmann::ordered_json row{{"index", r.index}, {"mode_coord", r.mode_coord}, {"coord", r.coord}};
      if (t.memory != "coord") {
        row["element"] = r.element;
        if (t.memory != "rmem") row["byte"] = r.byte;
        if (t.descriptor) row["start_address"] = int64_t(t.descriptor->start_address) + r.element;
      }
      if (!t.masked.empty()) row["masked"] = r.masked;
      v["values"].push_back(std::move(row));
    }
    j["tensors"].push_back(std::move(v));
  }
  j["notes"] = p.notes;
  return j;
}

}  // namespace tvlab
