// SPDX-License-Identifier: MIT
// Catch2 main for the non-GUI test executables.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "tests/support/catch_run.hpp"

#include <cstdlib>
#include <filesystem>
#include <string>

int main(int argc, char** argv)
{
    // Tests never touch the user's own data: no ACCELSCOPE_USER_DB, and XDG_DATA_HOME points
    // next to the test executable (build/<preset>/tests/xdg-<executable>). This is set here, not
    // through ctest's ENVIRONMENT property, because catch_discover_tests flattens a list value
    // and would swallow every property after it.
    ::unsetenv("ACCELSCOPE_USER_DB");
    if (argc > 0) {
        const std::filesystem::path exe = std::filesystem::absolute(argv[0]);
        const auto xdg = exe.parent_path() / ("xdg-" + exe.filename().string());
        ::setenv("XDG_DATA_HOME", xdg.c_str(), 1);
    }
    return accelscope::tests::runCatch(argc, argv);
}
