// SPDX-License-Identifier: MIT
// Memory latency pyramid: random pointer chasing over working sets from 4 KiB up, one access per
// cache line, with huge pages and 4 KiB pages, each plateau labelled with the cache level it matches.
#pragma once

#include "labs/common/cpu_lab.hpp"

#include <cstdint>
#include <vector>

namespace accelscope::labs::latency {

/// A single random cycle over `nodes` indices (Sattolo's algorithm): next[i] is where node i
/// points; following next from any node visits every node once before returning.
std::vector<std::uint64_t> randomCycle(std::uint64_t nodes, std::uint64_t seed);

class LatencyLab : public CpuLab {
public:
    LabDescription describe() const override;

protected:
    models::Result<void> measure(CpuRunStart& run, const RunMonitor& monitor) override;
};

} // namespace accelscope::labs::latency
