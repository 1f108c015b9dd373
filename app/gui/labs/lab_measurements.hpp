// SPDX-License-Identifier: MIT
// Turns stored lab results into what the Roofline and Memory pyramid pages draw beside the
// datasheets ("show on roofline / pyramid").
#pragma once

#include "app/gui/memory/measured_pyramid.hpp"
#include "app/gui/roofline/measured_roofline.hpp"
#include "labs/lab.hpp"

#include <optional>
#include <vector>

namespace accelscope::gui {

/// The measured ceilings and sweep points of a cpu-roofline or cuda-roofline result; nothing for
/// other labs or a result without its ceilings.
std::optional<MeasuredRoofline> measuredRoofline(const labs::LabResult& result);

/// Per-level latency (cpu-latency) and single-thread bandwidth (cpu-memory-bandwidth sweep, read
/// at half of each cache's size; DRAM from the all-threads read kernel) of these results, matched
/// to the cache levels of the machine that made them. Nothing when no result is of those labs.
std::optional<MeasuredPyramid> measuredPyramid(const std::vector<labs::LabResult>& results);

} // namespace accelscope::gui
