// SPDX-License-Identifier: MIT
// `accelscope-cli roofline --hierarchical`: a device's roofs per memory level and kernels placed on their level.
#pragma once

#include "models/memory/pyramid_roofline.hpp"
#include "models/roofline/kernels.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace accelscope::cli {

/// {"precision", "compute_tflops", "compute_figure", "roofs": [{"level", "label", "bandwidth_gbs",
///  "capacity_bytes", "ridge_flop_per_byte", "basis", "source"}], "skipped": [{"level", "label", "reason"}],
///  "kernels": [{"kernel", "shape", "working_set_bytes", "resident_level", "resident_label", "roof_level",
///  "roof_label", "bandwidth_gbs", "intensity_flop_per_byte", "attainable_tflops", "time_s", "bound", "note"}
///  or {"kernel", "shape", "problem"}]}
nlohmann::json hierarchyJson(const models::memory::DeviceHierarchy& hierarchy, const std::vector<models::roofline::KernelCost>& kernels);

/// The same as text: a roof table and, with kernels, a placement table.
std::string renderHierarchy(const models::memory::DeviceHierarchy& hierarchy, const std::vector<models::roofline::KernelCost>& kernels);

} // namespace accelscope::cli
