// SPDX-License-Identifier: MIT
// A hand-made switched fabric for the collective tests: every field set, no catalog.
#pragma once

#include "models/system/fabric/fabric.hpp"

#include <string>

namespace accelscope::tests {

/// `gpus` per node on one switch plane, `nodes` nodes; bandwidths per device per direction in GB/s.
inline models::system::Fabric switchedFabric(models::system::Generation generation, double linkGBps, int gpus, int nodes,
                                            double nicGBps, bool inSwitchReduction)
{
    models::system::Fabric f;
    f.generation = generation;
    f.scaleUp = models::system::ScaleUpKind::Switch;
    f.scaleUpName = "test link";
    f.scaleUpGBps = linkGBps;
    f.inSwitchReduction = inSwitchReduction;
    f.devicesPerNode = gpus;
    f.domainDevices = gpus;
    f.nodes = nodes;
    f.scaleOutGBps = nicGBps;
    f.scaleOutName = std::to_string(static_cast<int>(nicGBps * 8)) + " Gb/s per device";
    return f;
}

} // namespace accelscope::tests
