// SPDX-License-Identifier: MIT
// "This machine": predicted (serving model) vs measured decode tokens/s of the kernels lab's small model.
#include "app/gui/llm-calculator/machine_decode_panel.hpp"

#include "models/common/number_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>

namespace accelscope::gui::llm {
namespace {

/// A row's cells in the table's column order.
std::array<const std::string*, 6> cellsOf(const MachineDecodePanel::Row& r)
{
    return {&r.label, &r.text.predicted, &r.text.measured, &r.text.ratio, &r.text.bound, &r.text.labPredicted};
}

} // namespace

void MachineDecodePanel::setDecode(std::optional<labs::MachineDecode> decode, std::string problem)
{
    m_decode = std::move(decode);
    m_problem = m_decode ? std::string() : std::move(problem);
}

std::vector<MachineDecodePanel::Row> MachineDecodePanel::rows() const
{
    std::vector<Row> out;
    if (!m_decode) return out;
    for (const auto& f : m_decode->formats) out.push_back({f.label, labs::decodeComparisonText(f)});
    return out;
}

std::string MachineDecodePanel::sourceLine() const
{
    if (!m_decode) return {};
    return "Source: " + m_decode->source + ", " + m_decode->ceilings.name + ", one core";
}

void MachineDecodePanel::draw()
{
    ImGui::PushID("machine-decode");
    if (!ImGui::CollapsingHeader("This machine: decode tokens/s, predicted vs measured", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::PopID();
        return;
    }
    if (!m_decode) {
        ImGui::TextWrapped("%s", m_problem.c_str());
        if (m_actions.openKernelsLab && ImGui::Button("Open the CPU kernels lab")) m_actions.openKernelsLab();
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Run cpu-kernels on the Labs page and keep its result; it measures this machine's decode");
        }
        ImGui::SameLine();
        if (m_actions.reload && ImGui::Button("Reload")) m_actions.reload();
        ImGui::PopID();
        return;
    }
    ImGui::TextWrapped("%s", labs::machineDecodeSummary(*m_decode).c_str());
    drawTable();
    drawBars();
    ImGui::TextWrapped("%s. Predicted: the serving planner's decode step at batch 1 on this run's measured ceilings "
                       "(efficiency 1). Lab's own: the run's bytes over the measured bandwidth. Measured: the median token.",
                       sourceLine().c_str());
    if (m_actions.reload && ImGui::Button("Reload")) m_actions.reload();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Read the newest saved CPU kernels run again");
    if (m_actions.openKernelsLab) {
        ImGui::SameLine();
        if (ImGui::Button("Open the CPU kernels lab")) m_actions.openKernelsLab();
    }
    ImGui::PopID();
}

void MachineDecodePanel::drawBars()
{
    // Per format: the measured tokens/s as a bar, the serving model's prediction as a line across
    // it (the LLM bars' convention: a black line is the limit), both on one scale.
    double top = 0;
    for (const auto& f : m_decode->formats) top = std::max({top, f.step.tokensPerS, f.measuredTokensPerS});
    if (!(top > 0)) return;
    const auto shown = rows();
    float labelWidth = 0;
    float valueWidth = 0;
    std::vector<std::string> values;
    for (const auto& r : shown) {
        labelWidth = std::max(labelWidth, ImGui::CalcTextSize(r.label.c_str()).x);
        values.push_back("measured " + r.text.measured + ", predicted " + r.text.predicted + " tokens/s");
        valueWidth = std::max(valueWidth, ImGui::CalcTextSize(values.back().c_str()).x);
    }
    const ImGuiStyle& style = ImGui::GetStyle();
    const float height = ImGui::GetTextLineHeight();
    const ImU32 measured = IM_COL32(0, 114, 178, 255);
    const ImU32 line = ImGui::GetColorU32(ImGuiCol_Text);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const auto& f = m_decode->formats[i];
        ImGui::TextUnformatted(shown[i].label.c_str());
        ImGui::SameLine(labelWidth + style.ItemSpacing.x * 2);
        // One width for every row's bar area (the widest value text decides it): one scale.
        const float room = std::max(height, ImGui::GetContentRegionAvail().x - valueWidth - style.ItemSpacing.x);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const auto x = [&](double v) { return at.x + static_cast<float>(v / top) * room; };
        draw->AddRectFilled(at, ImVec2(x(f.measuredTokensPerS), at.y + height), measured);
        draw->AddLine(ImVec2(x(f.step.tokensPerS), at.y - 2), ImVec2(x(f.step.tokensPerS), at.y + height + 2), line, 2.0f);
        ImGui::Dummy(ImVec2(room, height));
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Bar: measured (the run's median token). Line: predicted by the serving model at batch 1.");
        }
        ImGui::SameLine();
        ImGui::TextUnformatted(values[i].c_str());
    }
}

void MachineDecodePanel::drawTable()
{
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit |
                                      ImGuiTableFlags_ScrollX;
    const auto shown = rows();
    constexpr const char* headers[] = {"weights", "predicted tokens/s", "measured tokens/s", "measured / predicted", "bound",
                                       "lab's own tokens/s"};
    // Exactly the rows' height, plus a scroll bar only when the columns are wider than the panel
    // (large text on a projector).
    const ImGuiStyle& style = ImGui::GetStyle();
    float width = 0;
    for (std::size_t c = 0; c < std::size(headers); ++c) {
        float column = ImGui::CalcTextSize(headers[c]).x;
        for (const auto& r : shown) {
            column = std::max(column, ImGui::CalcTextSize(cellsOf(r)[c]->c_str()).x);
        }
        width += column + style.CellPadding.x * 2 + 1;
    }
    const float avail = ImGui::GetContentRegionAvail().x;
    const float rowHeight = ImGui::GetTextLineHeight() + style.CellPadding.y * 2;
    const float height = rowHeight * static_cast<float>(shown.size() + 1) + (width > avail ? style.ScrollbarSize : 0.0f) + 1;
    if (!ImGui::BeginTable("decode", 6, flags, ImVec2(avail, height))) return;
    for (const char* name : headers) ImGui::TableSetupColumn(name);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const auto& r = shown[i];
        const auto& step = m_decode->formats[i].step;
        ImGui::TableNextRow();
        for (const std::string* cell : cellsOf(r)) {
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(cell->c_str());
            if (!ImGui::IsItemHovered()) continue;
            const auto& lab = m_decode->formats[i].labExplanation;
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
            ImGui::Text("Serving model, batch 1: %s of weights and %s of KV cache per token, %s; memory %s, compute %s.",
                        models::quantityText(step.weightBytesPerDevice, "B").c_str(),
                        models::quantityText(step.kvBytesPerDevice, "B").c_str(),
                        models::quantityText(step.flopsPerDevice, "FLOP").c_str(),
                        models::quantityText(step.memoryS, "s").c_str(), models::quantityText(step.computeS, "s").c_str());
            ImGui::Text("Why the predictions differ: %s.", r.text.gap.c_str());
            if (!lab.empty()) ImGui::Text("The lab on its own prediction: %s", lab.c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    ImGui::EndTable();
}

} // namespace accelscope::gui::llm
