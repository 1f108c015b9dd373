// SPDX-License-Identifier: MIT
// Finds the font file behind Qt's UI font (fontconfig), so the ImGui canvases draw text in the same face.
#pragma once

#include <QFont>
#include <QString>

namespace accelscope::gui {

/// The scalable TrueType/OpenType file fontconfig picks for `font`'s family, style and weight
/// (what Qt's xcb and offscreen platforms draw with), or an empty string when there is none.
/// Looked up once per family and weight.
QString uiFontFile(const QFont& font);

/// The pixel size (logical pixels) of Qt's UI font at `textScale`, for a screen of `logicalDpi`
/// dots per inch: points × dpi / 72 (one point is 1/72 inch).
float uiFontPixelSize(double basePointSize, double textScale, double logicalDpi);

} // namespace accelscope::gui
