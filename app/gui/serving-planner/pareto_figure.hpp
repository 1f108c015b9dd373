// SPDX-License-Identifier: MIT
// The Serving planner's Pareto chart as a slide figure: each device's frontier (tokens/s per device
// against tokens/s per user) with its calibration band as dashed bounds, legend, statistics, sources.
#pragma once

#include "app/gui/serving-planner/serving_chart.hpp"
#include "models/figure/figure.hpp"

#include <vector>

namespace accelscope::gui::serving {

/// The figure of `curves` (what `serve estimate --frontier` prints per device).
models::figure::Figure paretoFigure(const std::vector<FrontierCurve>& curves, bool dark);

} // namespace accelscope::gui::serving
