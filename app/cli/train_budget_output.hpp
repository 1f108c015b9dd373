// SPDX-License-Identifier: MIT
// `train plan --tokens N [--days D]`: a training run's time, device-hours, cost and energy, and the fewest devices that
// meet a deadline, as JSON and as text.
#pragma once

#include "app/cli/cli_context.hpp"
#include "models/system/step/training_budget.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace accelscope::cli {

nlohmann::json runCostJson(const models::system::TrainingRunCost& cost);

/// The deadline search's answer: JSON with the count, the layout (as `layoutJson` gives it), the run and the counts tried.
ExitCode printDeadline(const CliContext& ctx, const models::system::DeadlineResult& r, const nlohmann::json& model, const std::string& device,
                       const nlohmann::json& layout, const std::string& layoutName, double tokens, double days);

} // namespace accelscope::cli
