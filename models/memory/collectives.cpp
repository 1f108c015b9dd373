// SPDX-License-Identifier: MIT
// Ring all-reduce time in the alpha-beta model.
#include "models/memory/collectives.hpp"

#include <cassert>

namespace accelscope::models::memory {

double ringAllReduceBytesPerDevice(double bytes, int devices)
{
    assert(devices >= 1);
    return 2.0 * (devices - 1) / devices * bytes;
}

double ringAllReduceTimeS(double bytes, int devices, double bandwidthGBps, double latencyUs)
{
    assert(devices >= 1 && bandwidthGBps > 0.0);
    return 2.0 * (devices - 1) * latencyUs * 1e-6 + ringAllReduceBytesPerDevice(bytes, devices) / (bandwidthGBps * 1e9);
}

} // namespace accelscope::models::memory
