// SPDX-License-Identifier: MIT
// The LLM calculator's training layouts: the TP/PP/DP/ZeRO search on the first bar device, as an ImGui table.
#pragma once

#include "models/memory/llm_memory_plan.hpp"
#include "models/serving/training_plan.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::gui::llm {

/// What models::serving::planTraining says for the calculator's model, sequence, micro-batch and
/// weight format on `devices` × one device (the count the page's layout uses: TP × PP × DP).
class TrainingLayouts {
public:
    /// The plan for these settings on `device`, cached until either changes; an error in words.
    const models::Result<models::serving::TrainingPlan>& plan(const models::memory::LlmMemorySettings& settings,
                                                              const models::catalog::Device& device);
    /// Draws the summary line and the first `rows` layouts (ImGui).
    void draw(const models::memory::LlmMemorySettings& settings, const models::catalog::Device& device, int rows = 8);

private:
    std::optional<models::memory::LlmMemorySettings> m_for;
    std::string m_deviceId;
    models::Result<models::serving::TrainingPlan> m_plan = models::fail(models::ErrorCode::NotFound, "no plan yet");
    std::optional<models::serving::EfficiencyTable> m_efficiencies;
};

} // namespace accelscope::gui::llm
