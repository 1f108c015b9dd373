// SPDX-License-Identifier: MIT
// The start-up probe: the time from main() to the first painted frame of a window. Header-only and
// Qt-only, so the bare reference window (tests/bench/bare_qt_window.cpp) measures exactly the same way.
#pragma once

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QTimer>
#include <QWidget>

#include <cstdio>

namespace accelscope::gui {

/// Sees the first Paint event of any widget of `window`; the frame is on screen once the event
/// loop comes back after it (the backing store is flushed after painting). Then prints
/// "startup_ms <milliseconds since main>" on stdout and quits the application.
class FirstPaintProbe : public QObject {
public:
    FirstPaintProbe(QWidget* window, const QElapsedTimer& sinceMain, QObject* parent)
        : QObject(parent), m_window(window), m_sinceMain(sinceMain)
    {
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (!m_seen && event->type() == QEvent::Paint && watched->isWidgetType() &&
            static_cast<QWidget*>(watched)->window() == m_window) {
            m_seen = true;
            QTimer::singleShot(0, this, [this] {
                std::printf("startup_ms %.1f\n", static_cast<double>(m_sinceMain.nsecsElapsed()) / 1e6);
                std::fflush(stdout);
                QApplication::exit(0);
            });
        }
        return false;
    }

private:
    QWidget* m_window;
    const QElapsedTimer& m_sinceMain;
    bool m_seen = false;
};

} // namespace accelscope::gui
