// SPDX-License-Identifier: MIT
// The serving planner: catalog devices × counts × layouts, ranked by cost, devices or power.
#pragma once

#include "models/catalog/device.hpp"
#include "models/serving/serving_model.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::serving {

/// What the ranking orders by (ties: fewer devices, then more tokens/s, then the device id). Cost:
/// rows priced from a cloud $/hour first, then rows priced from an amortised list price (not
/// comparable with an all-in cloud rate), then rows without a price.
enum class PlanOrder { Cost, Devices, Power };

std::optional<PlanOrder> planOrderFromName(std::string_view name);

/// Planner options.
struct PlanOptions {
    std::vector<int> counts{1, 2, 4, 8, 16, 32, 64}; ///< device counts tried per device
    bool allKinds = false;            ///< false: accelerators only (no CPUs, SoCs, boards or systems)
    std::optional<double> targetTokensPerS; ///< rows below it are dropped
    PlanOrder order = PlanOrder::Cost;
    bool everyCount = false; ///< false: one row per device, the count that ranks best (ties: the fewest devices)
};

/// One row: a device, a count and its best layout; `problem` says why a device has no estimate.
struct PlanRow {
    const catalog::Device* device = nullptr;
    std::optional<ServingEstimate> estimate; ///< fits = false: the closest layout, no throughput
    std::string problem;                     ///< a format it cannot run, no figures, no layout meets the limits
};

/// Whether the planner considers `device` by default: a GPU, TPU, ASIC or NPU that is one package
/// (not a board or system row).
bool isAccelerator(const catalog::Device& device);

/// Every device × count that fits (and meets the target), ranked; then one row per device that fits
/// at no count (fits = false, with the bytes it needs and has); then devices that cannot run the
/// request (problem set). Deterministic.
std::vector<PlanRow> planServing(const roofline::TransformerConfig& config, const std::vector<catalog::Device>& devices,
                                 const ServingRequest& request, const EfficiencyTable& efficiencies,
                                 const PlanOptions& options);

} // namespace accelscope::models::serving
