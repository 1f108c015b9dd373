// SPDX-License-Identifier: MIT
// DevicePicker: filtered combo over the catalog.
#include "app/gui/canvas/device_picker.hpp"

#include <imgui.h>

#include <algorithm>
#include <cctype>

namespace accelscope::gui {
namespace {

bool containsNoCase(const std::string& text, const char* needle)
{
    const std::string n(needle);
    if (n.empty()) return true;
    const auto it = std::search(text.begin(), text.end(), n.begin(), n.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != text.end();
}

} // namespace

const models::catalog::Device* findDevice(const std::vector<models::catalog::Device>& devices, const std::string& id)
{
    const auto it = std::ranges::find_if(devices, [&](const auto& d) { return d.id == id; });
    return it == devices.end() ? nullptr : &*it;
}

std::string deviceLabel(const models::catalog::Device& device) { return device.name; }

bool DevicePicker::draw(const char* label, const std::vector<models::catalog::Device>& devices, std::string& id,
                        float width, bool allowNone, const char* noneText)
{
    const auto* current = findDevice(devices, id);
    const std::string preview = current ? current->name : (allowNone ? std::string(noneText) : std::string("(pick a device)"));
    ImGui::SetNextItemWidth(width);
    bool changed = false;
    if (ImGui::BeginCombo(label, preview.c_str(), ImGuiComboFlags_HeightLarge)) {
        if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
        ImGui::SetNextItemWidth(-1);
        ImGui::InputTextWithHint("##filter", "type to filter", m_filter.data(), m_filter.size());
        if (allowNone && ImGui::Selectable(noneText, id.empty())) {
            changed = !id.empty();
            id.clear();
        }
        for (const auto& d : devices) {
            if (!containsNoCase(d.name, m_filter.data()) && !containsNoCase(d.id, m_filter.data())) continue;
            if (ImGui::Selectable(d.name.c_str(), d.id == id)) {
                changed = d.id != id;
                id = d.id;
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Pick a catalog device; type in the list to filter by name or id");
    return changed;
}

} // namespace accelscope::gui
