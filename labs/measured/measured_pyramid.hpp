// SPDX-License-Identifier: MIT
// Memory levels measured on a machine (by the latency and bandwidth labs), to show beside its pyramid.
#pragma once

#include "models/memory/measured_levels.hpp"

#include "labs/lab.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::labs {

// The measured levels are data the pyramid chart draws: they live in models/memory.
using models::memory::MeasuredLevel;
using models::memory::MeasuredPyramid;

/// Per-level latency (cpu-latency) and single-thread bandwidth (cpu-memory-bandwidth sweep, read
/// at half of each cache's size; DRAM from the all-threads read kernel) of these results, matched
/// to the cache levels of the machine that made them. Nothing when no result is of those labs.
std::optional<MeasuredPyramid> measuredPyramid(const std::vector<LabResult>& results);

} // namespace accelscope::labs
