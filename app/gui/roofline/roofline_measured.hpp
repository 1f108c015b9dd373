// SPDX-License-Identifier: MIT
// The measured kernels of this machine (the cpu-kernels lab) as points over its measured roofline.
#pragma once

#include "app/gui/canvas/scene.hpp"
#include "app/gui/roofline/roofline_axes.hpp"
#include "labs/measured/measured_roofline.hpp"

#include <string>

namespace accelscope::gui::roofline {

/// One filled square per measured kernel at (its intensity, its measured GFLOP/s), a hollow circle
/// at its predicted GFLOP/s on the same intensity, joined by a thin line; hovering either gives the
/// kernel, predicted and measured time, their ratio and the bound. Labels the points where they fit.
void addMeasuredKernels(Scene& scene, const RooflineAxes& axes, const labs::MeasuredRoofline& measured, bool dark);

/// The tooltip of a measured kernel.
std::string measuredKernelTip(const labs::MeasuredKernel& kernel, const std::string& machine);

} // namespace accelscope::gui::roofline
