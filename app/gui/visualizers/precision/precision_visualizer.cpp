// SPDX-License-Identifier: MIT
// Tabs of the Precision canvas.
#include "app/gui/visualizers/precision/precision_visualizer.hpp"

#include <imgui.h>

#include <array>

namespace accelscope::gui::precision {

void PrecisionVisualizer::draw(DrawContext& context)
{
    if (!ImGui::BeginTabBar("precisionTabs")) return;
    const std::array<std::pair<Tab, Visualizer*>, 5> tabs{{{Tab::Bits, &m_bits},
                                                           {Tab::NumberLine, &m_numberLine},
                                                           {Tab::Table, &m_table},
                                                           {Tab::Block, &m_block},
                                                           {Tab::Quantization, &m_quantization}}};
    for (const auto& [tab, view] : tabs) {
        const ImGuiTabItemFlags flags = m_requested == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
        if (ImGui::BeginTabItem(view->title().c_str(), nullptr, flags)) {
            m_current = tab;
            view->draw(context);
            ImGui::EndTabItem();
        }
    }
    if (m_requested) {
        m_requested.reset();
        context.requestAnimationFrame(); // one more frame so the newly selected tab draws
    }
    ImGui::EndTabBar();
}

} // namespace accelscope::gui::precision
