// SPDX-License-Identifier: MIT
// CompareChart drawing with ImDrawList.
#include "app/gui/compare/compare_chart.hpp"

#include "app/gui/compare/compare_figure.hpp"
#include "models/catalog/figure_parser.hpp"

#include <imgui.h>

#include <algorithm>

namespace accelscope::gui {
namespace {

using models::catalog::Comparison;
using models::catalog::ComparisonRow;
using models::catalog::formatFigureValue;

// ImGui's built-in font covers ASCII only; spell out the few symbols our texts use.
std::string asciiForImGui(std::string text)
{
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"×", "x"}, {"÷", "/"}, {"…", "..."},
                                   {"–", "-"}, {"—", "-"}}) {
        for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
            text.replace(at, from.size(), to);
        }
    }
    return text;
}

} // namespace

unsigned int CompareChart::deviceColour(std::size_t index, bool dark)
{
    const auto c = compareDeviceColour(index, dark); // one palette for the chart and its figure
    return IM_COL32(c.r, c.g, c.b, c.a);
}

std::string CompareChart::tooltipText(std::size_t rowIndex, std::size_t deviceIndex) const
{
    const ComparisonRow& row = m_comparison.rows.at(rowIndex);
    const auto* device = m_comparison.devices.at(deviceIndex);
    const auto& value = row.values.at(deviceIndex);
    std::string text = device->name + "\n" + row.label + ": " +
                       (value ? formatFigureValue(*value) + " " + row.unit : std::string("not published"));
    if (row.isDerivedMetric) {
        return text + "\nderived: " + row.formula;
    }
    const auto key = models::catalog::figureFromJsonKey(row.key);
    const auto* figure = key ? device->figure(*key) : nullptr;
    if (figure == nullptr) return text;
    if (figure->provenance == models::catalog::Provenance::Derived) {
        text += "\nderived: " + figure->formula;
    }
    if (const auto* source = device->sourceOf(*key)) {
        text += "\nsource: " + source->title + " (" + source->publisher + ")\n" + figure->where;
    }
    return text;
}

void CompareChart::drawLegend(bool dark)
{
    const float size = ImGui::GetTextLineHeight();
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (std::size_t i = 0; i < m_comparison.devices.size(); ++i) {
        const std::string& name = m_comparison.devices[i]->name;
        const float itemWidth = size * 1.4f + ImGui::CalcTextSize(name.c_str()).x;
        if (i > 0) {
            // Wrap the legend instead of running past the canvas edge.
            ImGui::SameLine(0.0f, size * 1.5f);
            if (ImGui::GetCursorScreenPos().x + itemWidth > right) ImGui::NewLine();
        }
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + size, at.y + size), deviceColour(i, dark));
        ImGui::Dummy(ImVec2(size, size));
        ImGui::SameLine();
        // A name longer than the canvas is wide wraps under itself (projector text sizes).
        ImGui::PushTextWrapPos(right - ImGui::GetWindowPos().x);
        ImGui::TextUnformatted(name.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::Separator();
}

void CompareChart::draw(DrawContext& context)
{
    const bool dark = context.darkTheme();
    m_hovered.reset();
    if (m_comparison.devices.empty()) {
        ImGui::TextWrapped("Add two to six devices above to see them side by side.");
        return;
    }
    // Legend, note and bars scroll together when the canvas is short (the table above it and
    // projector text sizes leave it a few hundred pixels).
    ImGui::BeginChild("##bars", ImGui::GetContentRegionAvail(), false);
    drawLegend(dark);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Bars: value / largest value in the row. Outlined: best. Hover for the source.");
    ImGui::PopStyleColor();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const float labelWidth = std::min(ImGui::GetContentRegionAvail().x * 0.38f, line * 16.0f);
    const float barHeight = line * 0.9f;
    const ImU32 track = dark ? IM_COL32(255, 255, 255, 20) : IM_COL32(0, 0, 0, 14);
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (std::size_t r = 0; r < m_comparison.rows.size(); ++r) {
        const ComparisonRow& row = m_comparison.rows[r];
        const std::string label = row.label + (row.unit.empty() ? "" : " [" + row.unit + "]");
        const ImVec2 origin = ImGui::GetCursorScreenPos();
        ImGui::PushTextWrapPos(origin.x + labelWidth - line * 0.5f);
        ImGui::TextUnformatted(label.c_str());
        ImGui::PopTextWrapPos();
        const float width = std::max(ImGui::GetContentRegionAvail().x - labelWidth - line * 5.0f, line * 2.0f);
        for (std::size_t d = 0; d < row.values.size(); ++d) {
            const float y = origin.y + static_cast<float>(d) * (barHeight + 2.0f);
            const ImVec2 left(origin.x + labelWidth, y);
            draw->AddRectFilled(left, ImVec2(left.x + width, y + barHeight), track);
            const auto& fraction = row.normalized[d];
            if (fraction) {
                const float w = std::max(1.0f, width * static_cast<float>(*fraction));
                draw->AddRectFilled(left, ImVec2(left.x + w, y + barHeight), deviceColour(d, dark));
                if (std::ranges::find(row.best, d) != row.best.end()) {
                    // The best value of a row gets an outline in the text colour.
                    draw->AddRect(ImVec2(left.x - 1, y - 1), ImVec2(left.x + w + 1, y + barHeight + 1),
                                  ImGui::GetColorU32(ImGuiCol_Text), 0.0f, 0, 2.0f);
                }
                draw->AddText(ImVec2(left.x + width + line * 0.4f, y), ImGui::GetColorU32(ImGuiCol_Text),
                              formatFigureValue(*row.values[d]).c_str());
            } else {
                draw->AddText(ImVec2(left.x + line * 0.3f, y), ImGui::GetColorU32(ImGuiCol_TextDisabled), "n/a");
            }
            if (mouse.x >= left.x && mouse.x <= left.x + width && mouse.y >= y && mouse.y < y + barHeight &&
                ImGui::IsWindowHovered()) {
                m_hovered = std::make_pair(r, d);
            }
        }
        const float groupHeight = static_cast<float>(row.values.size()) * (barHeight + 2.0f);
        ImGui::SetCursorScreenPos(origin);
        ImGui::Dummy(ImVec2(labelWidth + width, std::max(groupHeight, ImGui::GetItemRectSize().y)));
        ImGui::Spacing();
    }
    ImGui::EndChild();
    if (m_hovered) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(asciiForImGui(tooltipText(m_hovered->first, m_hovered->second)).c_str());
        ImGui::EndTooltip();
    }
}

} // namespace accelscope::gui
