// SPDX-License-Identifier: MIT
// The memo a manager forwards: summary and recommendation first, then the load and objective, the sized deployment per
// candidate (devices, layout, monthly cost, capex, kW, nodes), the accuracy from held-out error, assumptions, date and
// version, and the sources of every catalog figure it rests on. Markdown (the GUI also prints it to PDF).
#pragma once

#include "models/system/step/serving_sizing.hpp"

#include <string>
#include <vector>

namespace accelscope::models::system {

struct MemoContext {
    std::string date;    ///< "2026-11-28"
    std::string version; ///< "accelscope 0.9.0"
    std::string command; ///< the `accelscope-cli serve size …` that reproduces it
};

/// The memo for `rows` as sizeServing ranked them for `request`.
std::string sizingMemo(const roofline::TransformerConfig& model, const SizingRequest& request, const std::vector<SizedDeployment>& rows,
                       const MemoContext& context);

} // namespace accelscope::models::system
