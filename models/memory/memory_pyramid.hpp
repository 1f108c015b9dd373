// SPDX-License-Identifier: MIT
// The memory pyramid of a device or of the local CPU: capacity, bandwidth and latency per level, each sourced.
#pragma once

#include "models/catalog/device.hpp"
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
    std::string source; ///< figure key, formula, document (URL + table) or why it is unknown
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

/// Pyramid of a catalog device: registers, shared memory/L1 per SM and L2 from the vendor's
/// architecture whitepaper (Volta GV100, Ampere GA100, Hopper GH100) or the catalog's on-chip
/// figure; device memory, host link and scale-up link from the catalog. Host DRAM, local NVMe and
/// the network are system properties, listed as unknown. No latency is printed in the datasheets,
/// so latencies stay unknown (measure them with the latency lab).
MemoryPyramid devicePyramid(const catalog::Device& device);

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
