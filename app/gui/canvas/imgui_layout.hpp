// SPDX-License-Identifier: MIT
// Rows of ImGui controls that wrap onto the next line instead of running past the canvas edge; tool tips that wrap.
#pragma once

#include <string>

namespace accelscope::gui {

/// Width in pixels of an item `itemWidth` wide followed by its visible label (the part before "##").
float labelledWidth(float itemWidth, const char* label);
/// Width of a checkbox or radio button with its label.
float checkWidth(const char* label);
/// Puts the next item on the current line when `width` pixels still fit there, else on a new one:
/// a row of controls wraps at projector text sizes instead of being cut off. `spacing` < 0 is
/// the style's item spacing.
void sameLineIfFits(float width, float spacing = -1.0f);

/// Width at which a tool tip's text wraps: about 42 characters of `fontSize` text, never more than
/// the window less a margin on each side (so a tip with long sources or URLs stays inside it).
float tooltipWrapWidth(float windowWidth, float fontSize);
/// Shows `text` as a tool tip wrapped at tooltipWrapWidth of the current display.
void wrappedTooltip(const std::string& text);

} // namespace accelscope::gui
