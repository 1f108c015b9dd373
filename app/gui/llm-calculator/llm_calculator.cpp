// SPDX-License-Identifier: MIT
// LLM calculator: settings from the controls, numbers from models/memory, the chart of models/memory/llm_memory_chart, the fit matrix as an ImGui table.
#include "app/gui/llm-calculator/llm_calculator.hpp"

#include "app/gui/canvas/device_picker.hpp"
#include "app/gui/canvas/drawing_painter.hpp"
#include "models/memory/capacity_text.hpp"
#include "models/memory/llm_memory_chart.hpp"

#include <imgui.h>

#include <algorithm>

namespace accelscope::gui::llm {

using namespace models::memory;
using models::catalog::Device;

LlmCalculator::LlmCalculator(std::vector<Device> devices)
{
    setCatalog(std::move(devices));
    setBarDevices({"nvidia-h100-sxm", "amd-instinct-mi300x", "nvidia-b200"});
}

void LlmCalculator::setCatalog(std::vector<Device> devices)
{
    m_catalog = std::move(devices);
    m_matrixFor.reset();
    setBarDevices(m_bars);
}

void LlmCalculator::setBarDevices(std::vector<std::string> ids)
{
    m_bars.clear();
    for (auto& id : ids) {
        if (m_bars.size() < maxBars && findDevice(m_catalog, id) && std::ranges::find(m_bars, id) == m_bars.end()) m_bars.push_back(std::move(id));
    }
}

const std::vector<FitRow>& LlmCalculator::fitMatrix()
{
    if (m_matrixFor == m_settings) return m_matrix;
    m_matrixFor = m_settings;
    m_matrix = models::memory::fitMatrix(m_settings, m_catalog);
    return m_matrix;
}

std::string LlmCalculator::svg()
{
    const auto figure = llmMemoryFigure(m_settings, barEntries(), m_lastDark);
    return figure ? models::figure::figureSvg(*figure) : std::string();
}

std::expected<models::figure::Figure, std::string> LlmCalculator::figure(bool dark)
{
    auto figure = llmMemoryFigure(m_settings, barEntries(), dark);
    if (!figure) return std::unexpected(figure.error().message);
    return std::move(*figure);
}

std::vector<Device> LlmCalculator::barEntries() const
{
    std::vector<Device> out;
    for (const auto& id : m_bars) {
        if (const auto* d = findDevice(m_catalog, id)) out.push_back(*d);
    }
    return out;
}

void LlmCalculator::drawMatrix(bool dark)
{
    const auto& matrix = fitMatrix();
    const FitMatrixSummary summary = summarizeFitMatrix(matrix);
    const std::string dimText(variedDimension(m_settings.mode));
    const char* dim = dimText.c_str();
    if (summary.noValidLayout) {
        ImGui::TextColored(ImVec4(0.85f, 0.25f, 0.1f, 1), "No %s from 1 to 64 gives a valid layout: %s", dim, summary.noValidLayout->c_str());
    } else if (summary.fittingDevices == 0) {
        ImGui::TextColored(ImVec4(0.85f, 0.25f, 0.1f, 1), "Fits on no catalog device with up to 64 devices in this layout.");
    } else {
        ImGui::TextWrapped("Fits on %d of %d devices (%s up to 64). Cells: GB per device; hover for details.", summary.fittingDevices,
                    summary.devices, dim);
    }
    // The table scrolls both ways within what is left (at least a few rows): at projector sizes its
    // columns are wider than the canvas.
    constexpr ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg |
                                      ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
    const ImVec2 room(ImGui::GetContentRegionAvail().x, std::max(ImGui::GetContentRegionAvail().y, ImGui::GetTextLineHeightWithSpacing() * 5));
    if (!ImGui::BeginTable("fit", static_cast<int>(degrees.size()) + 3, flags, room)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("device", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("memory");
    ImGui::TableSetupColumn("fewest");
    std::vector<std::string> names;
    for (const int d : degrees) names.push_back(dimText + " " + std::to_string(d));
    for (const auto& n : names) ImGui::TableSetupColumn(n.c_str());
    ImGui::TableHeadersRow();
    const ImU32 fitColour = IM_COL32(0, 158, 115, dark ? 110 : 80);
    const ImU32 noColour = IM_COL32(213, 94, 0, dark ? 110 : 70);
    const ImU32 badColour = IM_COL32(128, 128, 128, 60);
    for (const FitRow& r : matrix) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.name.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(models::memory::memoryCapacityText(r.capacityBytes).c_str());
        ImGui::TableNextColumn();
        if (r.fewest) ImGui::Text("%d", *r.fewest);
        else ImGui::TextDisabled("none");
        for (const FitCell& c : r.cells) {
            ImGui::TableNextColumn();
            ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, !c.perDeviceBytes ? badColour : c.fits ? fitColour : noColour);
            if (c.perDeviceBytes) ImGui::Text("%.0f", *c.perDeviceBytes / 1e9);
            else ImGui::TextDisabled("-");
            if (ImGui::IsItemHovered()) {
                if (c.perDeviceBytes) {
                    ImGui::SetTooltip("%s, %s %d: %.1f GB per device of %s: %s", r.name.c_str(), dim, c.degree, *c.perDeviceBytes / 1e9,
                                      models::memory::memoryCapacityText(r.capacityBytes).c_str(), c.fits ? "fits" : "does not fit");
                } else {
                    ImGui::SetTooltip("%s %d is not a valid layout: %s", dim, c.degree, c.problem.c_str());
                }
            }
        }
    }
    ImGui::EndTable();
}

void LlmCalculator::draw(DrawContext& context)
{
    const bool dark = context.darkTheme();
    m_lastDark = dark;
    // Everything scrolls vertically when the controls, bars and matrix are taller than the canvas
    // (a 768-pixel screen at projector text sizes).
    ImGui::BeginChild("##llm", ImGui::GetContentRegionAvail(), false);
    auto bars = m_controls.draw(m_settings, m_catalog, m_bars);
    if (bars != m_bars) setBarDevices(std::move(bars));
    const auto b = breakdown();
    if (b) ImGui::TextWrapped("%s", b->summary.c_str());
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const auto s = llmMemoryChart(b, barEntries(), ImGui::GetContentRegionAvail().x, dark, ImGui::GetFontSize(), imguiMeasure());
    paintDrawing(*ImGui::GetWindowDrawList(), s.drawing, origin.x, origin.y);
    ImGui::InvisibleButton("bars", ImVec2(std::max(1.0f, static_cast<float>(s.drawing.width)), static_cast<float>(s.drawing.height)));
    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const std::string tip = models::figure::tipAt(s, mouse.x - origin.x, mouse.y - origin.y);
        if (!tip.empty()) ImGui::SetTooltip("%s", tip.c_str());
    }
    ImGui::Separator();
    if (m_settings.mode == CalcMode::Training && !m_bars.empty()) {
        if (const Device* first = findDevice(m_catalog, m_bars.front())) {
            m_training.draw(m_settings, *first);
            ImGui::Separator();
        }
    }
    if (m_settings.mode == CalcMode::Inference) {
        m_machine.draw();
        ImGui::Separator();
    }
    drawMatrix(dark);
    ImGui::EndChild();
}

} // namespace accelscope::gui::llm
