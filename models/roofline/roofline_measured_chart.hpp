// SPDX-License-Identifier: MIT
// The measured kernels of this machine (the cpu-kernels lab) as points over its measured roofline.
#pragma once

#include "models/figure/chart_canvas.hpp"
#include "models/roofline/roofline_axes.hpp"
#include "models/roofline/measured_roofs.hpp"

#include <string>

namespace accelscope::models::roofline {

/// One filled square per measured kernel at (its intensity, its measured GFLOP/s), a hollow circle
/// at its predicted GFLOP/s on the same intensity, joined by a thin line; hovering either gives the
/// kernel, predicted and measured time, their ratio and the bound. Labels the points where they fit.
void addMeasuredKernels(figure::ChartCanvas& scene, const RooflineAxes& axes, const MeasuredRoofline& measured, bool dark);

/// The tooltip of a measured kernel.
std::string measuredKernelTip(const MeasuredKernel& kernel, const std::string& machine);

} // namespace accelscope::models::roofline
