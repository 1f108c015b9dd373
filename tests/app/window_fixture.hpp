// SPDX-License-Identifier: MIT
// The main window over a GuiFixture, shown and exposed on the test display (xvfb-run).
#pragma once

#include "app/gui/main_window.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QSize>
#include <QTest>

namespace accelscope::tests {

struct WindowFixture : GuiFixture {
    gui::MainWindow window;

    /// `size` empty: the window's own default (saved geometry or 1360 × 820).
    explicit WindowFixture(QSize size = {}) : window(*context)
    {
        REQUIRE_FALSE(qEnvironmentVariableIsEmpty("DISPLAY")); // run under xvfb-run (test.sh does)
        if (size.isValid()) window.resize(size);
        window.show();
        REQUIRE(QTest::qWaitForWindowExposed(&window));
    }
};

} // namespace accelscope::tests
