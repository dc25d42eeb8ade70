#!/usr/bin/env bash
# AddressSanitizer + UndefinedBehaviorSanitizer build (clang, -O1, line tables for the reports, any report fatal) of the libraries,
# the tvlab binary, the test suite and the libFuzzer targets, into ${TVLAB_SANITIZE_BUILD_DIR:-build-asan};
# then runs ctest there. Objects also carry libFuzzer's coverage hooks (fuzzer-no-link) so that
# scripts/fuzz.sh links its targets from this same build instead of compiling everything a third time.
#   TVLAB_SANITIZE_SCOPE=all    every library, test and the CLI (default)
#   TVLAB_SANITIZE_SCOPE=input  the libraries, the CLI and the tests of input handling only: the notation,
#                               eval, atom registry, verifier/spec and CuTe-print GoogleTest suites and every CLI test
#                               (eval, atoms, plan, verify, render, hostile); for a tighter CI budget
#   TVLAB_SANITIZE_BUILD_ONLY=1 builds the libFuzzer targets only, without running tests (scripts/fuzz.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TVLAB_SANITIZE_BUILD_DIR:-$root/build-asan}"
bash "$root/scripts/setup.sh"
flags="-O1 -gline-tables-only -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None -DTVLAB_WERROR=ON \
  -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS="$flags -fsanitize=fuzzer-no-link" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DTVLAB_BUILD_BENCH=OFF -DTVLAB_BUILD_FUZZ=ON >/dev/null
fuzz_targets=(fuzz_notation fuzz_eval fuzz_atom_name fuzz_spec fuzz_smem_desc fuzz_banks fuzz_cpp_config)
if [ "${TVLAB_SANITIZE_BUILD_ONLY:-0}" = 1 ]; then
  cmake --build "$build" --parallel "$(nproc)" --target "${fuzz_targets[@]}"
  exit 0
fi
scope="${TVLAB_SANITIZE_SCOPE:-all}"
if [ "$scope" = input ]; then
  cmake --build "$build" --parallel "$(nproc)" --target tvlab notation_test expr_test expr_plain_test atoms_registry_test \
    verify_checks_verifier_test verify_readers_json_spec_test verify_readers_print_spec_test tiling_cute_print_test \
    "${fuzz_targets[@]}"
else
  cmake --build "$build" --parallel "$(nproc)"
fi
cd "$build"
# Leaks are findings too (LeakSanitizer is part of ASan on Linux); halt at the first report of any kind.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp:print_suppressions=0"
# Tests that repeat one check over many inputs run a sample of them here (cli.cpp_configs: a configuration per file).
export TVLAB_SANITIZED=1
# package.downstream builds a separate, unsanitized project against the installed (here instrumented) static
# libraries, which cannot link without the sanitizer runtime: it runs in the normal build only.
# cli.help_examples (every --help example run: tvlab search's take seconds) runs in the normal build only; the
# options it exercises are the CLI tests' too.
if [ "$scope" = input ]; then
  # Test executables left unbuilt show up as <name>_NOT_BUILT: not part of this scope; nor are the gallery
  # (pictures of committed inputs), the browser test (chromium drives the page) and the hardware recordings
  # (hw.*: committed GPU results against tvlab's tables; their executables are not built here), which handle
  # no user input; nor the CuTe oracle (cute.oracle compiles CUTLASS again; cute.oracle.recorded reads the same
  # C++ files as the sanitized cli.cpp_configs, and left the scope to keep CI under 20 minutes) and its controls (cute.oracle.mutated tests the comparison with
  # the same tvlab calls, cute.oracle.generated the generator; neither has input of its own for tvlab), nor
  # cute.oracle.tmem (CuTe compiled live against tiling_tmem_test, which this scope does not build) and
  # cute.print (582 verdict comparisons of recorded prints; the print reader's input handling is sanitized in
  # core.CutePrint.* and cli.print, and the comparison alone took 338 s under ASan), nor cute.oracle.search*
  # (tvlab search's emitted C++ against CUTLASS: ten searches; search's options are sanitized in cli.search),
  # nor the compiler path's end-to-end suites (cli.compiled_config[.xe], cli.upstream, cute.oracle.tutorial: their
  # minutes go to g++ compiling CUTLASS; what tvlab reads back is a JSON spec, whose reader is sanitized in cli.*
  # and fuzz_spec, and the driver's own code in verify.{Toolchain,CompiledCache,CompiledConfig,RunProcess}).
  ctest --output-on-failure --parallel "$(nproc)" \
    -E '_NOT_BUILT$|^package\.|^gallery\.|^browser\.|^hw\.|^cute\.oracle$|^cute\.oracle\.(recorded|mutated|generated|tmem|tutorial)$|^cute\.oracle\.search|^cute\.print$|^cli\.help_examples$|^cli\.compiled_config|^cli\.upstream$'
else
  ctest --output-on-failure --parallel "$(nproc)" -E '^package\.|^cli\.help_examples$'
fi
