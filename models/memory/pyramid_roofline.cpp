// SPDX-License-Identifier: MIT
// A device's hierarchical roofline from its memory pyramid.
#include "models/memory/pyramid_roofline.hpp"

#include "models/common/number_text.hpp"
#include "models/roofline/roof_selection.hpp"

namespace accelscope::models::memory {

using roofline::MemoryLevel;

std::vector<roofline::HierarchyLevel> hierarchyLevels(const MemoryPyramid& pyramid, std::optional<double> computeUnits)
{
    std::vector<roofline::HierarchyLevel> out;
    for (const auto& l : pyramid.levels) {
        roofline::HierarchyLevel h{l.level, l.label, l.capacityBytes.value, l.bandwidthGBps.value, l.bandwidthGBps.basis,
                                   l.bandwidthGBps.source, l.capacityBytes.source, std::nullopt};
        const bool perUnit = l.level == MemoryLevel::Registers || l.level == MemoryLevel::SharedL1;
        if (perUnit && h.capacityBytes && computeUnits && *computeUnits > 0 && pyramid.subject != "local") {
            h.capacityPerUnitBytes = h.capacityBytes; // a working set lives there only if one unit holds it
            h.capacityBytes = *h.capacityBytes * *computeUnits;
            h.capacitySource = l.scope + " capacity x " + exactText(*computeUnits) + " compute units (catalog compute_units); " + h.capacitySource;
        }
        out.push_back(std::move(h));
    }
    return out;
}

Result<DeviceHierarchy> deviceHierarchy(const catalog::Device& device, std::string_view precision, roofline::Sparsity sparsity,
                                        std::optional<roofline::ComputeUnit> unit)
{
    auto compute = roofline::selectRoof(device, precision, sparsity, unit);
    if (!compute) return std::unexpected(compute.error());
    DeviceHierarchy out;
    out.levels = hierarchyLevels(devicePyramid(device), device.value(catalog::FigureKey::ComputeUnits));
    out.roofline = roofline::hierarchicalRoofline(device.id, device.name, *compute, out.levels);
    return out;
}

} // namespace accelscope::models::memory
