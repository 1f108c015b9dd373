// SPDX-License-Identifier: MIT
// Text laid into a ChartCanvas within a width: paragraphs that wrap and legend items that flow onto new rows.
#pragma once

#include "models/figure/chart_canvas.hpp"

#include <string>
#include <utility>
#include <vector>

namespace accelscope::models::figure {

/// Lays text top-down into a ChartCanvas between `left` and `left + width`, so that nothing runs past
/// the right edge at any text size (projectors use 2–2.5 times the normal size). Paragraphs are
/// lists of phrases ("bf16 989.5", "HBM3 3350 GB/s") that wrap between phrases, and inside a
/// phrase at its spaces only when the phrase alone is too long; a single word wider than the line
/// is drawn smaller until it fits. Items (a marker the caller draws, then a label) flow left to
/// right and start a new row when the next one would not fit.
class TextFlow {
public:
    /// `size`: text size in pixels; `top`: the top of the first line.
    TextFlow(ChartCanvas& scene, float left, float top, float width, float size);

    float size() const { return m_size; }
    float lineHeight() const { return m_size * 1.35f; }
    /// The top of the next free line (below any unfinished row of items).
    float bottom() const;

    /// Adds the phrases as wrapped lines starting `indent` pixels right of the left edge; returns
    /// the top of its first line. `tip`, when not empty, is shown on hovering any of the lines.
    float paragraph(const std::vector<std::string>& phrases, Colour colour, float indent = 0.0f, const std::string& tip = {});
    /// Places an item of `markerWidth` pixels plus `label` on the current row, or on a new row when
    /// it does not fit; returns the item's left edge (the marker's place; its top is rowTop()).
    float item(float markerWidth, const std::string& label, Colour colour);
    /// The top of the current row of items.
    float rowTop() const { return m_y; }
    /// Ends the current row of items, if any.
    void endRow();

    /// The lines `phrases` wrap into at `size` within `width` (nothing drawn).
    static std::vector<std::string> wrap(const ChartCanvas& scene, const std::vector<std::string>& phrases, float width, float size);
    /// `text` and the size to draw it at so that it fits `width`: `size`, or smaller down to
    /// `smallest` × `size`, then cut with "..." (for one-line labels; the full text goes in a tip).
    static std::pair<std::string, float> fit(const ChartCanvas& scene, std::string text, float width, float size, float smallest = 0.7f);

private:
    /// Adds one line at (x, y), shrunk to `width` when even it alone is wider.
    void line(float x, float y, const std::string& text, Colour colour, float width);
    ChartCanvas& m_scene;
    float m_left;
    float m_width;
    float m_size;
    float m_y;         ///< top of the current line or row
    float m_rowX = 0;  ///< next free x on the current row of items; 0 = no row open
};

} // namespace accelscope::models::figure
