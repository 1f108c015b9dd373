// SPDX-License-Identifier: MIT
// The main window over a GuiFixture, shown and exposed on the test display (xvfb-run).
#pragma once

#include "app/gui/main_window.hpp"
#include "tests/app/gui_fixture.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"

#include <QApplication>
#include <QList>
#include <QSize>
#include <QTest>
#include <QTimer>
#include <QWidget>

#include <functional>

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

/// Lets `page` lay out and each visible canvas draw three more frames, so that checks see the page at
/// its current size and text scale. Waits on the frames, not on a clock; false if a canvas has not
/// drawn them within `timeoutMs`.
inline bool settleCanvases(QWidget* page, int timeoutMs = 10000)
{
    const auto canvases = page->findChildren<gui::ImGuiCanvas*>();
    QList<int> before;
    for (gui::ImGuiCanvas* canvas : canvases) {
        before << canvas->framesRendered();
        canvas->update();
    }
    QApplication::sendPostedEvents(); // pending layout requests, before anything is measured
    QApplication::processEvents();
    return QTest::qWaitFor([&] {
        bool done = true;
        for (int i = 0; i < canvases.size(); ++i) {
            if (canvases[i]->isVisible() && canvases[i]->framesRendered() < before[i] + 3) {
                canvases[i]->update();
                done = false;
            }
        }
        return done;
    }, timeoutMs);
}

/// Calls `open` (a click or key that runs a modal dialog in the dialog's own event loop) and hands
/// the dialog to `handle` as soon as it is shown; `handle` closes it. False when no dialog was shown.
inline bool handleModalDialog(const std::function<void()>& open, const std::function<void(QWidget*)>& handle)
{
    bool handled = false;
    QTimer poll; // runs inside the dialog's event loop
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        QWidget* dialog = QApplication::activeModalWidget();
        if (dialog == nullptr || !dialog->isVisible()) return;
        poll.stop();
        handled = true;
        handle(dialog);
    });
    poll.start();
    open();
    poll.stop();
    return handled;
}

} // namespace accelscope::tests
