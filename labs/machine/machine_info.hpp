// SPDX-License-Identifier: MIT
// Description of the machine a lab runs on: CPU, caches (from hwloc), memory, OS, compiler.
#pragma once

#include "models/common/result.hpp"
#include "models/memory/memory_pyramid.hpp"

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

/// The machine's caches and memory as the model's local machine, and that as a memory pyramid (the Memory pyramid
/// page's "this machine" and `memory pyramid --local`).
models::memory::LocalMachine localMachineOf(const MachineInfo& info);
models::Result<models::memory::MemoryPyramid> localMemoryPyramid();

/// Bytes of every data and unified cache (size × instances); what a working set must exceed to
/// be served from DRAM.
std::uint64_t dataCacheBytes(const MachineInfo& info);

/// Which level of the hierarchy serves a streamed working set, for labels: the first data cache
/// whose capacity for `threads` threads (per-core caches count once per thread, shared ones once)
/// is at least twice the working set; DRAM from 4x the last cache's capacity; in between, a mix
/// that is named as such (clean = false), never called DRAM.
struct WorkingSetLevel {
    std::string name;   ///< "L1", "L2", "L3", "DRAM" or "L3 and DRAM"
    bool clean = false; ///< true when one level serves the whole working set
    std::string reason; ///< e.g. "working set 1.9 GiB is 4x or more the 480 MiB L3"
};
WorkingSetLevel workingSetLevel(const MachineInfo& info, std::uint64_t workingSetBytes, int threads);

/// The clock /proc/cpuinfo reports for the first CPU in MHz (nominal under virtualisation, not
/// measured under load); 0 when unknown.
double reportedCpuMhz();

} // namespace accelscope::labs::machine
