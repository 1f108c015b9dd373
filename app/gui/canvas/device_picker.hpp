// SPDX-License-Identifier: MIT
// An ImGui combo of catalog devices with a type-to-filter field.
#pragma once

#include "models/catalog/device.hpp"

#include <array>
#include <string>
#include <vector>

namespace accelscope::gui {

/// One picker per slot: it keeps the filter text the user typed into its popup.
class DevicePicker {
public:
    /// Draws the combo `label` (an ImGui id) `width` pixels wide; `id` is the chosen device id
    /// (empty: none, offered when `allowNone`). Returns true when the user picked another device.
    bool draw(const char* label, const std::vector<models::catalog::Device>& devices, std::string& id, float width,
              bool allowNone = false, const char* noneText = "(none)");

private:
    std::array<char, 64> m_filter{};
};

/// The device with `id`, or nullptr.
const models::catalog::Device* findDevice(const std::vector<models::catalog::Device>& devices, const std::string& id);

/// A short display name ("NVIDIA H100 SXM5 80GB" stays whole; used in legends).
std::string deviceLabel(const models::catalog::Device& device);

} // namespace accelscope::gui
