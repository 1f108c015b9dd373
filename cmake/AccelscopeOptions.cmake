# SPDX-License-Identifier: MIT
# Build options; code sees them only through the generated config header.
option(ACCELSCOPE_WITH_GUI "Build the Qt 6 desktop app (OFF builds the CLI alone)" ON)
option(ACCELSCOPE_BUILD_TESTS "Build tests and benchmarks" ON)
option(ACCELSCOPE_WERROR "Treat warnings as errors" OFF)
option(ACCELSCOPE_FUZZ "Build the libFuzzer targets of tests/fuzz (clang only; instruments every target)" OFF)
set(ACCELSCOPE_WITH_CUDA "AUTO" CACHE STRING "Build the CUDA lab module: AUTO (when nvcc is found), ON, OFF")
set_property(CACHE ACCELSCOPE_WITH_CUDA PROPERTY STRINGS AUTO ON OFF)

if(ACCELSCOPE_WITH_CUDA STREQUAL "AUTO")
  include(CheckLanguage)
  if(NOT DEFINED CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    set(ACCELSCOPE_WITH_CUDA ON)
  else()
    set(ACCELSCOPE_WITH_CUDA OFF)
  endif()
endif()
if(ACCELSCOPE_WITH_CUDA)
  enable_language(CUDA)
endif()

find_program(CCACHE_PROGRAM ccache)
if(CCACHE_PROGRAM)
  set(CMAKE_CXX_COMPILER_LAUNCHER "${CCACHE_PROGRAM}")
  set(CMAKE_CUDA_COMPILER_LAUNCHER "${CCACHE_PROGRAM}")
endif()
add_feature_info(ccache CCACHE_PROGRAM "compiler cache")

if(ACCELSCOPE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ACCELSCOPE_FUZZ needs clang (libFuzzer): use the fuzz preset (clang++-16)")
  endif()
  # Everything the targets link is instrumented for coverage and checked by ASan and UBSan.
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 19)
  # libstdc++ 12 defines std::expected only when __cpp_concepts >= 202002L. Clang 16 implements
  # what that needs (P0848, conditionally trivial special members) but still reports 201907L.
  add_compile_options(-Wno-macro-redefined -D__cpp_concepts=202002L)
endif()
