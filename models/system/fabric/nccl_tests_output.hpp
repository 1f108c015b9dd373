// SPDX-License-Identifier: MIT
// Reading the text that nccl-tests and rccl-tests print (all_reduce_perf, all_gather_perf, ...), so a
// measured sweep can sit beside the model's curve.
#pragma once

#include "models/common/result.hpp"
#include "models/system/fabric/collectives.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::system {

/// One timing of one size: out-of-place or in-place columns.
struct NcclTestsTiming {
    double timeUs = 0;
    double algbwGBps = 0; ///< bytes / time, GB = 10^9 B
    double busbwGBps = 0; ///< algbw x the collective's bus factor
};

/// One size row.
struct NcclTestsRow {
    double bytes = 0;     ///< "size (B)"
    double count = 0;     ///< elements
    std::string type;     ///< "float", "bfloat16", ...
    NcclTestsTiming outOfPlace;
    std::optional<NcclTestsTiming> inPlace; ///< absent when the run printed only one set of columns
    int line = 0;         ///< 1-based line in the text
};

/// A whole run as printed.
struct NcclTestsRun {
    std::optional<Collective> collective; ///< from "Collective test starting: all_reduce_perf" or the column set
    int ranks = 0;                        ///< "Rank N" lines listed under "Using devices" (0: not printed)
    std::vector<std::string> devices;     ///< device names from those lines ("NVIDIA H100 80GB HBM3")
    std::vector<NcclTestsRow> rows;       ///< in the order printed
    std::optional<double> averageBusbwGBps; ///< "# Avg bus bandwidth : ..."
};

/// Parses nccl-tests/rccl-tests output. Comment lines (starting '#') and blank lines are read for the
/// header facts; every other line must be a result row with the header's columns. Errors name the line
/// and what is wrong (`line 42: 'algbw' is "x"`); a run with no result row, or a header missing, is an
/// error too. Lines over 4,096 bytes and texts over 16 MiB are refused.
Result<NcclTestsRun> parseNcclTestsOutput(std::string_view text);

} // namespace accelscope::models::system
