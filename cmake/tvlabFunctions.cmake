# tvlab_add_verify_test: a ctest that runs `tvlab verify` on your specs.
#
#   tvlab_add_verify_test(NAME my_gemm SPEC specs/gemm.json [specs/more.json ...]
#                         [STRICT]                 # fail on warnings too (tvlab verify --strict)
#                         [JUNIT report.xml]       # also write a JUnit report (relative: to the build dir)
#                         [PROOF proof.md]         # also write a proof document (.md or .tex)
#                         [EXPECT_EXIT 1]          # the exit code that passes (default 0; 1 = refuted)
#                         [TVLAB /path/to/tvlab])  # default: the imported target tvlab::tvlab
#
# The test prints the text report (ctest --output-on-failure shows the witnesses) and passes when
# `tvlab verify` exits with EXPECT_EXIT: 0 all checks hold, 1 a check failed, 2 a bad spec.
# Relative SPEC paths are relative to the calling CMakeLists.txt's directory.
include_guard(GLOBAL)
set(_TVLAB_VERIFY_TEST_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/tvlabVerifyTest.cmake")

function(tvlab_add_verify_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "STRICT" "NAME;JUNIT;PROOF;EXPECT_EXIT;TVLAB" "SPEC")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tvlab_add_verify_test: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_NAME OR NOT arg_SPEC)
    message(FATAL_ERROR "tvlab_add_verify_test: NAME and SPEC are required")
  endif()
  if(NOT DEFINED arg_EXPECT_EXIT)
    set(arg_EXPECT_EXIT 0)
  endif()
  if(arg_TVLAB)
    set(tvlab "${arg_TVLAB}")
  elseif(TARGET tvlab::tvlab)
    set(tvlab "$<TARGET_FILE:tvlab::tvlab>")
  else()
    message(FATAL_ERROR "tvlab_add_verify_test: no tvlab::tvlab target; find_package(tvlab) or pass TVLAB")
  endif()
  set(specs "")
  foreach(spec IN LISTS arg_SPEC)
    get_filename_component(spec "${spec}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND specs "${spec}")
  endforeach()
  list(JOIN specs "|" specs)
  set(junit "")
  if(arg_JUNIT)
    get_filename_component(junit "${arg_JUNIT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  set(proof "")
  if(arg_PROOF)
    get_filename_component(proof "${arg_PROOF}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  set(strict OFF)
  if(arg_STRICT)
    set(strict ON)
  endif()
  add_test(NAME "${arg_NAME}"
           COMMAND "${CMAKE_COMMAND}" "-DTVLAB=${tvlab}" "-DSPECS=${specs}" "-DJUNIT=${junit}"
                   "-DPROOF=${proof}" "-DSTRICT=${strict}" "-DEXPECT_EXIT=${arg_EXPECT_EXIT}"
                   -P "${_TVLAB_VERIFY_TEST_SCRIPT}")
  set_tests_properties("${arg_NAME}" PROPERTIES LABELS tvlab-verify)
endfunction()
