// SPDX-License-Identifier: MIT
// The ImGui canvas rasterises a models figure Drawing (a chart from models/<topic>/…_chart); the same
// Drawing is the page's figure and the CLI's --svg, so the screen shows what they write.
#pragma once

#include "models/figure/chart_canvas.hpp"

struct ImDrawList;

namespace accelscope::gui {

/// Draws `drawing` with its origin at (x, y) of the list's screen space, in the current ImGui font.
void paintDrawing(ImDrawList& list, const models::figure::Drawing& drawing, float x, float y);

/// Text widths in ImGui's current font (only inside a frame), for laying out a chart on screen.
models::figure::Measure imguiMeasure();

/// ImGui's packed colour (0xAABBGGRR).
unsigned int packedColour(const models::figure::Colour& colour);

} // namespace accelscope::gui
