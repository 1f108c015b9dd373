// SPDX-License-Identifier: MIT
// The hierarchical roofline: roofs per memory level and the level a kernel's working set lives in.
#include "models/roofline/hierarchical_roofline.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>

namespace accelscope::models::roofline {
namespace {

/// Levels a working set can live in (caches and memories); registers hold no kernel's inputs, and
/// links, NVMe and the network are paths, not places the kernel reads from repeatedly.
bool holdsWorkingSet(MemoryLevel level)
{
    return level == MemoryLevel::SharedL1 || level == MemoryLevel::L2 || level == MemoryLevel::DeviceMemory ||
           level == MemoryLevel::HostMemory;
}

/// The index into `roofs` of the first roof of `level`, or nullopt.
std::optional<std::size_t> roofIndex(const HierarchicalRoofline& r, MemoryLevel level)
{
    for (std::size_t i = 0; i < r.roofs.size(); ++i) {
        if (r.roofs[i].level == level) return i;
    }
    return std::nullopt;
}

/// The index into `roofs` of the roof built from levels[levelIndex], or nullopt.
std::optional<std::size_t> roofOfLevel(const HierarchicalRoofline& r, std::size_t levelIndex)
{
    for (std::size_t i = 0; i < r.roofs.size(); ++i) {
        if (r.roofs[i].levelIndex == levelIndex) return i;
    }
    return std::nullopt;
}

} // namespace

HierarchicalRoofline hierarchicalRoofline(std::string deviceId, std::string deviceName, const ComputeCeiling& compute,
                                          std::span<const HierarchyLevel> levels)
{
    HierarchicalRoofline out{std::move(deviceId), std::move(deviceName), compute, {}, {}};
    for (std::size_t i = 0; i < levels.size(); ++i) {
        const HierarchyLevel& l = levels[i];
        if (!l.bandwidthGBps || *l.bandwidthGBps <= 0) {
            out.skipped.push_back({l.level, l.label, l.source.empty() ? std::string("no bandwidth figure") : l.source});
            continue;
        }
        out.roofs.push_back({l.level, l.label, *l.bandwidthGBps, l.capacityBytes, l.basis, l.source,
                             ridgeFlopPerByte(compute.peakTflops, *l.bandwidthGBps), i});
    }
    return out;
}

HierarchicalRoofline dramOnly(const HierarchicalRoofline& roofline)
{
    HierarchicalRoofline out = roofline;
    std::erase_if(out.roofs, [](const LevelRoof& r) { return r.level != MemoryLevel::DeviceMemory && r.level != MemoryLevel::HostMemory; });
    // A CPU's DRAM is its device memory; a GPU's host DRAM has no roof of its own (the host link is its path).
    const bool hasDevice = std::ranges::any_of(out.roofs, [](const LevelRoof& r) { return r.level == MemoryLevel::DeviceMemory; });
    if (hasDevice) std::erase_if(out.roofs, [](const LevelRoof& r) { return r.level == MemoryLevel::HostMemory; });
    return out;
}

double workingSetBytes(const KernelCost& cost) { return cost.workingSetBytes > 0 ? cost.workingSetBytes : cost.bytes; }

Result<LevelPlacement> placeOnHierarchy(const HierarchicalRoofline& roofline, std::span<const HierarchyLevel> levels,
                                        const KernelCost& cost, double peakTflops)
{
    if (!(cost.bytes > 0)) return fail(ErrorCode::InvalidArgument, cost.name + ": no bytes moved, so no level to place it against");
    const double ws = workingSetBytes(cost);
    // The resident level: the fastest level that holds the working set.
    std::optional<std::size_t> resident;
    for (std::size_t i = 0; i < levels.size() && !resident; ++i) {
        // A private level (one SM's L1) counts with one unit's capacity: a tile lives in one SM.
        const std::optional<double> capacity = levels[i].capacityPerUnitBytes ? levels[i].capacityPerUnitBytes : levels[i].capacityBytes;
        if (holdsWorkingSet(levels[i].level) && capacity && ws <= *capacity) resident = i;
    }
    LevelPlacement out;
    out.workingSetBytes = ws;
    std::optional<std::size_t> roof;
    if (!resident) {
        // Larger than every capacity: a device with a host link streams it from host memory over the link.
        if (const auto link = roofIndex(roofline, MemoryLevel::HostLink)) {
            out.resident = MemoryLevel::HostMemory;
            out.residentLabel = "host memory";
            roof = link;
            out.note = quantityText(ws, "B") + " is larger than every level's capacity: it streams from host memory over the host link";
        } else {
            return fail(ErrorCode::NotFound, roofline.deviceName + ": a working set of " + quantityText(ws, "B") +
                                                 " is larger than every level whose capacity is known, and there is no host link roof");
        }
    } else {
        out.resident = levels[*resident].level;
        out.residentLabel = levels[*resident].label;
        // Its own roof, else the next slower level with one (streaming from there is slower: a pessimistic bound).
        for (std::size_t i = *resident; i < levels.size() && !roof; ++i) {
            if (!holdsWorkingSet(levels[i].level) && i != *resident) continue;
            roof = roofOfLevel(roofline, i);
            if (roof && i != *resident) {
                out.note = levels[*resident].label + " has no bandwidth figure; placed against " + levels[i].label +
                           " (a pessimistic bound)";
            }
        }
        if (!roof) {
            return fail(ErrorCode::NotFound, roofline.deviceName + ": no bandwidth figure for " + levels[*resident].label +
                                                 " or any slower level, so there is no roof to place " + cost.name + " against");
        }
    }
    out.roof = *roof;
    out.bound = boundOn(cost, peakTflops > 0 ? peakTflops : roofline.compute.peakTflops, roofline.roofs[*roof].bandwidthGBps);
    // No kernel on an accelerator finishes faster than its launch: tiny kernels sit below every roof.
    if (roofIndex(roofline, MemoryLevel::HostLink) && out.bound.timeS < kernelLaunchFloorS) {
        const std::string roofTime = quantityText(out.bound.timeS, "s", 3);
        out.bound.timeS = kernelLaunchFloorS;
        out.bound.attainableTflops = cost.flops / kernelLaunchFloorS / 1e12;
        out.launchBound = true;
        out.note += std::string(out.note.empty() ? "" : "; ") + "the roofs allow " + roofTime + ", but a kernel takes at least " +
                    quantityText(kernelLaunchFloorS, "s", 3) + " from launch to completion: placed at FLOPs / " + quantityText(kernelLaunchFloorS, "s", 3);
    }
    return out;
}

} // namespace accelscope::models::roofline
