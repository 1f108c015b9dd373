// SPDX-License-Identifier: MIT
// The canvases' ImGui style taken from the Qt palette, so canvases and widgets look like one app.
#pragma once

#include <QPalette>

struct ImGuiStyle;

namespace accelscope::gui {

/// Sets `style`'s colours from `palette` (window, text, buttons, fields, selection and focus
/// highlight) and its rounding to the Fusion style's.
void applyPaletteStyle(ImGuiStyle& style, const QPalette& palette);

} // namespace accelscope::gui
