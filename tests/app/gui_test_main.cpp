// SPDX-License-Identifier: MIT
// Catch2 main with a QApplication for the GUI tests.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>

#include <cstring>

int main(int argc, char** argv)
{
    // ctest discovers test names at build time, where there may be no display.
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--list", 6) == 0) qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName("accelscope-tests");
    return Catch::Session().run(argc, argv);
}
