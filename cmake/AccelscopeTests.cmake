# SPDX-License-Identifier: MIT
# ctest labels and timeouts for the Catch2 test executables (one ctest entry per test case).
#
# Labels: models, labs, cli, gui (the layer a test exercises) and slow (a test case tagged [slow]:
# over about 5 s on the 2-core development machine). `ctest -L models` runs one layer, `ctest -LE slow`
# (the `fast` test preset) the edit-build-test loop's subset. Every test has a finite timeout.
include_guard(GLOBAL)
include(Catch)

set(ACCELSCOPE_SLOW_TEST_TIMEOUT 600 CACHE STRING "Timeout in seconds of a test labelled slow")
set(_accelscope_slow_tests_script "${CMAKE_CURRENT_LIST_DIR}/CatchSlowTests.cmake")

# accelscope_discover_tests(TARGET LABEL models|labs|cli|gui TIMEOUT SECONDS [PROPERTIES NAME VALUE ...])
# Every test case of TARGET gets LABEL and TIMEOUT (and PROPERTIES: one value each, since
# catch_discover_tests flattens a list value into the properties after it). After each build the
# cases tagged [slow] are listed again and get the labels "LABEL;slow" and ACCELSCOPE_SLOW_TEST_TIMEOUT.
function(accelscope_discover_tests target)
  cmake_parse_arguments(T "" "LABEL;TIMEOUT" "PROPERTIES" ${ARGN})
  if(NOT T_LABEL OR NOT T_TIMEOUT)
    message(FATAL_ERROR "accelscope_discover_tests(${target}): LABEL and TIMEOUT are required")
  endif()
  catch_discover_tests(${target} PROPERTIES LABELS ${T_LABEL} TIMEOUT ${T_TIMEOUT} ${T_PROPERTIES})
  # Read by ctest after catch_discover_tests' own include file (TEST_INCLUDE_FILES keeps the order).
  set(slow_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_slow_tests.cmake")
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${target}_slow_include.cmake")
  add_custom_command(TARGET ${target} POST_BUILD
    BYPRODUCTS "${slow_file}"
    COMMAND "${CMAKE_COMMAND}" -D "TEST_EXECUTABLE=$<TARGET_FILE:${target}>" -D "TEST_LABEL=${T_LABEL}"
            -D "TEST_TIMEOUT=${ACCELSCOPE_SLOW_TEST_TIMEOUT}" -D "OUTPUT_FILE=${slow_file}"
            -P "${_accelscope_slow_tests_script}"
    VERBATIM)
  file(WRITE "${include_file}" "if(EXISTS \"${slow_file}\")\n  include(\"${slow_file}\")\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()

# accelscope_test_properties(LABEL l TIMEOUT s TESTS name...): the same labels and timeouts for tests
# added with add_test (scripts, the app started as a user would). A test over about 5 s gets LABEL "l;slow".
function(accelscope_test_properties)
  cmake_parse_arguments(T "" "TIMEOUT" "LABEL;TESTS" ${ARGN})
  set_tests_properties(${T_TESTS} PROPERTIES LABELS "${T_LABEL}" TIMEOUT ${T_TIMEOUT})
endfunction()
