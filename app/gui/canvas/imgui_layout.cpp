// SPDX-License-Identifier: MIT
// ImGui row wrapping.
#include "app/gui/canvas/imgui_layout.hpp"

#include <imgui.h>

#include <algorithm>

namespace accelscope::gui {

float labelledWidth(float itemWidth, const char* label)
{
    const float text = ImGui::CalcTextSize(label, nullptr, true).x;
    return itemWidth + (text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0.0f);
}

float checkWidth(const char* label) { return labelledWidth(ImGui::GetFrameHeight(), label); }

void sameLineIfFits(float width, float spacing)
{
    // Decided before moving: SameLine followed by NewLine would leave the line's far end (where
    // the cursor went) past the right edge, and the canvas would count that as cut-off content.
    // After an item the cursor is at the start of the next line, so the room there is the row's.
    const float gap = spacing < 0.0f ? ImGui::GetStyle().ItemSpacing.x : spacing;
    const float used = ImGui::GetItemRectMax().x - ImGui::GetCursorScreenPos().x;
    if (used + gap + width <= ImGui::GetContentRegionAvail().x) ImGui::SameLine(0.0f, spacing);
}

float tooltipWrapWidth(float windowWidth, float fontSize)
{
    // The tip's own padding (ImGui's WindowPadding, 8 px at text size 13) sits outside the wrap width.
    const float margin = fontSize * 2.5f;
    float wrap = std::min(fontSize * 42, windowWidth - 2 * margin);
    if (wrap < windowWidth * 0.5f) wrap = std::min(windowWidth * 0.5f, fontSize * 42); // a narrow window at a large text size
    return std::max(wrap, 1.0f);
}

void wrappedTooltip(const std::string& text)
{
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(tooltipWrapWidth(ImGui::GetIO().DisplaySize.x, ImGui::GetFontSize()));
    ImGui::TextUnformatted(text.c_str(), text.c_str() + text.size());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

} // namespace accelscope::gui
