// SPDX-License-Identifier: MIT
// Description of the machine a lab runs on: CPU, caches (from hwloc), memory, OS, compiler.
#pragma once

#include "models/common/result.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace accelscope::labs::machine {

/// One cache level as hwloc reports it.
struct CacheLevel {
    int level = 0;                ///< 1, 2, 3 …
    std::string type;             ///< "data", "instruction", "unified"
    std::uint64_t sizeBytes = 0;  ///< per instance, bytes (2^10 = KiB)
    int instances = 0;            ///< how many of this cache the machine has
    int lineBytes = 0;
};

/// What a lab result records about the machine.
struct MachineInfo {
    std::string cpuModel;
    int packages = 0;
    int physicalCores = 0;
    int logicalCpus = 0;
    std::vector<CacheLevel> caches;
    std::uint64_t memoryBytes = 0; ///< total host memory in bytes
    std::string os;                ///< kernel name and release
    std::string compiler;          ///< compiler that built this program
    std::string topologySource;    ///< "hwloc 2.9.0"; in a VM the cache sizes may be the hypervisor's
};

/// Reads the local topology with hwloc. Errors when hwloc cannot load the topology.
models::Result<MachineInfo> describeLocalMachine();

/// Bytes of every data and unified cache (size × instances); what a working set must exceed to
/// be served from DRAM.
std::uint64_t dataCacheBytes(const MachineInfo& info);

/// The clock /proc/cpuinfo reports for the first CPU in MHz (nominal under virtualisation, not
/// measured under load); 0 when unknown.
double reportedCpuMhz();

} // namespace accelscope::labs::machine
