// SPDX-License-Identifier: MIT
// Memory latency pyramid: random pointer chasing over working sets from 4 KiB up, one access per
// cache line, with huge pages and 4 KiB pages, each plateau labelled with the cache level it matches.
#pragma once

#include "labs/lab.hpp"

#include <cstdint>
#include <vector>

namespace accelscope::labs::latency {

/// A single random cycle over `nodes` indices (Sattolo's algorithm): next[i] is where node i
/// points; following next from any node visits every node once before returning.
std::vector<std::uint64_t> randomCycle(std::uint64_t nodes, std::uint64_t seed);

class LatencyLab : public Lab {
public:
    LabDescription describe() const override;
    models::Result<LabResult> run(const RunConfig& config) override;
};

} // namespace accelscope::labs::latency
