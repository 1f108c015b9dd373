// SPDX-License-Identifier: MIT
// The warp-divergence figure for slides: lanes × cycles of warp 0 under both execution models up
// to a playback step, the program with the current line, legend and statistics. One builder for
// the GUI's "Export figure" and `accelscope-cli warp run --svg`.
#pragma once

#include "models/figure/figure.hpp"
#include "models/simt/warp_simulator.hpp"

#include <string>

namespace accelscope::models::simt {

/// Issues of warp 0 that cost cycles, in issue order (what one playback step advances over).
std::vector<const Issue*> costedIssuesOfWarp0(const WarpRun& run);

/// Playback length: costed issues of warp 0 in the longer of the two runs.
int warpStepCount(const WarpRun& preVolta, const WarpRun& its);

/// Colour of source line `line` (1-based): costed statements get the Okabe–Ito palette in program
/// order; control statements (if, end, …) a translucent grey.
figure::Colour warpLineColour(const WarpProgram& program, int line);

/// What the figure shows.
struct WarpFigureInput {
    const WarpProgram* program = nullptr;
    const WarpRun* preVolta = nullptr;
    const WarpRun* its = nullptr;
    int width = 32;          ///< lanes per warp
    int warps = 1;
    std::string programName; ///< preset name or file name, for the title and the sources
    int step = -1;           ///< issues of warp 0 shown per model, 0 … warpStepCount(); −1: the whole run
    bool dark = false;
};

/// The figure (both grids, legend per costed line, statistics: step, active lanes at the step,
/// cycles and SIMD efficiency of each model, the program with the step's line highlighted).
figure::Figure warpFigure(const WarpFigureInput& input);

} // namespace accelscope::models::simt
