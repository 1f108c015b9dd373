// SPDX-License-Identifier: MIT
// The window-level "Export figure…" action (Ctrl+Shift+E): enabled on pages with a chart, disabled
// with a tooltip saying why elsewhere; works in presenter mode (the window owns the shortcut).
#pragma once

class QAction;
class QMenu;

namespace accelscope::gui {

class MainWindow;

/// Adds the action to `menu` and to the window; returns it.
QAction* addFigureAction(MainWindow& window, QMenu& menu);

} // namespace accelscope::gui
