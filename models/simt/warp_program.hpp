// SPDX-License-Identifier: MIT
// A tiny kernel language for the warp-divergence simulator, compiled to a flat instruction list.
#pragma once

#include "models/common/result.hpp"
#include "models/simt/lane_expression.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::simt {

/// Instructions after compilation. Control instructions cost 0 cycles.
enum class Op { Compute, Load, Store, Branch, Jump, LoopInit, LoopTest, WhileTest, Return, SyncWarp, LockTry, Unlock, Halt };

struct Instruction {
    Op op = Op::Halt;
    int cycles = 0;                     ///< cost of one issue
    std::optional<LaneExpression> expr; ///< condition or trip count
    int target = -1;                    ///< Branch: where false lanes go; Jump: destination; loop tests: exit
    int reconverge = -1;                ///< immediate post-dominator of a branch/loop (pre-Volta stack)
    int loop = -1;                      ///< loop slot of LoopInit/LoopTest/WhileTest
    int line = 0;                       ///< source line (1-based); 0 for the final Halt
};

/// A compiled program.
struct WarpProgram {
    std::vector<Instruction> code;
    int loopCount = 0;
    std::vector<std::string> lines; ///< the source, for display
};

/// Parses the language, one statement per line, `#` starts a comment:
///   compute N | load N | store N      N cycles of work / memory latency
///   if EXPR … [else …] end            branch on a lane expression
///   loop EXPR … end                   per-lane trip count
///   while EXPR … end                  per-lane condition (re-evaluated each pass; `i` counts passes)
///   return | syncwarp | lock | unlock early exit, warp barrier, spin lock on one shared lock
/// Errors say "line L, column C: what".
Result<WarpProgram> parseWarpProgram(std::string_view source);

/// How a preset's data array is filled.
enum class DataPattern { Random, Sorted, Identity };
/// "random", "sorted", "identity" (the CLI's and lessons' names).
std::optional<DataPattern> dataPatternFromName(std::string_view name);
/// The name dataPatternFromName reads.
std::string_view dataPatternName(DataPattern pattern);

/// A named example program.
struct WarpPreset {
    std::string_view name;
    std::string_view description;
    std::string_view source;
    DataPattern data;
};

std::span<const WarpPreset> warpPresets();
const WarpPreset* findWarpPreset(std::string_view name);

} // namespace accelscope::models::simt
