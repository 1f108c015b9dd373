// SPDX-License-Identifier: MIT
// Printing a measured roofline and a measured pyramid (labs/measured) as JSON and as text.
#pragma once

#include "labs/measured/measured_pyramid.hpp"
#include "labs/measured/measured_roofline.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace accelscope::cli {

/// {"name", "source", "compute_ceiling_gflops", "memory_ceiling_gbs", "ridge_flop_per_byte",
///  "points": [{"intensity_flop_per_byte", "gflops", "compute_ceiling_share"}],
///  "kernels": [{"key", "title", "flops", "bytes", "intensity_flop_per_byte", "measured_s", "predicted_s",
///  "measured_gflops", "predicted_gflops", "measured_over_predicted", "bound"}] (cpu-kernels results)}
/// With `device`, each point also has "device_peak_share" and "device_roof_share" (labs::datasheetShare
/// against the device's `precision` roofs; null when the device lacks the figure), and the document
/// "device" and "precision"; the text adds two columns.
nlohmann::json measuredRooflineJson(const labs::MeasuredRoofline& roofline, const models::catalog::Device* device = nullptr,
                                    const std::string& precision = "fp32");
std::string renderMeasuredRoofline(const labs::MeasuredRoofline& roofline, const models::catalog::Device* device = nullptr,
                                   const std::string& precision = "fp32");

/// {"name", "move_bytes", "levels": [{"level", "working_set_bytes", "latency_ns", "bandwidth_gbs",
/// "move_seconds"}]}: move_seconds is the time to stream `moveBytes` at the level's bandwidth; a
/// figure that was not measured is null.
nlohmann::json measuredPyramidJson(const labs::MeasuredPyramid& pyramid, double moveBytes);
std::string renderMeasuredPyramid(const labs::MeasuredPyramid& pyramid, double moveBytes);

} // namespace accelscope::cli
