// Instruction counts of the algebra operations, for before/after comparisons on a shared machine
// where wall-clock timings are noisy. Runs one operation N times over the mix of algebra_mix.hpp:
//
//   valgrind --tool=callgrind build/bench/algebra_icount composition 0      # baseline (setup only)
//   valgrind --tool=callgrind build/bench/algebra_icount composition 60000
//   instructions per call = (Ir of the second - Ir of the first) / 60000   (bench/algebra_icount.sh)
#include <cstdio>
#include <cstdlib>
#include <string>

#include "algebra_ops.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: algebra_icount OPERATION N\n");
    return 2;
  }
  const std::string op = argv[1];
  const long n = std::atol(argv[2]);
  std::size_t sum = 0;
  for (std::size_t k = 0; k < 12; ++k) sum += tvlab::bench::run_op(op, k);  // parse the mix, warm up
  if (sum == 0) {
    std::fprintf(stderr, "unknown operation %s\n", op.c_str());
    return 2;
  }
  for (long k = 0; k < n; ++k) sum += tvlab::bench::run_op(op, static_cast<std::size_t>(k));
  std::printf("%zu\n", sum);
  return 0;
}
