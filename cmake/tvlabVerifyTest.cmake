# Run by the tests tvlab_add_verify_test() adds (cmake -P): tvlab verify, the text report on stdout,
# optionally a JUnit report and a proof; passes when the exit code is EXPECT_EXIT.
string(REPLACE "|" ";" specs "${SPECS}")
set(extra "")
if(STRICT)
  list(APPEND extra --strict)
endif()
if(PROOF)
  list(APPEND extra --proof "${PROOF}")
endif()
execute_process(COMMAND "${TVLAB}" verify ${specs} ${extra} RESULT_VARIABLE rc)
if(JUNIT)
  execute_process(COMMAND "${TVLAB}" verify ${specs} ${extra} --format junit -o "${JUNIT}"
                  RESULT_VARIABLE junit_rc)
  if(NOT junit_rc STREQUAL rc)
    message(FATAL_ERROR "tvlab verify --format junit exited ${junit_rc}, the text report ${rc}")
  endif()
endif()
if(NOT rc STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "tvlab verify exited ${rc}, expected ${EXPECT_EXIT} "
                      "(0 all checks hold, 1 a check failed, 2 bad spec, 3 internal error)")
endif()
