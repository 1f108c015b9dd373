// SPDX-License-Identifier: MIT
// hwloc topology → MachineInfo.
#include "labs/machine/machine_info.hpp"

#include "models/common/number_text.hpp"

#include "accelscope/config.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <hwloc.h>
#include <sys/utsname.h>

#include <memory>

namespace accelscope::labs::machine {
namespace {

using models::ErrorCode;
using models::fail;

struct TopologyDeleter {
    void operator()(hwloc_topology_t topology) const { hwloc_topology_destroy(topology); }
};
using Topology = std::unique_ptr<hwloc_topology, TopologyDeleter>;

const char* cacheTypeName(hwloc_obj_cache_type_e type)
{
    switch (type) {
    case HWLOC_OBJ_CACHE_DATA: return "data";
    case HWLOC_OBJ_CACHE_INSTRUCTION: return "instruction";
    default: return "unified";
    }
}

void collectCaches(hwloc_topology_t topology, MachineInfo& info)
{
    constexpr hwloc_obj_type_t levels[] = {HWLOC_OBJ_L1CACHE, HWLOC_OBJ_L2CACHE, HWLOC_OBJ_L3CACHE,
                                           HWLOC_OBJ_L4CACHE, HWLOC_OBJ_L5CACHE};
    for (const hwloc_obj_type_t type : levels) {
        const int count = hwloc_get_nbobjs_by_type(topology, type);
        if (count <= 0) continue;
        const hwloc_obj_t first = hwloc_get_obj_by_type(topology, type, 0);
        info.caches.push_back(CacheLevel{static_cast<int>(first->attr->cache.depth),
                                         cacheTypeName(first->attr->cache.type),
                                         static_cast<std::uint64_t>(first->attr->cache.size), count,
                                         static_cast<int>(first->attr->cache.linesize)});
    }
}

} // namespace

models::Result<MachineInfo> describeLocalMachine()
{
    hwloc_topology_t raw = nullptr;
    if (hwloc_topology_init(&raw) != 0) {
        return fail(ErrorCode::Unsupported, "hwloc: cannot initialise a topology");
    }
    Topology topology(raw);
    if (hwloc_topology_load(raw) != 0) {
        return fail(ErrorCode::Unsupported, "hwloc: cannot load the machine topology");
    }
    MachineInfo info;
    info.packages = hwloc_get_nbobjs_by_type(raw, HWLOC_OBJ_PACKAGE);
    info.physicalCores = hwloc_get_nbobjs_by_type(raw, HWLOC_OBJ_CORE);
    info.logicalCpus = hwloc_get_nbobjs_by_type(raw, HWLOC_OBJ_PU);
    if (const hwloc_obj_t package = hwloc_get_obj_by_type(raw, HWLOC_OBJ_PACKAGE, 0)) {
        if (const char* model = hwloc_obj_get_info_by_name(package, "CPUModel")) info.cpuModel = model;
    }
    info.memoryBytes = hwloc_get_root_obj(raw)->total_memory;
    collectCaches(raw, info);
    utsname name{};
    if (uname(&name) == 0) info.os = std::string(name.sysname) + " " + name.release;
    // The measuring loops are built with -O2 whatever the build type (labs/CMakeLists.txt).
    info.compiler = std::string("g++ ") + __VERSION__ + "; build " + ACCELSCOPE_BUILD_FLAGS + "; measuring loops -O2";
    info.topologySource = std::string("hwloc ") + HWLOC_VERSION;
    return info;
}

std::uint64_t dataCacheBytes(const MachineInfo& info)
{
    std::uint64_t total = 0;
    for (const auto& c : info.caches) {
        if (c.type != "instruction") total += c.sizeBytes * static_cast<std::uint64_t>(c.instances);
    }
    return total;
}

namespace {
std::string bytes(std::uint64_t n) { return models::quantityText(static_cast<double>(n), "B", 4, models::UnitPrefix::Binary); }
} // namespace

WorkingSetLevel workingSetLevel(const MachineInfo& info, std::uint64_t workingSetBytes, int threads)
{
    std::vector<CacheLevel> data;
    for (const auto& c : info.caches) {
        if (c.type != "instruction" && c.sizeBytes > 0) data.push_back(c);
    }
    std::ranges::sort(data, {}, &CacheLevel::level);
    const std::string size = bytes(workingSetBytes);
    std::uint64_t capacity = 0;
    std::string last;
    for (const auto& c : data) {
        capacity = c.sizeBytes * static_cast<std::uint64_t>(std::clamp(threads, 1, std::max(c.instances, 1)));
        last = "L" + std::to_string(c.level);
        if (2 * workingSetBytes <= capacity) {
            return {last, true, "working set " + size + " fits in half of the " + bytes(capacity) +
                                    " of " + last + " that " + std::to_string(threads) + " thread(s) use"};
        }
    }
    if (data.empty()) return {"DRAM", false, "hwloc reports no data cache, so the level is a guess"};
    const std::string lastText = bytes(capacity) + " " + last;
    if (workingSetBytes >= 4 * capacity) return {"DRAM", true, "working set " + size + " is 4x or more the " + lastText};
    return {last + " and DRAM", false,
            "working set " + size + " is between half and 4x the " + lastText + ": part of it is served by " + last +
                ", so this is not a DRAM figure (raise the array size)"};
}

double reportedCpuMhz()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("cpu MHz", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) return std::strtod(line.c_str() + colon + 1, nullptr);
        }
    }
    return 0.0;
}

models::memory::LocalMachine localMachineOf(const MachineInfo& info)
{
    models::memory::LocalMachine m{info.cpuModel, {}, info.memoryBytes, info.topologySource};
    for (const auto& c : info.caches) m.caches.push_back({c.level, c.type, c.sizeBytes, c.instances});
    return m;
}

models::Result<models::memory::MemoryPyramid> localMemoryPyramid()
{
    const auto info = describeLocalMachine();
    if (!info) return std::unexpected(info.error());
    return models::memory::localPyramid(localMachineOf(*info));
}

} // namespace accelscope::labs::machine
