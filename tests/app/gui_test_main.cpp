// SPDX-License-Identifier: MIT
// Catch2 main with a QApplication for the GUI tests.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "tests/support/catch_run.hpp"

#include <QApplication>

#include <cstring>

int main(int argc, char** argv)
{
    // Each test binary runs on one platform (offscreen or xcb, set by CMake), and never on the
    // user's own database. The environment is set here rather than through ctest's ENVIRONMENT
    // property: catch_discover_tests splits a list value and swallows the properties after it.
    qputenv("QT_QPA_PLATFORM", ACCELSCOPE_TEST_QPA_PLATFORM);
    qunsetenv("ACCELSCOPE_USER_DB");
    // ctest discovers test names at build time, where there may be no display.
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--list", 6) == 0) qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName("accelscope-tests");
    return accelscope::tests::runCatch(argc, argv);
}
