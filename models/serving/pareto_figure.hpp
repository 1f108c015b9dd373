// SPDX-License-Identifier: MIT
// The Serving planner's Pareto chart as a slide figure, a pure function of the planner's rows: each device's
// frontier (tokens/s per device against tokens/s per user) with its calibration band as dashed bounds, legend,
// statistics, sources. The page's "Export figure" and `accelscope-cli serve plan … --svg`.
#pragma once

#include "models/figure/figure.hpp"
#include "models/serving/serving_plan.hpp"

#include <string>

#include <vector>

namespace accelscope::models::serving {

/// One device's frontier as the chart draws it (servingFrontier).
struct FrontierCurve {
    std::string deviceId;
    std::string label;     ///< "8 x NVIDIA H100 SXM5 80GB"
    std::vector<FrontierPoint> points;
};

/// The frontier of the first `maxCurves` distinct devices that fit in `rows`, at their ranked count.
std::vector<FrontierCurve> frontierCurves(const roofline::TransformerConfig& config, const ServingRequest& request,
                                          const std::vector<PlanRow>& rows, const EfficiencyTable& table, std::size_t maxCurves = 4);


/// The figure of `curves` (what `serve estimate --frontier` prints per device).
figure::Figure paretoFigure(const std::vector<FrontierCurve>& curves, bool dark);

} // namespace accelscope::models::serving
