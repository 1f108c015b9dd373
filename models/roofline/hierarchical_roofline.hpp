// SPDX-License-Identifier: MIT
// The hierarchical roofline: one compute roof and one bandwidth roof per memory level that has a
// bandwidth; a kernel is placed against the level its working set lives in.
#pragma once

#include "models/roofline/ceilings.hpp"
#include "models/roofline/kernels.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace accelscope::models::roofline {

/// One memory level as the hierarchy needs it (models/memory/pyramid_roofline fills these from a
/// memory pyramid). Capacity in bytes for the whole device (a per-SM figure already multiplied by
/// the SM count); bandwidth in GB/s (10^9 B/s). Either may be unknown.
struct HierarchyLevel {
    MemoryLevel level = MemoryLevel::DeviceMemory;
    std::string label;                     ///< "Shared memory / L1", "HBM3", "PCIe 5.0 x16"
    std::optional<double> capacityBytes;   ///< nullopt: unknown, or a link (no capacity)
    std::optional<double> bandwidthGBps;   ///< nullopt: no figure
    Basis basis = Basis::Unknown;          ///< of the bandwidth
    std::string source;                    ///< the bandwidth's source, or why it is unknown
    std::string capacitySource;            ///< the capacity's source or formula
    /// Private levels (registers, shared memory/L1): one compute unit's capacity. Each SM has its
    /// own, so a working set lives there only if one SM's share holds it all; 132 SMs' L1s are
    /// not one 33 MB cache. nullopt: the level is shared by the whole device (L2, HBM).
    std::optional<double> capacityPerUnitBytes;
};

/// A bandwidth roof of one level, with its ridge point under the hierarchy's compute roof.
struct LevelRoof {
    MemoryLevel level = MemoryLevel::DeviceMemory;
    std::string label;
    double bandwidthGBps = 0.0;
    std::optional<double> capacityBytes;
    Basis basis = Basis::Sourced;
    std::string source;
    double ridgeFlopPerByte = 0.0;         ///< 1000 × compute TFLOP/s ÷ GB/s
    std::size_t levelIndex = 0;            ///< index into the levels the hierarchy was built from
};

/// A level with no bandwidth figure: no roof is drawn for it; `reason` says why.
struct SkippedLevel {
    MemoryLevel level = MemoryLevel::DeviceMemory;
    std::string label;
    std::string reason;
};

/// One compute roof and a bandwidth roof per level that has a bandwidth, fastest level first.
struct HierarchicalRoofline {
    std::string deviceId;
    std::string deviceName;
    ComputeCeiling compute;                ///< the roof the ridges and placements use (selectRoof's pick)
    std::vector<LevelRoof> roofs;          ///< in the order of the levels given, i.e. fastest first
    std::vector<SkippedLevel> skipped;     ///< levels without a bandwidth figure, in order
};

/// Builds the hierarchy from `levels` (fastest first) under `compute`: every level with a positive
/// bandwidth becomes a roof, every other level is listed in `skipped` with its reason.
HierarchicalRoofline hierarchicalRoofline(std::string deviceId, std::string deviceName, const ComputeCeiling& compute,
                                          std::span<const HierarchyLevel> levels);

/// Only the device-memory (DRAM/HBM) roof of a hierarchy, for the page's "DRAM only" view.
HierarchicalRoofline dramOnly(const HierarchicalRoofline& roofline);

/// The bytes a kernel keeps live, which decide the level it streams from: cost.workingSetBytes
/// when the formula states it, else cost.bytes (minimal traffic reads each byte once, so the two agree).
double workingSetBytes(const KernelCost& cost);

/// A kernel placed on the hierarchy.
struct LevelPlacement {
    MemoryLevel resident = MemoryLevel::DeviceMemory; ///< the level its working set fits in
    std::string residentLabel;
    std::size_t roof = 0;                             ///< index into HierarchicalRoofline::roofs it is placed against
    double workingSetBytes = 0.0;
    KernelBound bound;
    std::string note;                                 ///< why the roof is not the resident level's, when it is not; the launch floor when it binds
    bool launchBound = false;                         ///< the kernel-launch floor, not a roof, sets its time
};

/// The least time one kernel on an accelerator takes, launch to completion, in seconds: 4 µs, the
/// per-kernel time the step model assumes inside a CUDA graph (models/system/step/kernel_parameters,
/// graph_kernel_overhead_us, basis "assumed"; launched eagerly its fit is 24 µs on H200 GEMM
/// microbenchmarks). A 256³ GEMM's 33.5 MFLOP at 989.5 TFLOP/s would take 34 ns: below this floor.
inline constexpr double kernelLaunchFloorS = 4e-6;

/// The level `cost`'s working set lives in, and its bound against that level's roof. The resident
/// level is the fastest cache or memory level (shared/L1, L2, device memory, host memory; not the
/// registers, not links) whose capacity holds the working set; past every capacity, a device with a
/// host link streams from host memory over that link. When the resident level has no roof the
/// kernel is placed against the next slower level that has one (a pessimistic bound; `note` says
/// so). `levels` are the same levels the hierarchy was built from. Error NotFound when no level at
/// or below the resident one has a bandwidth; InvalidArgument when the cost has no bytes.
/// `peakTflops` > 0 replaces the hierarchy's compute roof (a kernel in another format than the
/// hierarchy's precision runs under its own format's roof). A private level (registers,
/// shared/L1) holds the working set only within one unit's capacity (capacityPerUnitBytes). On an
/// accelerator (a hierarchy with a host link) the time is at least kernelLaunchFloorS: a kernel
/// that would finish sooner is placed at FLOPs ÷ floor, below its roof (`launchBound`, `note`).
Result<LevelPlacement> placeOnHierarchy(const HierarchicalRoofline& roofline, std::span<const HierarchyLevel> levels,
                                        const KernelCost& cost, double peakTflops = 0.0);

} // namespace accelscope::models::roofline
