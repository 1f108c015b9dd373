# SPDX-License-Identifier: MIT
# Warning flags for every project target (not for third-party code).
add_library(accelscope_warnings INTERFACE)
target_compile_options(accelscope_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>
  $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${ACCELSCOPE_WERROR}>>:-Werror>)
