# SPDX-License-Identifier: MIT
# Run after a Catch2 test executable is built (cmake -P): writes OUTPUT_FILE, a ctest script that
# gives the test cases tagged [slow] the labels "TEST_LABEL;slow" and TEST_TIMEOUT seconds.
# Inputs: TEST_EXECUTABLE, TEST_LABEL, TEST_TIMEOUT, OUTPUT_FILE.
execute_process(COMMAND "${TEST_EXECUTABLE}" "[slow]" --list-test-names-only
  OUTPUT_VARIABLE output RESULT_VARIABLE result)
# Catch exits with the number of test cases listed; a crash or a missing file is not a number.
if(NOT result MATCHES "^[0-9]+$")
  message(FATAL_ERROR "${TEST_EXECUTABLE} could not list its [slow] test cases: ${result}\n${output}")
endif()
string(REPLACE "\n" ";" lines "${output}")
set(script "")
foreach(name IN LISTS lines)
  if(name STREQUAL "")
    continue()
  endif()
  string(APPEND script "set_tests_properties([==[${name}]==] PROPERTIES LABELS \"${TEST_LABEL};slow\" TIMEOUT ${TEST_TIMEOUT})\n")
endforeach()
file(WRITE "${OUTPUT_FILE}" "${script}")
