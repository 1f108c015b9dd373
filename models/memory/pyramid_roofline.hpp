// SPDX-License-Identifier: MIT
// A device's hierarchical roofline from its memory pyramid: one bandwidth roof per level that has a bandwidth.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/memory/memory_pyramid.hpp"
#include "models/roofline/hierarchical_roofline.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace accelscope::models::memory {

/// The pyramid's levels as the hierarchy needs them, fastest first. A level whose capacity is per
/// compute unit (registers, shared memory / L1 of a GPU) gets that capacity × `computeUnits` when
/// given (a kernel spread over every SM can keep that much there); other capacities as printed.
std::vector<roofline::HierarchyLevel> hierarchyLevels(const MemoryPyramid& pyramid, std::optional<double> computeUnits = std::nullopt);

/// A device's hierarchy: the levels it was built from and its roofs.
struct DeviceHierarchy {
    std::vector<roofline::HierarchyLevel> levels;
    roofline::HierarchicalRoofline roofline;
};

/// devicePyramid(device) under selectRoof(device, precision, sparsity, unit): one roof per level
/// with a bandwidth (L1/shared, L2, device memory, host link, scale-up link as the pyramid knows
/// them). Errors as selectRoof (unknown precision, no compute figure).
Result<DeviceHierarchy> deviceHierarchy(const catalog::Device& device, std::string_view precision,
                                        roofline::Sparsity sparsity = roofline::Sparsity::Dense,
                                        std::optional<roofline::ComputeUnit> unit = std::nullopt);

} // namespace accelscope::models::memory
