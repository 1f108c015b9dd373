// SPDX-License-Identifier: MIT
// ImGui row wrapping.
#include "app/gui/canvas/imgui_layout.hpp"

#include <imgui.h>

namespace accelscope::gui {

float labelledWidth(float itemWidth, const char* label)
{
    const float text = ImGui::CalcTextSize(label, nullptr, true).x;
    return itemWidth + (text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0.0f);
}

float checkWidth(const char* label) { return labelledWidth(ImGui::GetFrameHeight(), label); }

void sameLineIfFits(float width)
{
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

} // namespace accelscope::gui
