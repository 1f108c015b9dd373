// SPDX-License-Identifier: MIT
// A chart drawn into a figure Drawing by a pure function (models/<topic>/…_chart): primitives in
// pixels, text placed where it overlaps no earlier text, hover areas, the chart palette. The GUI only
// rasterises the Drawing and asks it for the tip under the mouse; the SVG is figureSvg's.
#pragma once

#include "models/figure/figure.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace accelscope::models::figure {

/// Measures text width in pixels at `size`: the screen's font on screen, textWidthEstimate
/// otherwise (a figure for export and the CLI's --svg use the estimate, so both write one file).
using Measure = std::function<float(const std::string& text, float size)>;

/// An area of a chart that shows `tip` when the mouse is over it (the screen only; a figure has none).
struct HitArea {
    double x0, y0, x1, y1;
    std::string tip;
};

/// A chart: its drawing and the areas that give tips on hover.
struct Chart {
    Drawing drawing;
    std::vector<HitArea> hits;
};

/// Builds a chart: rectangles by two corners (not corner and size), text with an anchor, hover areas, in float pixels.
class ChartCanvas {
public:
    ChartCanvas(float width, float height, float fontSize, Measure measure = {});

    float width() const { return static_cast<float>(m_chart.drawing.width); }
    float height() const { return static_cast<float>(m_chart.drawing.height); }
    float fontSize() const { return m_fontSize; }
    const Measure& measure() const { return m_measure; }
    /// Width of `text` at `size` (the font size when 0).
    float textWidth(const std::string& text, float size = 0.0f) const;

    void line(float x0, float y0, float x1, float y1, Colour colour, float thickness = 1.0f, bool dashed = false);
    /// A rectangle between two corners (either order).
    void rect(float x0, float y0, float x1, float y1, Colour fill, Colour stroke = {0, 0, 0, 0});
    void marker(float x, float y, float radius, Colour fill, MarkerShape shape = MarkerShape::Circle, bool hollow = false);
    void text(float x, float y, std::string text, Colour colour, Anchor anchor = Anchor::Start, float size = 0.0f);
    /// An area that shows `tip` when the mouse is over it.
    void hit(float x0, float y0, float x1, float y1, std::string tip);
    /// Adds a label where it overlaps no earlier text, trying up to `maxShift` pixels above and
    /// below (x, y); false (and nothing added) when every place is taken.
    bool textFree(float x, float y, std::string text, Colour colour, Anchor anchor = Anchor::Start, float size = 0.0f,
                  float maxShift = 40.0f);
    /// Sets the height (a chart that grows with its content).
    void setHeight(float height) { m_chart.drawing.height = height; }

    const Chart& chart() const { return m_chart; }
    Chart take() { return std::move(m_chart); }

private:
    Chart m_chart;
    float m_fontSize;
    Measure m_measure;
};

/// The tip of the topmost hover area of `chart` under (x, y) (later areas lie on top), or empty.
std::string tipAt(const Chart& chart, double x, double y);

/// Okabe–Ito colours for series (devices), brighter variants on the dark theme; cycles.
Colour seriesColour(std::size_t index, bool dark);
/// Text, grid and muted colours of a chart in the theme.
Colour chartInk(bool dark);
Colour chartGrid(bool dark);
Colour chartMuted(bool dark);

} // namespace accelscope::models::figure
