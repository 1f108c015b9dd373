// SPDX-License-Identifier: MIT
// The Memory pyramid page's canvas: controls, then the view's chart (scrolling when the levels need more height).
#include "app/gui/memory-pyramid/pyramid_visualizer.hpp"

#include "app/gui/canvas/drawing_painter.hpp"
#include "app/gui/canvas/imgui_layout.hpp"
#include "models/common/number_text.hpp"
#include "models/memory/pyramid_figure.hpp"

#include <imgui.h>

#include <algorithm>

namespace accelscope::gui::memory {
namespace {

// The lowest point anything in the chart reaches (its rectangles and text lines).
float contentBottom(const models::figure::Drawing& d)
{
    double bottom = 0;
    for (const auto& r : d.rects) bottom = std::max(bottom, r.y + r.height);
    for (const auto& t : d.texts) bottom = std::max(bottom, t.y + t.size);
    return static_cast<float>(bottom);
}

} // namespace

std::string PyramidVisualizer::svg() const
{
    const auto figure = models::memory::pyramidFigure(*this, m_lastDark);
    return figure ? models::figure::figureSvg(*figure) : std::string();
}

void PyramidVisualizer::drawControls()
{
    const float fs = ImGui::GetFontSize();
    // The row wraps rather than running past the canvas at projector text sizes.
    const float picker = std::min(fs * 16, ImGui::GetContentRegionAvail().x * 0.4f);
    ImGui::TextUnformatted("Devices");
    ImGui::SameLine();
    m_pickers[0].draw("##first", m_catalog, m_first, picker, true);
    sameLineIfFits(picker);
    m_pickers[1].draw("##second", m_catalog, m_second, picker, true);
    sameLineIfFits(checkWidth("this machine"));
    ImGui::Checkbox("this machine", &m_showLocal);
    if (ImGui::IsItemHovered()) wrappedTooltip("Show the local CPU's caches and memory as hwloc reports them");
    sameLineIfFits(labelledWidth(fs * 12, "##move") + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize("move N bytes").x);
    ImGui::SetNextItemWidth(fs * 12);
    const auto& range = m_contract.setting("move_bytes"); // what a lesson may ask for is what this reaches
    const double minBytes = range.min;
    const double maxBytes = range.max;
    ImGui::SliderScalar("##move", ImGuiDataType_Double, &m_moveBytes, &minBytes, &maxBytes, models::quantityText(m_moveBytes, "B", 3, models::UnitPrefix::Decimal).c_str(),
                        ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    if (ImGui::IsItemHovered()) wrappedTooltip("Bytes to move: each level shows bytes / bandwidth (+ latency when known)");
    ImGui::SameLine();
    ImGui::TextUnformatted("move N bytes");
    if (measured()) {
        sameLineIfFits(ImGui::CalcTextSize("Clear measured").x + ImGui::GetStyle().FramePadding.x * 2);
        if (ImGui::Button("Clear measured")) clearMeasured();
        if (ImGui::IsItemHovered()) wrappedTooltip("Hide the lab measurements");
    }
}

void PyramidVisualizer::draw(DrawContext& context)
{
    drawControls();
    const ImVec2 size = ImGui::GetContentRegionAvail();
    if (size.x < 50 || size.y < 50) return;
    const bool dark = context.darkTheme();
    const float fs = ImGui::GetFontSize();
    models::figure::Chart chart = this->chart(size.x, size.y, dark, fs, imguiMeasure());
    // At projector text sizes the levels can need more height than the canvas has, even in the
    // smallest type they take: then the chart gets that height and scrolls, instead of losing levels.
    const float bottom = contentBottom(chart.drawing);
    const bool scroll = bottom > size.y + 1;
    if (scroll) {
        ImGui::BeginChild("##pyramid", size, false, ImGuiWindowFlags_AlwaysVerticalScrollbar);
        chart = this->chart(ImGui::GetContentRegionAvail().x, bottom + fs, dark, fs, imguiMeasure());
    }
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    paintDrawing(*ImGui::GetWindowDrawList(), chart.drawing, origin.x, origin.y);
    ImGui::InvisibleButton("pyramid", ImVec2(static_cast<float>(chart.drawing.width), static_cast<float>(chart.drawing.height)));
    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const std::string tip = models::figure::tipAt(chart, mouse.x - origin.x, mouse.y - origin.y);
        if (!tip.empty()) wrappedTooltip(tip);
    }
    if (scroll) ImGui::EndChild();
    m_lastChart = std::move(chart);
    m_lastDark = dark;
}

} // namespace accelscope::gui::memory
