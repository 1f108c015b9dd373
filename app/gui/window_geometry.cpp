// SPDX-License-Identifier: MIT
// restoreGeometryWithinScreen: saved geometry, clamped to the screen.
#include "app/gui/window_geometry.hpp"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace accelscope::gui {

void restoreGeometryWithinScreen(QWidget& window, const QByteArray& saved, QSize fallback)
{
    if (!window.restoreGeometry(saved)) window.resize(fallback);
    QScreen* screen = QGuiApplication::screenAt(window.geometry().center());
    if (screen == nullptr) screen = window.screen() != nullptr ? window.screen() : QGuiApplication::primaryScreen();
    if (screen == nullptr) return;
    const QRect available = screen->availableGeometry();
    // The frame (title bar, borders) is known only once shown; leave room for a usual one.
    const QMargins frame = window.isVisible() ? QMargins(window.geometry().left() - window.frameGeometry().left(),
                                                         window.geometry().top() - window.frameGeometry().top(),
                                                         window.frameGeometry().right() - window.geometry().right(),
                                                         window.frameGeometry().bottom() - window.geometry().bottom())
                                              : QMargins();
    const QRect room = available.marginsRemoved(frame);
    const QSize size = window.size().boundedTo(room.size()).expandedTo(window.minimumSize());
    const QPoint at(std::clamp(window.x(), room.left(), std::max(room.left(), room.right() - size.width() + 1)),
                    std::clamp(window.y(), room.top(), std::max(room.top(), room.bottom() - size.height() + 1)));
    if (size != window.size() || at != window.pos()) window.setGeometry(QRect(at, size));
}

} // namespace accelscope::gui
