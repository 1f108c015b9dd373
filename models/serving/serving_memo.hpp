// SPDX-License-Identifier: MIT
// A purchase memo in Markdown: the ranked plan, and for every number its source or formula.
#pragma once

#include "models/serving/serving_plan.hpp"

#include <string>
#include <vector>

namespace accelscope::models::serving {

/// "memory_gb = 80 GB — NVIDIA H100 datasheet, https://…, table row (2023-03)", or "(derived: formula)", or
/// "…: not in the catalog": one catalog figure with its source, for memos.
std::string catalogFigureLine(const catalog::Device& device, catalog::FigureKey key);

/// The memo for `rows` (the first `maxRows` that fit, then the first that does not): request,
/// ranked table, the catalog figures each row rests on with their sources (URL and where) or
/// formulas, the efficiencies with their calibration residuals, and the model's assumptions.
std::string purchaseMemo(const roofline::TransformerConfig& config, const ServingRequest& request,
                         const std::vector<PlanRow>& rows, const EfficiencyTable& table, std::size_t maxRows = 10);

} // namespace accelscope::models::serving
