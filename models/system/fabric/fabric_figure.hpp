// SPDX-License-Identifier: MIT
// Slide figures of the collective model: bus bandwidth and time against message size for every algorithm
// of a fabric, with the library's choice, the link's rate and a measured nccl-tests run beside them.
#pragma once

#include "models/common/result.hpp"
#include "models/figure/figure.hpp"
#include "models/system/fabric/collectives.hpp"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::models::system {

/// The sizes the figure sweeps: 1 KiB to 16 GiB, four points per doubling.
inline constexpr double sweepFigureFromBytes = 1024.0;
inline constexpr double sweepFigureToBytes = 16.0 * 1024 * 1024 * 1024;
inline constexpr int sweepFigurePoints = 97;

/// One measured row beside the model: nccl-tests' size (bytes), bus bandwidth (GB/s) and time (µs; 0 when not known).
struct MeasuredPoint {
    double bytes = 0;
    double busbwGBps = 0;
    double timeUs = 0;
};

/// A measured run: what it is called on the figure ("nccl-tests all-reduce, result #3") and its rows.
struct MeasuredRun {
    std::string label;
    std::vector<MeasuredPoint> points;
};

/// The algorithms estimateCollective takes for `op` on `fabric` (never Auto), in the model's order.
std::vector<Algorithm> algorithmsFor(const Fabric& fabric, Collective op);

/// Where the library's choice changes along a sweep: at `bytes` the algorithm goes from `from` to `to`.
struct AlgorithmSwitch {
    double bytes = 0;
    Algorithm from = Algorithm::Ring;
    Algorithm to = Algorithm::Ring;
};

/// What a sweep says in a few numbers.
struct SweepSummary {
    CollectiveEstimate smallest;           ///< at the first size: the latency floor
    CollectiveEstimate largest;            ///< at the last size: the saturated bus bandwidth
    double halfBandwidthBytes = 0;         ///< the size (log-interpolated) where busbw first reaches half of the last size's; 0 if never
    std::vector<AlgorithmSwitch> switches; ///< in size order
};

/// The summary of a sweep (from sweepCollective; at least one point).
SweepSummary summarizeSweep(const std::vector<CollectiveEstimate>& sweep);

/// A measured run against the model's `algorithm` at each of its sizes: measured busbw / model busbw.
struct MeasuredComparison {
    int rows = 0;
    double medianRatio = 0;
    double lowestRatio = 0;
    double highestRatio = 0;
};
/// Compares `run` with the model (rows without a positive size and busbw are skipped; rows 0 when none is left).
Result<MeasuredComparison> compareMeasured(const Fabric& fabric, Collective op, Algorithm algorithm, const MeasuredRun& run);

/// Bus bandwidth (GB/s, linear) and time (log) against message size (log2, 1 KiB to 16 GiB): one curve per
/// algorithm of the fabric, the library's choice (Auto) in the ink colour, `chosen` drawn heavier, the
/// scale-up link's nominal rate (and the network's, with nodes > 1) dashed, `measured` as points.
/// Errors: those of sweepCollective (fewer than 2 ranks).
Result<figure::Figure> collectiveSweepFigure(const Fabric& fabric, Collective op, Algorithm chosen, const std::optional<MeasuredRun>& measured,
                                             bool dark);

} // namespace accelscope::models::system
