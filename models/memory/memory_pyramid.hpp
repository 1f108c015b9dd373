// SPDX-License-Identifier: MIT
// The memory pyramid of a device or of the local CPU: capacity, bandwidth and latency per level, each sourced.
#pragma once

#include "models/catalog/device.hpp"
#include "models/memory/memory_hierarchy.hpp"
#include "models/roofline/ceilings.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::memory {

/// A number with where it comes from; `value` is empty when Basis::Unknown.
struct SourcedValue {
    std::optional<double> value;
    roofline::Basis basis = roofline::Basis::Unknown;
    std::string source;  ///< figure key, document (URL + table), paper (table, clock) and formula inputs, or why it is unknown
    std::string formula = {}; ///< for a computed figure, the formula over the named inputs in `source`; else empty
};

/// One level, fastest first. Capacities in bytes, bandwidth in GB/s (10^9 B/s), latency in ns.
struct PyramidLevel {
    roofline::MemoryLevel level = roofline::MemoryLevel::DeviceMemory;
    std::string label;   ///< "Register file", "HBM3", "PCIe 5.0 x16"
    std::string scope;   ///< what one capacity covers: "per SM", "per device", "per instance (x8)"
    SourcedValue capacityBytes;
    SourcedValue bandwidthGBps;
    SourcedValue latencyNs;
};

/// All levels of one device or machine, fastest first.
struct MemoryPyramid {
    std::string subject; ///< device id or "local machine"
    std::string name;
    std::vector<PyramidLevel> levels;
};

/// Pyramid of a catalog device: the on-chip levels (registers, shared memory/L1/LDS, L2,
/// last-level cache) and the device-memory latency from `hierarchy` (data/memory/hierarchy.json:
/// sourced, derived or measured-in-paper figures, or unknown with why), else the catalog's on-chip
/// figure; device memory capacity and bandwidth, host link and scale-up link from the catalog.
/// Host DRAM, local NVMe and the network are system properties, listed as unknown.
MemoryPyramid devicePyramid(const catalog::Device& device, const MemoryHierarchy& hierarchy);

/// devicePyramid with the bundled hierarchy (parsed on every call: callers that draw every frame
/// keep a parsed MemoryHierarchy and use the overload above). If the bundled file does not parse,
/// the on-chip levels fall back to the catalog and say why.
MemoryPyramid devicePyramid(const catalog::Device& device);

/// Which lab measures `device`'s levels on this machine, as a sentence ("the cuda-latency lab …"),
/// or why none does. CPUs: the cpu-latency and cpu-memory-bandwidth labs; NVIDIA GPUs: the
/// cuda-latency and cuda-bandwidth labs (CUDA builds only); other devices: none.
std::string measuringLab(const catalog::Device& device);

/// One CPU cache level as the caller read it (the CLI gets it from hwloc through labs::machine).
struct LocalCache {
    int level = 0;
    std::string type;           ///< "data", "instruction", "unified"
    std::uint64_t sizeBytes = 0; ///< per instance
    int instances = 0;
};

/// The local machine as data (the model layer does not call hwloc).
struct LocalMachine {
    std::string cpuModel;
    std::vector<LocalCache> caches;
    std::uint64_t memoryBytes = 0;
    std::string topologySource;  ///< "hwloc 2.9.0"
};

/// Pyramid of the local CPU: data/unified caches per level, then host DRAM; capacities sourced
/// from `topologySource`, bandwidth and latency unknown (the CPU labs measure them).
MemoryPyramid localPyramid(const LocalMachine& machine);

} // namespace accelscope::models::memory
