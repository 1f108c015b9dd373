// SPDX-License-Identifier: MIT
// The serving planner on the step model: every accelerator of the catalog x device count x tensor-parallel layout
// (replicas of TP devices inside the scale-up domain), each replica's steady state, ranked by $/M tokens where the
// catalog has a price, else by tokens/s per device.
#pragma once

#include "models/system/step/serving_step.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace accelscope::models::system {

/// One device at its best layout for one count.
struct ServingPlanRow {
    const catalog::Device* device = nullptr;
    int count = 0;
    int tp = 1;
    int replicas = 1;
    std::optional<ServingSteadyState> state; ///< nothing: no layout runs (`problem` says why)
    double tokensPerS = 0;                   ///< all replicas
    std::optional<double> usdPerHour;        ///< count x the catalog's cloud $/device-hour
    std::optional<double> usdPerMillionTokens;
    std::string problem;
};

struct ServingSearch {
    ServingSpec spec;                        ///< weights, KV, engine caps (tp is searched)
    ServingLoad load;
    std::vector<int> counts{1, 2, 4, 8, 16, 32, 64};
    std::optional<double> targetTokensPerS;  ///< rows below it are dropped
};

/// Every accelerator of `catalog` (serving::isAccelerator) at each count: the TP (power of two, dividing the count,
/// inside the scale-up domain) with the most tokens/s; one row per device, its best count by $/M tokens (or tokens/s per
/// device without a price), ranked; devices that run nothing at the end with their reason.
std::vector<ServingPlanRow> planServingOnSteps(const roofline::TransformerConfig& model, std::span<const catalog::Device> catalog,
                                               const ServingSearch& search);

} // namespace accelscope::models::system
