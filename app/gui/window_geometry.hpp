// SPDX-License-Identifier: MIT
// Window size and place on the screen: a saved geometry restored within the screen it lands on.
#pragma once

#include <QByteArray>
#include <QSize>

class QWidget;

namespace accelscope::gui {

/// Restores `saved` (QWidget::saveGeometry) on `window`, or gives it `fallback`, then clamps the
/// result to the available area of the screen it is on: a 1360 x 820 window saved at a desk opens
/// at most 1280 x 800 (less panels) on a projector, and never off its edges.
void restoreGeometryWithinScreen(QWidget& window, const QByteArray& saved, QSize fallback);

} // namespace accelscope::gui
