// SPDX-License-Identifier: MIT
// A figure Drawing on an ImGui draw list.
#include "app/gui/canvas/drawing_painter.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace accelscope::gui {
namespace {

using models::figure::Anchor;
using models::figure::Drawing;
using models::figure::MarkerShape;

ImVec2 at(double x, double y) { return ImVec2(static_cast<float>(x), static_cast<float>(y)); }

void paintLine(ImDrawList& list, const Drawing::Line& l, float x, float y)
{
    const ImU32 colour = packedColour(l.colour);
    const auto thickness = static_cast<float>(l.thickness);
    if (!l.dashed) {
        list.AddLine(at(x + l.x0, y + l.y0), at(x + l.x1, y + l.y1), colour, thickness);
        return;
    }
    const double dx = l.x1 - l.x0, dy = l.y1 - l.y0, length = std::hypot(dx, dy);
    const double dash = 6.0 * std::max(1.0, l.thickness * 0.7);
    for (double t = 0; t < length; t += 2 * dash) {
        const double e = std::min(length, t + dash);
        list.AddLine(at(x + l.x0 + dx * t / length, y + l.y0 + dy * t / length), at(x + l.x0 + dx * e / length, y + l.y0 + dy * e / length),
                     colour, thickness);
    }
}

void paintMarker(ImDrawList& list, const Drawing::Marker& m, float x, float y)
{
    const ImVec2 c = at(x + m.x, y + m.y);
    const auto r = static_cast<float>(m.radius);
    const ImU32 col = packedColour(m.fill);
    const ImU32 edge = m.hollow ? col : IM_COL32(0, 0, 0, 160);
    const float width = m.hollow ? 2.0f : 1.0f;
    switch (m.shape) {
    case MarkerShape::Circle:
        if (!m.hollow) list.AddCircleFilled(c, r, col, 16);
        list.AddCircle(c, r, edge, 16, width);
        break;
    case MarkerShape::Square:
        if (!m.hollow) list.AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), col);
        list.AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), edge, 0, 0, width);
        break;
    case MarkerShape::Diamond: {
        const ImVec2 p[4] = {{c.x, c.y - r * 1.3f}, {c.x + r * 1.3f, c.y}, {c.x, c.y + r * 1.3f}, {c.x - r * 1.3f, c.y}};
        if (!m.hollow) list.AddQuadFilled(p[0], p[1], p[2], p[3], col);
        list.AddQuad(p[0], p[1], p[2], p[3], edge, width);
        break;
    }
    case MarkerShape::Triangle: {
        const ImVec2 p[3] = {{c.x, c.y - r * 1.2f}, {c.x + r * 1.1f, c.y + r * 0.8f}, {c.x - r * 1.1f, c.y + r * 0.8f}};
        if (!m.hollow) list.AddTriangleFilled(p[0], p[1], p[2], col);
        list.AddTriangle(p[0], p[1], p[2], edge, width);
        break;
    }
    }
}

} // namespace

unsigned int packedColour(const models::figure::Colour& c) { return IM_COL32(c.r, c.g, c.b, c.a); }

void paintDrawing(ImDrawList& list, const Drawing& drawing, float x, float y)
{
    for (const auto& r : drawing.rects) {
        const ImVec2 a = at(x + r.x, y + r.y), b = at(x + r.x + r.width, y + r.y + r.height);
        if (r.fill.a > 0) list.AddRectFilled(a, b, packedColour(r.fill));
        if (r.stroke.a > 0) list.AddRect(a, b, packedColour(r.stroke), 0, 0, static_cast<float>(r.strokeWidth));
    }
    for (const auto& l : drawing.lines) paintLine(list, l, x, y);
    for (const auto& m : drawing.markers) paintMarker(list, m, x, y);
    ImFont* font = ImGui::GetFont();
    for (const auto& t : drawing.texts) {
        const auto size = static_cast<float>(t.size);
        const float w = t.anchor == Anchor::Start ? 0.0f : font->CalcTextSizeA(size, 1e9f, 0.0f, t.text.c_str()).x;
        const float dx = t.anchor == Anchor::Middle ? w / 2 : w;
        list.AddText(font, size, at(x + t.x - dx, y + t.y), packedColour(t.colour), t.text.c_str());
    }
}

models::figure::Measure imguiMeasure()
{
    return [](const std::string& text, float size) { return ImGui::GetFont()->CalcTextSizeA(size, 1e9f, 0.0f, text.c_str()).x; };
}

} // namespace accelscope::gui
