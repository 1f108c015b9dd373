// SPDX-License-Identifier: MIT
// The roofline page's canvas: the control panel on the left, the chart on the right, tooltips under the mouse.
#include "app/gui/roofline/roofline_visualizer.hpp"

#include "app/gui/roofline/roofline_chart.hpp"

#include <imgui.h>

#include <algorithm>

namespace accelscope::gui::roofline {

Scene RooflineVisualizer::chart(float width, float height, bool dark, float fontSize, Scene::Measure measure) const
{
    return RooflineChart(m_state).build(width, height, dark, fontSize, std::move(measure));
}

std::string RooflineVisualizer::svg() const
{
    if (m_lastChart) return m_lastChart->svg(backgroundColour(m_lastDark));
    return chart(900, 600, false, 13).svg(backgroundColour(false));
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
    m_lastChart = chart(size.x, size.y, dark, fs, Scene::imguiMeasure());
    m_lastDark = dark;
    m_lastChart->draw(*ImGui::GetWindowDrawList(), origin.x, origin.y);
    ImGui::InvisibleButton("chart", size);
    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const std::string tip = m_lastChart->tipAt(mouse.x - origin.x, mouse.y - origin.y);
        if (!tip.empty()) ImGui::SetTooltip("%s", tip.c_str());
    }
}

} // namespace accelscope::gui::roofline
