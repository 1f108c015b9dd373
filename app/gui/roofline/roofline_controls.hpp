// SPDX-License-Identifier: MIT
// The roofline page's ImGui control panel: mode, devices, roofs, kernels or LLM settings; it edits a RooflineState.
#pragma once

#include "labs/guided/page_contracts.hpp"

#include "app/gui/canvas/device_picker.hpp"
#include "app/gui/roofline/roofline_state.hpp"

#include <array>
#include <string>
#include <vector>

namespace accelscope::gui::roofline {

/// Draws the controls into the current ImGui window and writes what the user changes into the state.
class RooflineControls {
public:
    RooflineControls();
    void draw(RooflineState& state);

private:
    void drawKernelControls(RooflineState& state);
    void drawMachineControls(RooflineState& state);
    void drawLlmControls(RooflineState& state);

    std::vector<std::string> m_modelIds;
    std::array<DevicePicker, RooflineState::maxDevices + 1> m_pickers;
    /// The page's lesson contract: the sliders' ranges come from it.
    labs::guided::PageContract m_contract = labs::guided::contractOf("roofline");
};

} // namespace accelscope::gui::roofline
