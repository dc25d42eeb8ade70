#!/usr/bin/env bash
# Packaging test: install this build into a prefix inside the build tree, then configure, build and test
# tests/downstream/ against it (find_package(tvlab), the three libraries, tvlab_add_verify_test), and
# check the version file refuses an incompatible version.
# Usage: downstream_test.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
build="$1"; src="$2"
work="$build/package-test"; prefix="$work/prefix"
fails=0
ok() { :; }
ko() { echo "FAIL: $*"; fails=$((fails + 1)); }
rm -rf "$work" && mkdir -p "$work"

cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; ko install; }
for f in bin/tvlab 'lib*/libtvlab_core.a' 'lib*/libtvlab_viz.a' \
         'lib*/libtvlab_verify_'{check,layout,banks,model,checks,writers,readers,search,report}.a \
         include/tvlab/core/layout.hpp include/tvlab/verify/checks/verifier.hpp include/tvlab/verify/model/kernel_config.hpp \
         include/tvlab/viz/backends.hpp \
         'lib*/cmake/tvlab/tvlabConfig.cmake' 'lib*/cmake/tvlab/tvlabConfigVersion.cmake' \
         'lib*/cmake/tvlab/tvlabTargets.cmake' 'lib*/cmake/tvlab/tvlabFunctions.cmake'; do
  compgen -G "$prefix/$f" >/dev/null || ko "not installed: $f"
done
v="$("$prefix/bin/tvlab" --version)"
[ "$v" = "tvlab $(sed -n 's/^project(tvlab VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")" ] || ko "tvlab --version printed '$v'"

gen=(); command -v ninja >/dev/null && gen=(-G Ninja)
down="$work/downstream"
if cmake -S "$src/tests/downstream" -B "$down" "${gen[@]}" -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" 2>&1 &&
   cmake --build "$down" >"$work/build.log" 2>&1; then
  (cd "$down" && ctest --output-on-failure) >"$work/ctest.log" 2>&1 || { cat "$work/ctest.log"; ko "downstream ctest"; }
  grep -q "100% tests passed, 0 tests failed out of 4" "$work/ctest.log" || ko "downstream: not 4 passing tests"
  grep -q "<testsuite" "$down/gemm.junit.xml" 2>/dev/null || ko "downstream: no JUnit report"
else
  cat "$work/configure.log" "$work/build.log" 2>/dev/null | tail -40; ko "downstream configure/build"
fi

# The version file: 0.1 is asked above; an incompatible major version must not be found.
if cmake -S "$src/tests/downstream" -B "$work/too-new" "${gen[@]}" -DCMAKE_PREFIX_PATH="$prefix" \
     -DTVLAB_REQUIRED_VERSION=1.0 >"$work/too-new.log" 2>&1; then
  ko "find_package(tvlab 1.0) accepted version 0.x"
fi
grep -q "tvlabConfigVersion.cmake\|version: 0" "$work/too-new.log" || { tail -20 "$work/too-new.log"; ko "too-new: no version message"; }

[ "$fails" -eq 0 ] && echo "package: all checks passed" || { echo "package: $fails failure(s)"; exit 1; }
