// SPDX-License-Identifier: MIT
// Tabs of the Precision canvas.
#include "app/gui/precision/precision_visualizer.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include "models/precision/block_format.hpp"

#include <array>
#include <string>

namespace accelscope::gui::precision {

namespace {
constexpr std::array<std::string_view, 5> tabNames{"bits", "number-line", "table", "block", "quantization"};
} // namespace

std::string_view PrecisionVisualizer::tabName(Tab tab) { return tabNames[static_cast<std::size_t>(tab)]; }

std::optional<PrecisionVisualizer::Tab> PrecisionVisualizer::tabFromName(std::string_view name)
{
    for (std::size_t i = 0; i < tabNames.size(); ++i) {
        if (tabNames[i] == name) return static_cast<Tab>(i);
    }
    return std::nullopt;
}

bool PrecisionVisualizer::setFormat(std::string_view name)
{
    if (const auto element = models::precision::formatFromName(name)) {
        m_bits.setFormat(*element);
        m_numberLine.setFormats(*element, m_numberLine.overlay());
        return true;
    }
    if (const auto block = models::precision::blockFormatFromName(name)) {
        m_block.setFormat(*block);
        return true;
    }
    return false;
}

std::string PrecisionVisualizer::formatName() const
{
    return std::string(models::precision::formatInfo(m_bits.format()).name);
}

void PrecisionVisualizer::draw(DrawContext& context)
{
    m_table.setSelected(formatName());
    if (!ImGui::BeginTabBar("precisionTabs")) return;
    const std::array<std::pair<Tab, Visualizer*>, 5> tabs{{{Tab::Bits, &m_bits},
                                                           {Tab::NumberLine, &m_numberLine},
                                                           {Tab::Table, &m_table},
                                                           {Tab::Block, &m_block},
                                                           {Tab::Quantization, &m_quantization}}};
    // The titles, or one-word names when the titles would be cut ("Number lin...") at large text.
    float titlesWidth = 0.0f;
    for (const auto& entry : tabs) {
        titlesWidth += ImGui::CalcTextSize(entry.second->title().c_str()).x + 2.0f * ImGui::GetStyle().FramePadding.x + ImGui::GetStyle().ItemInnerSpacing.x;
    }
    const bool shortNames = titlesWidth > ImGui::GetContentRegionAvail().x;
    constexpr std::array<const char*, 5> shortTitles{"Bits", "Line", "Table", "Blocks", "Quantize"};
    for (const auto& [tab, view] : tabs) {
        const ImGuiTabItemFlags flags = m_requested == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
        const auto index = static_cast<std::size_t>(tab);
        const std::string label = (shortNames ? std::string(shortTitles[index]) : view->title()) + "###" + std::string(tabNames[index]);
        if (ImGui::BeginTabItem(label.c_str(), nullptr, flags)) {
            m_current = tab;
            // Each tab scrolls up and down below the tab bar (projector text makes them tall); its
            // rows wrap to the width, and what still runs past the right edge is passed on to the
            // canvas's overflow, where the page-fit test sees it.
            ImGui::BeginChild("##tab", ImGui::GetContentRegionAvail(), false);
            view->draw(context);
            const ImGuiWindow* child = ImGui::GetCurrentWindow();
            const float over = child->DC.CursorMaxPos.x - (child->Pos.x + child->Size.x - child->ScrollbarSizes.x);
            const ImVec2 top = child->Pos;
            const float right = child->Pos.x + child->Size.x;
            ImGui::EndChild();
            if (over > 1.0f) {
                ImGui::SetCursorScreenPos(ImVec2(right + over, top.y));
                ImGui::Dummy(ImVec2(0.0f, 0.0f));
            }
            ImGui::EndTabItem();
        }
    }
    if (const auto clicked = m_table.takeClicked()) setFormat(*clicked);
    if (m_requested) {
        m_requested.reset();
        context.requestAnimationFrame(); // one more frame so the newly selected tab draws
    }
    ImGui::EndTabBar();
}

} // namespace accelscope::gui::precision
