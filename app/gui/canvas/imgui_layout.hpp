// SPDX-License-Identifier: MIT
// Rows of ImGui controls that wrap onto the next line instead of running past the canvas edge.
#pragma once

namespace accelscope::gui {

/// Width in pixels of an item `itemWidth` wide followed by its visible label (the part before "##").
float labelledWidth(float itemWidth, const char* label);
/// Width of a checkbox or radio button with its label.
float checkWidth(const char* label);
/// Puts the next item on the current line when `width` pixels still fit there, else on a new one:
/// a row of controls wraps at projector text sizes instead of being cut off. `spacing` < 0 is
/// the style's item spacing.
void sameLineIfFits(float width, float spacing = -1.0f);

} // namespace accelscope::gui
