// SPDX-License-Identifier: MIT
// Printing a measured roofline and a measured pyramid (labs/measured) as JSON and as text.
#pragma once

#include "labs/measured/measured_pyramid.hpp"
#include "labs/measured/measured_roofline.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace accelscope::cli {

/// {"name", "source", "compute_ceiling_gflops", "memory_ceiling_gbs", "ridge_flop_per_byte",
///  "points": [{"intensity_flop_per_byte", "gflops", "compute_ceiling_share"}]}
nlohmann::json measuredRooflineJson(const labs::MeasuredRoofline& roofline);
std::string renderMeasuredRoofline(const labs::MeasuredRoofline& roofline);

/// {"name", "move_bytes", "levels": [{"level", "working_set_bytes", "latency_ns", "bandwidth_gbs",
/// "move_seconds"}]}: move_seconds is the time to stream `moveBytes` at the level's bandwidth; a
/// figure that was not measured is null.
nlohmann::json measuredPyramidJson(const labs::MeasuredPyramid& pyramid, double moveBytes);
std::string renderMeasuredPyramid(const labs::MeasuredPyramid& pyramid, double moveBytes);

} // namespace accelscope::cli
