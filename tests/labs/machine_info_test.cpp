// SPDX-License-Identifier: MIT
// The local machine description from hwloc is plausible.
#include "labs/machine/machine_info.hpp"

#include <catch2/catch.hpp>

TEST_CASE("hwloc describes at least one core, some memory and the caches in level order")
{
    const auto info = accelscope::labs::machine::describeLocalMachine();
    REQUIRE(info.has_value());
    CHECK(info->physicalCores >= 1);
    CHECK(info->logicalCpus >= info->physicalCores);
    CHECK(info->memoryBytes > 64ULL * 1024 * 1024);
    for (std::size_t i = 1; i < info->caches.size(); ++i) {
        CHECK(info->caches[i].level >= info->caches[i - 1].level);
    }
    CHECK_THAT(info->topologySource, Catch::StartsWith("hwloc "));
}

#include "labs/gpu/cuda_module.hpp"

TEST_CASE("probing for CUDA never fails hard and always says why", "[cuda]")
{
    using namespace accelscope::labs::gpu;
    const CudaProbe nowhere = probeCuda({});
    CHECK(nowhere.availability != CudaAvailability::Ready);
    CHECK_FALSE(nowhere.message.empty());

    const CudaProbe probe = probeCuda(cudaModuleSearchDirs(ACCELSCOPE_TEST_BIN_DIR));
    CHECK_FALSE(probe.message.empty());
    if (probe.availability == CudaAvailability::Ready) {
        REQUIRE_FALSE(probe.devices.empty());
        CHECK(probe.devices.front().smCount > 0);
        CHECK(probe.devices.front().globalMemoryBytes > 0);
    } else {
        CHECK(probe.devices.empty());
    }
}
