// What the one-instruction-per-launch probes share (hw/banks/banks_probe.cu, hw/gmem/gmem_probe.cu): the CUDA
// error check and the pattern table reader. Host code only; plain C++17, no CUTLASS, no tvlab.
//
// A pattern table holds one pattern per line, tab (or space) separated:
//   name  op  bytes  active_mask_hex  a0 ... a31  [g0 ... g31]
// a: the 32 lanes' byte offsets of the probed access (shared memory for banks_probe, global for gmem_probe);
// g: optional second column set (banks_probe: each lane's global source for cp.async). Every offset must be
// >= 0, a multiple of bytes, and leave the access inside its buffer. Empty lines and '#' lines are skipped.
// A bad line stops the probe with exit status 2 and "FILE:LINE (NAME): ..." on stderr.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CK(x)                                                                                 \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(3);                                                                           \
    }                                                                                         \
  } while (0)

namespace hwprobe {

struct Pattern {
  std::string name, op;
  int bytes = 0;
  unsigned active = 0;
  unsigned a[32] = {};
  bool has_g = false;
  unsigned g[32] = {};
  int line = 0;
};

// Optional g columns: second_limit > 0 allows them (each < second_limit); 0 rejects a line that has them.
inline std::vector<Pattern> read_patterns(const char* path, long long first_limit, long long second_limit) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path);
    std::exit(2);
  }
  auto bad = [&](const Pattern& p, const char* what, int lane) {
    std::fprintf(stderr, "%s:%d (%s): %s, lane %d\n", path, p.line, p.name.c_str(), what, lane);
    std::exit(2);
  };
  std::vector<Pattern> out;
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    Pattern p;
    p.line = lineno;
    std::string mask;
    if (!(ls >> p.name >> p.op >> p.bytes >> mask) || p.bytes <= 0)
      bad(p, "name, op, bytes, mask expected", -1);
    char* end = nullptr;
    p.active = static_cast<unsigned>(std::strtoul(mask.c_str(), &end, 16));
    if (!end || *end) bad(p, "active mask is not hexadecimal", -1);
    auto read_lane = [&](long long limit, unsigned& dst) {
      long long v = -1;
      if (!(ls >> v) || v < 0 || v + p.bytes > limit || v % p.bytes != 0) return false;
      dst = static_cast<unsigned>(v);
      return true;
    };
    for (int i = 0; i < 32; ++i)
      if (!read_lane(first_limit, p.a[i]))
        bad(p, "offset missing, negative, misaligned or out of the buffer", i);
    std::string more;
    if (ls >> more) {
      if (second_limit <= 0) bad(p, "more than 32 offsets", 32);
      std::istringstream again(more);
      long long v0 = -1;
      if (!(again >> v0) || v0 < 0 || v0 + p.bytes > second_limit || v0 % p.bytes != 0)
        bad(p, "second offset missing, negative, misaligned or out of the buffer", 0);
      p.g[0] = static_cast<unsigned>(v0);
      for (int i = 1; i < 32; ++i)
        if (!read_lane(second_limit, p.g[i]))
          bad(p, "second offset missing, negative, misaligned or out of the buffer", i);
      p.has_g = true;
      if (ls >> more) bad(p, "more than 64 offsets", 64);
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace hwprobe
