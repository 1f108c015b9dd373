// SPDX-License-Identifier: MIT
// ChartCanvas: a chart's primitives into a Drawing.
#include "models/figure/chart_canvas.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace accelscope::models::figure {

ChartCanvas::ChartCanvas(float width, float height, float fontSize, Measure measure) : m_fontSize(fontSize), m_measure(std::move(measure))
{
    m_chart.drawing.width = width;
    m_chart.drawing.height = height;
}

float ChartCanvas::textWidth(const std::string& text, float size) const
{
    const float s = size > 0 ? size : m_fontSize;
    return m_measure ? m_measure(text, s) : static_cast<float>(textWidthEstimate(text, s));
}

void ChartCanvas::line(float x0, float y0, float x1, float y1, Colour colour, float thickness, bool dashed)
{
    m_chart.drawing.line(x0, y0, x1, y1, colour, thickness, dashed);
}

void ChartCanvas::rect(float x0, float y0, float x1, float y1, Colour fill, Colour stroke)
{
    m_chart.drawing.rect(std::min(x0, x1), std::min(y0, y1), std::abs(x1 - x0), std::abs(y1 - y0), fill, stroke);
}

void ChartCanvas::marker(float x, float y, float radius, Colour fill, MarkerShape shape, bool hollow)
{
    m_chart.drawing.markers.push_back({x, y, radius, fill, shape, hollow});
}

void ChartCanvas::text(float x, float y, std::string text, Colour colour, Anchor anchor, float size)
{
    m_chart.drawing.text(x, y, std::move(text), colour, size > 0 ? size : m_fontSize, anchor);
}

void ChartCanvas::hit(float x0, float y0, float x1, float y1, std::string tip)
{
    m_chart.hits.push_back({std::min(x0, x1), std::min(y0, y1), std::max(x0, x1), std::max(y0, y1), std::move(tip)});
}

bool ChartCanvas::textFree(float x, float y, std::string text, Colour colour, Anchor anchor, float size, float maxShift)
{
    const float s = size > 0 ? size : m_fontSize;
    const float w = textWidth(text, s);
    const auto leftOf = [](float ax, float width, Anchor a) { return a == Anchor::Start ? ax : a == Anchor::Middle ? ax - width / 2 : ax - width; };
    const float left = leftOf(x, w, anchor);
    const auto overlaps = [&](float top) {
        if (left < 0 || left + w > width() || top < 0 || top + s > height()) return true;
        return std::ranges::any_of(m_chart.drawing.texts, [&](const Drawing::Text& t) {
            const float ts = static_cast<float>(t.size);
            const float tw = textWidth(t.text, ts);
            const float tl = leftOf(static_cast<float>(t.x), tw, t.anchor);
            const float ty = static_cast<float>(t.y);
            return left < tl + tw + 2 && tl < left + w + 2 && top < ty + ts && ty < top + s;
        });
    };
    const float step = s * 0.5f;
    for (float shift = 0; shift <= maxShift; shift += step) {
        for (const float dy : {shift, -shift}) {
            if (!overlaps(y + dy)) {
                this->text(x, y + dy, std::move(text), colour, anchor, s);
                return true;
            }
            if (shift == 0) break;
        }
    }
    return false;
}

std::string tipAt(const Chart& chart, double x, double y)
{
    for (auto it = chart.hits.rbegin(); it != chart.hits.rend(); ++it) {
        if (x >= it->x0 && x <= it->x1 && y >= it->y0 && y <= it->y1) return it->tip;
    }
    return {};
}

Colour seriesColour(std::size_t index, bool dark)
{
    // Okabe & Ito, "Color Universal Design" (2008): blue, vermillion, bluish green, reddish purple, orange, sky blue.
    constexpr std::array<Colour, 6> light{{{0, 114, 178}, {213, 94, 0}, {0, 158, 115}, {204, 121, 167}, {230, 159, 0}, {86, 180, 233}}};
    constexpr std::array<Colour, 6> darkSet{{{86, 180, 233}, {240, 120, 40}, {0, 190, 140}, {224, 141, 187}, {240, 190, 30}, {140, 200, 255}}};
    return (dark ? darkSet : light)[index % light.size()];
}

Colour chartInk(bool dark) { return dark ? Colour{230, 230, 230} : Colour{25, 25, 25}; }
Colour chartGrid(bool dark) { return dark ? Colour{255, 255, 255, 40} : Colour{0, 0, 0, 35}; }
Colour chartMuted(bool dark) { return dark ? Colour{160, 160, 160} : Colour{110, 110, 110}; }

} // namespace accelscope::models::figure
