// SPDX-License-Identifier: MIT
// Block view drawing.
#include "app/gui/precision/block_view.hpp"

#include "app/gui/canvas/imgui_layout.hpp"
#include "app/gui/precision/precision_widgets.hpp"
#include "models/precision/distributions.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace accelscope::gui::precision {

using namespace models::precision;

BlockView::BlockView() { randomize(); }

void BlockView::setFormat(BlockFormat format)
{
    m_format = format;
    m_values.resize(static_cast<std::size_t>(blockFormatInfo(format).blockSize), 0.0);
}

void BlockView::randomize()
{
    const auto size = static_cast<std::size_t>(blockFormatInfo(m_format).blockSize);
    m_values = generateDistribution("normal", size, m_seed++).value_or(std::vector<double>(size, 0.0));
}

void BlockView::injectOutlier()
{
    const std::size_t index = static_cast<std::size_t>(m_seed * 7) % m_values.size();
    m_values[index] *= 50.0;
    ++m_seed;
}

BlockQuantized BlockView::quantized() const { return quantizeBlocks(m_format, m_values); }

void BlockView::draw(DrawContext& context)
{
    static_cast<void>(context);
    BlockFormat format = m_format;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    if (blockFormatCombo("Block format", format)) setFormat(format);
    const float padding = 2.0f * ImGui::GetStyle().FramePadding.x;
    sameLineIfFits(ImGui::CalcTextSize("Randomize").x + padding);
    if (ImGui::Button("Randomize")) randomize();
    sameLineIfFits(ImGui::CalcTextSize("Inject outlier").x + padding);
    if (ImGui::Button("Inject outlier")) injectOutlier();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Multiply one value by 50 and watch the shared scale and every other error");
    const BlockFormatInfo& info = blockFormatInfo(m_format);
    const BlockQuantized q = quantized();
    const double scale = decode(info.scale, q.scaleCodes.front());
    char code[8];
    std::snprintf(code, sizeof code, "0x%02X", q.scaleCodes.front());
    std::string shared = std::to_string(info.blockSize) + " elements share one " + std::string(formatInfo(info.scale).name) + " scale: code " + code +
                         " = " + valueString(scale);
    if (q.tensorScale) shared += "  x FP32 tensor scale " + valueString(*q.tensorScale);
    ImGui::TextWrapped("%s", shared.c_str());
    double worst = 0.0;
    for (std::size_t i = 0; i < m_values.size(); ++i) worst = std::max(worst, std::fabs(q.values[i] - m_values[i]));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Drag a value to edit it. Saturated: %zu. Largest error: %s", q.saturated, models::engineeringText(worst, 3).c_str());
    ImGui::PopStyleColor();
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                      ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("block", 5, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* header : {"#", "Input", "Code", "Stored", "|Error|"}) ImGui::TableSetupColumn(header);
    ImGui::TableHeadersRow();
    const float barWidth = ImGui::GetFontSize() * 10;
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%zu", i);
        ImGui::TableNextColumn();
        auto value = static_cast<float>(m_values[i]);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
        if (ImGui::DragFloat("##v", &value, 0.01f, -1000.0f, 1000.0f, "%.4f")) m_values[i] = value;
        ImGui::TableNextColumn();
        ImGui::Text("0x%02X", q.codes[i]);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(valueString(q.values[i]).c_str());
        ImGui::TableNextColumn();
        const double error = std::fabs(q.values[i] - m_values[i]);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float w = worst > 0 ? barWidth * static_cast<float>(error / worst) : 0.0f;
        ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + w, at.y + ImGui::GetTextLineHeight()),
                                                  IM_COL32(213, 94, 0, 160));
        ImGui::TextUnformatted(models::engineeringText(error, 3).c_str());
        ImGui::PopID();
    }
    ImGui::EndTable();
}

} // namespace accelscope::gui::precision
