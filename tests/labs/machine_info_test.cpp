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
