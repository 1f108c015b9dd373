# SPDX-License-Identifier: MIT
# Warning flags for every project target (not for third-party code).
add_library(accelscope_warnings INTERFACE)
target_compile_options(accelscope_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion>
  # GCC 12 reports false -Wrestrict overlaps inside std::string concatenation at -O2/-O3
  # (GCC bug 105651, fixed in GCC 13); with -Werror it would break every optimised build.
  $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-Wno-restrict>
  $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${ACCELSCOPE_WERROR}>>:-Werror>)
