// SPDX-License-Identifier: MIT
// Slide figures of the step model: where one training step's time goes (a stacked bar of its parts, then each
// operator of one micro-batch on the slowest stage), and the same for one serving engine step.
#pragma once

#include "models/figure/figure.hpp"
#include "models/system/step/serving_step.hpp"
#include "models/system/step/training_step.hpp"

#include <string>

namespace accelscope::models::system {

/// The training step of `estimate` (made with details) for `modelName` on `deviceName`.
figure::Figure trainingStepFigure(const TrainingStepEstimate& estimate, const std::string& modelName, const std::string& deviceName,
                                  bool dark);

/// One serving replica's steady engine step.
figure::Figure servingStepFigure(const ServingSteadyState& state, const std::string& modelName, const std::string& deviceName, bool dark);

} // namespace accelscope::models::system
