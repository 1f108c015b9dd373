// SPDX-License-Identifier: MIT
// Catch2 main for the non-GUI test executables.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
