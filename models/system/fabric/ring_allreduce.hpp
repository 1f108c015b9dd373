// SPDX-License-Identifier: MIT
// The ring all-reduce step by step, for teaching: N ranks, the buffer in N chunks, reduce-scatter steps
// 1..N-1 then all-gather steps N..2N-2, which rank holds whose contributions, and this step's sends.
#pragma once

#include "models/common/result.hpp"
#include "models/figure/figure.hpp"

#include <string>
#include <vector>

namespace accelscope::models::system {

/// One send of a ring step: rank `from` passes chunk `chunk` to rank `to` (= from + 1 mod N).
struct RingSend {
    int from = 0;
    int to = 0;
    int chunk = 0;
};

/// The ring after `step` steps (0: before the first). Chunk c of rank r holds the sum of
/// `contributions[r][c]` ranks' data for that chunk (1 at the start, N when fully reduced).
struct RingAllReduceState {
    int ranks = 2;
    int step = 0;
    int steps = 2;                               ///< 2(N-1): N-1 reduce-scatter then N-1 all-gather
    std::string phase;                           ///< "start", "reduce-scatter", "all-gather"
    int phaseStep = 0;                           ///< 1..N-1 within the phase (0 at the start)
    std::vector<std::vector<int>> contributions; ///< [rank][chunk]
    std::vector<RingSend> sends;                 ///< the sends that made this step (none at step 0)
    double sentFraction = 0;                     ///< of the buffer, per rank, up to this step: step / N
};

/// The largest ring the figure draws (the state itself has no limit but the bitmask's).
inline constexpr int ringFigureMaxRanks = 12;

/// The ring all-reduce of `ranks` ranks (2 to 12) after `step` steps (0 to 2(ranks-1)). At
/// reduce-scatter step s rank r sends chunk (r - s + 1) mod N to rank r + 1, which adds it to its own;
/// at all-gather step t = s - (N-1) rank r sends chunk (r - t + 2) mod N, which the receiver keeps
/// (Patarasuk and Yuan, JPDC 69(2), 2009). Errors name --ranks or --step.
Result<RingAllReduceState> ringAllReduceState(int ranks, int step);

/// The state as a slide: ranks on a circle, each rank's chunks coloured by how many ranks' data they
/// hold, arrows for this step's sends; statistics: what each rank sends of a `bufferBytes` buffer
/// (2(N-1)/N of it in all) and why busbw = algbw x 2(N-1)/N.
figure::Figure ringAllReduceFigure(const RingAllReduceState& state, double bufferBytes, bool dark);

} // namespace accelscope::models::system
