// SPDX-License-Identifier: MIT
// The main window over a GuiFixture, shown and exposed on the test display (xvfb-run).
#pragma once

#include "app/gui/main_window.hpp"
#include "tests/app/gui_fixture.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"

#include <QApplication>
#include <QElapsedTimer>
#include <QList>
#include <QSize>
#include <QTest>
#include <QWidget>

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

/// Lets `page` lay out and each visible canvas draw three more frames (at least `minimumMs`, at most
/// 3 s), so that checks see the page at its current size and text scale.
inline void settleCanvases(QWidget* page, int minimumMs)
{
    const auto canvases = page->findChildren<gui::ImGuiCanvas*>();
    QList<int> before;
    for (gui::ImGuiCanvas* canvas : canvases) {
        before << canvas->framesRendered();
        canvas->update();
    }
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 3000) {
        QApplication::processEvents(QEventLoop::AllEvents, 20);
        bool done = timer.elapsed() > minimumMs;
        for (int i = 0; i < canvases.size(); ++i) {
            if (canvases[i]->isVisible() && canvases[i]->framesRendered() < before[i] + 3) {
                canvases[i]->update();
                done = false;
            }
        }
        if (done) return;
        QTest::qWait(10);
    }
}

} // namespace accelscope::tests
