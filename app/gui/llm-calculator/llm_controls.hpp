// SPDX-License-Identifier: MIT
// The LLM calculator's controls: mode, model, formats, layout sliders and the bar devices (ImGui).
#pragma once

#include "labs/guided/page_contracts.hpp"

#include "app/gui/canvas/device_picker.hpp"
#include "models/memory/llm_memory_plan.hpp"

#include <array>
#include <string>
#include <vector>

namespace accelscope::gui::llm {

/// Turns input into models::memory::LlmMemorySettings and the list of bar devices.
class LlmControls {
public:
    static constexpr std::size_t maxBars = 4;

    LlmControls();
    /// Draws the controls and edits `settings`; returns the bar devices the user asked for when they
    /// changed (the caller filters them), else the unchanged list.
    std::vector<std::string> draw(models::memory::LlmMemorySettings& settings, const std::vector<models::catalog::Device>& catalog,
                                  const std::vector<std::string>& bars);

private:
    void drawModelAndFormats(models::memory::LlmMemorySettings& settings);
    void drawLayout(models::memory::LlmMemorySettings& settings);
    std::vector<std::string> drawBarPickers(const std::vector<models::catalog::Device>& catalog, std::vector<std::string> bars);

    std::vector<std::string> m_modelIds;
    std::array<DevicePicker, maxBars + 1> m_pickers;
    /// The page's lesson contract: the sliders' ranges come from it.
    labs::guided::PageContract m_contract = labs::guided::contractOf("llm-calculator");
};

} // namespace accelscope::gui::llm
