// SPDX-License-Identifier: MIT
// Executes a warp program on a block of warps under two models: a pre-Volta SIMT reconvergence
// stack, and Volta-style independent thread scheduling (ITS).
#pragma once

#include "models/simt/warp_program.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace accelscope::models::simt {

enum class ExecutionModel {
    PreVolta, ///< one PC per warp and a reconvergence stack (Fung et al., MICRO 2007): diverged paths
              ///< run one after the other, taken path first, and rejoin at the immediate post-dominator
    Its,      ///< one PC per lane (NVIDIA Volta whitepaper, 2017): the scheduler issues the lanes that share
              ///< the lowest PC, so structured paths meet again; a lane spinning on a lock yields to others
};

/// Issues one run records in all its warps together: each is 40 bytes, and 64 warps at the largest
/// step limit grew memory by 140 MB/s (issue #29). A run that reaches it stops, not completed, and
/// says so; 4,000,000 issues take about a second and 160 MB.
constexpr std::size_t maxBlockIssues = 4000000;
/// Work one run may do in all its warps together, in lane-terms: each issue costs its active lanes
/// times (1 + the terms of its expression). 64 warps of 64 lanes looping on a long condition ran for
/// minutes within the issue limit; 100,000,000 lane-terms take a few seconds in a Debug build.
constexpr std::uint64_t maxBlockLaneTerms = 100000000;
/// The largest per-warp step limit a run accepts.
constexpr std::int64_t maxStepLimit = 100000000;

struct WarpConfig {
    ExecutionModel model = ExecutionModel::PreVolta;
    int width = 32;                   ///< lanes per warp: 32 (NVIDIA) or 64 (AMD wave64)
    int warps = 1;                    ///< warps in the block, 1 to 64
    DataPattern data = DataPattern::Identity;
    std::uint64_t seed = 1;           ///< for DataPattern::Random / Sorted (values 0..99)
    std::vector<std::int64_t> customData; ///< when not empty: data[gtid], length warps × width
    std::int64_t stepLimit = 200000;  ///< issues per warp before the run is declared stuck, 1 to maxStepLimit
};

/// One issued instruction.
struct Issue {
    int warp = 0;
    int pc = 0;
    int line = 0;
    std::uint64_t mask = 0;   ///< active lanes (bit i = lane i)
    std::int64_t startCycle = 0;
    int cycles = 0;
};

struct WarpStats {
    std::int64_t cycles = 0;           ///< issue cycles (compute/memory cost; control is free)
    std::int64_t issued = 0;           ///< instructions issued with a cost
    std::int64_t activeLaneCycles = 0; ///< Σ active lanes × cycles
    std::int64_t longestLaneCycles = 0;///< the busiest single lane's own cycles
    double simdEfficiency = 0.0;       ///< activeLaneCycles / (width × cycles)
    double serialization = 0.0;        ///< cycles / longestLaneCycles (1 = no divergence cost)
};

struct WarpRun {
    std::vector<Issue> issues;         ///< in issue order, warp by warp
    std::vector<WarpStats> perWarp;
    WarpStats total;                   ///< summed over warps (efficiency over all issue slots)
    std::vector<std::int64_t> data;    ///< the data array used
    std::uint64_t laneTerms = 0;       ///< work done: Σ active lanes × (1 + expression terms) over issues
    bool completed = true;
    std::string problem;               ///< why not completed (step limit: infinite loop or deadlock;
                                       ///< division by zero or overflow, naming the line)
};

/// Runs every warp. Errors for an invalid configuration (width, warp count, step limit, data length).
Result<WarpRun> runWarps(const WarpProgram& program, const WarpConfig& config);

const char* executionModelName(ExecutionModel model);

} // namespace accelscope::models::simt
