// SPDX-License-Identifier: MIT
// A training run's time, device-hours, cost and energy from a step estimate, and the fewest devices that train N tokens
// by a deadline (the step model's best layout at each count).
#pragma once

#include "models/system/step/training_search.hpp"

#include <atomic>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace accelscope::models::system {

/// What a run of `tokens` costs at one layout's throughput.
struct TrainingRunCost {
    double tokens = 0;
    double seconds = 0;
    double days = 0;
    double deviceHours = 0;
    std::optional<double> usd;            ///< device-hours x the catalog's cloud $/device-hour
    std::string priceBasis;               ///< "cloud $/device-hour (2026-01)"
    std::optional<double> acceleratorMwh; ///< devices x TDP x time (accelerators only: hosts, network and cooling not included)
    std::vector<std::string> flags;       ///< a missing price or TDP
};

/// The run at `estimate`'s tokens/s on `estimate.devices` devices of `device`. tokens > 0.
TrainingRunCost trainingRunCost(const TrainingStepEstimate& estimate, const catalog::Device& device, double tokens);

/// "1T tokens in 28.2 days: 216,700 device-hours, $1,065,368.68 (cloud $/device-hour (2024-12)), 151.7 MWh of accelerator
/// energy (TDP x time)": one line for both faces.
std::string runCostText(const TrainingRunCost& cost);

/// "1T tokens", "15.6B tokens", "300,000 tokens": as training runs are spoken of.
std::string tokensText(double tokens);

/// One device count tried by the deadline search.
struct DeadlineTry {
    int devices = 0;
    std::optional<double> days; ///< the best layout's time; nothing: no layout fits
};

struct DeadlineResult {
    int devices = 0;                     ///< 0: no count up to the limit meets the deadline
    std::optional<TrainingStepEstimate> best;
    std::optional<Fabric> fabric;
    std::optional<TrainingRunCost> cost;
    std::vector<DeadlineTry> tried;
};

/// The fewest devices, in whole scale-up domains doubling (1, 2, 4 … nodes; below one node 1, 2, 4 … devices), whose best
/// layout trains `tokens` within `days`; up to `maxDevices`. `search.devices` is ignored. `cancel` stops between counts
/// (devices stays 0).
Result<DeadlineResult> devicesForDeadline(const roofline::TransformerConfig& model, const catalog::Device& device,
                                          std::span<const catalog::Device> catalog, const TrainingSearch& search, double tokens,
                                          double days, int maxDevices, const std::atomic<bool>* cancel = nullptr);

} // namespace accelscope::models::system
