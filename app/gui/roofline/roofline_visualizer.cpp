// SPDX-License-Identifier: MIT
// The roofline page's canvas: the control panel on the left, the chart on the right, tooltips under the mouse.
#include "app/gui/roofline/roofline_visualizer.hpp"

#include "app/gui/canvas/drawing_painter.hpp"
#include "models/roofline/roofline_chart.hpp"
#include "models/roofline/roofline_figure.hpp"

#include <imgui.h>

#include <algorithm>

namespace accelscope::gui::roofline {

models::figure::Chart RooflineVisualizer::chart(float width, float height, bool dark, float fontSize, models::figure::Measure measure) const
{
    return models::roofline::rooflineChart(m_state, width, height, dark, fontSize, std::move(measure));
}

std::string RooflineVisualizer::svg() const
{
    const auto figure = models::roofline::rooflineFigure(m_state, m_lastDark);
    return figure ? models::figure::figureSvg(*figure) : std::string();
}

void RooflineVisualizer::draw(DrawContext& context)
{
    const float fs = ImGui::GetFontSize();
    // 25 em, but at projector text sizes no more than 38 % of the canvas: the chart is the point.
    const float panel = std::min(fs * 25, std::max(fs * 10, ImGui::GetContentRegionAvail().x * 0.38f));
    ImGui::BeginChild("controls", ImVec2(panel, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    m_controls.draw(m_state);
    ImGui::EndChild();
    ImGui::SameLine();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    if (size.x < 50 || size.y < 50) return;
    const bool dark = context.darkTheme();
    m_lastMeasure = imguiMeasure();
    m_lastChart = chart(size.x, size.y, dark, fs, m_lastMeasure);
    m_lastDark = dark;
    paintDrawing(*ImGui::GetWindowDrawList(), m_lastChart->drawing, origin.x, origin.y);
    ImGui::InvisibleButton("chart", size);
    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const std::string tip = models::figure::tipAt(*m_lastChart, mouse.x - origin.x, mouse.y - origin.y);
        if (!tip.empty()) ImGui::SetTooltip("%s", tip.c_str());
    }
}

} // namespace accelscope::gui::roofline
